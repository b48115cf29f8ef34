package insidejob

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestRevokes: Borys shows out of yellow in trick 1 and plays yellow in trick 2,
// a provable revoke; Cyryl shows out of green in trick 2 and never plays green
// again, which proves nothing.
func TestRevokes(t *testing.T) {
	s := table("agent agent agent insider")
	g, err := NewGame(s)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err = run(&s, g, "M14: Y5 B2 Y3 Y4; M01: G5 Y9 B6 G7")
	if err != nil {
		t.Fatal(err)
	}
	want := []Revoke{{Player: 1, Colour: Yellow, ShowedOut: 1, Played: 2}}
	if got := g.Revokes(); !reflect.DeepEqual(got, want) {
		t.Fatalf("Revokes = %+v, want %+v", got, want)
	}
	l, _ := g.Last()
	var first Trick
	first.Trump = Pink
	for i, c := range []string{"Y5", "B2", "Y3", "Y4"} {
		first.Add(Play{By: Seat(i), Card: card(t, c)})
	}
	if got := ProvableRevokes([]Trick{first, l.Trick}, NoSeat, nil); !reflect.DeepEqual(got, want) {
		t.Errorf("ProvableRevokes = %+v, want %+v", got, want)
	}
	if v := g.View(); v.Revokes != nil {
		t.Errorf("the state shows revokes during play: %+v", v.Revokes)
	}
}

// TestRevokesFree: the same plays are a revoke for an Agent and a permitted
// off-colour play for the Insider and Professor No, who need not follow colour
// (002:L225-227, 002:L400). Dorota shows out of yellow in trick 1 and plays
// yellow in trick 2.
func TestRevokesFree(t *testing.T) {
	for _, c := range []struct {
		roles string
		free  bool
	}{
		{"agent agent insider agent", false},
		{"agent agent agent insider", true},
		{"agent agent agent professor_no", true},
		{"agent agent insider sleeper", false},
	} {
		s := table(c.roles)
		g, err := NewGame(s)
		if err != nil {
			t.Fatal(err)
		}
		g, _, err = run(&s, g, "M14: Y5 Y2 Y3 B4; M01: G5 G7 B6 Y9")
		if err != nil {
			t.Fatalf("%s: %v", c.roles, err)
		}
		want := []Revoke{{Player: 3, Colour: Yellow, ShowedOut: 1, Played: 2, Free: c.free}}
		if got := g.Revokes(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Revokes = %+v, want %+v", c.roles, got, want)
		}
	}
}

// TestRevokesLarry: Larry's colours prove nothing; the players' do.
func TestRevokesLarry(t *testing.T) {
	s := table("agent insider agent!")
	g, err := NewGame(s)
	if err != nil {
		t.Fatal(err)
	}
	// Ada leads Y2, Larry B9, Borys G3: both show out of yellow. Ada wins
	// (no trump), leads Y7: Larry Y8, Borys Y10 (Borys, the Insider, may).
	g, _, err = run(&s, g, "M14: Y2 B9 G3; M03: Y7 Y8 Y10")
	if err != nil {
		t.Fatal(err)
	}
	want := []Revoke{{Player: 1, Colour: Yellow, ShowedOut: 1, Played: 2, Free: true}}
	if got := g.Revokes(); !reflect.DeepEqual(got, want) {
		t.Fatalf("Revokes = %+v, want %+v", got, want)
	}
}

// TestRevokesAgree checks over random games that the game's running record and
// ProvableRevokes over the tricks agree, and that the final state lists them.
func TestRevokesAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	found := 0
	for n := range 500 {
		s := randomSetup(r)
		g, err := NewGame(s)
		if err != nil {
			t.Fatal(err)
		}
		var tricks []Trick
		for !g.Over() {
			e := randomEvent(&g, r)
			before := g
			if g, err = g.Apply(e); err != nil {
				t.Fatal(err)
			}
			if g.trick != before.trick {
				tricks = append(tricks, before.cur) // the complete trick this event resolved
			}
		}
		larry := NoSeat
		if g.larry() {
			larry = LarrySeat
		}
		var free [MaxSeats]bool
		for i := range Seat(g.rules.Seats) {
			free[i] = g.roles[i].Mole()
		}
		got, want := g.Revokes(), ProvableRevokes(tricks, larry, free[:])
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("game %d: Revokes = %+v, ProvableRevokes = %+v", n, got, want)
		}
		v := g.View()
		if len(v.Revokes)+len(v.OffColour) != len(got) {
			t.Fatalf("game %d: the final state lists %d revokes and %d off-colour plays, want %d in all", n, len(v.Revokes), len(v.OffColour), len(got))
		}
		roles := map[string]string{}
		for _, p := range v.Players {
			roles[p.Name] = *p.Revealed
		}
		for _, r := range v.Revokes {
			if roles[r.Player] == "insider" || roles[r.Player] == "professor_no" {
				t.Fatalf("game %d: %s (%s) need not follow colour, yet is listed as a revoke: %+v", n, r.Player, roles[r.Player], r)
			}
		}
		for _, r := range v.OffColour {
			if roles[r.Player] != "insider" && roles[r.Player] != "professor_no" {
				t.Fatalf("game %d: %s (%s) must follow colour, yet is listed as a permitted off-colour play: %+v", n, r.Player, roles[r.Player], r)
			}
		}
		found += len(got)
	}
	if found == 0 {
		t.Fatal("no random game had a provable revoke")
	}
}

