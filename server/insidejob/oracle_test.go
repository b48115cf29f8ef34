package insidejob

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	rules "fieldkit/engine/insidejob"
	"fieldkit/server"
	"fieldkit/server/servertest"
)

// oracleDeal is one deal of the refusal oracle: where the Insider and the
// Paranoid agent sit (and the Accomplice, whose role is public at the
// table, NoSeat for none), and which cards are drawn with the kept ones.
type oracleDeal struct{ insider, paranoid, accomplice rules.Seat }

// oracleTables are the games of the oracle, each dealt in several ways that
// differ in every secret: each seat holds each of its roles in at least two
// deals (so a seat's phone, which knows its own role, has deals to compare),
// and each deal draws other cards with the kept ones.
var oracleTables = []struct {
	name, req, partner string
	deals              []oracleDeal
}{
	{"paranoid", `{"game":"insidejob","players":["Ada","Bob","Cy","Dee"],"dealer":"Dee","specials":["paranoid"]}`, "",
		[]oracleDeal{{0, 1, rules.NoSeat}, {1, 0, rules.NoSeat}, {2, 3, rules.NoSeat}, {3, 2, rules.NoSeat}, {0, 2, rules.NoSeat}, {2, 0, rules.NoSeat}}},
	{"accomplice", `{"game":"insidejob","players":["Ada","Bob","Cy","Dee"],"dealer":"Dee","specials":["paranoid","accomplice"]}`, "Bob",
		[]oracleDeal{{0, 1, 3}, {1, 0, 3}, {1, 2, 3}, {2, 1, 3}, {0, 2, 3}, {2, 0, 3}}},
}

// oracleSetup is deal d: the lead of trick k keeps kept[k] (first or
// second of the pair, by deal, unless keptFirst), and the other card drawn
// is the deal's own.
func oracleSetup(deal oracleDeal, d int, keptFirst bool) rules.Setup {
	roles := []rules.Role{rules.Agent, rules.Agent, rules.Agent, rules.Agent}
	roles[deal.insider] = rules.Insider
	roles[deal.paranoid] = rules.Paranoid
	if deal.accomplice != rules.NoSeat {
		roles[deal.accomplice] = rules.Accomplice
	}
	var deck []rules.Mission
	used := map[rules.Mission]bool{}
	for k, m := range kept {
		r := rest[(k+3*d)%len(rest)]
		used[r] = true
		if keptFirst || (k+d)%2 == 0 {
			deck = append(deck, m, r)
		} else {
			deck = append(deck, r, m)
		}
	}
	for _, r := range rest {
		if !used[r] {
			deck = append(deck, r)
		}
	}
	return setup4(roles, deck)
}

// oracleProbes are the events every party sends in every state probed: every
// event kind of Inside Job (eventjson.go: new, partner, mission, play,
// wager, resolve, vote), for every seat, every mission card and every
// vote a seat could give.
func oracleProbes() []string {
	players := []string{"Ada", "Bob", "Cy", "Dee"}
	out := []string{`{"type":"new","game":"insidejob","players":["Ada","Bob","Cy","Dee"],"dealer":"Dee","roles":{"Ada":"agent","Bob":"agent","Cy":"agent","Dee":"insider"}}`,
		`{"type":"resolve"}`}
	for _, m := range rules.Deck(true, true) {
		out = append(out, fmt.Sprintf(`{"type":"mission","id":%q}`, m))
	}
	for i, by := range players {
		out = append(out,
			fmt.Sprintf(`{"type":"partner","by":%q,"partner":%q}`, by, players[(i+1)%4]),
			fmt.Sprintf(`{"type":"wager","by":%q}`, by),
			fmt.Sprintf(`{"type":"play","by":%q,"card":"P13"}`, by),
			fmt.Sprintf(`{"type":"play","by":%q,"card":"B1"}`, by),
			fmt.Sprintf(`{"type":"vote","by":%q,"for":[%q,%q]}`, by, players[(i+1)%4], players[(i+2)%4]),
			fmt.Sprintf(`{"type":"vote","by":%q,"for":[%q,%q]}`, by, players[(i+1)%4], players[(i+1)%4]),
			fmt.Sprintf(`{"type":"vote","by":%q,"for":[%q,%q]}`, by, by, players[(i+1)%4]))
		for _, f := range players {
			out = append(out, fmt.Sprintf(`{"type":"vote","by":%q,"for":[%q]}`, by, f))
		}
	}
	return out
}

