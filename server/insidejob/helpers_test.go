package insidejob

import (
	"encoding/json"
	ijcamera "fieldkit/camera/insidejob"
	"net/http"
	"testing"
	"time"

	rules "fieldkit/engine/insidejob"
	"fieldkit/server"
	"fieldkit/server/servertest"
)

// newServer starts a test server with the Inside Job family; fix (may be
// nil) replaces the server's deal.
func newServer(t testing.TB, fix func(*rules.Setup)) *servertest.Server {
	t.Helper()
	return servertest.Start(t, 7, &Family{fix: fix})
}

// startGame starts a game at a new table and claims every seat with a phone.
func startGame(t testing.TB, url, req string) (server.Created, map[string]*servertest.Client) {
	t.Helper()
	code, b := servertest.NewClient(t).Do("POST", url+"/api/games", req)
	var g server.Created
	if code != http.StatusCreated || json.Unmarshal(b, &g) != nil {
		t.Fatalf("POST /api/games %s = %d %s", req, code, b)
	}
	phones := map[string]*servertest.Client{}
	for part, link := range g.Seats {
		p := servertest.NewClient(t)
		if code, b := p.Do("GET", link, ""); code != 200 {
			t.Fatalf("seat page %s = %d %s", part, code, b)
		}
		phones[part] = p
	}
	return g, phones
}

// step is one event of a scripted game and the phone that sends it ("" for
// the host).
type step struct {
	who   string
	event string
}

// plan says how a scripted game goes: who wins each trick (as far as the
// cards allow), who raises the stakes in which trick, the Accomplice's
// partner, and how many missions may be completed at most.
type plan struct {
	partner      string
	winners      []string
	wagers       map[int]string
	maxCompleted int
}

// scriptGame plays a game on the engine with setup s (whose deck order it
// knows: the lead always keeps the first card drawn) and returns its events
// as the phones send them: the lead keeps the mission, each player enters
// the card just played (Larry's controller enters Larry's), raises the stakes
// where the plan says, the last player scores the trick, and everyone votes.
func scriptGame(t testing.TB, s rules.Setup, p plan) []step {
	t.Helper()
	g, err := rules.NewGame(s)
	if err != nil {
		t.Fatal(err)
	}
	name := func(i rules.Seat) string { return s.Name(i) }
	seatOf := func(n string) rules.Seat { i, _ := s.Seat(n); return i }
	var steps []step
	apply := func(who string, e rules.Event) {
		t.Helper()
		ng, err := g.Apply(e)
		if err != nil {
			t.Fatalf("script: %+v: %v", e, err)
		}
		g = ng
		b, _ := s.EncodeEvent(e)
		steps = append(steps, step{who, string(b)})
	}
	if acc, _ := g.Partner(); acc != rules.NoSeat {
		apply(name(acc), rules.Partner(acc, seatOf(p.partner)))
	}
	for !g.Over() && g.Phase() != rules.VotePhase {
		a, _, ok := g.Drawn()
		if !ok {
			t.Fatalf("script: no deck order")
		}
		apply(name(g.Lead()), rules.Choose(a, rules.NoMission))
		k := g.Tricks()
		want := p.winners[k%len(p.winners)]
		trump := a.Trump()
		var best []step
		var bestGame rules.Game
		for v := range 60 {
			tg, tsteps, ok := tryTrick(g, s, trump, want, p.wagers[k], v)
			if !ok {
				continue
			}
			l, _ := tg.Last()
			good := name(l.Winner) == want && tg.Completed() <= p.maxCompleted
			if best == nil || good {
				best, bestGame = tsteps, tg
			}
			if good {
				break
			}
		}
		if best == nil {
			t.Fatalf("script: no way to play trick %d", k+1)
		}
		steps = append(steps, best...)
		g = bestGame
	}
	for g.Phase() == rules.VotePhase {
		for _, v := range g.Waiting() {
			// The first vote the phone offers, two different players
			// where it may (a revealed Paranoid agent with one player
			// left names that one twice).
			opts := g.VoteOptions(v)
			if len(opts) == 0 {
				t.Fatalf("script: %s waits to vote and may name nobody", name(v))
			}
			o := opts[0]
			for _, x := range opts {
				if x[0] != x[1] {
					o = x
					break
				}
			}
			apply(name(v), rules.Vote(v, o[0], o[1]))
		}
	}
	return steps
}

