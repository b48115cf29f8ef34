package insidejob

import (
	"math/rand/v2"
	"testing"
)

// randomSetup deals a random legal table: 2-5 players, sometimes special roles
// (4-5 players), wagers and risky missions on or off, sometimes a deck order.
func randomSetup(r *rand.Rand) Setup {
	names := []string{"Ada", "Borys", "Cyryl", "Dorota", "Edek"}
	n := 2 + r.IntN(4)
	s := Setup{Players: names[:n], Dealer: Seat(r.IntN(n)), Wagers: r.IntN(4) > 0}
	if n == 2 {
		s.Roles = []Role{Agent, Agent, Insider}
	} else {
		s.Roles = make([]Role, n)
		for i := range s.Roles {
			s.Roles[i] = Agent
		}
		s.Roles[0] = Insider
		if n >= 4 && r.IntN(3) > 0 {
			pairs := [][]Role{{Wiretapped}, {Paranoid}, {RiskTaking}, {Decoy}, {Accomplice}, {Shady}, {Sleeper}, {Blank},
				{Sleeper, Paranoid}, {RiskTaking, Shady}, {Accomplice, ProfessorNo}, {Shady, Sleeper}, {Decoy, ProfessorNo},
				{Wiretapped, Decoy}, {ProfessorNo}, {Paranoid, Decoy}, {Wiretapped, RiskTaking}}
			p := pairs[r.IntN(len(pairs))]
			for i, role := range p {
				if role == ProfessorNo {
					s.Roles[0] = ProfessorNo
				} else {
					s.Roles[1+i] = role
				}
			}
		}
	}
	r.Shuffle(len(s.Roles), func(i, j int) { s.Roles[i], s.Roles[j] = s.Roles[j], s.Roles[i] })
	s.Risky = s.has(RiskTaking) || r.IntN(4) == 0
	if r.IntN(2) == 0 {
		s.Deck = Deck(s.Wagers, s.Risky)
		r.Shuffle(len(s.Deck), func(i, j int) { s.Deck[i], s.Deck[j] = s.Deck[j], s.Deck[i] })
	}
	return s
}

// randomEvent picks a legal event for g, without allocating.
func randomEvent(g *Game, r *rand.Rand) Event {
	switch g.phase {
	case PartnerPhase:
		p := Seat(r.IntN(g.rules.Seats - 1))
		if p >= g.accomplice {
			p++
		}
		return Partner(g.accomplice, p)
	case MissionPhase:
		return randomMission(g, r)
	case TrickPhase:
		if g.trickComplete() {
			if w := g.cur.Plays[g.cur.N-1].By; g.MayWager(w) && r.IntN(4) == 0 {
				return Wager(w)
			}
			if r.IntN(2) == 0 {
				return Resolve()
			}
			if n := g.resolved(); n.phase == MissionPhase {
				return randomMission(&n, r)
			}
			return Resolve()
		}
		if g.cur.N > 0 {
			if w := g.cur.Plays[g.cur.N-1].By; g.MayWager(w) && r.IntN(4) == 0 {
				return Wager(w)
			}
		}
		for {
			c := Card(1 + r.IntN(Cards))
			if !g.played.has(c) {
				return PlayCard(g.next(), c)
			}
		}
	case VotePhase:
		w := g.waiting()
		var voters [MaxSeats]Seat
		n := 0
		for i := range Seat(g.rules.Seats) {
			if w.has(i) {
				voters[n] = i
				n++
			}
		}
		by := voters[r.IntN(n)]
		var ts [MaxSeats]Seat
		k := 0
		for i := range Seat(g.rules.Seats) {
			if g.mayVoteFor(by, i) {
				ts[k] = i
				k++
			}
		}
		a := ts[r.IntN(k)]
		if g.votesWanted(by) == 1 {
			return Vote(by, a)
		}
		b := ts[r.IntN(k)]
		for b == a && !g.revealed.has(by) {
			b = ts[r.IntN(k)]
		}
		return Vote(by, a, b)
	}
	return Resolve()
}

