package insidejob

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"fieldkit/catalog"
	rules "fieldkit/engine/insidejob"
	"fieldkit/server"
	"fieldkit/server/servertest"
)

// TestPrintedAndRematch: a table with its own printed mission deck, where the
// lead (or the host) enters the kept card, then a rematch at the same table:
// the same players and phones, the next dealer.
func TestPrintedAndRematch(t *testing.T) {
	ts := newServer(t, nil)
	g, phones := startGame(t, ts.URL, `{"game":"insidejob","players":["Ola","Piotr","Kasia"],"printed_missions":true}`)
	host := servertest.HostClient(t, g)
	state := func(c *servertest.Client, url string) map[string]any {
		_, b := c.Do("GET", url, "")
		var m map[string]any
		json.Unmarshal(b, &m)
		return m
	}
	st := state(phones["Ola"], g.Seats["Ola"]+"/state")
	if st["drawn"] != nil || st["printed_missions"] != true || !strings.Contains(string(mustMarshal(st["may"])), "choose") {
		t.Fatalf("Ola leads with a printed deck: %v", st)
	}
	code, b := phones["Piotr"].Do("POST", g.Seats["Piotr"]+"/events", `{"type":"mission","id":"M07"}`)
	if code != http.StatusConflict || !strings.Contains(string(b), "only the lead, Ola") {
		t.Errorf("Piotr keeps a mission: %d %s", code, b)
	}
	code, b = phones["Ola"].Do("POST", g.Seats["Ola"]+"/events", `{"type":"mission","id":"M07","rejected":"M12"}`)
	must(t, "Ola keeps M07", code, b, 200)
	if strings.Contains(string(b), "M12") {
		t.Errorf("the rejected card is in the answer: %s", b)
	}
	for _, ev := range []struct{ who, card string }{{"Ola", "G3"}, {"Piotr", "G9"}, {"Kasia", "B2"}} {
		code, b := phones[ev.who].Do("POST", g.Seats[ev.who]+"/events", `{"type":"play","by":"`+ev.who+`","card":"`+ev.card+`"}`)
		must(t, ev.who+" plays", code, b, 200)
	}
	// The host enters the next mission: it resolves the trick first (Piotr's G9 wins).
	code, b = host.Do("POST", ts.URL+"/api/games/"+g.ID+"/events", `{"type":"mission","id":"M12"}`)
	must(t, "the host keeps M12 for Piotr", code, b, 200)
	var pub struct {
		Seq   int
		State struct {
			Lead    string
			Mission struct{ ID string }
		}
		LastTrick *TrickRecord `json:"last_trick"`
	}
	json.Unmarshal(b, &pub)
	if pub.Seq != 6 || pub.State.Lead != "Piotr" || pub.State.Mission.ID != "M12" || pub.LastTrick != nil {
		t.Errorf("after the host's mission: %s", b)
	}
	code, b = host.Do("POST", ts.URL+"/api/games/"+g.ID+"/undo", "")
	must(t, "undo", code, b, 200)
	json.Unmarshal(b, &pub)
	if pub.Seq != 5 || pub.LastTrick == nil || pub.LastTrick.Winner != "Piotr" {
		t.Errorf("after the undo: %s", b)
	}

	// The rematch: the same players and seat links. Kasia (the last player)
	// dealt the first game, so Ola deals the second and Piotr leads.
	code, b = host.Do("POST", ts.URL+"/api/tables/"+g.Table+"/games", `{}`)
	must(t, "rematch", code, b, 201)
	var next server.Created
	json.Unmarshal(b, &next)
	if next.ID == g.ID || next.Seats["Ola"] != g.Seats["Ola"] || len(next.Seats) != 3 {
		t.Fatalf("rematch %+v after %+v", next, g)
	}
	st = state(phones["Piotr"], next.Seats["Piotr"]+"/state")
	s := st["state"].(map[string]any)
	if s["dealer"] != "Ola" || s["lead"] != "Piotr" || st["printed_missions"] != true || st["id"] != next.ID {
		t.Errorf("the rematch: dealer %v, lead %v, printed %v", s["dealer"], s["lead"], st["printed_missions"])
	}
}

