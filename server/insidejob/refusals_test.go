package insidejob

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fieldkit/scan/insidejob/reading"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"

	"fieldkit/catalog"
	rules "fieldkit/engine/insidejob"
	"fieldkit/internal/testkit"
	ijscan "fieldkit/scan/insidejob"
	"fieldkit/server"
	"fieldkit/server/servertest"
)

var (
	// leftover is a placeholder a text did not fill.
	leftover = regexp.MustCompile(`\{[A-Za-z0-9_]+\}`)
	// lineRef is a rulebook line number ("002:L425", "(L245)"): never in
	// what players read.
	lineRef = regexp.MustCompile(`\d{3}:L\d|\bL\d{2,3}\b`)
)

// saidLangs are the languages of the tables, English (the command line and
// the logs) included.
var saidLangs = []string{"pl", "cs", "pt", "en"}

// checkSaid fails t unless m is a message of the catalog (not the fallback
// "error.text" that carries an English text), every message in its
// arguments is too, and it says itself in every table's language with every
// placeholder filled and no rulebook line, as Go says it and, from its JSON
// form, as the pages do. It returns m.
func checkSaid(t testing.TB, what string, m catalog.Msg) catalog.Msg {
	t.Helper()
	if m.ID == "" || m.ID == "error.text" || !catalog.Known(m.ID) {
		t.Errorf("%s: message %q (args %v) is not a message of the catalog", what, m.ID, m.Args)
		return m
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Errorf("%s: %v", what, err)
		return m
	}
	var wire catalog.Msg
	if err := json.Unmarshal(b, &wire); err != nil {
		t.Errorf("%s: %s: %v", what, b, err)
		return m
	}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if id, ok := v["id"].(string); ok && !catalog.Known(id) {
				t.Errorf("%s: an argument names %q, which the catalog lacks: %s", what, id, b)
			}
			for k, x := range v {
				if k != "id" {
					walk(x)
				}
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		case string:
			if strings.HasPrefix(v, "ij.") || strings.HasPrefix(v, "cn.") {
				t.Errorf("%s: an argument is the id %q as a text: %s", what, v, b)
			}
		}
	}
	for _, v := range wire.Args {
		walk(v)
	}
	for _, lang := range saidLangs {
		for _, mm := range []catalog.Msg{m, wire} {
			s := mm.In(lang)
			if leftover.MatchString(s) || lineRef.MatchString(s) || strings.Contains(s, "ij.") {
				t.Errorf("%s: %s says %q (%s)", what, lang, s, b)
			}
		}
	}
	return m
}

// ruleRefusals returns the rules engine's answers to random events of the
// kinds the Inside Job pages send (a card played by a seat, a wager, a
// trick scored, the kept mission of the two drawn, a partner, a vote) in
// random 2-5 player games, one of each English text.
func ruleRefusals(t *testing.T) []error {
	t.Helper()
	seen := map[string]error{}
	r := rand.New(rand.NewPCG(18, 1))
	names := []string{"Ada", "Bob", "Cy", "Dee", "Ed"}
	specials := []rules.Role{rules.Accomplice, rules.Paranoid, rules.Decoy, rules.Shady, rules.Sleeper, rules.Wiretapped, rules.RiskTaking, rules.Blank}
	for game := range 300 {
		n := 2 + game%4
		s := rules.Setup{Players: names[:n], Dealer: rules.Seat(r.IntN(n)), Wagers: game%5 != 0}
		seats := n
		if n == 2 {
			seats = 3
		}
		s.Roles = make([]rules.Role, seats)
		for i := range s.Roles {
			s.Roles[i] = rules.Agent
		}
		mole := rules.Insider
		if n >= 4 && game%7 == 0 {
			mole = rules.ProfessorNo
		}
		s.Roles[r.IntN(seats)] = mole
		if n >= 4 && game%3 == 0 {
			sp := specials[game/3%len(specials)]
			for i := range s.Roles {
				if s.Roles[i] == rules.Agent {
					s.Roles[i] = sp
					break
				}
			}
			s.Risky = sp == rules.RiskTaking
		}
		if game%2 == 0 {
			s.Deck = rules.Deck(s.Wagers, s.Risky)
			r.Shuffle(len(s.Deck), func(i, j int) { s.Deck[i], s.Deck[j] = s.Deck[j], s.Deck[i] })
		}
		g, err := rules.NewGame(s)
		if err != nil {
			t.Fatalf("game %d: %v", game, err)
		}
		seat := func() rules.Seat { return rules.Seat(r.IntN(seats)) }
		for range 400 {
			var e rules.Event
			switch k := r.IntN(20); {
			case k < 9:
				e = rules.PlayCard(seat(), rules.Card(1+r.IntN(rules.Cards)))
			case k < 11:
				e = rules.Wager(seat())
			case k < 13:
				e = rules.Resolve()
			case k < 16:
				// Drawn by the server, or (a printed mission deck) the card
				// the lead enters.
				a, b, ok := g.Drawn()
				if !ok {
					a, b = rules.Mission(1+r.IntN(rules.Missions)), rules.NoMission
					if r.IntN(3) == 0 {
						b = rules.Mission(1 + r.IntN(rules.Missions))
					}
				}
				if r.IntN(2) == 0 {
					a, b = b, a
				}
				e = rules.Choose(a, b)
			case k < 17:
				e = rules.Partner(seat(), seat())
			case k < 19:
				e = rules.Vote(seat(), seat())
			default:
				e = rules.Vote(seat(), seat(), seat())
			}
			next, err := g.Apply(e)
			if err != nil {
				seen[err.Error()] = err
				continue
			}
			g = next
		}
	}
	out := make([]error, 0, len(seen))
	for _, err := range seen {
		out = append(out, err)
	}
	return out
}