func TestRulesFor(t *testing.T) {
	for _, c := range []struct {
		players   int
		professor bool
		want      Rules
	}{
		{2, false, Rules{Players: 2, Seats: 3, Hand: 10, Tricks: 9, Goal: 7, Threshold: 6}},
		{3, false, Rules{Players: 3, Seats: 3, Hand: 13, Tricks: 11, Goal: 9, Threshold: 6}},
		{4, false, Rules{Players: 4, Seats: 4, Hand: 12, Tricks: 10, Goal: 7, Threshold: 5}},
		{5, false, Rules{Players: 5, Seats: 5, Hand: 10, Tricks: 9, Goal: 6, Threshold: 4}},
		{4, true, Rules{Players: 4, Seats: 4, Hand: 12, Tricks: 10, Goal: 7, Threshold: 4}},
		{5, true, Rules{Players: 5, Seats: 5, Hand: 10, Tricks: 9, Goal: 6, Threshold: 3}},
	} {
		got, err := RulesFor(c.players, c.professor)
		if err != nil || got != c.want {
			t.Errorf("RulesFor(%d, %v) = %+v, %v; want %+v", c.players, c.professor, got, err, c.want)
		}
		// The cards left in hand at the vote: 2 (3-4 players), 1 (5), 1 (2 players).
		left := map[int]int{2: 1, 3: 2, 4: 2, 5: 1}[c.players]
		if got.Hand-got.Tricks != left {
			t.Errorf("%d players: %d cards left at the vote, want %d (002:L198-204)", c.players, got.Hand-got.Tricks, left)
		}
		// The supply never runs dry: 14 tokens cover the starting ones and one per trick.
		start := got.Players
		if got.Players == 2 {
			start = 5
		}
		if start+got.Tricks > Tokens {
			t.Errorf("%d players: %d starting tokens + %d tricks > %d", c.players, start, got.Tricks, Tokens)
		}
	}
	for _, n := range []int{0, 1, 6} {
		if _, err := RulesFor(n, false); err == nil {
			t.Errorf("RulesFor(%d) accepted", n)
		}
	}
}

// TestMissionCards checks the deck's balance: 6 trumps per colour among M01-M24,
// one per colour among the risky cards, and ids that read back.
func TestMissionCards(t *testing.T) {
	var trumps [Colours]int
	var risky [Colours]int
	for m := M01; m <= R4; m++ {
		if back, err := ParseMission(m.String()); err != nil || back != m {
			t.Errorf("ParseMission(%q) = %v, %v", m, back, err)
		}
		if want := "ij.mission." + m.String(); string(m.Term()) != want {
			t.Errorf("%s.Term() = %q, want %q", m, m.Term(), want)
		}
		if m.Risky() {
			risky[m.Trump()]++
		} else {
			trumps[m.Trump()]++
		}
	}
	if trumps != [Colours]int{6, 6, 6, 6} || risky != [Colours]int{1, 1, 1, 1} {
		t.Errorf("trumps per colour %v, risky %v; want 6 each and 1 each", trumps, risky)
	}
	if n := len(Deck(false, false)); n != 22 {
		t.Errorf("the deck without wagers has %d cards, want 22", n)
	}
	if n := len(Deck(true, true)); n != 28 {
		t.Errorf("the deck with risky missions has %d cards, want 28", n)
	}
}

