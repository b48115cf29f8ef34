package insidejob

import (
	"errors"
	"fmt"
	"testing"

	"fieldkit/engine"
)

// TestVoteRefusalOrder: a vote that names a player nobody may vote for (the
// voter, a revealed player, nobody at the table) is refused for that, the
// same whatever the voter's hidden role: the number of names the role wants
// (two for the Paranoid agent) is checked only after the names themselves.
func TestVoteRefusalOrder(t *testing.T) {
	const ada, borys, cyryl = Seat(0), Seat(1), Seat(2)
	for _, c := range []struct {
		name string
		vote Event
		want string // the refusal's id, whatever Ada's role
	}{
		{"Ada names herself", Vote(ada, ada), "ij.refuse.vote_self"},
		{"Ada names herself and Cyryl", Vote(ada, ada, cyryl), "ij.refuse.vote_self"},
		{"Ada names Cyryl and herself", Vote(ada, cyryl, ada), "ij.refuse.vote_self"},
		{"Ada names revealed Borys", Vote(ada, borys), "ij.refuse.vote_revealed"},
		{"Ada names Cyryl and revealed Borys", Vote(ada, cyryl, borys), "ij.refuse.vote_revealed"},
		{"Ada names a seat nobody sits in", Vote(ada, 7), "ij.refuse.no_seat"},
	} {
		for _, roles := range []string{"agent agent agent insider agent", "paranoid agent agent insider agent", "insider agent agent paranoid agent"} {
			s := table(roles)
			g, err := NewGame(s)
			if err != nil {
				t.Fatal(err)
			}
			give(borys, 4)(&g)
			reveal(borys)(&g)
			toVote(&g)
			err = g.Legal(c.vote)
			var r *engine.Refusal
			if !errors.As(err, &r) || r.ID != c.want {
				t.Errorf("%s (%s): %v, want %s", c.name, roles, fmt.Sprint(err), c.want)
			}
		}
	}
}