// tryTrick plays one trick, variant v: want plays its highest trump (or
// high card), the others low cards of other colours; wagerer raises the
// stakes right after playing if it may. It returns the game after the
// resolve and the steps.
func tryTrick(g rules.Game, s rules.Setup, trump rules.Colour, want, wagerer string, v int) (rules.Game, []step, bool) {
	var steps []step
	apply := func(who string, e rules.Event) bool {
		ng, err := g.Apply(e)
		if err != nil {
			return false
		}
		g = ng
		b, _ := s.EncodeEvent(e)
		steps = append(steps, step{who, string(b)})
		return true
	}
	for i := 0; g.View().Next != ""; i++ {
		next := g.View().Next
		by, _ := s.Seat(next)
		who := next
		if next == rules.LarryName {
			who = s.Name(g.LarryController())
		}
		var c rules.Card
		if next == want {
			c = pickCard(g, trump, true, v%2)
		} else {
			col := rules.Colour((int(trump) + 1 + (i+v)%3) % rules.Colours)
			c = pickCard(g, col, false, v/3)
		}
		if c == rules.NoCard || !apply(who, rules.PlayCard(by, c)) {
			return g, nil, false
		}
		if next == wagerer && g.MayWager(by) {
			apply(who, rules.Wager(by))
		}
	}
	last := g.View().Plays[len(g.View().Plays)-1].By
	if last == rules.LarryName {
		last = s.Name(g.LarryController())
	}
	if !apply(last, rules.Resolve()) {
		return g, nil, false
	}
	return g, steps, true
}

// pickCard returns an unplayed card of colour c: the highest (skipping
// skip) or the lowest; another colour when c is used up.
func pickCard(g rules.Game, c rules.Colour, high bool, skip int) rules.Card {
	for k := range rules.Colours {
		col := (c + rules.Colour(k)) % rules.Colours
		var free []rules.Card
		for v := 1; v <= rules.MaxValue; v++ {
			if card := rules.NewCard(col, v); !g.Played(card) {
				free = append(free, card)
			}
		}
		if len(free) == 0 {
			continue
		}
		if high {
			return free[max(0, len(free)-1-skip%len(free))]
		}
		return free[skip%len(free)]
	}
	return rules.NoCard
}

// eventURL is where a step goes: the seat's events or the host's.
func eventURL(g server.Created, url, who string) string {
	if who == "" {
		return url + "/api/games/" + g.ID + "/events"
	}
	return g.Seats[who] + "/events"
}

func must(t testing.TB, what string, code int, b []byte, want int) {
	t.Helper()
	if code != want {
		t.Fatalf("%s = %d %s, want %d", what, code, b, want)
	}
}

// replayed is x after e, encoded in setup s's words and applied as a replay
// of the log applies it.
func replayed(t testing.TB, x game, s rules.Setup, e rules.Event) game {
	t.Helper()
	b, err := s.EncodeEvent(e)
	if err != nil {
		t.Fatal(err)
	}
	ng, _, err := x.Replay(b, time.Time{})
	if err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return ng.(game)
}

// larryServer starts a server whose 2-player games (Ola and Piotr, with
// Larry) are dealt alike, and returns the script of a whole such game.
func larryServer(t testing.TB) (*servertest.Server, []step) {
	t.Helper()
	roles := []rules.Role{rules.Agent, rules.Insider, rules.Agent}
	deck := rules.Deck(true, false)
	s := rules.Setup{Players: []string{"Ola", "Piotr"}, Dealer: 1, Roles: roles, Wagers: true, Deck: deck}
	steps := scriptGame(t, s, plan{winners: []string{"Piotr", "Larry", "Ola", "Piotr", "Ola"}, wagers: map[int]string{1: "Piotr"}, maxCompleted: 6})
	return servertest.Start(t, 7, &Family{fix: fixed(roles, deck)}), steps
}

// trickTracker is the real camera tracker (the one cmd/fieldkit hands in).
func trickTracker(hold, players int) Tracker { return ijcamera.NewTracker(hold, players) }
