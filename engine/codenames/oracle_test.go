package codenames

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"fieldkit/keycards"
)

// The refusal oracle of issue 24 at the referee: a refusal must never say
// more than the public state. Random games are played; for each, key cards
// that no public view tells apart from the game's (same words, same public
// view after every move) are dealt, and at every state every event the
// host may send (every type, every "by", every cell) must get the same
// answer on all of them: accepted on all, or refused with the same message
// id, arguments and English. Classic covers are left out: only a
// spymaster's phone, which holds the whole key, sends them (the table
// server refuses them from the host whatever the cell, errNeedsKey); in
// Duet nobody holds the whole key, so every event is compared.
// server/codenames TestRefusalOracle* asks the same of every party over
// HTTP on scripted games.

// oracleEvents are the events compared at every state.
func oracleEvents(game keycards.Game) []Event {
	bys := []Player{Nobody, A, B, Red, Blue}
	var es []Event
	for _, by := range bys {
		for _, n := range []int{2, 0, Unlimited, MaxCount + 1} {
			es = append(es, Clue(by, "zebra", n))
		}
		es = append(es, Event{Type: StopGuess, By: by, Cell: NoCell}, Event{Type: PenaltyCall, By: by, Cell: NoCell})
		es = append(es, Event{Type: GuessMade, By: by, Cell: NoCell, Word: "apple"}, Event{Type: GuessMade, By: by, Cell: NoCell, Word: "nothing"})
		for i := -1; i <= 25; i++ {
			es = append(es, GuessBy(by, i))
			if game == keycards.Duet {
				es = append(es, Cover(EnemyCover, by, i), Cover(OwnCover, by, i))
			}
		}
	}
	return append(es, Event{Type: NoEvent, Cell: NoCell}, Event{Type: 99, Cell: NoCell})
}

// answer is what Apply says to e, in full: "ok", or the error's English,
// message id and arguments.
func answer(s Session, e Event) string {
	_, err := s.Apply(e)
	if err == nil {
		return "ok"
	}
	if sy, ok := err.(sayer); ok {
		id, args := sy.Say()
		return fmt.Sprintf("%s | %s %v", err, id, args)
	}
	return err.Error() + " | no message"
}

// publicViews returns the view after each of moves on setup, or nil when
// they do not replay.
func publicViews(setup Setup, moves []Event) []string {
	s, err := Session{}.Apply(New(setup))
	if err != nil {
		return nil
	}
	out := []string{string(s.View().JSON())}
	for _, e := range moves {
		if s, err = s.Apply(e); err != nil {
			return nil
		}
		out = append(out, string(s.View().JSON()))
	}
	return out
}

// lookalike walks from setup's key card by random swaps that keep the card
// valid and every public view of moves; it returns the key it reached.
func lookalike(setup Setup, moves []Event, r *rand.Rand, steps int) string {
	want := strings.Join(publicViews(setup, moves), "\n")
	key := setup.Key
	for range steps {
		i, j := r.IntN(25), r.IntN(25)
		var next string
		if setup.Game == keycards.Duet {
			d, _ := keycards.ParseDuet(key)
			a1, b1 := d.At(i)
			a2, b2 := d.At(j)
			switch r.IntN(3) {
			case 0:
				if a1 != a2 {
					continue
				}
				d.B[keycards.Turn(i)], d.B[keycards.Turn(j)] = b2, b1
			case 1:
				if b1 != b2 {
					continue
				}
				d.A[i], d.A[j] = a2, a1
			default:
				d.A[i], d.A[j] = a2, a1
				d.B[keycards.Turn(i)], d.B[keycards.Turn(j)] = b2, b1
			}
			if d.Validate() != nil {
				continue
			}
			next = d.Code()
		} else {
			c, _ := keycards.ParseClassic(key)
			c.Cells[i], c.Cells[j] = c.Cells[j], c.Cells[i]
			if c.Validate() != nil {
				continue
			}
			next = c.Code()
		}
		if next == key {
			continue
		}
		try := setup
		try.Key = next
		if strings.Join(publicViews(try, moves), "\n") == want {
			key = next
		}
	}
	return key
}

