package insidejob

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	rules "fieldkit/engine/insidejob"
	"fieldkit/internal/catalogtest"
)

// ruleRefusals returns the rules engine's answers to random events of the
// kinds the Inside Job pages send (a card played by a seat, a wager, a
// trick scored, the kept mission of the two drawn, a partner, a vote) in
// random 2-5 player games.
func ruleRefusals(t *testing.T) []string {
	t.Helper()
	seen := map[string]bool{}
	r := rand.New(rand.NewPCG(18, 1))
	names := []string{"Ada", "Bob", "Cy", "Dee", "Ed"}
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
		s.Roles[r.IntN(seats)] = rules.Insider
		if n >= 4 && game%3 == 0 {
			for i := range s.Roles {
				if s.Roles[i] == rules.Agent {
					s.Roles[i] = []rules.Role{rules.Accomplice, rules.Paranoid}[game/3%2]
					break
				}
			}
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
				}
				if r.IntN(2) == 0 {
					a, b = b, a
				}
				e = rules.Choose(a, b)
			case k < 17:
				e = rules.Partner(seat(), seat())
			default:
				e = rules.Vote(seat(), seat())
			}
			next, err := g.Apply(e)
			if err != nil {
				seen[err.Error()] = true
				continue
			}
			g = next
		}
	}
	return catalogtest.Sorted(seen)
}

// TestRefusalsTranslated checks that every refusal of the rules engine a
// table can meet through the pages is said in Polish, Czech and Portuguese.
func TestRefusalsTranslated(t *testing.T) {
	catalogtest.CheckSaid(t, filepath.Join("..", "assets", "static", "msg"), ruleRefusals(t), 20)
}
