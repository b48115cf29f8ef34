package codenames

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"fieldkit/catalog"
	"fieldkit/internal/browsertest"
	"fieldkit/keycards"

	"github.com/chromedp/chromedp"
)

// TestBrowserPseudo drives the Codenames pages and the server's pages they
// show through their states in the pseudo-locale (every catalog text
// accented, bracketed and 40% longer), the host at 1366x768 and the phones
// at 390x844, and fails on any text that did not come through the catalog
// and on any text that overflows its box: the home page's Codenames form, a
// table without a game and a seat waiting on it, a Duet game (a clue with a
// warning, the sand timer, the end), a classic game, a message page. It
// then takes a Polish host and phone screenshot (pseudo-pl-*).
//
// It is the one browser test of the fast suite (make test, -short): it
// opens every Codenames page at least once; the other browser tests run in
// make test-long.
func TestBrowserPseudo(t *testing.T) {
	ts := newTestServer(t)
	b := browsertest.Browser(t)
	host := browsertest.Device(t, b, 1366, 768, false)
	phoneA := browsertest.Device(t, b, 390, 844, true)
	phoneB := browsertest.Device(t, b, 390, 844, true)
	setLang := func(ctx context.Context, lang string) {
		browsertest.Run(t, ctx, "language "+lang, chromedp.Navigate(ts.URL+"/static/app.css"),
			chromedp.Evaluate(`document.cookie = "fieldkit-lang=`+lang+`; path=/"`, nil))
	}
	for _, c := range []context.Context{host, phoneA, phoneB} {
		setLang(c, catalog.Pseudo)
	}
	// The deck's words and the clue are the players' own, not the catalog's.
	own := append(slices.Clone(polishWords), "zegary")
	leaks := func(ctx context.Context, what, _ string) {
		t.Helper()
		browsertest.CheckPseudo(t, ctx, what, own...)
	}

	// The home page, both games' forms.
	browsertest.Run(t, host, "home", chromedp.Navigate(ts.URL+"/"))
	browsertest.WaitFor(t, host, "the home page", `document.getElementById("start") && document.documentElement.lang == "qps"`)
	leaks(host, "the home page (Duet)", "#codenames")
	browsertest.Run(t, host, "classic", chromedp.Click(`input[name=game][value=classic]`, chromedp.ByQuery))
	leaks(host, "the home page (classic)", "#codenames")
	browsertest.Run(t, phoneA, "home", chromedp.Navigate(ts.URL+"/"))
	browsertest.WaitFor(t, phoneA, "the home page", `document.getElementById("start")`)
	leaks(phoneA, "the home page on a phone", "#codenames")

	// A table without a game. (A seat waiting, wait.html, needs a table with
	// more seats than a Codenames game has parts: Inside Job's tests.)
	r := newClient(t).postJSON(ts.URL+"/api/tables", `{}`)
	var empty struct {
		HostURL string `json:"host_url"`
	}
	if err := json.Unmarshal(r.body, &empty); err != nil || empty.HostURL == "" {
		t.Fatalf("a table without a game: %s", r)
	}
	browsertest.Run(t, host, "an empty table", chromedp.Navigate(empty.HostURL))
	browsertest.WaitFor(t, host, "the stream", `document.getElementById("conn").className.includes("live")`)
	leaks(host, "a table without a game", "body")

	// A Duet game in Polish words: the start, a clue with a warning, the
	// sand timer, the end.
	words, _ := json.Marshal(polishWords)
	g := ts.NewGame(t, `{"game":"duet","key":"`+testKey+`","words":`+string(words)+`}`)
	browsertest.Run(t, host, "host page", chromedp.Navigate(g.HostURL))
	browsertest.WaitFor(t, host, "the board", `document.querySelectorAll("#board .cell").length == 25 && document.getElementById("conn").className.includes("live")`)
	browsertest.Run(t, host, "show a join code", chromedp.Click(`.seats li .show-qr`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the join code", `!document.getElementById("qr").hidden`)
	leaks(host, "the Duet host with a join code", "body")
	browsertest.Run(t, phoneA, "seat a", chromedp.Navigate(g.Seats["a"]))
	browsertest.Run(t, phoneB, "seat b", chromedp.Navigate(g.Seats["b"]))
	for _, p := range []context.Context{phoneA, phoneB} {
		browsertest.WaitFor(t, p, "the key", `document.querySelectorAll("#key .cell").length == 25 && document.getElementById("conn").className.includes("live")`)
	}
	leaks(host, "the Duet host at the start", "body")
	leaks(phoneA, "phone A at the start", "body")
	leaks(phoneB, "phone B at the start", "body")
	browsertest.Run(t, phoneB, "hide", chromedp.Click(`#hide`, chromedp.ByQuery))
	leaks(phoneB, "phone B hidden", "body")
	browsertest.Run(t, phoneB, "show", chromedp.Click(`#hide`, chromedp.ByQuery))

	browsertest.WaitFor(t, phoneA, "the clue form", `!document.getElementById("clue").hidden`)
	browsertest.Run(t, phoneA, "clue",
		chromedp.SetValue(`#clue input[name=word]`, "zegary", chromedp.ByQuery),
		chromedp.SetValue(`#clue input[name=count]`, "2", chromedp.ByQuery),
		chromedp.Click(`#clue button`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the warning on the host", `!document.getElementById("clue-warnings").hidden`)
	browsertest.WaitFor(t, phoneA, "the warning on the phone", `!document.getElementById("clue-warnings").hidden`)
	browsertest.Run(t, phoneB, "turn the timer over", chromedp.Click(`#timer .timer-start`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the timer", `/^[01]:[0-9][0-9]$/.test(document.querySelector("#timer .timer-left").textContent)`)
	leaks(host, "the Duet host with a warning", "body")
	leaks(phoneA, "phone A with a warning", "body")
	leaks(phoneB, "phone B guessing", "body")
	// A refusal the page says itself: the host taps a word out of turn.
	browsertest.Run(t, phoneA, "a refusal", chromedp.Evaluate(`fk.call("POST", location.pathname + "/events", {type: "stop"}).then((r) => { fk.showError(r.data); return true; })`, nil, awaitPromise))

	card, err := keycards.ParseDuet(testKey)
	if err != nil {
		t.Fatal(err)
	}
	touchAssassinOfA(t, phoneB, card)
	browsertest.WaitFor(t, host, "the end", `!document.getElementById("end").hidden`)
	browsertest.WaitFor(t, phoneA, "the end on phone A", `!document.getElementById("banner").hidden`)
	leaks(host, "the Duet host at the end", "body")
	leaks(phoneA, "phone A at the end", "body")

	// A classic game at the same table: the phones follow.
	var old string
	browsertest.Run(t, host, "game id", chromedp.Evaluate(`document.body.dataset.id`, &old))
	browsertest.Run(t, host, "next game",
		chromedp.SetValue(`#next-game select[name=game]`, "classic", chromedp.ByQuery),
		chromedp.Click(`#next-end`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the classic game", `document.body.dataset.id != "`+old+`" && document.querySelectorAll("#board .cell").length == 25`)
	for _, p := range []context.Context{phoneA, phoneB} {
		browsertest.WaitFor(t, p, "the classic game on the phone", `document.body.dataset.gameId != "`+old+`" && document.querySelectorAll("#key .cell").length == 25 && document.getElementById("conn").className.includes("live")`)
	}
	leaks(host, "the classic host", "body")
	leaks(phoneA, "a classic spymaster", "body")
	leaks(phoneB, "the other classic spymaster", "body")

	// A message page.
	browsertest.Run(t, phoneB, "no such seat", chromedp.Navigate(ts.URL+"/s/nosuchtoken"))
	leaks(phoneB, "a message page", "body")

	// The same host and a phone in Polish, to look at.
	setLang(host, "pl")
	setLang(phoneA, "pl")
	browsertest.Run(t, host, "host page", chromedp.Navigate(g.HostURL))
	browsertest.Run(t, phoneA, "seat", chromedp.Navigate(g.Seats["a"]))
	browsertest.WaitFor(t, host, "the Polish host", `document.documentElement.lang == "pl" && document.querySelectorAll("#board .cell").length == 25 && document.getElementById("conn").className.includes("live")`)
	browsertest.WaitFor(t, phoneA, "the Polish phone", `document.documentElement.lang == "pl" && document.querySelectorAll("#key .cell").length == 25 && document.getElementById("conn").className.includes("live")`)
	if h := browsertest.Text(t, phoneA, "h1"); !strings.HasPrefix(h, "Szef ") {
		t.Errorf("the classic spymaster's phone in Polish is headed %q, want the team's szef", h)
	}
	browsertest.Screenshot(t, host, "pseudo-pl-host")
	browsertest.Screenshot(t, phoneA, "pseudo-pl-phone")
}
