package insidejob

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"fieldkit/catalog"
	"fieldkit/internal/browsertest"
	"fieldkit/server/servertest"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	var v T
	browsertest.Run(t, ctx, "evaluate "+expr, chromedp.Evaluate(expr, &v))
	return v
}

func click(t *testing.T, ctx context.Context, what, sel string) {
	t.Helper()
	browsertest.WaitFor(t, ctx, what, `(() => { const e = document.querySelector(`+jsString(sel)+`); return e && !e.disabled; })()`)
	browsertest.Run(t, ctx, what, chromedp.Click(sel, chromedp.ByQuery))
}

func jsString(s string) string { b, _ := json.Marshal(s); return string(b) }

// table is a game in the browser: the host screen and the phones by player.
type table struct {
	t      *testing.T
	host   context.Context
	phones map[string]context.Context
}

// join opens each seat's link from the host page on a phone of its own.
func (tb *table) join(b context.Context, names []string) {
	t := tb.t
	tb.phones = map[string]context.Context{}
	for i, n := range names {
		click(t, tb.host, "show join code "+n, fmt.Sprintf(`.seats li[data-number="%d"] .show-qr`, i+1))
		browsertest.WaitFor(t, tb.host, "the join code", `!document.getElementById("qr").hidden`)
		link := eval[string](t, tb.host, `document.getElementById("qr-link").textContent`)
		if i == 0 {
			browsertest.WaitFor(t, tb.host, "the code image", `document.querySelector("#qr img").complete`)
			browsertest.Screenshot(t, tb.host, "insidejob-host-join")
		}
		p := browsertest.Device(t, b, 390, 800, true)
		browsertest.Run(t, p, "open seat "+n, chromedp.Navigate(link))
		browsertest.WaitFor(t, p, n+"'s phone", `document.getElementById("conn").className.includes("live") && document.body.dataset.seq !== undefined`)
		tb.phones[n] = p
	}
	browsertest.WaitFor(t, tb.host, "every seat joined", `[...document.querySelectorAll(".seat-status")].every(e => e.textContent == fk.t("ij.host.seat_taken"))`)
}

// step does one scripted event by tapping on the phone of its player, once
// the phone shows the state after the previous n events.
func (tb *table) step(n int, st step) {
	t := tb.t
	p := tb.phones[st.who]
	browsertest.WaitFor(t, p, fmt.Sprintf("%s's phone at event %d", st.who, n), `document.body.dataset.seq == "`+fmt.Sprint(n)+`"`)
	var e struct {
		Type, By, Partner, ID, Card string
		For                         []string
	}
	json.Unmarshal([]byte(st.event), &e)
	what := st.who + ": " + st.event
	switch e.Type {
	case "partner":
		click(t, p, what, `.ij-act .target[data-name="`+e.Partner+`"]`)
	case "mission":
		click(t, p, what, `.ij-choice[data-mission="`+e.ID+`"]`)
	case "play":
		click(t, p, what, `.ij-act .ij-cards button[data-card="`+e.Card+`"]`)
	case "wager":
		click(t, p, what, `.ij-act .wager`)
	case "resolve":
		click(t, p, what, `.ij-act .resolve`)
	case "vote":
		for _, f := range e.For {
			click(t, p, what, fmt.Sprintf(`.ij-act .targets button.target[data-name="%s"]`, f))
		}
		click(t, p, what, `.ij-act .seal`)
	default:
		t.Fatalf("no way to tap %s", st.event)
	}
}

