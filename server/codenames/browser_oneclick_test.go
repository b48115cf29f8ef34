package codenames

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"fieldkit/internal/browsertest"

	"github.com/chromedp/chromedp"
)

// askOpen is true while the page's question panel (fk.choose) shows.
const askOpen = `document.getElementById("ask") && !document.getElementById("ask").hidden`

// TestBrowserNextGameAsks: Next game in the middle of a game asks first, in
// a panel of the page, saying what is lost, with Cancel first and focused;
// a tap at once on its other button (a double tap) does nothing, Cancel
// keeps the game, and only the confirming button starts the next game, after
// which the game left shows in the table's list as abandoned. A game where
// nothing was played yet needs no question. The host speaks the
// pseudo-locale: no word of the question comes from outside the catalog.
func TestBrowserNextGameAsks(t *testing.T) {
	if testing.Short() {
		t.Skip("starts chromium")
	}
	ts := newTestServer(t)
	b := browsertest.Browser(t)
	host := browsertest.Device(t, b, 1366, 768, false)
	browsertest.Pseudo(t, host, ts.URL+"/static/app.css")
	words, _ := json.Marshal(polishWords)
	first := ts.NewGame(t, `{"game":"duet","key":"`+testKey+`","words":`+string(words)+`}`)
	hc := hostClient(t, first)
	if r := hc.postJSON(ts.URL+"/api/games/"+first.ID+"/events", `{"type":"clue","by":"a","word":"zima","count":2}`); r.code != http.StatusOK {
		t.Fatalf("clue = %s", r)
	}
	browsertest.Run(t, host, "host page", chromedp.Navigate(first.HostURL))
	browsertest.WaitFor(t, host, "the board and the clue", `document.querySelectorAll("#board .cell").length == 25 && document.getElementById("conn").className.includes("live") && document.querySelectorAll("#history li").length == 1`)

	games := func() tableGames {
		t.Helper()
		var tv tableGames
		if r := newClient(t).get(ts.URL + "/api/tables/" + first.Table); json.Unmarshal(r.body, &tv) != nil {
			t.Fatalf("GET table: %s", r)
		}
		return tv
	}
	stillFirst := func(what string) {
		t.Helper()
		var id string
		browsertest.Run(t, host, "game id", chromedp.Sleep(600e6), chromedp.Evaluate(`document.body.dataset.id`, &id))
		if tv := games(); id != first.ID || tv.Games != 1 {
			t.Fatalf("%s: the host page shows game %s and the table has %d games, want still %s alone", what, id, tv.Games, first.ID)
		}
	}

	// A tap, and at once a second one on the panel's button: nothing.
	var asked struct {
		Open, Focused, Disabled bool
		Text                    string
		Want                    string
	}
	browsertest.Run(t, host, "next game, twice", chromedp.Evaluate(`(() => {
		document.getElementById("next").click();
		const open = !document.getElementById("ask").hidden;
		const yes = document.querySelector("#ask .ask-choice");
		const disabled = yes.disabled;
		yes.click();
		return {Open: open, Focused: document.activeElement.classList.contains("ask-cancel"), Disabled: disabled,
			Text: document.getElementById("ask-text").textContent, Want: fk.t("next.moves", {n: 1})};
	})()`, &asked))
	if !asked.Open || !asked.Focused || !asked.Disabled {
		t.Errorf("Next game mid-game: panel open %v, Cancel focused %v, the other button asleep %v; want all three", asked.Open, asked.Focused, asked.Disabled)
	}
	if asked.Want == "" || !strings.Contains(asked.Text, asked.Want) {
		t.Errorf("the question %q does not say what is lost (%q)", asked.Text, asked.Want)
	}
	browsertest.CheckPseudo(t, host, "the Next game question", polishWords...)
	browsertest.Screenshot(t, host, "oneclick-next-ask")
	stillFirst("a double tap on Next game")

	// Cancel keeps the game; so does Escape.
	browsertest.Run(t, host, "cancel", chromedp.Click(`#ask .ask-cancel`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the panel closed", `!(`+askOpen+`)`)
	stillFirst("Cancel")
	browsertest.Run(t, host, "next game", chromedp.Click(`#next`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the question", askOpen)
	browsertest.Run(t, host, "escape", chromedp.KeyEvent("\x1b"))
	browsertest.WaitFor(t, host, "the panel closed", `!(`+askOpen+`)`)
	stillFirst("Escape")

	// Confirmed: the next game, and the first in the table's list, abandoned.
	browsertest.Run(t, host, "next game", chromedp.Click(`#next`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the question, awake", askOpen+` && !document.querySelector("#ask .ask-choice").disabled`)
	browsertest.Run(t, host, "abandon", chromedp.Click(`#ask .ask-choice`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the next game", `document.body.dataset.id != "`+first.ID+`" && document.querySelectorAll("#board .cell").length == 25`)
	browsertest.WaitFor(t, host, "the table's list with the game left", `!document.getElementById("table-games").hidden && document.querySelector('#table-games li.abandoned[data-game="`+first.ID+`"]')`)
	var line string
	browsertest.Run(t, host, "the list", chromedp.Evaluate(`document.querySelector("#table-games li.abandoned").textContent.includes(fk.t("next.abandoned")) ? "" : document.querySelector("#table-games li.abandoned").textContent`, &line))
	if line != "" {
		t.Errorf("the game left reads %q in the table's list, without %q", line, "next.abandoned")
	}
	if tv := games(); tv.Games != 2 || len(tv.History) != 2 || !tv.History[0].Abandoned || tv.History[0].Events != 1 {
		t.Errorf("the table's games after confirming: %+v, want 2, the first abandoned after 1 event", tv)
	}
	browsertest.CheckPseudo(t, host, "the table's list of games", polishWords...)
	browsertest.Screenshot(t, host, "oneclick-next-abandoned")

	// Nothing played in the second game: no question.
	var second string
	browsertest.Run(t, host, "game id", chromedp.Evaluate(`document.body.dataset.id`, &second))
	browsertest.Run(t, host, "next game", chromedp.Click(`#next`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the third game, unasked", `document.body.dataset.id != "`+second+`" && document.body.dataset.id != "`+first.ID+`" && document.querySelectorAll("#board .cell").length == 25`)
	if tv := games(); tv.Games != 3 || tv.History[1].Abandoned {
		t.Errorf("the table's games: %+v, want 3, the second not abandoned", tv)
	}
}

// TestBrowserSuddenDeathAsks: in sudden death a tap on a word of the host
// page asks who guesses it and sends nothing until a seat is chosen; Cancel
// sends nothing; the seat chosen is the guesser the server judges. The game
// then ends, and Next game at its end asks nothing and leaves nothing
// abandoned.
func TestBrowserSuddenDeathAsks(t *testing.T) {
	if testing.Short() {
		t.Skip("starts chromium")
	}
	ts := newTestServer(t)
	b := browsertest.Browser(t)
	host := browsertest.Device(t, b, 1366, 768, false)
	c := ts.NewGame(t, `{"game":"duet","key":"`+testKey+`","lang":"pl","table_lang":"pl","mission":{"turns":1,"mistakes":1}}`)
	hc := hostClient(t, c)
	suddenDeath(t, hc, ts, c)
	cell := bystandersOnBoth(t, keyOf(t, ts, c))[1]
	sel := fmt.Sprintf(`#board .cell[data-cell="%d,%d"]`, cell[0], cell[1])
	browsertest.Run(t, host, "host page", chromedp.Navigate(c.HostURL))
	browsertest.WaitFor(t, host, "sudden death on the host page", `document.getElementById("conn").className.includes("live") && document.getElementById("status").textContent.includes(fk.t("cn.sudden_death"))`)
	seq := func() (int, []string) {
		t.Helper()
		var st GameState
		json.Unmarshal(newClient(t).get(ts.URL+"/api/games/"+c.ID).body, &st)
		var by []string
		for _, h := range st.History {
			var e struct {
				By string `json:"by"`
			}
			json.Unmarshal(h.Event, &e)
			by = append(by, e.By)
		}
		return len(st.History), by
	}

	browsertest.Run(t, host, "tap a word", chromedp.Click(sel, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "who guesses?", askOpen)
	var choices []string
	var text, want string
	browsertest.Run(t, host, "the question",
		chromedp.Evaluate(`[...document.querySelectorAll("#ask .ask-choice")].map(b => b.dataset.choice)`, &choices),
		chromedp.Evaluate(`document.getElementById("ask-text").textContent`, &text),
		chromedp.Evaluate(`fk.t("cn.page.who_guesses_word", {word: document.querySelector(`+"`"+sel+" .word`"+`).textContent})`, &want))
	if !slices.Equal(choices, []string{"a", "b"}) || text != want {
		t.Errorf("a tap in sudden death asks %q with choices %v, want %q with a and b", text, choices, want)
	}
	browsertest.Screenshot(t, host, "oneclick-sudden-death-ask")
	if n, _ := seq(); n != 3 {
		t.Fatalf("a tap in sudden death sent a guess before a seat was chosen: %d events, want 3", n)
	}
	browsertest.Run(t, host, "cancel", chromedp.Click(`#ask .ask-cancel`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the panel closed", `!(`+askOpen+`)`)
	browsertest.Run(t, host, "a moment", chromedp.Sleep(500e6))
	if n, _ := seq(); n != 3 {
		t.Fatalf("Cancel sent a guess: %d events, want 3", n)
	}

	// B guesses: the guess is B's, judged on A's side (a bystander: lost).
	browsertest.Run(t, host, "tap the word", chromedp.Click(sel, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "who guesses?, awake", askOpen+` && !document.querySelector("#ask .ask-choice").disabled`)
	browsertest.Run(t, host, "B", chromedp.Click(`#ask .ask-choice[data-choice="b"]`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the end", `!document.getElementById("end").hidden`)
	if n, by := seq(); n != 4 || by[3] != "b" {
		t.Errorf("after choosing B: %d events by %q, want a fourth by b", n, by)
	}

	// The end: Next game asks nothing, and nothing is abandoned.
	browsertest.Run(t, host, "next game at the end", chromedp.Click(`#next-end`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the next game, unasked", `document.body.dataset.id != "`+c.ID+`" && document.querySelectorAll("#board .cell").length == 25`)
	var tv tableGames
	json.Unmarshal(newClient(t).get(ts.URL+"/api/tables/"+c.Table).body, &tv)
	if len(tv.History) != 2 || tv.History[0].Abandoned {
		t.Errorf("a lost game then Next game: the table's games %+v, want 2, none abandoned", tv.History)
	}
}
