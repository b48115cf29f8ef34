package insidejob

import (
	ijcamera "fieldkit/camera/insidejob"
	"os"
	"path/filepath"
	"strings"
	"testing"

	rules "fieldkit/engine/insidejob"
	"fieldkit/internal/browsertest"
	"fieldkit/server/servertest"

	"github.com/chromedp/chromedp"
)

// TestBrowserPhotos sends photos of the trick through the host page's
// <input type=file> in headless chromium: the first two cards of the first
// trick are entered from a photo, the page says so and shows the photo as
// read; a photo with the rejected mission in the middle is a warning on the
// host page and changes nothing; the controls speak Polish after the switch.
func TestBrowserPhotos(t *testing.T) {
	if testing.Short() {
		t.Skip("starts chromium")
	}
	ts := servertest.Start(t, 7, &Family{fix: fixed(dealA, deckA), Scanner: ijcamera.NewPhotos(1), Track: trickTracker})
	s := setup4(dealA, deckA)
	g, phones := startGame(t, ts.URL, req4)
	truth, err := rules.NewGame(s)
	if err != nil {
		t.Fatal(err)
	}
	send := func(who string, e rules.Event) {
		t.Helper()
		b, _ := s.EncodeEvent(e)
		code, body := phones[who].Do("POST", eventURL(g, ts.URL, who), string(b))
		must(t, string(b), code, body, 200)
		if truth, err = truth.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	send("Dee", rules.Partner(3, 1))
	kept, rejected, _ := truth.Drawn()
	send("Ada", rules.Choose(kept, rules.NoMission))
	// On the table (not entered): Ada's and Bob's cards.
	for _, e := range []rules.Event{rules.PlayCard(0, rules.NewCard(0, 10)), rules.PlayCard(1, rules.NewCard(1, 4))} {
		if truth, err = truth.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	dir := t.TempDir()
	file := func(name string, tb func() []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, tb(), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	two := file("two.jpg", func() []byte { b, _ := trickPhoto(t, 4, tableOf(truth, missionID(rejected)), 5); return b })
	wrong := file("wrong.jpg", func() []byte {
		tb := tableOf(truth, missionID(kept))
		tb.Mission = missionID(rejected)
		b, _ := trickPhoto(t, 4, tb, 9)
		return b
	})

	b := browsertest.Browser(t, chromedp.Flag("lang", "en-US"))
	host := browsertest.Device(t, b, 1280, 1600, false) // tall: the camera view lies below the entry
	browsertest.Run(t, host, "host page", chromedp.Navigate(g.HostURL))
	browsertest.WaitFor(t, host, "the host stream", `document.getElementById("conn").className.includes("live") && document.body.dataset.seq == "2"`)
	browsertest.Run(t, host, "a photo of two cards", chromedp.SetUploadFiles(`#scan input[type=file]`, []string{two}, chromedp.ByQuery),
		chromedp.Click(`#scan button`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the report", `document.getElementById("scan-report").textContent.includes("Entered from the photo: Ada yellow 10, Bob pink 4")`)
	browsertest.WaitFor(t, host, "the trick", `document.querySelectorAll("#trick .ij-card").length == 2`)
	browsertest.WaitFor(t, host, "the photo as read", `!document.getElementById("camera-view").hidden && document.querySelector("#camera-view img").complete && document.querySelector("#camera-view img").naturalWidth > 0`)
	browsertest.Screenshot(t, host, "insidejob-host-photo")

	first := eval[string](t, host, `document.querySelector("#camera-view img").src`)
	browsertest.Run(t, host, "a photo with the rejected mission in the middle", chromedp.SetUploadFiles(`#scan input[type=file]`, []string{wrong}, chromedp.ByQuery),
		chromedp.Click(`#scan button`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the warning", `document.getElementById("cam-warnings").textContent.includes("the mission in the middle is not the one kept (`+kept.String()+`)")`)
	browsertest.WaitFor(t, host, "the second photo as read", `document.querySelector("#camera-view img").src != `+jsString(first)+` && document.querySelector("#camera-view img").complete`)
	if r := browsertest.Text(t, host, "#scan-report"); !strings.Contains(r, "Seen as the referee has it: Ada: yellow 10, Bob: pink 4") {
		t.Errorf("the second report says %q", r)
	}
	if page := eval[string](t, host, `document.body.innerText`); strings.Contains(page, rejected.String()) {
		t.Errorf("the host page names the rejected mission %s", rejected)
	}
	if n := eval[int](t, host, `document.querySelectorAll("#trick .ij-card").length`); n != 2 {
		t.Errorf("the trick shows %d cards after the second photo, want 2", n)
	}
	browsertest.SwitchLang(t, host, "Polish", "#lang", "pl", `document.documentElement.lang == "pl" && document.body.dataset.seq !== undefined`)
	// The page's shared parts (the header, the banners) follow the switch too.
	if got := browsertest.Text(t, host, "header"); strings.Contains(got, "table") || strings.Contains(got, "game") {
		t.Errorf("the host header in Polish says %q", got)
	}
	if got := browsertest.Text(t, host, "#scan button"); got != "Odczytaj zdjęcie stawki" {
		t.Errorf("the photo button in Polish says %q", got)
	}
	browsertest.WaitFor(t, host, "the camera status in Polish", `document.getElementById("camera-status").textContent == "Ostatnie odczytane zdjęcie:"`)
	browsertest.Screenshot(t, host, "insidejob-host-photo-pl")

	// A phone sends a photo too: Cy's seat, taken over by a phone's browser
	// after the host releases it, reads the two cards as the referee has them.
	code, body := servertest.NewClient(t).Do("POST", ts.URL+"/api/games/"+g.ID+"/seats/Cy/release", "")
	if code != 401 {
		t.Errorf("release without the host token: %d %s", code, body)
	}
	rel := servertest.NewClient(t)
	rel.Host = servertest.HostToken(g)
	if code, body := rel.Do("POST", ts.URL+"/api/games/"+g.ID+"/seats/Cy/release", ""); code != 200 {
		t.Fatalf("releasing Cy's seat: %d %s", code, body)
	}
	phone := browsertest.Device(t, b, 390, 844, true)
	browsertest.Run(t, phone, "Cy's seat", chromedp.Navigate(g.Seats["Cy"]))
	browsertest.WaitFor(t, phone, "Cy's page", `document.getElementById("conn").className.includes("live") && document.getElementById("scan") !== null`)
	browsertest.Run(t, phone, "a photo from Cy's phone", chromedp.SetUploadFiles(`#scan input[type=file]`, []string{two}, chromedp.ByQuery),
		chromedp.Click(`#scan button`, chromedp.ByQuery))
	// The table speaks Polish now: the report says the two plays in Polish
	// words ("Ada: żółta 10"), never as letters ("Y10").
	browsertest.WaitFor(t, phone, "the phone's report", `(() => {
		const r = document.getElementById("scan-report").textContent;
		const head = fk.t("ij.scan.confirmed", {list: "\u0000"}).split("\u0000")[0];
		return document.documentElement.lang == "pl" && r.startsWith(head) && r.includes("Ada") && r.includes("Bob") && !r.includes("Y10");
	})()`)
	browsertest.Screenshot(t, phone, "insidejob-phone-photo")
}