// setupRefusals returns the refusals of random bad setups: player counts,
// names, dealers, role deals and mission decks.
func setupRefusals() []error {
	r := rand.New(rand.NewPCG(23, 5))
	names := []string{"Ada", "Bob", "Cy", "Dee", "Ed", "Fay", "", "Larry", "Ada"}
	seen := map[string]error{}
	for range 4000 {
		n := r.IntN(7)
		s := rules.Setup{Dealer: rules.Seat(r.IntN(n + 2)), Wagers: r.IntN(2) == 0, Risky: r.IntN(2) == 0}
		for i := range n {
			if r.IntN(8) == 0 {
				s.Players = append(s.Players, names[6+r.IntN(3)])
			} else {
				s.Players = append(s.Players, names[i])
			}
		}
		roles := n
		if n == 2 {
			roles = 3
		}
		roles += r.IntN(3) - 1
		for range max(roles, 0) {
			s.Roles = append(s.Roles, rules.Role(r.IntN(int(rules.Blank)+1)))
		}
		if r.IntN(2) == 0 {
			s.Deck = rules.Deck(r.IntN(2) == 0, r.IntN(2) == 0)
			switch r.IntN(4) {
			case 0:
				s.Deck = s.Deck[1:]
			case 1:
				s.Deck[0] = s.Deck[1]
			case 2:
				s.Deck[0] = rules.Mission(40)
			}
		}
		if err := s.Validate(); err != nil {
			seen[err.Error()] = err
		}
		if b, err := json.Marshal(s); err == nil {
			if _, err := rules.DecodeSetup(b); err != nil {
				seen[err.Error()] = err
			}
		}
	}
	out := make([]error, 0, len(seen))
	for _, err := range seen {
		out = append(out, err)
	}
	return out
}

// TestRefusalsTranslated checks that every refusal of the rules engine a
// table can meet (random events of every kind the pages send, random bad
// setups) carries a message of the catalog, said in every table's language,
// and that errors.Is still finds its kind.
func TestRefusalsTranslated(t *testing.T) {
	events, setups := ruleRefusals(t), setupRefusals()
	if len(events) < 40 || len(setups) < 15 {
		t.Fatalf("only %d refusals of events and %d of setups collected", len(events), len(setups))
	}
	ids := map[string]bool{}
	for _, err := range append(events, setups...) {
		var say catalog.Sayable
		if !errors.As(err, &say) {
			t.Errorf("%q carries no message", err)
			continue
		}
		m := catalog.Of(say)
		ids[m.ID] = true
		checkSaid(t, err.Error(), m)
		if !errors.Is(err, rules.ErrSetup) && !errors.Is(err, rules.ErrEvent) && !errors.Is(err, rules.ErrOver) && !errors.Is(err, rules.ErrOrder) &&
			!errors.Is(err, rules.ErrTurn) && !errors.Is(err, rules.ErrCard) && !errors.Is(err, rules.ErrWager) && !errors.Is(err, rules.ErrVote) {
			t.Errorf("%q wraps none of the kinds", err)
		}
	}
	t.Logf("%d refusals of events, %d of setups, %d messages", len(events), len(setups), len(ids))
}

