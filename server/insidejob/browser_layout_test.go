package insidejob

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	rules "fieldkit/engine/insidejob"
	"fieldkit/internal/browsertest"
	"fieldkit/server"
	"fieldkit/server/servertest"

	"github.com/chromedp/chromedp"
)

// cardsSel selects the texts of the number cards on a page: the values and
// the suit symbols of the card buttons and of the cards in the tricks.
const cardsSel = ".ij-card .n, .ij-card .sym"

// TestBrowserLayout loads the Inside Job host page (a join code shown) and a
// phone of a 5-player game in the middle of a trick (the card grid on both),
// and the
// host and a phone of a 4-player game at its end (the replay), at widths from
// 360 to 1920 px: no page scrolls sideways, no card is clipped, and on phones
// every card reads at 16 px or more (browsertest.CheckLayout).
func TestBrowserLayout(t *testing.T) {
	if testing.Short() {
		t.Skip("starts chromium")
	}
	b := browsertest.Browser(t, chromedp.Flag("lang", "en-US"), browsertest.Scrollbars)
	host := browsertest.Device(t, b, 1366, 768, false)
	phone := browsertest.Device(t, b, 390, 844, true)

	// 5 players: the lead keeps a mission and plays; Bob is to play.
	roles5 := []rules.Role{rules.Agent, rules.Agent, rules.Insider, rules.Agent, rules.Agent}
	ts := newServer(t, fixed(roles5, deckA))
	s := rules.Setup{Players: []string{"Ada", "Bob", "Cy", "Dee", "Eve"}, Dealer: 4, Roles: roles5, Wagers: true, Deck: deckA}
	code, body := servertest.NewClient(t).Do("POST", ts.URL+"/api/games", `{"game":"insidejob","players":["Ada","Bob","Cy","Dee","Eve"],"dealer":"Eve","wagers":true}`)
	var g server.Created
	if code != 201 || json.Unmarshal(body, &g) != nil {
		t.Fatalf("a 5-player game: %d %s", code, body)
	}
	lead0 := servertest.NewClient(t)
	eg, err := rules.NewGame(s)
	if err != nil {
		t.Fatal(err)
	}
	a, _, _ := eg.Drawn()
	lead := s.Name(eg.Lead())
	for i, e := range []rules.Event{rules.Choose(a, rules.NoMission), rules.PlayCard(eg.Lead(), mustCard(t, "Y12"))} {
		body, _ := s.EncodeEvent(e)
		if i == 0 {
			if code, out := lead0.Do("GET", g.Seats[lead], ""); code != 200 {
				t.Fatalf("%s's seat: %d %s", lead, code, out)
			}
		}
		code, out := lead0.Do("POST", g.Seats[lead]+"/events", string(body))
		must(t, fmt.Sprintf("event %d %s", i, body), code, out, 200)
	}
	browsertest.Run(t, host, "host page", chromedp.Navigate(g.HostURL))
	browsertest.Run(t, phone, "Bob's phone", chromedp.Navigate(g.Seats["Bob"]))
	shown := `document.body.dataset.seq == "2" && document.querySelectorAll(".ij-cards .ij-card").length == 52`
	browsertest.WaitFor(t, host, "the card grid on the host", shown)
	browsertest.WaitFor(t, phone, "the card grid on Bob's phone", shown)
	polish(t, host, shown)
	polish(t, phone, shown)
	if got := eval[string](t, phone, `document.querySelector('.ij-cards .ij-card[data-card="P10"]').getAttribute("aria-label")`); got != "różowa 10" {
		t.Errorf("the P10 button is named %q, want różowa 10 (karta: feminine)", got)
	}
	click(t, host, "show a join code", `.seats li[data-number="5"] .show-qr`)
	browsertest.WaitFor(t, host, "the join code", `!document.getElementById("qr").hidden`)
	browsertest.CheckLayout(t, host, "the host, 5 players, a trick", cardsSel, shown)
	browsertest.CheckLayout(t, phone, "Bob's phone, 5 players, a trick", cardsSel, shown)
	browsertest.Resize(t, phone, 360, 844)
	browsertest.Screenshot(t, phone, "insidejob-phone-cards-360")

	// 4 players, played to the end: the end screen with its replay.
	ts4 := newServer(t, fixed(dealA, deckA))
	steps := scriptGame(t, setup4(dealA, deckA), plan4)
	g4, phones4 := startGame(t, ts4.URL, `{"game":"insidejob","players":["Ada","Bob","Cy","Dee"],"dealer":"Dee","specials":["paranoid","accomplice"],"wagers":true}`)
	hc := servertest.HostClient(t, g4)
	for i, st := range steps {
		c := hc
		if st.who != "" {
			c = phones4[st.who]
		}
		code, body := c.Do("POST", eventURL(g4, ts4.URL, st.who), st.event)
		must(t, fmt.Sprintf("step %d %s", i, st.event), code, body, 200)
	}
	browsertest.Resize(t, host, 1366, 768)
	browsertest.Resize(t, phone, 390, 844)
	browsertest.Run(t, host, "host page at the end", chromedp.Navigate(g4.HostURL))
	browsertest.Run(t, phone, "the host page at the end on a phone", chromedp.Navigate(g4.HostURL))
	over := `document.querySelector(".ij-over") !== null`
	browsertest.WaitFor(t, host, "the end on the host", over)
	browsertest.WaitFor(t, phone, "the end on a phone", over)
	polish(t, host, over)
	polish(t, phone, over)
	browsertest.CheckLayout(t, host, "the host at the end", cardsSel, over)
	browsertest.CheckLayout(t, phone, "the host page at the end on a phone", cardsSel, over)
}