// TestMissionConditions checks each mission on a trick that fulfils it and one
// that does not (4 players unless the trick has 3 or 5 cards).
func TestMissionConditions(t *testing.T) {
	cases := []struct {
		m       Mission
		yes, no string
	}{
		{M01, "Y7 B8 G13 P9", "Y7 B8 G6 P9"},
		{M02, "Y7 B1 G2 P3", "Y8 B1 G2 P3"},
		{M03, "Y7 B1 G3 P13", "Y7 B1 G2 P13"},
		{M04, "Y2 B4 G12 P10", "Y2 B4 G13 P10"},
		{M05, "Y2 B3 G5 P10", "Y2 B3 G4 P10"},
		{M05, "Y2 B3 G4", "Y2 B4 G3"},
		{M05, "Y2 B4 G3 P4 Y6", "Y2 B4 G2 P4 Y6"},
		{M06, "Y2 B4 G5 P10", "Y2 B4 G4 P10"},
		{M07, "Y12 B4 G3 P1", "Y12 B4 G5 P1"},
		{M08, "B2 Y13 G13 P13", "Y2 Y13 G13 P13"},
		{M09, "Y2 Y3 G13 Y4", "Y2 Y3 G13 P4"},
		{M10, "G2 G3 Y13 Y1", "G3 G2 Y1 Y13"},
		{M11, "G2 B13 Y1 Y3", "B13 B1 Y12 Y3"},
		{M12, "Y6 Y5 B1 B2", "Y7 Y5 G1 G2"},
		{M13, "B6 B5 B1 B2", "B6 B5 B1 G2"},
		{M14, "Y6 Y5 B1 B2", "Y6 Y5 B1 P2"},
		{M15, "Y6 Y5 B1 B2", "Y6 Y5 B1 P2"},
		{M16, "Y6 B5 Y1 Y2", "Y6 B5 B1 Y2"},
		{M17, "Y6 B5 Y1 Y2", "Y6 B5+ Y1 Y2"},
		{M18, "Y6 B5+ Y1 Y2", "Y6 B5 Y1 Y2"},
		{M19, "Y6 B6 Y1 Y2", "Y6 B5 Y1 Y2"},
		{M20, "Y6 B6 Y1 Y2", "Y6 B6 Y1 Y3"},
		{M21, "Y6 B10 Y8 Y8", "Y6 B10 Y8 Y7"},
		{M22, "Y6 B10 Y4 Y4", "Y6 B10 Y4 Y5"},
		{M23, "G6 B10 Y4 G5", "G6 B10 Y4 Y5"},
		{M23, "G6 B10 Y4 Y5+", "Y6 B10 Y4 Y5+"},
		{M24, "G6 B10 Y4 Y5", "G6 G10 Y4 Y5"},
		{R1, "G9 B10 Y13 Y11", "G9 B10 Y13 Y8"},
		{R2, "G9 G10 G13 G11", "G9 G10 G13+ G11"},
		{R2, "Y9 Y10 Y13 Y11", "B9 B10 B13 B11"},
		{R3, "G3 Y2 Y1 B13", "G3 Y2 Y1+ B13"},
		{R4, "G3 Y2 Y1 Y5", "G3 Y2 Y1 Y6"},
	}
	for _, c := range cases {
		for _, x := range []struct {
			cards string
			want  bool
		}{{c.yes, true}, {c.no, false}} {
			tr := Trick{Trump: c.m.Trump()}
			for i, f := range splitCards(t, x.cards) {
				tr.Add(Play{By: Seat(i), Card: f.Card, Wager: f.Wager})
			}
			if got := c.m.Completed(&tr); got != x.want {
				t.Errorf("%s (%s, trump %s) on %s = %v, want %v", c.m, c.m.Term(), c.m.Trump(), x.cards, got, x.want)
			}
		}
	}
}

func splitCards(t *testing.T, s string) []Play {
	var out []Play
	for _, f := range splitFields(s) {
		w := f[len(f)-1] == '+'
		if w {
			f = f[:len(f)-1]
		}
		out = append(out, Play{Card: card(t, f), Wager: w})
	}
	return out
}

func splitFields(s string) []string {
	var out []string
	start := -1
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' {
			if start >= 0 {
				out = append(out, s[start:i])
			}
			start = -1
		} else if start < 0 {
			start = i
		}
	}
	return out
}

// TestMissionFailed checks Failed against Completed: over random tricks of 3, 4
// and 5 cards, no prefix said to have failed ever ends completed, and Failed
// catches the obvious cases.
func TestMissionFailed(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	caught := 0
	for range 200000 {
		n := 3 + r.IntN(3)
		m := Mission(1 + r.IntN(Missions))
		tr := Trick{Trump: m.Trump()}
		var seen cardSet
		failedAt := -1
		for i := range n {
			c := Card(1 + r.IntN(Cards))
			for seen.has(c) {
				c = Card(1 + r.IntN(Cards))
			}
			seen.add(c)
			tr.Add(Play{By: Seat(i), Card: c, Wager: i > 0 && r.IntN(4) == 0})
			if failedAt < 0 && m.Failed(&tr, n) {
				failedAt = i
			}
		}
		if m.ValuesOnly() {
			flipped := tr
			for i := 1; i < n; i++ {
				flipped.Plays[i].Wager = !flipped.Plays[i].Wager
			}
			flipped.Trump = (tr.Trump + 1) % Colours
			if m.Completed(&flipped) != m.Completed(&tr) {
				t.Fatalf("%s says it looks only at values, but wagers or trump change it on %+v", m, tr)
			}
		}
		if failedAt >= 0 {
			caught++
			if m.Completed(&tr) {
				t.Fatalf("%s (%s): Failed after card %d of %+v, but the trick completes it", m, m.Term(), failedAt+1, tr)
			}
		}
	}
	if caught == 0 {
		t.Fatal("Failed never said yes")
	}
}