// randomMission keeps one of two missions drawn: from the deck order when there
// is one, else two unused cards; a risky card drawn is kept.
func randomMission(g *Game, r *rand.Rand) Event {
	a, b, ok := g.Drawn()
	if !ok {
		a, b = g.randomUnused(r), NoMission
		for b == NoMission || b == a {
			b = g.randomUnused(r)
		}
	}
	if r.IntN(2) == 0 {
		a, b = b, a
	}
	if b.Risky() && !a.Risky() {
		a, b = b, a
	}
	if !ok && r.IntN(3) == 0 {
		b = NoMission // the table does not say which card went back to the box
	}
	return Choose(a, b)
}

func (g *Game) randomUnused(r *rand.Rand) Mission {
	for {
		m := Mission(1 + r.IntN(Missions))
		if inDeck(m, g.wagersOn, g.risky) && !g.used[m] {
			return m
		}
	}
}

// checkInvariants checks decision 5.7's invariants between two states.
func checkInvariants(t *testing.T, n int, before, g *Game, e Event) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("game %d (%s), after %+v: "+format, append([]any{n, g, e}, args...)...)
	}
	held := 0
	for i := range g.rules.Seats {
		held += int(g.intel[i])
	}
	if held+int(g.supply)+g.OnCards() != Tokens {
		fail("%d held + %d supply + %d on cards != %d", held, g.supply, g.OnCards(), Tokens)
	}
	if g.accomplice != NoSeat && g.intel[g.accomplice] != 0 {
		fail("the Accomplice holds %d intel", g.intel[g.accomplice])
	}
	if g.played.count() < before.played.count() || (e.Type == CardPlayed && g.played.count() != before.played.count()+1) {
		fail("cards played %d -> %d", before.played.count(), g.played.count())
	}
	for i := range int(g.cur.N) {
		if g.cur.Plays[i].Wager && i == 0 {
			fail("a wager on the lead's card")
		}
		if g.larry() && g.cur.Plays[i].By == LarrySeat && g.cur.Plays[i].Wager {
			fail("Larry wagered")
		}
	}
	if before.revealed&^g.revealed != 0 {
		fail("revealed set shrank: %b -> %b", before.revealed, g.revealed)
	}
	left := g.rules.Hand - int(g.trick)
	if g.trick > uint8(g.rules.Tricks) || left < g.rules.Hand-g.rules.Tricks {
		fail("%d tricks resolved, %d cards left in hand", g.trick, left)
	}
	plays := g.played.count()
	wantPlays := int(g.trick)*g.rules.Seats + int(g.cur.N)
	if g.phase != OverPhase && plays != wantPlays {
		fail("%d cards played after %d tricks and %d plays", plays, g.trick, g.cur.N)
	}
	if g.larry() {
		if g.lead == LarrySeat || g.LarryController() == g.lead || g.LarryController() == LarrySeat {
			fail("lead %d, Larry's controller %d", g.lead, g.LarryController())
		}
	}
	used := 0
	for _, u := range g.used {
		if u {
			used++
		}
	}
	if deck := len(Deck(g.wagersOn, g.risky)); used > deck || (g.phase == MissionPhase && deck-used < 2) {
		fail("%d of %d mission cards used in phase %s", used, deck, g.phase)
	}
	if g.phase == OverPhase && (g.reason == NoReason || g.winners == 0) {
		fail("over with reason %q and winners %b", g.reason, g.winners)
	}
	if g.phase != OverPhase && g.winners != 0 {
		fail("winners before the end")
	}
}