// tinyPNG is a small image the server takes as a photo.
func tinyPNG(t testing.TB) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 8, 8))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// fakeScanner reads every photo as the observation the test sets.
type fakeScanner struct {
	mu  sync.Mutex
	obs ijscan.Observation
}

func (f *fakeScanner) set(o ijscan.Observation) { f.mu.Lock(); f.obs = o; f.mu.Unlock() }

func (f *fakeScanner) Scan(context.Context, []byte, int) (reading.Reading, func(bool) server.Picture, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.obs.Reading(), nil, nil
}

// randomSight is a made-up reading of a trick in game g: seat tokens, cards
// by random seats (some played, some not, with or without a token, or one
// in doubt), the mission kept or another, intel off the cards, a player aid,
// the reader's own doubts, or no seat token at all.
func randomSight(r *rand.Rand, g rules.Game, players int) ijscan.Observation {
	if r.IntN(12) == 0 {
		return ijscan.Observation{Refusal: ijscan.NoSeats, Reason: "no seat token is seen", Mission: -1}
	}
	o := ijscan.Observation{OK: true, Mission: -1, Intel: r.IntN(16)}
	if r.IntN(3) == 0 {
		o.Players = 2 + r.IntN(4)
	}
	switch r.IntN(3) {
	case 0:
		o.Mission, o.MissionName = 921, activeMission(g)
	case 1:
		m := rules.Mission(1 + r.IntN(rules.Missions))
		o.Mission, o.MissionName = 921, m.String()
	}
	for s := 1; s <= players+r.IntN(2); s++ {
		o.Seats = append(o.Seats, ijscan.Seat{Seat: s})
	}
	if players == 2 {
		o.Seats = append(o.Seats, ijscan.Seat{Seat: ijscan.Larry})
		o.Larry = true
	}
	t := g.Trick()
	for _, s := range o.Seats {
		if r.IntN(3) == 0 {
			continue
		}
		c := rules.Card(1 + r.IntN(rules.Cards))
		by := rules.Seat(s.Seat - 1)
		if s.Seat == ijscan.Larry {
			by = rules.LarrySeat
		}
		for i := range int(t.N) {
			if t.Plays[i].By == by && r.IntN(2) == 0 {
				c = t.Plays[i].Card
			}
		}
		p := ijscan.Play{Seat: s.Seat, Card: c.String(), ID: 868 + int(c), Both: true, Wager: []ijscan.Wager{ijscan.NoWager, ijscan.NoWager, ijscan.Wagered, ijscan.WagerUnknown}[r.IntN(4)]}
		o.Plays = append(o.Plays, p)
	}
	notes := []ijscan.Note{
		{ID: "ij.scan.two_missions"}, {ID: "ij.scan.two_aids"}, {ID: "ij.scan.markers_disagree"}, {ID: "ij.scan.between_seats"},
		{ID: "ij.scan.seat_twice", Args: map[string]any{"seat": ijscan.Note{ID: "ij.scan.seat", Args: map[string]any{"n": 3}}, "n": 2}},
		{ID: "ij.scan.seat_twice", Args: map[string]any{"seat": "Larry", "n": 3}},
		{ID: "ij.scan.intel_twice", Args: map[string]any{"token": 4, "n": 2}},
		{ID: "ij.scan.cards_by_seat", Args: map[string]any{"n": 2 + r.IntN(4), "seat": ijscan.Note{ID: "ij.scan.seat", Args: map[string]any{"n": 1}}}},
	}
	for range r.IntN(3) {
		n := notes[r.IntN(len(notes))]
		o.Notes = append(o.Notes, n)
		o.Warnings = append(o.Warnings, n.ID)
	}
	return o
}