func mustMarshal(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// TestDeal: the server deals every role once (the special roles always, the
// Insider to every seat in turn) and shuffles the whole deck of the game.
func TestDeal(t *testing.T) {
	insider := map[int]int{}
	for seed := range 400 {
		var b [32]byte
		b[0], b[1] = byte(seed), byte(seed>>8)
		r := rand.New(rand.NewChaCha8(b))
		s, err := setupOf(NewGame{Players: []string{"A", "B", "C", "D", "E"}, Specials: []string{"risk_taking", "decoy"}}, nil, r, "pl")
		if err != nil {
			t.Fatal(err)
		}
		count := map[rules.Role]int{}
		for i, role := range s.Roles {
			count[role]++
			if role == rules.Insider {
				insider[i]++
			}
		}
		if count[rules.Insider] != 1 || count[rules.RiskTaking] != 1 || count[rules.Decoy] != 1 || count[rules.Agent] != 2 {
			t.Fatalf("deal %v", s.Roles)
		}
		if !s.Risky || len(s.Deck) != len(rules.Deck(true, true)) {
			t.Fatalf("deck %v (risky %v)", s.Deck, s.Risky)
		}
	}
	for i := range 5 {
		if insider[i] < 50 {
			t.Errorf("seat %d was the Insider %d times in 400 deals", i, insider[i])
		}
	}
}

// TestRiskyMustBeKept: a risky card drawn must be kept; the lead's phone
// hears why, and the public state names neither card.
func TestRiskyMustBeKept(t *testing.T) {
	deck := rules.Deck(true, true)
	// M01 and R2 on top.
	for i, m := range deck {
		if m == rules.R2 {
			deck[1], deck[i] = deck[i], deck[1]
		}
	}
	roles := []rules.Role{rules.Agent, rules.RiskTaking, rules.Insider, rules.Agent}
	ts := newServer(t, fixed(roles, deck))
	g, phones := startGame(t, ts.URL, `{"game":"insidejob","players":["Ada","Bob","Cy","Dee"],"specials":["risk_taking"]}`)
	code, b := phones["Ada"].Do("POST", g.Seats["Ada"]+"/events", `{"type":"mission","id":"M01"}`)
	if code != http.StatusConflict || !strings.Contains(string(b), "a risky mission was drawn, so the lead must keep it") {
		t.Errorf("keeping M01 over R2: %d %s", code, b)
	}
	if strings.Contains(string(b), `"R2"`) || strings.Contains(string(b), catalog.Text("en", string(rules.R2.Term()), nil)) {
		t.Errorf("the refusal names the risky card: %s", b)
	}
	code, b = phones["Ada"].Do("POST", g.Seats["Ada"]+"/events", `{"type":"mission","id":"R2"}`)
	must(t, "keeping R2", code, b, 200)
	if strings.Contains(string(b), `"M01"`) {
		t.Errorf("the rejected M01 is in the answer: %s", b)
	}
}

// TestSeatsByNumber: without names, the players are the seats' phones in the
// order they sit, named in the table's language.
func TestSeatsByNumber(t *testing.T) {
	ts := newServer(t, nil)
	for _, tc := range []struct{ lang, seat string }{{"pl", "Miejsce"}, {"pt", "Lugar"}, {"cs", "Místo"}} {
		code, b := servertest.NewClient(t).Do("POST", ts.URL+"/api/games", `{"game":"insidejob","seats":3,"table_lang":"`+tc.lang+`"}`)
		must(t, "three seats", code, b, http.StatusCreated)
		var g server.Created
		json.Unmarshal(b, &g)
		if len(g.Seats) != 3 || g.Seats[tc.seat+" 1"] == "" || g.Seats[tc.seat+" 3"] == "" {
			t.Errorf("%s: seats %v", tc.lang, g.Seats)
		}
		_, b = servertest.NewClient(t).Do("GET", ts.URL+"/api/games/"+g.ID, "")
		if !strings.Contains(string(b), `"dealer":"`+tc.seat+` 3"`) || !strings.Contains(string(b), `"lead":"`+tc.seat+` 1"`) {
			t.Errorf("%s: the game of three seats: %s", tc.lang, b)
		}
	}
}