// oracleTable is one deal's game at its own server.
type oracleTable struct {
	ts     *servertest.Server
	g      server.Created
	host   *servertest.Client
	phones map[string]*servertest.Client
	anyone *servertest.Client
}

func (o *oracleTable) client(party string) (*servertest.Client, string) {
	switch party {
	case "host":
		return o.host, o.ts.URL + "/api/games/" + o.g.ID + "/events"
	case "stranger":
		return o.anyone, o.ts.URL + "/api/games/" + o.g.ID + "/events"
	}
	return o.phones[party], o.g.Seats[party] + "/events"
}

// seq is the number of events the game holds.
func (o *oracleTable) seq(t *testing.T) int {
	t.Helper()
	_, b := o.anyone.Do("GET", o.ts.URL+"/api/games/"+o.g.ID, "")
	var st struct{ Seq int }
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatalf("state: %s", b)
	}
	return st.Seq
}

// knows is what party knows beyond the public state: its role, its
// partner's, and for a mission the cards it draws when it keeps the next one
// (truth is the game so far). Answers may differ only between deals where it
// knows different things.
func (o *oracleTable) knows(t *testing.T, party string, truth rules.Game, mission bool) string {
	t.Helper()
	if party == "host" || party == "stranger" {
		return ""
	}
	_, b := o.phones[party].Do("GET", o.g.Seats[party]+"/state", "")
	var sec struct {
		Role        string
		PartnerRole string `json:"partner_role"`
	}
	if err := json.Unmarshal(b, &sec); err != nil {
		t.Fatalf("seat state: %s", b)
	}
	k := sec.Role + "/" + sec.PartnerRole
	if mission {
		if complete(truth) {
			truth, _ = truth.Apply(rules.Resolve())
		}
		if a, b, ok := truth.Drawn(); ok && truth.Phase() == rules.MissionPhase && truth.Rules().Seats > 0 && o.g.Seats[party] != "" && truthName(truth, party) {
			k += fmt.Sprint(" drew ", a, b)
		}
	}
	return k
}

// truthName reports whether party leads the next choice in g.
func truthName(g rules.Game, party string) bool {
	return g.View().Lead == party
}

// answer is what a party hears back: the status, and for a refusal the
// message (id and arguments) and its English; an accepted event is taken
// back at once (undone as many events as it logged).
func (o *oracleTable) answer(t *testing.T, party, probe string) string {
	t.Helper()
	before := o.seq(t)
	c, url := o.client(party)
	code, b := c.Do("POST", url, probe)
	if code == http.StatusOK {
		for range o.seq(t) - before {
			if code, b := o.host.Do("POST", o.ts.URL+"/api/games/"+o.g.ID+"/undo", ""); code != http.StatusOK {
				t.Fatalf("undo after %s by %s: %d %s", probe, party, code, b)
			}
		}
		return "200 accepted"
	}
	var e struct {
		Error string
		Msg   json.RawMessage
	}
	json.Unmarshal(b, &e)
	return fmt.Sprintf("%d %s %s", code, e.Msg, e.Error)
}

// TestRefusalOracle plays the same public events against deals with
// different secrets (roles, deck orders: the cards drawn with the kept
// ones) and sends, in several states, every event kind as every party (the
// host, each seat's phone, a stranger): what each party hears back must be
// the same in every deal, unless the party itself knows something that
// differs (a phone its own role, the lead its drawn cards). Otherwise whoever
// holds the laptop learns a secret by trying events.
func TestRefusalOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("many requests")
	}
	for _, tb := range oracleTables {
		t.Run(tb.name, func(t *testing.T) { refusalOracle(t, tb.req, tb.partner, tb.deals) })
	}
}

