package insidejob

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	rules "fieldkit/engine/insidejob"
	"fieldkit/server/servertest"
)

// The test table: four players, the Paranoid agent and the Accomplice.
const req4 = `{"game":"insidejob","players":["Ada","Bob","Cy","Dee"],"dealer":"Dee","specials":["paranoid","accomplice"]}`

// The kept missions of the test games, and the rest of the deck: the lead
// always keeps the first card drawn, so decks A and B differ only in the
// cards rejected.
var (
	kept = []rules.Mission{rules.M01, rules.M02, rules.M03, rules.M04, rules.M05, rules.M06, rules.M07, rules.M08, rules.M09, rules.M10}
	rest = []rules.Mission{rules.M11, rules.M12, rules.M13, rules.M14, rules.M15, rules.M16, rules.M17, rules.M18, rules.M19, rules.M20, rules.M21, rules.M22, rules.M23, rules.M24}
)

// deckWith interleaves the kept cards with rejected ones and adds the rest.
func deckWith(rejected, tail []rules.Mission) []rules.Mission {
	var d []rules.Mission
	for i, k := range kept {
		d = append(d, k, rejected[i])
	}
	return append(d, tail...)
}

var (
	deckA = deckWith(rest[:10], rest[10:])
	deckB = deckWith(rest[4:], rest[:4])
	// dealA: Bob is the Insider; dealB: Ada is.
	dealA = []rules.Role{rules.Agent, rules.Insider, rules.Paranoid, rules.Accomplice}
	dealB = []rules.Role{rules.Insider, rules.Agent, rules.Paranoid, rules.Accomplice}
	plan4 = plan{partner: "Bob", winners: []string{"Cy", "Cy", "Dee", "Cy", "Ada", "Cy", "Bob", "Ada", "Dee", "Bob"},
		wagers: map[int]string{0: "Bob", 3: "Ada"}, maxCompleted: 5}
)

func fixed(roles []rules.Role, deck []rules.Mission) func(*rules.Setup) {
	return func(s *rules.Setup) { s.Roles, s.Deck = roles, deck }
}

func setup4(roles []rules.Role, deck []rules.Mission) rules.Setup {
	return rules.Setup{Players: []string{"Ada", "Bob", "Cy", "Dee"}, Dealer: 3, Roles: roles, Wagers: true, Deck: deck}
}

// TestStartRefused: setups the rules forbid are refused with the reason.
func TestStartRefused(t *testing.T) {
	ts := newServer(t, nil)
	for _, tc := range []struct{ req, want string }{
		{`{"game":"insidejob"}`, "name the players"},
		{`{"game":"insidejob","players":["Ada"]}`, "3-5 players, or 2 with Larry"},
		{`{"game":"insidejob","players":["Ada","Bob","Cy"],"specials":["paranoid"]}`, "4-5 players only"},
		{`{"game":"insidejob","players":["Ada","Bob","Cy","Dee"],"specials":["wiretapped","accomplice"]}`, "never two roles revealed at the start"},
		{`{"game":"insidejob","players":["Ada","Bob","Cy","Dee"],"specials":["decoy","shady"]}`, "never two neutral roles"},
		{`{"game":"insidejob","players":["Ada","Bob","Cy","Dee","Eve"],"specials":["decoy","paranoid","sleeper"]}`, "at most two special roles"},
		{`{"game":"insidejob","players":["Ada","Bob","Cy","Dee"],"specials":["risk_taking"],"risky":false}`, "risky missions"},
		{`{"game":"insidejob","players":["Ada","Bob","Cy","Dee"],"specials":["spy"]}`, "not a special role"},
		{`{"game":"insidejob","players":["Ada","Ada","Cy"]}`, "twice"},
		{`{"game":"insidejob","players":["Ada","Larry"]}`, "virtual third player"},
		{`{"game":"insidejob","players":["Ada","Bob","Cy"],"dealer":"Zed"}`, "not one of the players"},
	} {
		code, b := servertest.NewClient(t).Do("POST", ts.URL+"/api/games", tc.req)
		if code != http.StatusBadRequest || !strings.Contains(string(b), tc.want) {
			t.Errorf("POST %s = %d %s, want 400 with %q", tc.req, code, b, tc.want)
		}
	}
}