// randomGame plays a random game on setup: each move a random legal event
// (chosen knowing the key, so that it seldom ends on the assassin at once
// and often finds an agent).
func randomGame(t *testing.T, setup Setup, r *rand.Rand) []Event {
	t.Helper()
	s, err := Session{}.Apply(New(setup))
	if err != nil {
		t.Fatal(err)
	}
	cands := oracleEvents(setup.Game)
	if setup.Game == keycards.Classic {
		for _, by := range []Player{Red, Blue} {
			for i := range 25 {
				cands = append(cands, Cover(EnemyCover, by, i), Cover(OwnCover, by, i))
			}
		}
	}
	var moves []Event
	for len(moves) < 80 && s.View().Status != "won" && s.View().Status != "lost" {
		var legal, found []Event
		for _, e := range cands {
			if e.Type == StopGuess && r.IntN(4) != 0 || e.Type == PenaltyCall && r.IntN(8) != 0 {
				continue // play on more often than not
			}
			if next, err := s.Apply(e); err == nil {
				if next.View().Result == "assassin" && r.IntN(10) != 0 {
					continue
				}
				legal = append(legal, e)
				if next.View().Result == "agent" && e.Type == GuessMade {
					found = append(found, e)
				}
			}
		}
		if len(legal) == 0 {
			break
		}
		e := legal[r.IntN(len(legal))]
		if len(found) > 0 && r.IntN(3) != 0 { // find agents: sides get done
			e = found[r.IntN(len(found))]
		}
		if s, err = s.Apply(e); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, e)
	}
	return moves
}

func TestRefusalOracle(t *testing.T) {
	games := 24 // a few seconds; fewer miss states (sudden death with a side done)
	words := strings.Fields("APPLE BANK CASTLE DRAGON ENGINE FOREST GLASS HOTEL ISLAND JUNGLE KNIGHT LEMON MOUNTAIN NURSE OCEAN PIANO QUEEN ROBOT SHIP TIGER UNICORN VIOLIN WHALE YARD ZEBRA")
	ids := map[string]int{}
	compared, states := 0, 0
	for n := range games {
		r := rand.New(rand.NewPCG(uint64(n), 2424))
		src := keycards.SeededSource(fmt.Sprint("engine refusal oracle", n))
		setup := Setup{Game: keycards.Duet, Words: words}
		switch n % 3 {
		case 0:
			setup.Key = keycards.NewDuet(src).Code()
			setup.Mission = Mission{Turns: 1 + r.IntN(9), Mistakes: 0}
			setup.Mission.Mistakes = r.IntN(setup.Mission.Turns + 1)
			setup.Loose = r.IntN(2) == 0
		case 1:
			setup.Game, setup.Key, setup.Variant = keycards.Classic, keycards.NewClassic(src).Code(), Teams
		case 2:
			setup.Game, setup.Key, setup.Variant = keycards.Classic, keycards.NewClassic(src).Code(), Solo
		}
		label := setup.Game.String() + " " + setup.Mission.String()
		if setup.Game == keycards.Classic {
			label = setup.Game.String() + " " + setup.Variant.String()
		}
		moves := randomGame(t, setup, r)
		keys := []string{setup.Key, lookalike(setup, moves, r, 300), lookalike(setup, moves, r, 300)}
		if keys[1] == keys[0] && keys[2] == keys[0] {
			t.Logf("game %d: no other key card looks like %s after %d moves", n, setup.Key, len(moves))
			continue
		}
		sessions := make([]Session, len(keys))
		for d, k := range keys {
			st := setup
			st.Key = k
			sessions[d], _ = Session{}.Apply(New(st))
		}
		events := oracleEvents(setup.Game)
		diffs := 0
		for m := 0; m <= len(moves); m++ {
			if m > 0 {
				for d := range sessions {
					var err error
					if sessions[d], err = sessions[d].Apply(moves[m-1]); err != nil {
						t.Fatalf("game %d key %s move %d: %v", n, keys[d], m, err)
					}
				}
			}
			states++
			for _, e := range events {
				a := answer(sessions[0], e)
				if i := strings.Index(a, " | "); i >= 0 {
					ids[strings.Fields(a[i+3:])[0]]++
				} else {
					ids[a]++
				}
				for d := 1; d < len(sessions); d++ {
					compared++
					if b := answer(sessions[d], e); a != b && diffs < 5 {
						diffs++
						t.Errorf("game %d (%s) after move %d: %+v is answered by the key card:\n  key %s: %s\n  key %s: %s",
							n, label, m, e, keys[0], a, keys[d], b)
					}
				}
			}
		}
	}
	t.Logf("%d games, %d states, %d answers compared, %d kinds of answer", games, states, compared, len(ids))
	for _, id := range []string{"ok", "cn.refuse.covered", "cn.refuse.known", "cn.refuse.clue_no_greens", "cn.refuse.sudden_death_greens",
		"cn.refuse.stop_unfound", "cn.refuse.guess_other", "cn.refuse.turn", "cn.refuse.phase_cover", "cn.refuse.over"} {
		if ids[id] == 0 {
			t.Errorf("no event was answered %q: the random games do not reach the states meant", id)
		}
	}
}
