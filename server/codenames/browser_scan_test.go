package codenames

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fieldkit/internal/browsertest"
	"fieldkit/internal/scene"
	"fieldkit/keycards"
	"fieldkit/markers"
	"fieldkit/server"

	"github.com/chromedp/chromedp"
)

// TestBrowserScan plays the camera part of a Duet game in headless
// chromium with the real scanner: the host starts a game with a printed
// deck's code on the home page, both phones join, and photos of the table
// (real printgen faces laid out by package scene) are sent as a phone sends
// them, through the seat page's <input type=file capture>, and through the
// host page's. The first photo gives the board its words; the guess token
// on a word is a guess on every screen; the agent card laid on it is
// confirmed; an assassin card on a word nobody guessed is a warning on the
// host screen and changes nothing; the host page shows what the scanner saw.
func TestBrowserScan(t *testing.T) {
	if testing.Short() {
		t.Skip("starts chromium")
	}
	ts := newTestServer(t, withScanner)
	b := browsertest.Browser(t)
	host := browsertest.Device(t, b, 1280, 1500, false) // tall: the camera view lies below the board
	phoneA := browsertest.Device(t, b, 390, 780, true)
	phoneB := browsertest.Device(t, b, 390, 780, true)
	d := testDeck(t)
	card, err := keycards.ParseDuet(testKey)
	if err != nil {
		t.Fatal(err)
	}
	cards := deal(5)
	words := cards.words(d)
	green, other := greens(card)[0], greens(card)[1]
	dir := t.TempDir()
	file := func(name string, photo []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, photo, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	// A phone's photo is 12 MP; the later ones are smaller to keep the test quick.
	table := file("table.jpg", phonePhoto(t, cards, lay{token: -1}, scene.Size12MP, 31, 4, 90))
	guess := file("guess.jpg", photo(t, cards, lay{token: green}, scene.Size1080p, 32))
	covers := file("covers.jpg", photo(t, cards, lay{covers: map[int]int{green: markers.DuetAgentBase + 4, other: markers.DuetAssassinID}, token: -1}, scene.Size1080p, 33))

	browsertest.Run(t, host, "home page", chromedp.Navigate(ts.URL+"/"),
		chromedp.SetValue(`input[name=key]`, testKey, chromedp.ByQuery),
		chromedp.SetValue(`input[name=deck]`, d.Code(), chromedp.ByQuery),
		chromedp.Click(`#start`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the host page", `location.pathname.startsWith("/h/") && document.querySelectorAll("#board .cell").length == 25`)
	browsertest.WaitFor(t, host, "the host stream", `document.getElementById("conn").className.includes("live")`)
	if w := browsertest.Text(t, host, cellSel("#board", 0)); w != "[0,0]" {
		t.Errorf("before any photo the host board shows %q on [0,0], want the cell's name (no words yet)", w)
	}
	// The host page's HTML holds no seat link: ask for them as it does.
	var hostPath string
	browsertest.Run(t, host, "host path", chromedp.Evaluate(`location.pathname`, &hostPath))
	var links []string
	for _, seat := range []string{"a", "b"} {
		var l server.SeatLink
		if r := newClient(t).get(ts.URL + hostPath + "/link/" + seat); json.Unmarshal(r.body, &l) != nil || l.Link == "" {
			t.Fatalf("seat %s's link: %s", seat, r)
		}
		links = append(links, l.Link)
	}
	for i, phone := range []string{"a", "b"} {
		ctx := phoneA
		if phone == "b" {
			ctx = phoneB
		}
		browsertest.Run(t, ctx, "open seat "+phone, chromedp.Navigate(links[i]))
		browsertest.WaitFor(t, ctx, "seat "+phone+"'s key", `document.querySelectorAll("#key .cell").length == 25 && document.getElementById("conn").className.includes("live")`)
	}

	// upload sends a photo from a page's scan form, as the file input with
	// capture gives it to the page.
	upload := func(ctx context.Context, path string) {
		t.Helper()
		browsertest.Run(t, ctx, "choose "+filepath.Base(path),
			chromedp.SetUploadFiles(`#scan input[type=file]`, []string{path}, chromedp.ByQuery),
			chromedp.Click(`#scan button`, chromedp.ByQuery))
	}

	// Phone B photographs the dealt table: every screen gets the words.
	upload(phoneB, table)
	browsertest.WaitFor(t, host, "the words on the host board", fmt.Sprintf(`document.querySelector('%s .word').textContent == %q`, cellSel("#board", 24), words[24]))
	browsertest.WaitFor(t, phoneB, "the scan report on phone B", `document.getElementById("scan-report").textContent.startsWith("Photo read")`)
	if r := browsertest.Text(t, phoneB, "#scan-report"); !strings.Contains(r, "the 25 words taken from the cards") {
		t.Errorf("phone B's scan report %q", r)
	}
	for _, ctx := range []context.Context{phoneA, phoneB} {
		browsertest.WaitFor(t, ctx, "the words on a phone", `[...document.querySelectorAll("#key .cell")].every(c => !/^\[/.test(c.textContent))`)
	}
	browsertest.WaitFor(t, host, "the camera view", `!document.getElementById("camera-view").hidden && document.querySelector("#camera-view img").complete && document.querySelector("#camera-view img").naturalWidth == 960`)

	// A gives a clue on the phone; B lays the guess token and sends a photo.
	browsertest.WaitFor(t, phoneA, "the clue form", `!document.getElementById("clue").hidden`)
	browsertest.Run(t, phoneA, "clue",
		chromedp.SetValue(`#clue input[name=word]`, "GARDEN", chromedp.ByQuery),
		chromedp.SetValue(`#clue input[name=count]`, "2", chromedp.ByQuery),
		chromedp.Click(`#clue button`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the clue on the host", `document.getElementById("status").textContent.includes("GARDEN")`)
	upload(phoneB, guess)
	browsertest.WaitFor(t, host, "the guess on the host board", `document.querySelector('`+cellSel("#board", green)+`').classList.contains("covered")`)
	browsertest.WaitFor(t, phoneA, "the guess on phone A", `document.querySelector('`+cellSel("#key", green)+`').classList.contains("covered")`)
	if h := browsertest.Text(t, host, "#history li"); !strings.Contains(h, "guess "+words[green]+" → agent") {
		t.Errorf("the host's last history line %q, want the guess of %s", h, words[green])
	}
	browsertest.Screenshot(t, phoneB, "serve-phone-scan")

	// The host photographs the table with the agent card on the guessed
	// word and an assassin card on a word nobody guessed.
	upload(host, covers)
	browsertest.WaitFor(t, host, "the warning", `document.getElementById("warnings").textContent.includes("assassin card on `+words[other]+`")`)
	browsertest.WaitFor(t, host, "the host's scan report", `document.getElementById("scan-report").textContent.includes("1 cover confirmed")`)
	if c := browsertest.Text(t, host, cellSel("#board", other)); strings.Contains(c, "assassin") {
		t.Errorf("the warning changed the board: %q", c)
	}
	var covered int
	browsertest.Run(t, host, "covered cells", chromedp.Evaluate(`document.querySelectorAll("#board .cell.covered").length`, &covered))
	if covered != 1 {
		t.Errorf("%d cells covered on the host board after the photos, want 1", covered)
	}
	browsertest.WaitFor(t, host, "the camera view of the last photo", `document.querySelector("#camera-view img").complete`)
	browsertest.Screenshot(t, host, "serve-host-scan")
	// The camera view itself, as the host page loaded it.
	var view string
	browsertest.Run(t, host, "the camera view image", chromedp.Evaluate(`(() => {
		const img = document.querySelector("#camera-view img");
		const c = document.createElement("canvas");
		c.width = img.naturalWidth; c.height = img.naturalHeight;
		c.getContext("2d").drawImage(img, 0, 0);
		return c.toDataURL("image/jpeg", 0.85).split(",")[1];
	})()`, &view))
	jpg, err := base64.StdEncoding.DecodeString(view)
	if err != nil || !bytes.HasPrefix(jpg, []byte("\xff\xd8")) {
		t.Fatalf("the camera view image does not read back: %v", err)
	}
	browsertest.SaveShot(t, "serve-camera-view.jpg", jpg)
}