// legalEvent returns an event g takes now, and whose phone may send it.
func legalEvent(r *rand.Rand, g rules.Game, s rules.Setup) (rules.Event, string, bool) {
	name := s.Name
	switch g.Phase() {
	case rules.PartnerPhase:
		acc, _ := g.Partner()
		p := rules.Seat(r.IntN(len(s.Players)))
		return rules.Partner(acc, p), name(acc), p != acc
	case rules.MissionPhase:
		a, _, ok := g.Drawn()
		for try := 0; !ok && try < 200; try++ {
			// A printed mission deck: the lead enters any card still in it.
			a = rules.Mission(1 + r.IntN(rules.Missions))
			ok = g.Legal(rules.Choose(a, rules.NoMission)) == nil
		}
		return rules.Choose(a, rules.NoMission), name(g.Lead()), ok
	case rules.TrickPhase:
		if int(g.Trick().N) == g.Rules().Seats {
			return rules.Resolve(), "", true
		}
		if n := g.Trick().N; n > 0 && r.IntN(4) == 0 {
			by := g.Trick().Plays[n-1].By
			if g.MayWager(by) {
				return rules.Wager(by), name(by), true
			}
		}
		next, _ := s.Seat(g.View().Next)
		who := name(next)
		if next == rules.LarrySeat {
			who = name(g.LarryController())
		}
		for range 100 {
			if c := rules.Card(1 + r.IntN(rules.Cards)); !g.Played(c) {
				return rules.PlayCard(next, c), who, true
			}
		}
	case rules.VotePhase:
		w := g.Waiting()
		v := w[r.IntN(len(w))]
		var targets []rules.Seat
		for i := range rules.Seat(g.Rules().Seats) {
			if i != v && !g.Revealed(i) {
				targets = append(targets, i)
			}
		}
		r.Shuffle(len(targets), func(i, j int) { targets[i], targets[j] = targets[j], targets[i] })
		if g.Role(v) == rules.Paranoid && len(targets) > 1 {
			return rules.Vote(v, targets[0], targets[1]), name(v), true
		}
		return rules.Vote(v, targets[0]), name(v), true
	}
	return rules.Event{}, "", false
}

// noise returns an event body of a random kind with random values, as a
// page may send at the wrong time, from the wrong phone or out of date.
func noise(r *rand.Rand, s rules.Setup) string {
	names := append(append([]string{}, s.Players...), "Larry", "Zed")
	who := func() string { return names[r.IntN(len(names))] }
	card := func() string {
		if r.IntN(15) == 0 {
			return []string{"Q9", "Y14", "P0", ""}[r.IntN(4)]
		}
		return rules.Card(1 + r.IntN(rules.Cards)).String()
	}
	mission := func() string {
		if r.IntN(15) == 0 {
			return "M99"
		}
		return rules.Mission(1 + r.IntN(rules.Missions)).String()
	}
	switch r.IntN(9) {
	case 0, 1, 2:
		return fmt.Sprintf(`{"type":"play","by":%q,"card":%q}`, who(), card())
	case 3:
		return fmt.Sprintf(`{"type":"wager","by":%q}`, who())
	case 4:
		return `{"type":"resolve"}`
	case 5:
		if r.IntN(3) == 0 {
			return fmt.Sprintf(`{"type":"mission","id":%q,"rejected":%q}`, mission(), mission())
		}
		return fmt.Sprintf(`{"type":"mission","id":%q}`, mission())
	case 6:
		return fmt.Sprintf(`{"type":"partner","by":%q,"partner":%q}`, who(), who())
	case 7:
		switch r.IntN(4) {
		case 0:
			return fmt.Sprintf(`{"type":"vote","by":%q,"for":[%q,%q]}`, who(), who(), who())
		case 1:
			return fmt.Sprintf(`{"type":"vote","by":%q,"for":[]}`, who())
		}
		return fmt.Sprintf(`{"type":"vote","by":%q,"for":[%q]}`, who(), who())
	}
	return []string{`{"type":"bogus"}`, `{"type":"new","game":"insidejob"}`, `{"type":"play","by":"Ada"}`,
		`{"type":"resolve","by":"Ada"}`, `{}`, `{"type":"wager","by":"Ada","card":"Y1"}`}[r.IntN(6)]
}

// apiAnswer is an answer of the API: its English text and its message.
type apiAnswer struct {
	Error string       `json:"error"`
	Msg   *catalog.Msg `json:"msg"`
	Scan  *ScanReport  `json:"scan"`
}

