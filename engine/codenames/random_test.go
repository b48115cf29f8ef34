package codenames

import (
	"math/rand/v2"
	"testing"

	"fieldkit/keycards"
)

// randomDuetEvent picks a legal event for g: clues by whoever may give one, guesses
// that lean toward green words (so games run long), stops, and now and then a penalty.
func randomDuetEvent(g *Duet, r *rand.Rand) Event {
	if g.status == Playing && g.phase == CluePhase {
		by := A
		if !g.MayClue(A) || (g.MayClue(B) && r.IntN(2) == 0) {
			by = B
		}
		if !(g.MayClue(A) && g.MayClue(B)) && r.IntN(2) == 0 {
			by = Nobody // implied
		}
		return Clue(by, "clue", r.IntN(4))
	}
	if g.MayStop() && r.IntN(4) == 0 {
		return Stop()
	}
	if g.status == Playing && !g.penalized && r.IntN(50) == 0 {
		return Penalty()
	}
	by := g.Guesser()
	if g.status == SuddenDeath {
		by = A
		if !g.MayGuess(A) || (g.MayGuess(B) && r.IntN(2) == 0) {
			by = B
		}
	}
	judge := by.Partner() - A
	var cells, greens [25]int8
	nc, ng := 0, 0
	for i := range 25 {
		if g.Guessable(by, i) {
			cells[nc] = int8(i)
			nc++
			if g.sides[judge][i] == keycards.Agent {
				greens[ng] = int8(i)
				ng++
			}
		}
	}
	if ng > 0 && r.IntN(10) < 8 {
		return GuessBy(by, int(greens[r.IntN(ng)]))
	}
	return GuessBy(by, int(cells[r.IntN(nc)]))
}

// randomMission returns the standard game most of the time, else a mission.
func randomMission(r *rand.Rand) Mission {
	if r.IntN(2) == 0 {
		return Standard
	}
	t := 1 + r.IntN(MaxTokens)
	return Mission{Turns: t, Mistakes: r.IntN(t + 1)}
}

// TestDuetRandomGames plays random legal games and checks invariants after every event.
func TestDuetRandomGames(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	src := keycards.SeededSource("random games")
	ends := map[Reason]int{}
	for n := range 3000 {
		m := randomMission(r)
		g, err := NewDuet(keycards.NewDuet(src), m)
		if err != nil {
			t.Fatal(err)
		}
		g = g.WithLooseTurnOrder(n%3 == 0)
		clues, events := 0, 0
		for !g.Status().Over() {
			e := randomDuetEvent(&g, r)
			before := g
			next, err := g.Apply(e)
			if err != nil {
				t.Fatalf("game %d: random legal event %+v refused: %v", n, e, err)
			}
			if e.Type == GuessMade && before.Covered(e.Cell) {
				t.Fatalf("game %d: covered cell %d was guessed", n, e.Cell)
			}
			if e.Type == ClueGiven {
				clues++
			}
			g = next
			events++
			checkDuetInvariants(t, n, before, g)
			if clues > m.Turns || events > m.Turns*27+25 {
				t.Fatalf("game %d (%v): %d clues, %d events and still %s", n, m, clues, events, g.Status())
			}
		}
		ends[g.Reason()]++
		if g.Status() == Won && (g.Score() < -1 || g.Score() > 3*(m.Turns-1)+m.Turns) {
			t.Fatalf("game %d: score %d out of range", n, g.Score())
		}
		// Nothing is legal after the end.
		for _, e := range []Event{Clue(A, "w", 1), Guess(0), Stop(), Penalty()} {
			if g.Legal(e) == nil {
				t.Fatalf("game %d: %+v legal after the game ended", n, e)
			}
		}
	}
	for _, r := range []Reason{AllAgents, AssassinHit, OutOfTime, SuddenDeathMiss} {
		if ends[r] == 0 {
			t.Errorf("no random game ended with %s: %v", r, ends)
		}
	}
}