func refusalOracle(t *testing.T, req, partner string, deals []oracleDeal) {
	base := oracleSetup(deals[0], 0, true)
	steps := scriptGame(t, base, plan{partner: partner, winners: []string{"Ada", "Bob", "Cy", "Dee"}, maxCompleted: 3})
	// The public events stop before the vote: a vote's form is the voter's secret.
	var public []step
	for _, st := range steps {
		if !strings.Contains(st.event, `"vote"`) {
			public = append(public, st)
		}
	}
	// The states probed, by how many public events came before: the
	// partner's choice (if any), the first mission's, the lead's mission
	// taken back by the host, the trick under way, a complete trick, the
	// next choice with the last trick shown, and the vote.
	type probeAt struct {
		n    int
		undo bool // the last event undone by the host
	}
	m := 0 // the first mission
	for !strings.Contains(public[m].event, `"mission"`) {
		m++
	}
	at := []probeAt{{m, false}, {m + 1, true}, {m + 1, false}, {m + 3, false}, {m + 5, false}, {m + 6, false}, {len(public), false}}
	if m > 0 {
		at = append([]probeAt{{0, false}}, at...)
	}
	parties := []string{"host", "stranger", "Ada", "Bob", "Cy", "Dee"}
	probes := oracleProbes()
	type heard struct {
		deal  int
		knows string
		said  string
	}
	got := map[string][]heard{} // state/party/probe -> per deal
	for d, deal := range deals {
		s := oracleSetup(deal, d, false)
		ts := newServer(t, func(x *rules.Setup) { x.Roles, x.Deck = s.Roles, s.Deck })
		g, phones := startGame(t, ts.URL, req)
		o := &oracleTable{ts: ts, g: g, host: servertest.HostClient(t, g), phones: phones, anyone: servertest.NewClient(t)}
		done := 0
		for _, p := range at {
			for ; done < p.n; done++ {
				st := public[done]
				c, url := o.client(st.who)
				if st.who == "" {
					c, url = o.client("host")
				}
				code, b := c.Do("POST", url, st.event)
				must(t, fmt.Sprintf("deal %d: public event %d %s by %q", d, done, st.event, st.who), code, b, http.StatusOK)
			}
			state := fmt.Sprint(p.n)
			if p.undo {
				code, b := o.host.Do("POST", ts.URL+"/api/games/"+g.ID+"/undo", "")
				must(t, "undo", code, b, http.StatusOK)
				done--
				state += " undone"
			}
			var evs []rules.Event
			for _, st := range public[:done] {
				e, err := s.DecodeEvent([]byte(st.event))
				if err != nil {
					t.Fatal(err)
				}
				evs = append(evs, e)
			}
			truth, err := rules.Replay(s, evs)
			if err != nil {
				t.Fatal(err)
			}
			if p.n == len(public) && truth.Phase() != rules.VotePhase {
				t.Fatalf("deal %d: the public events end in the %s, not the vote", d, truth.Phase())
			}
			for _, party := range parties {
				knows, knowsDrawn := o.knows(t, party, truth, false), o.knows(t, party, truth, true)
				for _, probe := range probes {
					k := state + " | " + party + " | " + probe
					kn := knows
					if strings.Contains(probe, `"mission"`) {
						kn = knowsDrawn
						if i := strings.Index(kn, " drew "); i >= 0 && strings.Contains(kn[i:], probe[len(`{"type":"mission","id":"`):len(probe)-2]) {
							// The lead's own choice between the cards it
							// drew: a choice would stay remembered (and
							// public) after the undo, so it is not tried.
							got[k] = append(got[k], heard{d, kn, "the lead's choice"})
							continue
						}
					}
					got[k] = append(got[k], heard{d, kn, o.answer(t, party, probe)})
				}
			}
		}
	}
	diffs, compared, accepted := 0, 0, 0
	keys := make([]string, 0, len(got))
	for k := range got {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		hs := got[k]
		for i, a := range hs {
			for _, b := range hs[i+1:] {
				if a.knows == b.knows {
					compared++
				}
				if a.said == "200 accepted" {
					accepted++
				}
				if a.knows == b.knows && a.said != b.said {
					diffs++
					if diffs <= 20 {
						t.Errorf("after %s: deals %d and %d answer differently:\n\t%s\n\t%s", k, a.deal, b.deal, a.said, b.said)
					}
				}
			}
		}
	}
	if diffs > 20 {
		t.Errorf("... %d answers in all differ between deals", diffs)
	}
	t.Logf("%d answers, %d pairs of them compared, %d pairs where the first was accepted", len(keys)*len(deals), compared, accepted)
	if compared < len(keys) || accepted == 0 {
		t.Errorf("the oracle compared %d pairs of answers (%d accepted) for %d probes: too few", compared, accepted, len(keys))
	}
}

