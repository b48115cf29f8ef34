package codenames

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"fieldkit/internal/browsertest"
	"fieldkit/keycards"
	"fieldkit/server"

	"github.com/chromedp/chromedp"
)

// TestBrowserPseudo tours the Codenames pages in the pseudo-locale, the host
// at 1366x768 and phones at 390x844: the home page and its setup error, a
// Duet game's host and both phones, a clue, a refusal, the end, a classic
// game, and the error pages. Every visible word must come through the
// catalog, and fit its box 40% longer.
func TestBrowserPseudo(t *testing.T) {
	if testing.Short() {
		t.Skip("starts chromium")
	}
	ts := newTestServer(t)
	b := browsertest.Browser(t)
	host := browsertest.Device(t, b, 1366, 768, false)
	phoneA := browsertest.Device(t, b, 390, 844, true)
	phoneB := browsertest.Device(t, b, 390, 844, true)
	for _, d := range []context.Context{host, phoneA, phoneB} {
		browsertest.Pseudo(t, d, ts.url+"/")
	}

	browsertest.Run(t, host, "home page", chromedp.Navigate(ts.url+"/"))
	browsertest.CheckPseudo(t, host, "home page")
	browsertest.Run(t, host, "a bad key code",
		chromedp.SetValue(`input[name=key]`, "NOT-A-CODE", chromedp.ByQuery),
		chromedp.Click(`#start`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the setup error", `document.getElementById("error").textContent.length > 0`)
	browsertest.CheckPseudo(t, host, "home page with a setup error", "NOT-A-CODE")

	g := ts.newGame(t, `{"game":"duet","key":"`+testKey+`"}`)
	words := ts.words(t, g)
	browsertest.Run(t, host, "host page", chromedp.Navigate(g.HostURL))
	browsertest.WaitFor(t, host, "the board", `document.querySelectorAll("#board .cell").length == 25`)
	browsertest.CheckPseudo(t, host, "duet host", words...)
	browsertest.Run(t, phoneA, "seat a", chromedp.Navigate(g.Seats["a"]))
	browsertest.Run(t, phoneB, "seat b", chromedp.Navigate(g.Seats["b"]))
	browsertest.WaitFor(t, phoneA, "seat a's key", `document.querySelectorAll("#key .cell").length == 25`)
	browsertest.CheckPseudo(t, phoneA, "duet phone a", words...)
	browsertest.CheckPseudo(t, phoneB, "duet phone b", words...)

	hc := hostClient(t, g)
	api := ts.url + "/api/games/" + g.ID + "/events"
	if r := hc.postJSON(api, `{"type":"clue","by":"a","word":"river","count":2}`); r.code != 200 {
		t.Fatalf("clue: %s", r)
	}
	browsertest.WaitFor(t, phoneB, "the clue on B's phone", `document.body.textContent.includes("river")`)
	browsertest.CheckPseudo(t, phoneB, "duet phone b guessing", append(words, "river")...)
	browsertest.CheckPseudo(t, host, "duet host guessing", append(words, "river")...)

	// A refusal: a second clue in the guessing phase, from the host board.
	if r := hc.postJSON(api, `{"type":"clue","by":"a","word":"sea","count":1}`); r.code == 200 {
		t.Fatalf("a clue while guessing was accepted")
	}
	// The assassin ends the game.
	card, err := keycards.ParseDuet(testKey)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 25 {
		if a, _ := card.At(i); a == keycards.Assassin {
			if r := hc.postJSON(api, fmt.Sprintf(`{"type":"guess","cell":[%d,%d]}`, i/5, i%5)); r.code != 200 {
				t.Fatalf("guess the assassin: %s", r)
			}
			break
		}
	}
	browsertest.WaitFor(t, host, "the end", `!document.getElementById("end").hidden`)
	browsertest.CheckPseudo(t, host, "duet host at the end", append(words, "river")...)
	browsertest.CheckPseudo(t, phoneA, "duet phone a at the end", append(words, "river")...)

	c := ts.newGame(t, `{"game":"classic"}`)
	cw := ts.words(t, c)
	browsertest.Run(t, host, "classic host", chromedp.Navigate(c.HostURL))
	browsertest.WaitFor(t, host, "the board", `document.querySelectorAll("#board .cell").length == 25`)
	browsertest.CheckPseudo(t, host, "classic host", cw...)
	browsertest.Run(t, phoneA, "classic red spymaster", chromedp.Navigate(c.Seats["red"]))
	browsertest.WaitFor(t, phoneA, "the key", `document.querySelectorAll("#key .cell").length == 25`)
	browsertest.CheckPseudo(t, phoneA, "classic spymaster", cw...)

	browsertest.Run(t, phoneB, "no such seat", chromedp.Navigate(ts.url+"/s/nosuchtoken0000000000000000000000"))
	browsertest.CheckPseudo(t, phoneB, "no such seat")
	browsertest.Run(t, phoneB, "seat taken", chromedp.Navigate(g.Seats["a"]))
	browsertest.CheckPseudo(t, phoneB, "seat taken")
}

// words returns the 25 words of a game, as the public state shows them.
func (ts *testServer) words(t testing.TB, g server.Created) []string {
	t.Helper()
	var st struct {
		State struct {
			Cells []struct {
				Word string `json:"word"`
			} `json:"cells"`
		} `json:"state"`
	}
	r := newClient(t).get(ts.url + "/api/games/" + g.ID)
	if err := json.Unmarshal(r.body, &st); err != nil || len(st.State.Cells) != 25 {
		t.Fatalf("GET /api/games/%s: %s (%v)", g.ID, r, err)
	}
	var out []string
	for _, c := range st.State.Cells {
		out = append(out, strings.Fields(c.Word)...)
	}
	return out
}
