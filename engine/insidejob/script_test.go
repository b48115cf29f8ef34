package insidejob

import (
	"fmt"
	"strings"
	"testing"
)

// table returns a setup with players Ada, Borys, ... one per role, the last
// player dealing so that Ada leads first. Three roles ending in "!" make a
// 2-player table: the third role is Larry's.
func table(roles string, opts ...func(*Setup)) Setup {
	names := []string{"Ada", "Borys", "Cyryl", "Dorota", "Edek"}
	rs := strings.Fields(roles)
	n := len(rs)
	if n == 3 && strings.HasSuffix(roles, "!") { // "agent agent insider!" = 2 players and Larry
		n = 2
		rs[2] = strings.TrimSuffix(rs[2], "!")
	}
	s := Setup{Players: names[:n], Dealer: Seat(n - 1), Wagers: true}
	for _, r := range rs {
		role, err := ParseRole(r)
		if err != nil {
			panic(err)
		}
		s.Roles = append(s.Roles, role)
	}
	s.Risky = s.has(RiskTaking)
	for _, o := range opts {
		o(&s)
	}
	return s
}

func noWagers(s *Setup) { s.Wagers = false }
func risky(s *Setup)    { s.Risky = true }
func deckInOrder(s *Setup) {
	s.Deck = Deck(s.Wagers, s.Risky)
}

// give sets seat s's intel to n, taking from (or returning to) the supply.
func give(s Seat, n int) func(*Game) {
	return func(g *Game) {
		g.supply = uint8(int(g.supply) + int(g.intel[s]) - n)
		g.intel[s] = uint8(n)
	}
}

// reveal turns seat s's role face up.
func reveal(s Seat) func(*Game) { return func(g *Game) { g.revealed.add(s) } }

// missionsDone sets the completed missions.
func missionsDone(n int) func(*Game) { return func(g *Game) { g.completed = uint8(n) } }

// lastTrick skips to the last trick of the game.
func lastTrick(g *Game) { g.trick = uint8(g.rules.Tricks - 1) }

// toVote skips to the vote.
func toVote(g *Game) {
	g.trick = uint8(g.rules.Tricks)
	g.phase = VotePhase
}

// run plays a script of events separated by ";" and returns the game after the
// last line, or the error of the first refused line, and the line's number.
//
//	M05: G13 G5+ Y5 G4    keep M05, play a whole trick (+ = a wager), resolve it
//	M05/M06: G13 ...      the same, saying the rejected card
//	mission M05 [M06]     keep a mission (and say the rejected card)
//	play Ada P8 | wager Ada | resolve | partner Ada Borys | vote Ada Borys [Cyryl]
func run(s *Setup, g Game, script string) (Game, int, error) {
	lines := strings.Split(script, ";")
	for n, line := range lines {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		var events []Event
		seat := func(name string) Seat {
			i, ok := s.Seat(name)
			if !ok {
				panic(fmt.Sprintf("script: no player %q", name))
			}
			return i
		}
		mission := func(id string) Mission {
			m, err := ParseMission(id)
			if err != nil {
				panic(err)
			}
			return m
		}
		switch {
		case strings.HasSuffix(f[0], ":"):
			ids := strings.Split(strings.TrimSuffix(f[0], ":"), "/")
			e := Choose(mission(ids[0]), NoMission)
			if len(ids) == 2 {
				e.Rejected = mission(ids[1])
			}
			var err error
			if g, err = g.Apply(e); err != nil {
				return g, n + 1, err
			}
			for _, c := range f[1:] {
				wager := strings.HasSuffix(c, "+")
				cd, err := ParseCard(strings.TrimSuffix(c, "+"))
				if err != nil {
					panic(err)
				}
				by := g.next()
				if g, err = g.Apply(PlayCard(by, cd)); err != nil {
					return g, n + 1, err
				}
				if wager {
					if g, err = g.Apply(Wager(by)); err != nil {
						return g, n + 1, err
					}
				}
			}
			events = append(events, Resolve())
		case f[0] == "mission":
			e := Choose(mission(f[1]), NoMission)
			if len(f) > 2 {
				e.Rejected = mission(f[2])
			}
			events = append(events, e)
		case f[0] == "play":
			c, err := ParseCard(f[2])
			if err != nil {
				panic(err)
			}
			events = append(events, PlayCard(seat(f[1]), c))
		case f[0] == "wager":
			events = append(events, Wager(seat(f[1])))
		case f[0] == "resolve":
			events = append(events, Resolve())
		case f[0] == "partner":
			events = append(events, Partner(seat(f[1]), seat(f[2])))
		case f[0] == "vote":
			var ts []Seat
			for _, x := range f[2:] {
				ts = append(ts, seat(x))
			}
			events = append(events, Vote(seat(f[1]), ts...))
		default:
			panic("script: cannot read " + line)
		}
		for _, e := range events {
			var err error
			if g, err = g.Apply(e); err != nil {
				return g, n + 1, err
			}
		}
	}
	return g, len(lines), nil
}

// names returns the names of the seats in set, in seat order.
func names(g Game, in func(Seat) bool) string {
	var out []string
	for i := range Seat(g.rules.Seats) {
		if in(i) {
			out = append(out, g.Name(i))
		}
	}
	return strings.Join(out, " ")
}

func winners(g Game) string  { return names(g, g.Winner) }
func revealed(g Game) string { return names(g, g.Revealed) }

// summary returns what a rule case may check, by key.
func summary(g Game) map[string]string {
	var intel []string
	for i := range g.rules.Seats {
		intel = append(intel, fmt.Sprint(g.intel[i]))
	}
	m := map[string]string{
		"phase":     g.phase.String(),
		"reason":    g.reason.String(),
		"winners":   winners(g),
		"revealed":  revealed(g),
		"lead":      g.Name(g.lead),
		"intel":     strings.Join(intel, " "),
		"supply":    fmt.Sprint(g.supply),
		"completed": fmt.Sprint(g.completed),
		"trick":     fmt.Sprint(g.trick),
		"waiting":   names(g, func(s Seat) bool { return g.waiting().has(s) }),
		"larry":     g.Name(g.LarryController()),
		"next":      "",
	}
	if g.phase == TrickPhase && !g.trickComplete() {
		m["next"] = g.Name(g.next())
	}
	if l, ok := g.Last(); ok {
		res := "failed"
		if l.Completed {
			res = "completed"
		}
		m["last"] = g.Name(l.Winner) + " " + res
	}
	return m
}

// checkSummary compares "key=value|key=value" with the game's summary.
func checkSummary(t *testing.T, g Game, want string) {
	t.Helper()
	got := summary(g)
	for _, kv := range strings.Split(want, "|") {
		k, v, _ := strings.Cut(kv, "=")
		if _, ok := got[k]; !ok && k != "last" {
			t.Fatalf("bad check key %q", k)
		}
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
}