func checkDuetInvariants(t *testing.T, n int, before, g Duet) {
	t.Helper()
	if g.TokensLeft() < 0 || g.TokensLeft() > before.TokensLeft() || g.TokensLeft() > g.Mission().Turns {
		t.Fatalf("game %d: tokens %d after %d", n, g.TokensLeft(), before.TokensLeft())
	}
	if g.MistakesLeft() > g.TokensLeft() {
		t.Fatalf("game %d: %d mistakes left with %d tokens", n, g.MistakesLeft(), g.TokensLeft())
	}
	agents, greens := 0, [2]int{}
	for i := range 25 {
		c := g.cells[i]
		if c&agentMask != 0 {
			continue
		}
		if g.sides[0][i] == keycards.Agent || g.sides[1][i] == keycards.Agent {
			agents++
		}
		for s := range 2 {
			if g.sides[s][i] == keycards.Agent {
				greens[s]++
			}
		}
		if before.Covered(i) && !g.Covered(i) {
			t.Fatalf("game %d: cell %d uncovered", n, i)
		}
	}
	if agents != g.AgentsLeft() || greens[0] != g.GreensLeft(A) || greens[1] != g.GreensLeft(B) {
		t.Fatalf("game %d: counted %d agents, %v greens; state says %d, %d/%d", n, agents, greens, g.AgentsLeft(), g.GreensLeft(A), g.GreensLeft(B))
	}
	if g.Status() == SuddenDeath && g.TokensLeft() != 0 {
		t.Fatalf("game %d: sudden death with %d tokens", n, g.TokensLeft())
	}
	if g.Status() == Playing && g.Phase() == CluePhase && !g.MayClue(A) && !g.MayClue(B) {
		t.Fatalf("game %d: nobody may give the next clue", n)
	}
}

// TestDuetApplyAllocs checks that applying legal events allocates nothing.
func TestDuetApplyAllocs(t *testing.T) {
	g, err := NewDuet(duetCard(t, testLayout), Standard)
	if err != nil {
		t.Fatal(err)
	}
	events := []Event{Clue(A, "w", 2), Guess(4), Guess(5), Stop(), Clue(B, "x", 1), Guess(bystBoth)}
	allocs := testing.AllocsPerRun(100, func() {
		s := g
		for _, e := range events {
			s, err = s.Apply(e)
		}
	})
	if err != nil || allocs != 0 {
		t.Errorf("Apply: %v allocations per game, err %v; want 0", allocs, err)
	}
}

var benchSink Duet

// BenchmarkDuetApply measures one event: a correct guess.
func BenchmarkDuetApply(b *testing.B) {
	g, err := NewDuet(duetCard(b, testLayout), Standard)
	if err != nil {
		b.Fatal(err)
	}
	g, _ = g.Apply(Clue(A, "w", 3))
	e := Guess(4)
	b.ReportAllocs()
	for b.Loop() {
		benchSink, _ = g.Apply(e)
	}
}

// BenchmarkDuetRandomGame measures whole random games, move choice included.
func BenchmarkDuetRandomGame(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	src := keycards.SeededSource("bench")
	starts := make([]Duet, 64)
	for i := range starts {
		starts[i], _ = NewDuet(keycards.NewDuet(src), Standard)
	}
	b.ReportAllocs()
	n, events := 0, 0
	for b.Loop() {
		g := starts[n%len(starts)]
		n++
		for !g.status.Over() {
			g, _ = g.Apply(randomDuetEvent(&g, r))
			events++
		}
		benchSink = g
	}
	b.ReportMetric(float64(events)/float64(n), "events/game")
}

