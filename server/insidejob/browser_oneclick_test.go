package insidejob

import (
	"encoding/json"
	"testing"

	"fieldkit/internal/browsertest"
	"fieldkit/server/servertest"

	"github.com/chromedp/chromedp"
)

// TestBrowserNextGameAsks: on the Inside Job host page, Next game in the
// middle of a game asks first in a panel of the page, saying what is lost;
// Cancel keeps the game, and the confirming button starts the next one,
// the game left showing in the table's list as abandoned.
func TestBrowserNextGameAsks(t *testing.T) {
	if testing.Short() {
		t.Skip("starts chromium")
	}
	ts, steps := larryServer(t)
	g, phones := startGame(t, ts.URL, `{"game":"insidejob","players":["Ola","Piotr"],"dealer":"Piotr","table_lang":"pl"}`)
	code, b := phones[steps[0].who].Do("POST", eventURL(g, ts.URL, steps[0].who), steps[0].event)
	must(t, steps[0].event, code, b, 200)

	host := browsertest.Device(t, browsertest.Browser(t), 1366, 860, false)
	browsertest.Run(t, host, "host page", chromedp.Navigate(g.HostURL))
	browsertest.WaitFor(t, host, "the host page after one event", `document.getElementById("conn").className.includes("live") && document.body.dataset.seq == "1"`)
	const askOpen = `document.getElementById("ask") && !document.getElementById("ask").hidden`
	games := func() (n int, abandoned []bool) {
		t.Helper()
		var tv struct {
			Games   int `json:"games"`
			History []struct {
				Abandoned bool `json:"abandoned"`
			} `json:"history"`
		}
		_, b := servertest.NewClient(t).Do("GET", ts.URL+"/api/tables/"+g.Table, "")
		json.Unmarshal(b, &tv)
		for _, h := range tv.History {
			abandoned = append(abandoned, h.Abandoned)
		}
		return tv.Games, abandoned
	}

	click(t, host, "next game", `#next`)
	browsertest.WaitFor(t, host, "the question", askOpen)
	if !eval[bool](t, host, `document.getElementById("ask-text").textContent.includes(fk.t("next.moves", {n: 1})) && document.activeElement.classList.contains("ask-cancel")`) {
		t.Errorf("the question %q does not say what is lost, or Cancel is not the default", eval[string](t, host, `document.getElementById("ask-text").textContent`))
	}
	browsertest.Screenshot(t, host, "insidejob-next-ask")
	click(t, host, "cancel", `#ask .ask-cancel`)
	browsertest.WaitFor(t, host, "the panel closed", `!(`+askOpen+`)`)
	browsertest.Run(t, host, "a moment", chromedp.Sleep(500e6))
	if n, _ := games(); n != 1 || eval[string](t, host, `document.body.dataset.id`) != g.ID {
		t.Fatalf("Cancel: %d games at the table, want the game kept alone", n)
	}

	click(t, host, "next game", `#next`)
	click(t, host, "abandon", `#ask .ask-choice`)
	browsertest.WaitFor(t, host, "the next game", `document.body.dataset.id != "`+g.ID+`" && document.getElementById("conn").className.includes("live")`)
	browsertest.WaitFor(t, host, "the game left in the table's list", `document.querySelector('#table-games li.abandoned[data-game="`+g.ID+`"]') && !document.getElementById("table-games").hidden`)
	if n, ab := games(); n != 2 || len(ab) != 2 || !ab[0] || ab[1] {
		t.Errorf("after confirming: %d games, abandoned %v; want 2, the first abandoned", n, ab)
	}
	browsertest.Screenshot(t, host, "insidejob-next-abandoned")
}
