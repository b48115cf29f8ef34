package insidejob

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"fieldkit/internal/browsertest"
	"fieldkit/server"
	"fieldkit/server/servertest"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// planParanoidLast: Ada and Cy (the Paranoid agent, dealA) win every trick
// in turn, so both are revealed before the vote; with Dee the Accomplice
// revealed from the start, Bob is the only player Cy may name.
var planParanoidLast = plan{partner: "Bob", winners: []string{"Ada", "Cy"}, maxCompleted: 5}

// TestBrowserVoteParanoidRevealed reaches the vote that stuck a table (issue
// 24): the revealed Paranoid agent with one player left to name. Cy's phone
// offers that one player, and one tap and the seal put both votes on him;
// Bob and Dee, who may not vote, read why; the game ends. Every page is
// in the pseudo-locale, so a word that is not the catalog's shows.
func TestBrowserVoteParanoidRevealed(t *testing.T) {
	if testing.Short() {
		t.Skip("starts chromium")
	}
	ts := newServer(t, fixed(dealA, deckA))
	steps := scriptGame(t, setup4(dealA, deckA), planParanoidLast)
	b := browsertest.Browser(t)
	code, body := servertest.NewClient(t).Do("POST", ts.URL+"/api/games", `{"game":"insidejob","players":["Ada","Bob","Cy","Dee"],"dealer":"Dee","specials":["paranoid","accomplice"],"wagers":true}`)
	var g server.Created
	if code != 201 || json.Unmarshal(body, &g) != nil {
		t.Fatalf("new game: %d %s", code, body)
	}
	host := browsertest.Device(t, b, 1280, 860, false)
	browsertest.Pseudo(t, host, ts.URL+"/")
	browsertest.Run(t, host, "host page", chromedp.Navigate(g.HostURL))
	phones := map[string]context.Context{}
	for _, n := range players4 {
		p := browsertest.Device(t, b, 390, 800, true)
		browsertest.Pseudo(t, p, ts.URL+"/")
		browsertest.Run(t, p, "open seat "+n, chromedp.Navigate(g.Seats[n]))
		browsertest.WaitFor(t, p, n+"'s phone", `document.getElementById("conn").className.includes("live") && document.body.dataset.seq !== undefined`)
		phones[n] = p
	}
	// Everything up to the vote goes from each player's own page, as its
	// taps would send it; the votes are tapped.
	var votes []int
	for i, st := range steps {
		if strings.Contains(st.event, `"type":"vote"`) {
			votes = append(votes, i)
			continue
		}
		var said string
		browsertest.Run(t, phones[st.who], "send "+st.event, chromedp.Evaluate(`fk.call("POST", "/s/" + document.body.dataset.token + "/events", `+st.event+`).then((r) => r.ok ? "" : JSON.stringify(r.data))`,
			&said, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
		if said != "" {
			t.Fatalf("step %d %s: %s", i, st.event, said)
		}
	}
	if len(votes) != 2 || steps[votes[0]].who != "Ada" || steps[votes[1]].who != "Cy" || !strings.Contains(steps[votes[1]].event, `["Bob","Bob"]`) {
		t.Fatalf("the script does not reach the state: votes %v of %d steps", votes, len(steps))
	}
	seq := func(n int) string { return fmt.Sprintf(`document.body.dataset.seq == "%d"`, n) }
	tap := func(who, name string) {
		click(t, phones[who], who+" taps "+name, fmt.Sprintf(`.ij-act .targets button.target[data-name="%s"]`, name))
	}
	// Ada (revealed Agent) may name Bob only.
	a := votes[0]
	browsertest.WaitFor(t, phones["Ada"], "Ada's vote", seq(a)+` && document.querySelector(".ij-act .seal") !== null`)
	if got := eval[string](t, phones["Ada"], `[...document.querySelectorAll(".ij-act .targets .target")].map((b) => b.dataset.name).join(",")`); got != "Bob" {
		t.Errorf("Ada's phone offers %q, want Bob", got)
	}
	tap("Ada", "Bob")
	click(t, phones["Ada"], "Ada seals", `.ij-act .seal`)

	// Bob (the Insider: everyone else is revealed) and Dee (the Accomplice)
	// may not vote, and their phones say why in the catalog's words.
	for who, id := range map[string]string{"Bob": "ij.refuse.no_vote_nobody", "Dee": "ij.refuse.no_vote_accomplice"} {
		browsertest.WaitFor(t, phones[who], who+"'s phone in the vote", seq(a+1))
		got := eval[string](t, phones[who], `(document.querySelector(".ij-act .ij-novote") || {}).textContent || ""`)
		want := eval[string](t, phones[who], `fk.t(`+jsString(id)+`, {name: `+jsString(who)+`, role: {id: "ij.role.accomplice"}})`)
		if got == "" || got != want {
			t.Errorf("%s's phone in the vote says %q about voting, want %q", who, got, want)
		}
		browsertest.CheckPseudo(t, phones[who], who+"'s phone in the vote", players4...)
		if n := eval[int](t, phones[who], `document.querySelectorAll(".ij-act .seal").length`); n != 0 {
			t.Errorf("%s, who may not vote, has a seal button", who)
		}
	}

	// Cy, the revealed Paranoid agent: one player to name, both votes on him.
	cy := phones["Cy"]
	browsertest.WaitFor(t, cy, "Cy's vote", seq(a+1)+` && document.querySelector(".ij-act .seal") !== null`)
	if got := eval[string](t, cy, `[...document.querySelectorAll(".ij-act .targets .target")].map((b) => b.dataset.name).join(",")`); got != "Bob" {
		t.Errorf("Cy's phone offers %q, want Bob", got)
	}
	tap("Cy", "Bob")
	browsertest.WaitFor(t, cy, "both votes on Bob", `document.querySelector(".ij-act .ij-both") !== null && !document.querySelector(".ij-act .seal").disabled`)
	browsertest.CheckPseudo(t, cy, "Cy's phone, both votes on Bob", players4...)
	browsertest.Screenshot(t, cy, "insidejob-phone-vote-both")
	click(t, cy, "Cy seals", `.ij-act .seal`)
	browsertest.WaitFor(t, cy, "Cy's vote sealed or refused", seq(a+2)+` || document.getElementById("error").textContent != ""`)
	if e := eval[string](t, cy, `document.getElementById("error").textContent`); e != "" {
		t.Fatalf("Cy's sealed vote is refused: %q", e)
	}
	browsertest.WaitFor(t, host, "the end on the host", seq(a+2)+` && document.querySelector(".ij-over") !== null`)
	browsertest.WaitFor(t, cy, "the end on Cy's phone", `document.querySelector(".ij-over") !== null`)
	browsertest.CheckPseudo(t, host, "the host at the end", players4...)
}