// randomClassicEvent picks a legal event for a classic game.
func randomClassicEvent(g *Classic, r *rand.Rand) Event {
	var cells [25]int8
	n := 0
	switch g.Phase() {
	case CluePhase:
		if g.MayCover() && r.IntN(2) == 0 {
			for i := range 25 {
				if !g.covered[i] && teamOf(g.cells[i]) == g.turn {
					cells[n] = int8(i)
					n++
				}
			}
			return Cover(OwnCover, Nobody, int(cells[r.IntN(n)]))
		}
		counts := []int{0, 1, 2, 3, Unlimited}
		return Clue(g.Turn(), "clue", counts[r.IntN(len(counts))])
	case CoverPhase:
		for i := range 25 {
			if !g.covered[i] && teamOf(g.cells[i]) == g.start.Partner() {
				cells[n] = int8(i)
				n++
			}
		}
		return Cover(EnemyCover, Nobody, int(cells[r.IntN(n)]))
	}
	if g.guesses > 0 && r.IntN(4) == 0 {
		return Stop()
	}
	if r.IntN(40) == 0 {
		return Penalty()
	}
	for i := range 25 {
		if !g.covered[i] && (r.IntN(3) > 0 || teamOf(g.cells[i]) == g.turn) {
			cells[n] = int8(i)
			n++
		}
	}
	if n == 0 {
		for i := range 25 {
			if !g.covered[i] {
				cells[n] = int8(i)
				n++
			}
		}
	}
	return Guess(int(cells[r.IntN(n)]))
}

// randomClassicLog plays a random classic game; touched marks the cells its
// guesses and covers named.
func randomClassicLog(t *testing.T, card keycards.ClassicCard, v Variant, r *rand.Rand) (events []Event, touched [25]bool) {
	g, err := NewClassic(card, v)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Status().Over() {
		e := randomClassicEvent(&g, r)
		if e.Cell != NoCell {
			touched[e.Cell] = true
		}
		events = append(events, e)
		if g, err = g.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	return events, touched
}

// TestClassicRandomGames plays random classic games and checks their invariants.
func TestClassicRandomGames(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	src := keycards.SeededSource("classic random games")
	ends := map[string]int{}
	for n := range 2000 {
		card := keycards.NewClassic(src)
		v := Variant(n % 2)
		g, err := NewClassic(card, v)
		if err != nil {
			t.Fatal(err)
		}
		for steps := 0; !g.Status().Over(); steps++ {
			if steps > 200 {
				t.Fatalf("game %d does not end", n)
			}
			e := randomClassicEvent(&g, r)
			before := g
			if e.Type == GuessMade && g.Covered(e.Cell) {
				t.Fatalf("game %d: random player picked a covered cell", n)
			}
			if g, err = g.Apply(e); err != nil {
				t.Fatalf("game %d: %+v refused: %v", n, e, err)
			}
			left := [2]int{}
			for i := range 25 {
				if before.covered[i] && !g.covered[i] {
					t.Fatalf("game %d: cell %d uncovered", n, i)
				}
				if tm := teamOf(g.cells[i]); tm != Nobody && !g.covered[i] {
					left[teamIndex(tm)]++
				}
			}
			if left[0] != g.AgentsLeft(Red) || left[1] != g.AgentsLeft(Blue) {
				t.Fatalf("game %d: agents left %v, state says %d/%d", n, left, g.AgentsLeft(Red), g.AgentsLeft(Blue))
			}
			if gl := g.GuessesLeft(); g.Phase() == GuessPhase && g.Status() == Playing && gl != Unlimited && gl < 1 {
				t.Fatalf("game %d: guessing with %d guesses left", n, gl)
			}
		}
		ends[v.String()+"/"+g.Status().String()+"/"+g.Reason().String()]++
		if g.Variant() == Solo && g.Status() == Won && (g.Score() < 1 || g.Score() > 8) {
			t.Fatalf("game %d: solo score %d", n, g.Score())
		}
	}
	for _, k := range []string{"teams/won/all_agents", "teams/won/assassin", "solo/won/all_agents", "solo/lost/assassin", "solo/lost/enemy_found"} {
		if ends[k] == 0 {
			t.Errorf("no random game ended %s: %v", k, ends)
		}
	}
}

// BenchmarkClassicRandomGame measures whole random classic games.
func BenchmarkClassicRandomGame(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	g0, _ := NewClassic(keycards.NewClassic(keycards.SeededSource("bench")), Teams)
	b.ReportAllocs()
	for b.Loop() {
		g := g0
		for !g.status.Over() {
			g, _ = g.Apply(randomClassicEvent(&g, r))
		}
	}
}