// TestUndoKeepsDrawnPair: after the lead keeps a mission on the phone and
// the host takes it back, the host may enter that mission again, never the
// other card drawn: that one is refused exactly like a card never drawn, and
// it reaches no screen. The lead's phone still chooses; a restart keeps what
// it chose.
func TestUndoKeepsDrawnPair(t *testing.T) {
	s := setup4([]rules.Role{rules.Agent, rules.Paranoid, rules.Agent, rules.Insider}, nil)
	s.Deck = append([]rules.Mission{rules.M01, rules.M11}, rest[1:]...)
	s.Deck = append(s.Deck, kept[1:]...)
	kept, rejected, never := rules.M01, rules.M11, rules.M12
	ts := newServer(t, func(x *rules.Setup) { x.Roles, x.Deck = s.Roles, s.Deck })
	g, phones := startGame(t, ts.URL, `{"game":"insidejob","players":["Ada","Bob","Cy","Dee"],"dealer":"Dee","specials":["paranoid"]}`)
	host := servertest.HostClient(t, g)
	api := ts.URL + "/api/games/" + g.ID
	mission := func(m rules.Mission) string { return fmt.Sprintf(`{"type":"mission","id":%q}`, m) }
	refusal := func(code int, b []byte) string {
		var e struct {
			Error string
			Msg   json.RawMessage
		}
		json.Unmarshal(b, &e)
		return fmt.Sprintf("%d %s %s", code, e.Msg, e.Error)
	}
	code, b := host.Do("POST", api+"/events", mission(never))
	neverDrawn := refusal(code, b)
	if code != http.StatusConflict {
		t.Fatalf("the host enters a card never drawn: %s", neverDrawn)
	}
	for _, c := range []struct {
		name string
		undo bool   // the host undoes first
		who  string // "" for the host
		m    rules.Mission
		want int // 200, or 409: refused as a card never drawn
	}{
		{"before the lead chose, the host enters a drawn card", false, "", kept, http.StatusConflict},
		{"before the lead chose, the host enters the other", false, "", rejected, http.StatusConflict},
		{"the lead keeps it on the phone", false, "Ada", kept, http.StatusOK},
		{"the host takes it back", true, "", rules.NoMission, 0},
		{"the host enters the other card drawn", false, "", rejected, http.StatusConflict},
		{"the host enters it again", false, "", kept, http.StatusOK},
		{"the host takes it back again", true, "", rules.NoMission, 0},
		{"after a restart the host still may not enter the other card", false, "restart", rejected, http.StatusConflict},
		{"after a restart the host enters the kept one", false, "", kept, http.StatusOK},
	} {
		switch {
		case c.undo:
			code, b := host.Do("POST", api+"/undo", "")
			must(t, c.name, code, b, http.StatusOK)
			continue
		case c.who == "restart":
			ts = servertest.Reopen(t, ts.Store, 7, &Family{})
		}
		var code int
		var b []byte
		if c.who == "Ada" {
			code, b = phones["Ada"].Do("POST", g.Seats["Ada"]+"/events", mission(c.m))
		} else {
			code, b = host.Do("POST", ts.URL+"/api/games/"+g.ID+"/events", mission(c.m))
		}
		if code != c.want || (c.want != http.StatusOK && refusal(code, b) != neverDrawn) {
			t.Errorf("%s: %s, want %d (%s)", c.name, refusal(code, b), c.want, neverDrawn)
		}
		if strings.Contains(string(b), rejected.String()) {
			t.Errorf("%s: the answer names the rejected %s: %s", c.name, rejected, b)
		}
		_, pub := servertest.NewClient(t).Do("GET", ts.URL+"/api/games/"+g.ID, "")
		for _, p := range []string{"Bob", "Cy", "Dee"} {
			_, sb := phones[p].Do("GET", g.Seats[p]+"/state", "") // the phones' server
			pub = append(pub, sb...)
		}
		if strings.Contains(string(pub), rejected.String()) {
			t.Errorf("%s: a screen names the rejected %s", c.name, rejected)
		}
	}
}
