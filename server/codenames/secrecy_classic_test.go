package codenames

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"regexp"
	"testing"

	rules "fieldkit/engine/codenames"
	"fieldkit/internal/scene"
	"fieldkit/internal/testkit"
	"fieldkit/keycards"
)

// TestNoSecretLeaksClassic plays the same classic teams game on two key
// cards that differ only in two cells nobody reveals (a red agent and a
// blue one, or an agent and a bystander, swapped). Every answer, page and
// stream the public gets (the host's too, scans of photos with a cover and
// the token on exactly those cells included) must be byte for byte the
// same on both; the red and blue spymasters' transcripts must differ, as
// they hold the whole key.
func TestNoSecretLeaksClassic(t *testing.T) {
	seeds := uint64(4)
	if testing.Short() {
		seeds = 2
	}
	for seed := range seeds {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 11))
			card0 := keycards.NewClassic(keycards.SeededSource(fmt.Sprint("classic secrecy", seed)))
			card1, i, j := swapClassic(card0, r)
			moves := scriptedClassic(t, card0, r, i, j)
			cards := deal(int(seed) + 20)
			photos := probes{
				before:     photo(t, cards, lay{covers: map[int]int{i: classicCover(card0.Cells[i], 0)}, token: j}, scene.Size1080p, int64(seed)+50),
				unreadable: fewCardsPhoto(t),
				after:      photo(t, cards, lay{token: i}, scene.Size1080p, int64(seed)+150),
			}
			req := func(c keycards.ClassicCard) string {
				return `{"game":"classic","lang":"en","key":"` + c.Code() + `"}`
			}
			seats := [2]string{"red", "blue"}
			t0 := playGame(t, req(card0), seats, moves, photos)
			t1 := playGame(t, req(card1), seats, moves, photos)
			t0.checkReveals(t)
			t1.checkReveals(t)
			if !bytes.Equal(t0.public.Bytes(), t1.public.Bytes()) {
				t.Errorf("the public transcript differs between key cards that differ only in unrevealed cells:\n%s", testkit.FirstDiff(t0.public.Bytes(), t1.public.Bytes()))
			}
			if bytes.Equal(t0.seatA.Bytes(), t1.seatA.Bytes()) || bytes.Equal(t0.seatB.Bytes(), t1.seatB.Bytes()) {
				t.Error("a spymaster's transcript did not change with the key: the key does not reach the spymasters")
			}
			for _, tr := range []*transcript{t0, t1} {
				for _, c := range []keycards.ClassicCard{card0, card1} {
					if bytes.Contains(tr.public.Bytes(), []byte(c.Code())) {
						t.Errorf("the public transcript holds key card code %s", c.Code())
					}
				}
				for _, w := range []string{`"role":`, `"start":`, `"key":`} {
					if bytes.Contains(tr.public.Bytes(), []byte(w)) {
						t.Errorf("the public transcript holds %s", w)
					}
				}
				for _, seat := range []*bytes.Buffer{&tr.seatA, &tr.seatB} {
					if !bytes.Contains(seat.Bytes(), []byte(`"role":"assassin"`)) {
						t.Errorf("a spymaster's transcript has no key")
					}
				}
			}
			// a cover the referee has nothing for: "cn.camera.cover_missed" or "cn.camera.cover_spymaster"
			for _, want := range []string{`"cn.camera.cover_(missed|spymaster)"`, `"cn.camera.token_no_clue"`, "no readable grid", `"cn.camera.token_over"`, `"revealed":"`} {
				if !regexp.MustCompile(want).Match(t0.public.Bytes()) {
					t.Errorf("the public transcript has no %q: the game did not happen as planned", want)
				}
			}
			t.Logf("%d moves, public transcript %d bytes", len(moves), t0.public.Len())
		})
	}
}

// swapClassic returns card with two cells of different roles (red, blue or
// bystander; never the assassin) swapped.
func swapClassic(card keycards.ClassicCard, r *rand.Rand) (keycards.ClassicCard, int, int) {
	for {
		i, j := r.IntN(25), r.IntN(25)
		a, b := card.Cells[i], card.Cells[j]
		if a != b && a != keycards.Assassin && b != keycards.Assassin {
			card.Cells[i], card.Cells[j] = b, a
			return card, i, j
		}
	}
}

// scriptedClassic chooses a classic teams game's moves on card, never
// touching avoid, from what the public sees (and, for the spymaster's cover
// after a penalty, the key's cells outside avoid): clues, guesses, stops, a
// penalty and the cover it allows. The game ends: somebody finds the
// assassin or a team covers its agents.
func scriptedClassic(t *testing.T, card keycards.ClassicCard, r *rand.Rand, avoid ...int) []rules.Event {
	t.Helper()
	s, err := rules.Replay(rules.Setup{Game: keycards.Classic, Key: card.Code()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var moves []rules.Event
	guessed, penalty := 0, false
	for !s.Classic().Status().Over() {
		g := s.Classic()
		var e rules.Event
		var open, own []int
		for i := range 25 {
			if !g.Covered(i) && !contains(avoid, i) {
				open = append(open, i)
				if card.Cells[i].String() == g.Turn().String() {
					own = append(own, i)
				}
			}
		}
		switch {
		case g.MayCover() && len(own) > 0:
			e = rules.Event{Type: rules.OwnCover, By: g.Turn(), Cell: own[r.IntN(len(own))]} // from the spymaster's phone
		case g.Phase() == rules.CluePhase:
			e, guessed = rules.Clue(rules.Nobody, fmt.Sprintf("clue%d", r.IntN(100)), 1+r.IntN(3)), 0
		case !penalty && len(moves) > 6:
			e, penalty = rules.Event{Type: rules.PenaltyCall}, true
		case guessed > 0 && r.IntN(4) == 0:
			e = rules.Stop()
		default:
			e = rules.Guess(open[r.IntN(len(open))])
			guessed++
		}
		if s, err = s.Apply(e); err != nil {
			t.Fatalf("move %d %+v: %v", len(moves), e, err)
		}
		moves = append(moves, e)
	}
	return moves
}