// TestRandomGames plays 10,000 random legal games and checks the invariants
// after every event, and that the ends the rules allow all happen.
func TestRandomGames(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 2026))
	ends := map[string]int{}
	games := 10000
	if testing.Short() {
		games = 1000
	}
	for n := range games {
		s := randomSetup(r)
		g, err := NewGame(s)
		if err != nil {
			t.Fatalf("game %d: random setup %+v refused: %v", n, s, err)
		}
		var seen cardSet
		for steps := 0; !g.Over(); steps++ {
			if steps > 200 {
				t.Fatalf("game %d does not end: %s", n, g)
			}
			e := randomEvent(&g, r)
			before := g
			next, err := g.Apply(e)
			if err != nil {
				t.Fatalf("game %d (%s): random legal event %+v refused: %v", n, g, e, err)
			}
			if e.Type == CardPlayed {
				if seen.has(e.Card) {
					t.Fatalf("game %d: %s played twice", n, e.Card)
				}
				seen.add(e.Card)
			}
			g = next
			checkInvariants(t, n, &before, &g, e)
		}
		ends[g.reason.String()]++
		for _, e := range []Event{Resolve(), Choose(M01, NoMission), PlayCard(0, 1), Wager(1), Vote(0, 1)} {
			if g.Legal(e) == nil {
				t.Fatalf("game %d: %+v legal after the game ended", n, e)
			}
		}
	}
	for r := InsiderIntel; int(r) < len(reasonNames); r++ {
		if ends[r.String()] == 0 && !testing.Short() {
			t.Errorf("no random game ended with %s: %v", r, ends)
		}
	}
	t.Logf("ends of %d random games: %v", games, ends)
}

// TestReplay rebuilds random games from their setup and event log.
func TestReplay(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for n := range 300 {
		s := randomSetup(r)
		g, err := NewGame(s)
		if err != nil {
			t.Fatal(err)
		}
		var log []Event
		for !g.Over() {
			e := randomEvent(&g, r)
			log = append(log, e)
			if g, err = g.Apply(e); err != nil {
				t.Fatal(err)
			}
		}
		back, err := Replay(s, log)
		if err != nil || back != g {
			t.Fatalf("game %d: Replay = %s, %v; want %s", n, back, err, g)
		}
	}
}

// TestApplyAllocs checks that legal events allocate nothing.
func TestApplyAllocs(t *testing.T) {
	g, err := NewGame(table4(janek))
	if err != nil {
		t.Fatal(err)
	}
	events := []Event{Choose(M05, NoMission), PlayCard(krzysiek, NewCard(Green, 13)), PlayCard(hania, NewCard(Green, 5)), Wager(hania),
		PlayCard(monika, NewCard(Yellow, 5)), PlayCard(janek, NewCard(Green, 4)), Choose(M11, M12)}
	allocs := testing.AllocsPerRun(100, func() {
		s := g
		for _, e := range events {
			s, err = s.Apply(e)
		}
	})
	if err != nil || allocs != 0 {
		t.Errorf("Apply: %v allocations per trick, err %v; want 0", allocs, err)
	}
}

var benchSink Game

// BenchmarkApply measures one event on the value state: a card played.
func BenchmarkApply(b *testing.B) {
	g, err := NewGame(table4(janek))
	if err != nil {
		b.Fatal(err)
	}
	g = mustApply(b, g, Choose(M05, NoMission), PlayCard(krzysiek, NewCard(Green, 13)))
	e := PlayCard(hania, NewCard(Green, 5))
	b.ReportAllocs()
	for b.Loop() {
		benchSink, _ = g.Apply(e)
	}
}

// BenchmarkApplyResolve measures the heaviest event: a mission that resolves
// the complete trick first.
func BenchmarkApplyResolve(b *testing.B) {
	g, err := NewGame(table4(janek))
	if err != nil {
		b.Fatal(err)
	}
	g = mustApply(b, g, Choose(M05, NoMission), PlayCard(krzysiek, NewCard(Green, 13)), PlayCard(hania, NewCard(Green, 5)), Wager(hania),
		PlayCard(monika, NewCard(Yellow, 5)), PlayCard(janek, NewCard(Green, 4)))
	e := Choose(M11, M12)
	b.ReportAllocs()
	for b.Loop() {
		benchSink, _ = g.Apply(e)
	}
}

// BenchmarkRandomGame measures whole random games, move choice included.
func BenchmarkRandomGame(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	starts := make([]Game, 64)
	for i := range starts {
		var err error
		if starts[i], err = NewGame(randomSetup(r)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	n, events := 0, 0
	for b.Loop() {
		g := starts[n%len(starts)]
		n++
		for !g.Over() {
			g, _ = g.Apply(randomEvent(&g, r))
			events++
		}
		benchSink = g
	}
	b.ReportMetric(float64(events)/float64(n), "events/game")
}