// TestBrowserOffColour: at the end, the Insider's off-colour plays are listed
// as allowed, under a heading of their own, never as revokes; the Agents'
// are revokes (the scripted game: Bob, the Insider, shows out of yellow, pink
// and green and plays them later; Ada, Cy and Dee do too).
func TestBrowserOffColour(t *testing.T) {
	if testing.Short() {
		t.Skip("starts chromium")
	}
	ts := newServer(t, fixed(dealA, deckA))
	steps := scriptGame(t, setup4(dealA, deckA), plan4)
	g, phones := startGame(t, ts.URL, `{"game":"insidejob","players":["Ada","Bob","Cy","Dee"],"dealer":"Dee","specials":["paranoid","accomplice"],"wagers":true}`)
	hc := servertest.HostClient(t, g)
	for i, st := range steps {
		c := hc
		if st.who != "" {
			c = phones[st.who]
		}
		code, body := c.Do("POST", eventURL(g, ts.URL, st.who), st.event)
		must(t, fmt.Sprintf("step %d %s", i, st.event), code, body, 200)
	}
	b := browsertest.Browser(t, chromedp.Flag("lang", "en-US"))
	host := browsertest.Device(t, b, 1366, 768, false)
	browsertest.Run(t, host, "host page at the end", chromedp.Navigate(g.HostURL))
	browsertest.WaitFor(t, host, "the end", `document.querySelector(".ij-over") !== null`)
	polish(t, host, `document.querySelector(".ij-over") !== null`)
	revokes := eval[string](t, host, `[...document.querySelectorAll(".ij-revokes.slips li")].map((e) => e.textContent).join("\n")`)
	allowed := eval[string](t, host, `[...document.querySelectorAll(".ij-revokes.allowed li")].map((e) => e.textContent).join("\n")`)
	heading := eval[string](t, host, `(document.querySelector(".ij-over h3.off-colour") || {}).textContent || ""`)
	if strings.Contains(revokes, "Bob") {
		t.Errorf("the Insider's off-colour plays are listed as revokes:\n%s", revokes)
	}
	for _, who := range []string{"Ada", "Cy", "Dee"} {
		if !strings.Contains(revokes, who) {
			t.Errorf("%s's revoke is not listed:\n%s", who, revokes)
		}
	}
	if n := strings.Count(allowed, "Bob"); n != 3 {
		t.Errorf("%d of Bob's 3 off-colour plays are listed as allowed:\n%s", n, allowed)
	}
	if !strings.HasPrefix(heading, "Zagrania w innym kolorze (dozwolone") {
		t.Errorf("the allowed plays' heading says %q", heading)
	}
}

// polish switches the page to Polish by its language switch and waits for
// ready.
func polish(t *testing.T, ctx context.Context, ready string) {
	t.Helper()
	browsertest.SwitchLang(t, ctx, "Polish", "#lang", "pl", `document.documentElement.lang == "pl" && `+ready)
}

func mustCard(t testing.TB, s string) rules.Card {
	t.Helper()
	c, err := rules.ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