// TestBrowserGame plays a whole 4-player game with the Paranoid agent and the
// Accomplice in headless chromium: started on the home page, joined from the
// host page, and played by tapping on the four phones (the Accomplice's
// choice, the leads' missions, every card, two wagers, a reveal, the sealed
// vote with the Paranoid agent's two picks), the host screen following.
func TestBrowserGame(t *testing.T) {
	if testing.Short() {
		t.Skip("starts chromium")
	}
	ts := newServer(t, fixed(dealA, deckA))
	steps := scriptGame(t, setup4(dealA, deckA), plan4)
	b := browsertest.Browser(t, chromedp.Flag("lang", "en-US"))
	tb := &table{t: t, host: browsertest.Device(t, b, 1280, 860, false)}
	host := tb.host

	browsertest.Run(t, host, "home page", chromedp.Navigate(ts.URL+"/"))
	browsertest.WaitFor(t, host, "the Inside Job form", `document.getElementById("ij-new") !== null`)
	browsertest.Run(t, host, "fill the form",
		chromedp.SetValue(`#ij-new textarea[name=players]`, "Ada\nBob\nCy\nDee", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector("#ij-new textarea").dispatchEvent(new Event("input", {bubbles: true}))`, nil),
		chromedp.SetValue(`#ij-new select[name=dealer]`, "Dee", chromedp.ByQuery),
		chromedp.Click(`#ij-new input[value=paranoid]`, chromedp.ByQuery),
		chromedp.Click(`#ij-new input[value=accomplice]`, chromedp.ByQuery))
	browsertest.Run(t, host, "scroll to the form", chromedp.ScrollIntoView(`#insidejob`, chromedp.ByQuery))
	browsertest.Screenshot(t, host, "insidejob-home")
	click(t, host, "start", `#ij-start`)
	browsertest.WaitFor(t, host, "the host page", `location.pathname.startsWith("/h/") && document.getElementById("conn").className.includes("live")`)
	tb.join(b, players4)

	// Hold to see: the role shows only while pressed.
	dee := tb.phones["Dee"]
	if !eval[bool](t, dee, `document.getElementById("role").hidden`) {
		t.Error("Dee's role shows without holding the button")
	}
	browsertest.Run(t, dee, "hold", chromedp.Evaluate(`document.getElementById("hold").dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}))`, nil))
	if got := eval[string](t, dee, `document.getElementById("role").hidden ? "" : document.getElementById("role").textContent`); !strings.Contains(got, "Accomplice") {
		t.Errorf("Dee holding the button sees %q", got)
	}
	browsertest.Screenshot(t, dee, "insidejob-phone-role")
	browsertest.Run(t, dee, "let go", chromedp.Evaluate(`document.getElementById("hold").dispatchEvent(new PointerEvent("pointerup", {bubbles: true}))`, nil))
	browsertest.Screenshot(t, dee, "insidejob-phone-partner")

	voteShot, refusal := false, false
	var first string // the first card played
	for i, st := range steps {
		var e struct{ Card string }
		json.Unmarshal([]byte(st.event), &e)
		if first == "" {
			first = e.Card
		}
		if i > 8 && e.Card != "" && !refusal { // a card already played, tapped again: refused on that phone
			refusal = true
			p := tb.phones[st.who]
			browsertest.WaitFor(t, p, "the cards", fmt.Sprintf(`document.body.dataset.seq == "%d"`, i))
			click(t, p, "a card already played", `.ij-act .ij-cards button[data-card="`+first+`"]`)
			browsertest.WaitFor(t, p, "the refusal", `document.getElementById("error").textContent.includes("already played")`)
			browsertest.Screenshot(t, p, "insidejob-phone-refused")
		}
		switch {
		case i == 1:
			browsertest.WaitFor(t, tb.phones["Ada"], "the missions drawn", `document.querySelectorAll(".ij-choice").length == 2`)
			browsertest.Screenshot(t, tb.phones["Ada"], "insidejob-phone-choice")
		case i == 4: // after Bob's card: his wager button
			browsertest.WaitFor(t, tb.phones["Bob"], "the wager button", `document.querySelector(".ij-act .wager") !== null`)
			browsertest.Screenshot(t, tb.phones["Bob"], "insidejob-phone-wager")
		case i == 6:
			browsertest.WaitFor(t, host, "the trick on the host", `document.body.dataset.seq == "6"`)
			if n := eval[int](t, host, `document.querySelectorAll("#trick .slot").length`); n != 3 {
				t.Errorf("the host shows %d cards of the first trick after 3 were played", n)
			}
			if !eval[bool](t, host, `document.querySelector("#trick .ij-card.wager") !== null`) {
				t.Error("the host does not show Bob's wager")
			}
			browsertest.Screenshot(t, host, "insidejob-host-trick")
		case i == 8: // the trick is scored: the host shows it with its outcome until the next mission
			browsertest.WaitFor(t, host, "the outcome", `document.body.dataset.seq == "8" && document.querySelector("#last .ij-last") !== null`)
			browsertest.Screenshot(t, host, "insidejob-host-outcome")
		case i == 9: // the next mission is kept: the last trick is gone from every screen
			browsertest.WaitFor(t, host, "the next trick", `document.body.dataset.seq == "9"`)
			if n := eval[int](t, host, `document.querySelectorAll(".ij-trick .slot, #last .ij-last").length`); n != 0 {
				t.Errorf("the host still shows %d cards of an earlier trick", n)
			}
		case strings.Contains(st.event, `"vote"`) && st.who == "Cy" && !voteShot:
			voteShot = true
			browsertest.WaitFor(t, tb.phones["Cy"], "Cy's vote", fmt.Sprintf(`document.body.dataset.seq == "%d" && document.querySelectorAll(".ij-act .targets .target").length > 1`, i))
			browsertest.Screenshot(t, tb.phones["Cy"], "insidejob-phone-vote")
		}
		if strings.Contains(st.event, `"mission"`) && i > 1 {
			browsertest.WaitFor(t, host, "the host", fmt.Sprintf(`document.body.dataset.seq == "%d"`, i))
			if eval[bool](t, host, `!document.getElementById("banner").hidden`) {
				browsertest.Screenshot(t, host, "insidejob-host-reveal")
				if !strings.Contains(eval[string](t, host, `document.getElementById("banner").textContent`), "Paranoid") {
					t.Errorf("the reveal banner says %q", eval[string](t, host, `document.getElementById("banner").textContent`))
				}
			}
		}
		tb.step(i, st)
	}
	n := fmt.Sprint(len(steps))
	browsertest.WaitFor(t, host, "the end on the host", `document.body.dataset.seq == "`+n+`" && document.querySelector(".ij-over") !== null`)
	over := eval[string](t, host, `document.querySelector(".ij-over").textContent`)
	for _, want := range []string{"Winners", "Bob: Insider", "Cy: Paranoid agent", "Replay", "Provable revokes"} {
		if !strings.Contains(over, want) {
			t.Errorf("the end on the host has no %q: %s", want, over)
		}
	}
	if got := eval[int](t, host, `document.querySelectorAll(".ij-replay li").length`); got != 10 {
		t.Errorf("the replay lists %d tricks, want 10", got)
	}
	browsertest.Run(t, host, "scroll to the end", chromedp.ScrollIntoView(`.ij-over`, chromedp.ByQuery))
	browsertest.Screenshot(t, host, "insidejob-host-over")
	browsertest.WaitFor(t, tb.phones["Cy"], "the end on Cy's phone", `document.querySelector(".ij-over") !== null`)
	browsertest.Screenshot(t, tb.phones["Cy"], "insidejob-phone-over")
	// The language switch.
	browsertest.SwitchLang(t, tb.phones["Ada"], "Polish", "#lang", "pl", `document.documentElement.lang == "pl" && document.querySelector(".hold-label") !== null`)
	if got := eval[string](t, tb.phones["Ada"], `document.querySelector(".hold-label").textContent`); !strings.Contains(got, "Przytrzymaj") {
		t.Errorf("Ada's phone in Polish says %q", got)
	}
	browsertest.Screenshot(t, tb.phones["Ada"], "insidejob-phone-pl")
	// One choice for every page: the device's own (app.js fk.setLang), the
	// one the server reads for every page, and it holds over a reload.
	if got := eval[string](t, tb.phones["Ada"], `(document.cookie.includes("fieldkit-lang=pl") ? "pl" : document.cookie) + " " + fk.lang`); got != "pl pl" {
		t.Errorf("after the switch the kept language and fk.lang are %q, want pl pl", got)
	}
	// A phone that chose its own language can follow the table's again.
	if got := eval[string](t, tb.phones["Ada"], `[...document.getElementById("lang").options].map((o) => o.value).join(",")`); got != "pl,cs,pt,en," {
		t.Errorf("the phone's language switch offers %q, want the four languages and the table's (\"\")", got)
	}
	browsertest.WaitFor(t, tb.phones["Ada"], "the end in Polish", `document.querySelector(".ij-over") !== null`)
	// Every word on the phone in Polish is the catalog's: the role's name
	// and rule as the printed card says them, the table's words.
	for sel, want := range map[string]string{
		"#role strong":       "Agent",
		"#role .do":          catalog.Text("pl", "ij.role.agent.rule", nil), // Ada is an Agent (dealA)
		".ij-over h3":        "Głosowanie",
		"#status":            "Stawka 10 z 10 · Koniec gry",
		".ij-over .ij-roles": "Bob: Kret",
	} {
		if got := eval[string](t, tb.phones["Ada"], `(document.querySelector(`+jsString(sel)+`) || {}).textContent || ""`); !strings.Contains(got, want) {
			t.Errorf("Ada's Polish phone: %s says %q, want %q", sel, got, want)
		}
	}
	browsertest.Run(t, tb.phones["Ada"], "reload", chromedp.Reload())
	browsertest.WaitFor(t, tb.phones["Ada"], "the Polish page again", `document.documentElement.lang == "pl" && document.getElementById("lang").value == "pl"`)
	// A refusal of the rules engine reads in Polish too: an event after
	// the end, sent as the page sends events.
	var late struct{ ID, Said, English string }
	browsertest.Run(t, tb.phones["Ada"], "a refusal", chromedp.Evaluate(`fk.call("POST", location.pathname + "/events", {type: "resolve"}).then((r) => {
		ij.error(r);
		return {id: r.data.msg ? r.data.msg.id : "", said: document.getElementById("error").textContent, english: r.data.error};
	})`, &late, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	switch {
	case late.Said == "":
		t.Errorf("a refusal after the end shows nothing on Ada's phone (%+v)", late)
	case late.ID == "error.text":
		t.Logf("the engine's refusal has no message of its own yet: %+v", late) // the page says what the server sent
	case late.Said == late.English || strings.Contains(late.Said, "ij."):
		t.Errorf("a refusal after the end on Ada's Polish phone reads %q (%+v)", late.Said, late)
	}
}

// TestBrowserLarry plays a whole 2-player game with Larry: each phone enters
// its cards, and Larry's while it controls him.
func TestBrowserLarry(t *testing.T) {
	if testing.Short() {
		t.Skip("starts chromium")
	}
	ts, steps := larryServer(t)
	b := browsertest.Browser(t, chromedp.Flag("lang", "en-US"))
	tb := &table{t: t, host: browsertest.Device(t, b, 1280, 860, false)}
	code, body := servertest.NewClient(t).Do("POST", ts.URL+"/api/games", `{"game":"insidejob","players":["Ola","Piotr"],"dealer":"Piotr"}`)
	var g struct {
		HostURL string `json:"host_url"`
	}
	if json.Unmarshal(body, &g) != nil || code != 201 {
		t.Fatalf("new game: %d %s", code, body)
	}
	browsertest.Run(t, tb.host, "host page", chromedp.Navigate(g.HostURL))
	browsertest.WaitFor(t, tb.host, "the host page", `document.getElementById("conn").className.includes("live")`)
	tb.join(b, []string{"Ola", "Piotr"})
	for i, st := range steps {
		if i == 2 { // Piotr plays Larry's card
			browsertest.WaitFor(t, tb.phones["Piotr"], "Larry's cards", `document.body.dataset.seq == "2" && document.querySelector(".ij-act .ij-cards") !== null`)
			browsertest.Screenshot(t, tb.phones["Piotr"], "insidejob-larry-phone")
			browsertest.WaitFor(t, tb.host, "the host", `document.body.dataset.seq == "2"`)
			if got := eval[string](t, tb.host, `document.getElementById("players").textContent`); !strings.Contains(got, "plays Larry") {
				t.Errorf("the host does not say who plays Larry: %s", got)
			}
			browsertest.Screenshot(t, tb.host, "insidejob-larry-host")
		}
		tb.step(i, st)
	}
	browsertest.WaitFor(t, tb.host, "the end", `document.body.dataset.seq == "`+fmt.Sprint(len(steps))+`" && document.querySelector(".ij-over") !== null`)
	browsertest.Screenshot(t, tb.host, "insidejob-larry-over")
	t.Logf("%d events; %s", len(steps), eval[string](t, tb.host, `document.querySelector(".ij-over p").textContent`))
}
