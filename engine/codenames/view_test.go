package codenames

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"fieldkit/keycards"
)

// randomDuetLog plays a random legal Duet game and returns its events and the
// cells its guesses touched.
func randomDuetLog(t *testing.T, card keycards.DuetCard, m Mission, r *rand.Rand) (events []Event, touched [25]bool) {
	g, err := NewDuet(card, m)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Status().Over() {
		e := randomDuetEvent(&g, r)
		if e.Type == GuessMade {
			touched[e.Cell] = true
		}
		events = append(events, e)
		if g, err = g.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	return events, touched
}

// sessionViews replays events through a Session and returns every state line.
func sessionViews(t *testing.T, setup Setup, events []Event) [][]byte {
	s, err := Session{}.Apply(New(setup))
	if err != nil {
		t.Fatal(err)
	}
	views := [][]byte{s.View().JSON()}
	for _, e := range events {
		if s, err = s.Apply(e); err != nil {
			t.Fatalf("replay of %+v: %v", e, err)
		}
		views = append(views, s.View().JSON())
	}
	return views
}

// TestViewHidesUnrevealed swaps two cells no guess touched and replays the same
// game: every state line must come out byte for byte the same, so the public view
// says nothing about cells that were not revealed. No line names the key code.
func TestViewHidesUnrevealed(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	src := keycards.SeededSource("view")
	swapped := 0
	for n := range 300 {
		card := keycards.NewDuet(src)
		m := randomMission(r)
		events, touched := randomDuetLog(t, card, m, r)
		var free []int
		for i, ok := range touched {
			if !ok {
				free = append(free, i)
			}
		}
		if len(free) < 2 {
			continue
		}
		i, j := free[r.IntN(len(free))], free[r.IntN(len(free))]
		other := card
		other.A[i], other.A[j] = card.A[j], card.A[i]
		other.B[keycards.Turn(i)], other.B[keycards.Turn(j)] = card.B[keycards.Turn(j)], card.B[keycards.Turn(i)]
		if other == card {
			continue // the two cells were alike
		}
		swapped++
		v1 := sessionViews(t, Setup{Game: keycards.Duet, Key: card.Code(), Mission: m}, events)
		v2 := sessionViews(t, Setup{Game: keycards.Duet, Key: other.Code(), Mission: m}, events)
		for k := range v1 {
			if !bytes.Equal(v1[k], v2[k]) {
				t.Fatalf("game %d, line %d: swapping untouched cells %d and %d changed the view:\n%s\n%s", n, k, i, j, v1[k], v2[k])
			}
			if bytes.Contains(v1[k], []byte(card.Code())) || bytes.Contains(v1[k], []byte(`"key"`)) {
				t.Fatalf("game %d: the view shows the key: %s", n, v1[k])
			}
		}
	}
	if swapped < 100 {
		t.Fatalf("only %d games had cells to swap", swapped)
	}
}

// TestViewCellsDuet checks what a cell shows after each kind of guess.
func TestViewCellsDuet(t *testing.T) {
	card := duetCard(t, testLayout)
	s, err := Session{}.Apply(New(Setup{Game: keycards.Duet, Key: card.Code(), Mission: Mission{2, 2}}))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []Event{Clue(A, "w", 1), Guess(4), Guess(bystBoth), Clue(B, "x", 1), Guess(bystBoth), GuessBy(A, 12), GuessBy(B, 9)} {
		if s, err = s.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	v := s.View()
	want := map[int]string{
		4:        `{"cell":[0,4],"covered":true,"agent_for":"a"}`,
		bystBoth: `{"cell":[3,3],"covered":true,"bystander_for":["a","b"]}`,
		12:       `{"cell":[2,2],"covered":true,"agent_for":"b"}`,
		9:        `{"cell":[1,4],"assassin_for":"a"}`,
		0:        `{"cell":[0,0]}`,
	}
	for i, w := range want {
		got := string(View{Cells: []CellView{v.Cells[i]}}.JSON())
		if !strings.Contains(got, w) {
			t.Errorf("cell %d: %s, want %s", i, got, w)
		}
	}
	if v.Status != "lost" || v.Reason != "sudden_death_miss" && v.Reason != "assassin" {
		t.Errorf("status %s/%s", v.Status, v.Reason)
	}
}

// TestViewHidesUnrevealedClassic does the same swap test for classic games.
func TestViewHidesUnrevealedClassic(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	src := keycards.SeededSource("view classic")
	for n := range 200 {
		card := keycards.NewClassic(src)
		v := Variant(n % 2)
		events, touched := randomClassicLog(t, card, v, r)
		var free []int
		for i, ok := range touched {
			if !ok {
				free = append(free, i)
			}
		}
		if len(free) < 2 {
			continue
		}
		i, j := free[0], free[len(free)-1]
		other := card
		other.Cells[i], other.Cells[j] = card.Cells[j], card.Cells[i]
		v1 := sessionViews(t, Setup{Game: keycards.Classic, Key: card.Code(), Variant: v}, events)
		v2 := sessionViews(t, Setup{Game: keycards.Classic, Key: other.Code(), Variant: v}, events)
		for k := range v1 {
			if !bytes.Equal(v1[k], v2[k]) {
				t.Fatalf("game %d, line %d: swapping untouched cells changed the view:\n%s\n%s", n, k, v1[k], v2[k])
			}
		}
	}
}