// checkAnswer checks an answer: a 4xx carries a message of the catalog,
// and a photo's report says its warnings, its confirmed plays and its
// refusal with messages of the catalog. It returns the answer.
func checkAnswer(t *testing.T, what string, code int, b []byte, said map[string]catalog.Msg) apiAnswer {
	t.Helper()
	var a apiAnswer
	if err := json.Unmarshal(b, &a); err != nil {
		t.Fatalf("%s = %d %s: %v", what, code, b, err)
	}
	switch {
	case code >= 400 && code < 500:
		if a.Msg == nil {
			t.Errorf("%s = %d %s: no message", what, code, b)
			break
		}
		said[a.Msg.ID] = checkSaid(t, fmt.Sprintf("%s = %d %s", what, code, a.Error), *a.Msg)
	case code >= 500:
		t.Fatalf("%s = %d %s", what, code, b)
	}
	if a.Scan != nil {
		for _, m := range a.Scan.Warnings {
			said[m.ID] = checkSaid(t, what+": a warning", m)
		}
		for _, m := range a.Scan.Confirmed {
			said[m.ID] = checkSaid(t, what+": a play confirmed", m)
		}
		if a.Scan.Refused != nil {
			said[a.Scan.Refused.ID] = checkSaid(t, what+": refused", *a.Scan.Refused)
		}
	}
	return a
}