// TestPhoneRefusals: bad events from a phone get a clear refusal on that
// phone, and change nothing.
func TestPhoneRefusals(t *testing.T) {
	ts := newServer(t, fixed(dealA, deckA))
	g, phones := startGame(t, ts.URL, req4)
	host := servertest.HostClient(t, g)
	post := func(who, ev string) (int, string) {
		c := host
		if who != "" {
			c = phones[who]
		}
		code, b := c.Do("POST", eventURL(g, ts.URL, who), ev)
		var e struct{ Error string }
		json.Unmarshal(b, &e)
		return code, e.Error
	}
	refused := func(who, ev, want string) {
		t.Helper()
		code, e := post(who, ev)
		if code != http.StatusConflict && code != http.StatusBadRequest || !strings.Contains(e, want) {
			t.Errorf("%s sends %s = %d %q, want a refusal with %q", who, ev, code, e, want)
		}
	}
	steps := scriptGame(t, setup4(dealA, deckA), plan4)
	var first string // the card Ada leads
	for i, st := range steps {
		switch {
		case i == 0:
			refused("Ada", `{"type":"partner","by":"Dee","partner":"Ada"}`, "cannot act for Dee")
			refused("Dee", `{"type":"partner","by":"Dee","partner":"Dee"}`, "not themself")
		case i == 1:
			refused("Bob", `{"type":"mission","id":"M01"}`, "only the lead, Ada")
			refused("Ada", `{"type":"mission","id":"M05"}`, "not drawn")
			refused("", `{"type":"mission","id":"M05"}`, "on the lead's phone")
			refused("Ada", `{"type":"play","by":"Ada","card":"Y1"}`, "keeps a mission first")
		case i == 3:
			refused("Ada", `{"type":"wager","by":"Ada"}`, "the lead may not raise the stakes")
			refused("Cy", `{"type":"play","by":"Bob","card":"Y2"}`, "cannot enter Bob's card")
			refused("Bob", `{"type":"play","by":"Bob","card":"`+first+`"}`, first+" was already played")
			refused("Dee", `{"type":"play","by":"Dee","card":"Y2"}`, "Bob's turn")
			refused("Bob", `{"type":"bogus"}`, "unknown \"type\"")
		case strings.Contains(st.event, `"vote"`) && st.who == "Ada":
			refused("Ada", `{"type":"vote","by":"Ada","for":["Ada"]}`, "may not vote for themself")
			refused("Ada", `{"type":"vote","by":"Bob","for":["Cy"]}`, "cannot act for Bob")
			refused("Dee", `{"type":"vote","by":"Dee","for":["Ada"]}`, "vote")
		}
		if code, e := post(st.who, st.event); code != 200 {
			t.Fatalf("step %d: %s %s = %d %s", i, st.who, st.event, code, e)
		}
		if i == 2 {
			var e struct{ Card string }
			json.Unmarshal([]byte(st.event), &e)
			first = e.Card
		}
	}
	code, b := servertest.NewClient(t).Do("GET", ts.URL+"/api/games/"+g.ID, "")
	var end struct {
		Seq     int
		History []json.RawMessage
		State   rules.View
		Replay  []TrickRecord
	}
	json.Unmarshal(b, &end)
	if code != 200 || end.State.Status != "over" || len(end.Replay) != end.State.Trick || len(end.History) != end.Seq {
		t.Fatalf("the end: %d %s", code, b)
	}
	t.Logf("over after %d tricks: %s, winners %v; %d completed", end.State.Trick, end.State.Reason, end.State.Winners, end.State.Completed)
}
