package codenames

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fieldkit/catalog"
	"fieldkit/internal/browsertest"
	sceneretail "fieldkit/internal/scene/retail"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestBrowserBoxed starts a classic game on a boxed set's cards from the
// home page of a Polish browser: the host ticks "the cards of my boxed
// game", types the 25 words dealt (Polish, with diacritics) and starts; the
// host page shows the words and says, in Polish, that the camera reads the
// cards by their words; after a clue, a photo of the table sent through the
// host page's form is read by the words and its guess token is the guess.
func TestBrowserBoxed(t *testing.T) {
	if testing.Short() {
		t.Skip("starts chromium and reads a photo with Tesseract")
	}
	photo, sc, seat := retailPhoto(t, sceneretail.Params{Seed: 212, Lang: "pl", Width: 1920, Height: 1080})
	token := -1
	for i, c := range sc.Truth.Cells {
		if c.Token {
			token = seat(i)
		}
	}
	path := filepath.Join(t.TempDir(), "stol.jpg")
	if err := os.WriteFile(path, photo, 0o644); err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, withBoxed)
	b := browsertest.Browser(t)
	host := browsertest.Device(t, b, 1280, 1500, false)
	browsertest.Run(t, host, "Polish browser", emulation.SetLocaleOverride().WithLocale("pl-PL"),
		chromedp.ActionFunc(func(ctx context.Context) error {
			return emulation.SetUserAgentOverride("Mozilla/5.0 (X11; Linux x86_64)").WithAcceptLanguage("pl-PL,pl").Do(ctx)
		}))

	browsertest.Run(t, host, "home page", chromedp.Navigate(ts.URL+"/"))
	browsertest.WaitFor(t, host, "the form", `document.getElementById("start") != null`)
	var hidden bool
	browsertest.Run(t, host, "the words box before the tick", chromedp.Evaluate(`document.querySelector("#new-game textarea[name=words]").closest("label").hidden`, &hidden))
	if !hidden {
		t.Errorf("the box for the boxed set's words shows before the host ticks it")
	}
	browsertest.Run(t, host, "tick the boxed set", chromedp.Click(`#new-game input[name=boxed]`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the words box", `!document.querySelector("#new-game textarea[name=words]").closest("label").hidden`)
	var label string
	browsertest.Run(t, host, "the words box's label", chromedp.Evaluate(`document.querySelector("#new-game textarea[name=words]").closest("label").textContent.trim()`, &label))
	if want := catalog.Text("pl", "cn.page.boxed_words", nil); label != want {
		t.Errorf("the words box's label %q, want the Polish %q", label, want)
	}
	browsertest.Run(t, host, "type the words and start",
		chromedp.Click(`#new-game input[name=game][value=classic]`, chromedp.ByQuery),
		chromedp.SetValue(`#new-game input[name=key]`, classicKey(t).Code(), chromedp.ByQuery),
		chromedp.SetValue(`#new-game select[name=lang]`, "pl", chromedp.ByQuery),
		chromedp.SetValue(`#new-game textarea[name=words]`, strings.Join(sc.Words, "\n"), chromedp.ByQuery),
		chromedp.ScrollIntoView(`#new-game textarea[name=words]`, chromedp.ByQuery))
	browsertest.Screenshot(t, host, "serve-home-boxed")
	browsertest.Run(t, host, "start", chromedp.Click(`#start`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the host page", `location.pathname.startsWith("/h/") && document.querySelectorAll("#board .cell").length == 25 && document.getElementById("conn").className.includes("live")`)
	for _, i := range []int{0, 12, 24} {
		if w := browsertest.Text(t, host, cellSel("#board", i)+" .word"); w != sc.Words[i] {
			t.Errorf("the host board shows %q on cell %d, want the typed %q", w, i, sc.Words[i])
		}
	}
	browsertest.WaitFor(t, host, "the camera's line", `!document.getElementById("camera-how").hidden`)
	want := catalog.M("cn.camera.boxed", "lang", catalog.M("lang.pl")).In("pl")
	if got := browsertest.Text(t, host, "#camera-how"); got != want {
		t.Errorf("the camera's line %q, want %q", got, want)
	}

	browsertest.Run(t, host, "clue",
		chromedp.SetValue(`#clue input[name=word]`, "ZWIERZĘ", chromedp.ByQuery),
		chromedp.SetValue(`#clue input[name=count]`, "2", chromedp.ByQuery),
		chromedp.Click(`#clue button`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the clue on the host", `document.getElementById("status").textContent.includes("ZWIERZĘ")`)
	browsertest.Run(t, host, "send the photo",
		chromedp.SetUploadFiles(`#scan input[type=file]`, []string{path}, chromedp.ByQuery),
		chromedp.Click(`#scan button`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the guess on the host board", fmt.Sprintf(`document.querySelector('%s').className.includes("revealed-")`, cellSel("#board", token)))
	if h := browsertest.Text(t, host, "#history li"); !strings.Contains(h, sc.Words[token]) {
		t.Errorf("the host's last history line %q, want the guess of %s", h, sc.Words[token])
	}
	browsertest.WaitFor(t, host, "the camera view", `!document.getElementById("camera-view").hidden && document.querySelector("#camera-view img").complete`)
	browsertest.Screenshot(t, host, "serve-host-boxed")

	// The next game at the table: the host types the 25 new words dealt
	// from the box under Next game (without them the page says so).
	var gameID string
	browsertest.Run(t, host, "game id", chromedp.Evaluate(`document.body.dataset.id`, &gameID))
	browsertest.WaitFor(t, host, "the next game's words box", `!document.querySelector("#next-game textarea[name=words]").closest("label").hidden`)
	browsertest.Run(t, host, "next game without words", chromedp.Evaluate(`document.getElementById("next-game").requestSubmit()`, nil))
	browsertest.WaitFor(t, host, "the refusal", fmt.Sprintf(`document.getElementById("error").textContent == %q`, catalog.Text("pl", "cn.setup.boxed_words", nil)))
	nextWords := boxedWords(t, "pl", 200)
	browsertest.Run(t, host, "next game with its words",
		chromedp.SetValue(`#next-game textarea[name=words]`, strings.Join(nextWords, ", "), chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("next-game").requestSubmit()`, nil))
	browsertest.WaitFor(t, host, "the next game", fmt.Sprintf(`document.body.dataset.id != %q && document.querySelectorAll("#board .cell").length == 25 && document.querySelector('%s .word').textContent == %q`, gameID, cellSel("#board", 24), nextWords[24]))
	browsertest.WaitFor(t, host, "the camera's line in the next game", `!document.getElementById("camera-how").hidden`)
}