// TestRefusalsSaidOverTheWire plays random games through the API as the
// pages do (the host page and every phone send events of every kind, in and
// out of turn; photos come from the host and the phones) and checks that
// every 4xx answer and every photo report carries messages of the catalog,
// said in Polish, Czech and Portuguese; random bad setups too.
func TestRefusalsSaidOverTheWire(t *testing.T) {
	var dealt rules.Setup
	sc := &fakeScanner{}
	ts := servertest.Start(t, 7, &Family{Scanner: sc, fix: func(s *rules.Setup) { dealt = *s }})
	r := rand.New(rand.NewPCG(5, 23))
	said := map[string]catalog.Msg{}

	// Setups.
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	for range 300 {
		var parts []string
		switch r.IntN(3) {
		case 0:
			var names []string
			for range r.IntN(7) {
				names = append(names, strconvQuote(pick("Ada", "Bob", "Cy", "Dee", "Ed", "Fay", "", " ", "Larry", strings.Repeat("x", 30), "a\nb")))
			}
			parts = append(parts, `"players":[`+strings.Join(names, ",")+`]`)
		case 1:
			parts = append(parts, fmt.Sprintf(`"seats":%d`, r.IntN(8)))
		}
		if r.IntN(3) == 0 {
			parts = append(parts, `"players":["Ada","Bob","Cy"]`, `"seats":3`)
		}
		if r.IntN(2) == 0 {
			var sp []string
			for range r.IntN(4) {
				sp = append(sp, strconvQuote(pick("wiretapped", "paranoid", "risk_taking", "decoy", "accomplice", "shady", "sleeper", "professor_no", "blank", "agent", "spy")))
			}
			parts = append(parts, `"specials":[`+strings.Join(sp, ",")+`]`)
		}
		if r.IntN(4) == 0 {
			parts = append(parts, `"dealer":`+strconvQuote(pick("Ada", "Zed")))
		}
		if r.IntN(4) == 0 {
			parts = append(parts, `"risky":false`)
		}
		if r.IntN(4) == 0 {
			parts = append(parts, `"wagers":false`)
		}
		if r.IntN(20) == 0 {
			parts = append(parts, `"colour":"red"`)
		}
		body := `{"game":"insidejob"` + strings.Repeat(",", min(len(parts), 1)) + strings.Join(parts, ",") + `}`
		code, b := servertest.NewClient(t).Do("POST", ts.URL+"/api/games", body)
		checkAnswer(t, "POST "+body, code, b, said)
	}
	setups := len(said)

	// Games, from the host page and the phones.
	photo := tinyPNG(t)
	for _, req := range []string{
		`{"game":"insidejob","players":["Ada","Bob","Cy","Dee"],"specials":["paranoid","accomplice"]}`,
		`{"game":"insidejob","players":["Ada","Bob"]}`,
		`{"game":"insidejob","players":["Ada","Bob","Cy"],"wagers":false,"printed_missions":true}`,
		`{"game":"insidejob","players":["Ada","Bob","Cy","Dee","Ed"],"specials":["professor_no","shady"]}`,
		`{"game":"insidejob","players":["Ada","Bob","Cy","Dee","Ed"],"specials":["risk_taking","sleeper"]}`,
		`{"game":"insidejob","players":["Ada","Bob","Cy","Dee"],"specials":["decoy","wiretapped"],"printed_missions":true}`,
	} {
		g, phones := startGame(t, ts.URL, req)
		s := dealt
		mirror, err := rules.NewGame(s)
		if err != nil {
			t.Fatal(err)
		}
		host := servertest.HostClient(t, g)
		client := func(who string) *servertest.Client {
			if who == "" {
				return host
			}
			return phones[who]
		}
		anyone := func() string {
			if r.IntN(len(s.Players)+1) == 0 {
				return ""
			}
			return s.Players[r.IntN(len(s.Players))]
		}
		for step := 0; step < 400 && !mirror.Over(); step++ {
			switch k := r.IntN(10); {
			case k < 4:
				who := anyone()
				ev := noise(r, s)
				code, b := client(who).Do("POST", eventURL(g, ts.URL, who), ev)
				checkAnswer(t, fmt.Sprintf("%q sends %s", who, ev), code, b, said)
				if code == http.StatusOK {
					e, err := s.DecodeEvent([]byte(ev))
					if err == nil {
						e.Rejected = rules.NoMission
						mirror, err = mirror.Apply(e)
					}
					if err != nil {
						t.Fatalf("%s taken, but not by the engine: %v", ev, err)
					}
				}
			case k < 5:
				who := anyone()
				sc.set(randomSight(r, mirror, len(s.Players)))
				url := ts.URL + "/api/games/" + g.ID + "/scan"
				if who != "" {
					url = g.Seats[who] + "/scan"
				}
				ctype, body := testkit.Multipart(t, "image", "trick.png", photo)
				code, b := client(who).Send("POST", url, ctype, body)
				a := checkAnswer(t, fmt.Sprintf("a photo from %q", who), code, b, said)
				if a.Scan != nil {
					for _, raw := range a.Scan.Events {
						e, err := s.DecodeEvent(raw)
						if err == nil {
							mirror, err = mirror.Apply(e)
						}
						if err != nil {
							t.Fatalf("the photo entered %s, which the engine refuses: %v", raw, err)
						}
					}
				}
			default:
				e, who, ok := legalEvent(r, mirror, s)
				if !ok {
					continue
				}
				if r.IntN(4) == 0 {
					who = anyone()
				}
				b, err := s.EncodeEvent(e)
				if err != nil {
					t.Fatal(err)
				}
				code, ans := client(who).Do("POST", eventURL(g, ts.URL, who), string(b))
				checkAnswer(t, fmt.Sprintf("%q sends %s", who, b), code, ans, said)
				if code == http.StatusOK {
					if mirror, err = mirror.Apply(e); err != nil {
						t.Fatalf("%s taken, but not by the engine: %v", b, err)
					}
				}
			}
		}
		code, b := host.Do("GET", ts.URL+"/api/games/"+g.ID, "")
		var st struct{ Warnings []catalog.Msg }
		if err := json.Unmarshal(b, &st); code != 200 || err != nil {
			t.Fatalf("state: %d %s", code, b)
		}
		for _, m := range st.Warnings {
			checkSaid(t, "the state's warnings", m)
		}
		t.Logf("%s: %d tricks, over %v", req, mirror.Tricks(), mirror.Over())
	}
	if len(said) < setups+40 {
		t.Errorf("only %d messages said (%d of setups): the games did not go far", len(said), setups)
	}
	t.Logf("%d messages said, %d of them by setups", len(said), setups)
	if testing.Verbose() {
		for id, m := range said {
			t.Logf("%s:\n\tpl %s\n\tcs %s\n\tpt %s", id, m.In("pl"), m.In("cs"), m.In("pt"))
		}
	}
}

func strconvQuote(s string) string { b, _ := json.Marshal(s); return string(b) }

var _ server.Game = game{}
