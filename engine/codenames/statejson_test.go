package codenames

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"fieldkit/keycards"
)

// playRoundTrips plays game n from g to its end with next, and checks that
// the state after every event reads back from its JSON unchanged.
func playRoundTrips[G interface {
	comparable
	Status() Status
}](t *testing.T, n int, g G, next func(G) (G, error)) {
	t.Helper()
	for {
		b, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		var back G
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("game %d: Unmarshal(%s): %v", n, b, err)
		}
		if back != g {
			t.Fatalf("game %d: round trip of %s changed the state", n, b)
		}
		if g.Status().Over() {
			return
		}
		if g, err = next(g); err != nil {
			t.Fatal(err)
		}
	}
}

// TestDuetStateRoundTrip writes and reads the state after every event of random games.
func TestDuetStateRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	src := keycards.SeededSource("state json")
	for n := range 300 {
		g, err := NewDuet(keycards.NewDuet(src), randomMission(r))
		if err != nil {
			t.Fatal(err)
		}
		playRoundTrips(t, n, g.WithLooseTurnOrder(n%2 == 0), func(g Duet) (Duet, error) { return g.Apply(randomDuetEvent(&g, r)) })
	}
}

// TestClassicStateRoundTrip does the same for classic games.
func TestClassicStateRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	src := keycards.SeededSource("classic state json")
	for n := range 300 {
		g, err := NewClassic(keycards.NewClassic(src), Variant(n%2))
		if err != nil {
			t.Fatal(err)
		}
		playRoundTrips(t, n, g, func(g Classic) (Classic, error) { return g.Apply(randomClassicEvent(&g, r)) })
	}
}

func TestDuetStateErrors(t *testing.T) {
	card := duetCard(t, testLayout)
	g, _ := NewDuet(card, Standard)
	g, _ = g.Apply(Clue(A, "w", 2))
	g, _ = g.Apply(Guess(4))
	good, _ := json.Marshal(g)
	cases := []struct{ from, to, want string }{
		{`"game":"duet"`, `"game":"chess"`, `"game" is "chess"`},
		{`"mission":"9-9"`, `"mission":"9-10"`, `allows 10 mistakes`},
		{`"mission":"9-9"`, `"mission":"nine"`, `"mission" "nine"`},
		{`"status":"playing"`, `"status":"paused"`, `"status" is "paused"`},
		{`"giver":"a"`, `"giver":"red"`, `"giver" is "red"`},
		{`"check":0`, `"check":1`, `bank 1 check`},
		{`"agent_a"`, `"agent_b"`, `marked agent_b but is bystander`},
		{`"agent_a"`, `"agent_a+agent_x"`, `mark "agent_x"`},
		{`"agent_a"`, `"assassin_a"`, `marked assassin_a`},
		{`"status":"playing"`, `"status":"sudden_death"`, `status sudden_death in phase guess with 9 tokens`},
		{`"status":"playing"`, `"status":"won","reason":"all_agents"`, `with 14 agents left`},
		{`"phase":"guess","giver":"a","streak":1`, `"phase":"guess"`, `guessing with no clue-giver`},
		{`"count":2`, `"count":99`, `count 99`},
		{`"cells":[`, `"cells":["",`, `26 cells`},
	}
	for _, c := range cases {
		in := strings.Replace(string(good), c.from, c.to, 1)
		if in == string(good) {
			t.Fatalf("%q is not in %s", c.from, good)
		}
		var d Duet
		err := json.Unmarshal([]byte(in), &d)
		if !errors.Is(err, ErrSetup) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Unmarshal(%s) = %v, want an error saying %q", in, err, c.want)
		}
	}
}

// FuzzDuetState checks that any state the decoder accepts round-trips, and that
// applying events to it never panics.
func FuzzDuetState(f *testing.F) {
	r := rand.New(rand.NewPCG(15, 16))
	card := duetCard(f, testLayout)
	g, _ := NewDuet(card, Mission{3, 1})
	for !g.Status().Over() {
		b, _ := json.Marshal(g)
		f.Add(b)
		g, _ = g.Apply(randomDuetEvent(&g, r))
	}
	b, _ := json.Marshal(g)
	f.Add(b)
	f.Fuzz(func(t *testing.T, data []byte) {
		var g Duet
		if err := json.Unmarshal(data, &g); err != nil {
			return
		}
		b, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		var back Duet
		if err := json.Unmarshal(b, &back); err != nil || back != g {
			t.Fatalf("round trip of %s: %v", b, err)
		}
		for _, p := range []Player{Nobody, A, B} {
			g.Apply(Clue(p, "w", 1))
			g.Apply(Stop())
			g.Apply(Penalty())
			for i := range 25 {
				g.Apply(GuessBy(p, i))
			}
		}
		for range 30 {
			if g.Status().Over() {
				break
			}
			g, _ = g.Apply(randomDuetEvent(&g, r))
		}
	})
}
