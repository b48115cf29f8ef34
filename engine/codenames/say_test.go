package codenames

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"fieldkit/keycards"
)

// TestRefusalsSay: every refusal of random events in random games names a
// message of the catalog (an id of Codenames, "cn."), and errors.Is still
// finds its kind. (server/codenames TestRefusalsSaidEngine checks that the
// catalog holds each id, in every language.)
func TestRefusalsSay(t *testing.T) {
	kinds := []error{ErrSetup, ErrEvent, ErrOver, ErrOrder, ErrTurn, ErrCovered, ErrKnown, ErrNoAgent, ErrNoGreens}
	r := rand.New(rand.NewPCG(23, 4))
	duet := keycards.NewDuet(keycards.SeededSource("say")).Code()
	classic := keycards.NewClassic(keycards.SeededSource("say")).Code()
	n := 0
	for game := range 60 {
		setup := Setup{Game: keycards.Duet, Key: duet}
		if game%2 == 1 {
			setup = Setup{Game: keycards.Classic, Key: classic, Variant: Variant(game / 2 % 2)}
		}
		s, err := Replay(setup, nil)
		if err != nil {
			t.Fatal(err)
		}
		for range 200 {
			e := Event{Type: EventType(1 + r.IntN(int(OwnCover))), By: Player(r.IntN(5)), Cell: r.IntN(26), Word: []string{"", "x"}[r.IntN(2)], Count: r.IntN(12) - 1}
			next, err := s.Apply(e)
			if err == nil {
				s = next
				continue
			}
			n++
			var say interface {
				Say() (string, map[string]any)
			}
			if !errors.As(err, &say) {
				t.Fatalf("%v: no message", err)
			}
			if id, _ := say.Say(); !strings.HasPrefix(id, "cn.") {
				t.Errorf("%v: message %q", err, id)
			}
			found := false
			for _, k := range kinds {
				found = found || errors.Is(err, k)
			}
			if !found {
				t.Errorf("%v: errors.Is finds no kind", err)
			}
		}
	}
	if n < 1000 {
		t.Errorf("only %d refusals", n)
	}
}
