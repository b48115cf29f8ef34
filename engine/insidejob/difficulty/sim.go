package difficulty

import (
	"fieldkit/engine/insidejob"
)

// maxHand is the largest hand: 13 cards in a 3-player game.
const maxHand = 13

// Policy is how the simulated table plays a trick.
type Policy uint8

// Policies.
const (
	Random Policy = iota // every player a random legal card; wagers at random
	Coop                 // every player the card (and wager) that completes the mission most often
)

var policyNames = [...]string{"random", "coop"}

// String returns "random" or "coop".
func (p Policy) String() string { return policyNames[p] }

// table is one simulated trick: real hands dealt from the 52 cards, one seat the
// Insider (who need not follow suit), Larry's 3 drawn cards in a 2-player game.
type table struct {
	r        *rng
	rules    insidejob.Rules
	larry    bool
	wagers   bool
	rollouts int
	insider  int
	// hands[s][c] are seat s's cards of colour c, suit[s][c] how many.
	hands [insidejob.MaxSeats][insidejob.Colours][maxHand]insidejob.Card
	suit  [insidejob.MaxSeats][insidejob.Colours]uint8
	sizes [insidejob.MaxSeats]int
	deck  [insidejob.Cards]insidejob.Card
}

func newTable(r *rng, players int, wagers bool, rollouts int) *table {
	rules, err := insidejob.RulesFor(players, false)
	if err != nil {
		panic(err)
	}
	t := &table{r: r, rules: rules, larry: players == 2, wagers: wagers, rollouts: rollouts}
	for i := range t.deck {
		t.deck[i] = insidejob.Card(i + 1)
	}
	return t
}

// deal deals a position of a random trick of the game: every player holds the
// hand size minus the tricks already played; Larry draws 3 of the other cards.
func (t *table) deal() {
	h := t.rules.Hand - t.r.IntN(t.rules.Tricks)
	k := 0
	draw := func() insidejob.Card {
		j := k + t.r.IntN(len(t.deck)-k)
		t.deck[k], t.deck[j] = t.deck[j], t.deck[k]
		k++
		return t.deck[k-1]
	}
	for s := range t.rules.Seats {
		n := h
		if t.larry && s == int(insidejob.LarrySeat) {
			n = 3
		}
		t.suit[s] = [insidejob.Colours]uint8{}
		for range n {
			t.add(s, draw())
		}
		t.sizes[s] = n
	}
	t.insider = t.r.IntN(t.rules.Seats)
}

// seat returns who plays the i-th card: seat 0 leads; in a 2-player game Larry
// plays second.
func (t *table) seat(i int) int {
	if t.larry {
		return [3]int{0, int(insidejob.LarrySeat), 1}[i]
	}
	return i
}

// follows reports whether seat s must follow the led colour of tr: everyone
// holding it but the Insider (Larry always follows among his 3 cards).
func (t *table) follows(s int, tr *insidejob.Trick) bool {
	return tr.N > 0 && (s != t.insider || (t.larry && s == int(insidejob.LarrySeat))) && t.suit[s][tr.Led()] > 0
}

// legal lists the cards seat s may play into tr.
func (t *table) legal(s int, tr *insidejob.Trick, out *[maxHand]insidejob.Card) int {
	if t.follows(s, tr) {
		led := tr.Led()
		return copy(out[:], t.hands[s][led][:t.suit[s][led]])
	}
	n := 0
	for c := range insidejob.Colour(insidejob.Colours) {
		n += copy(out[n:], t.hands[s][c][:t.suit[s][c]])
	}
	return n
}

// pick returns a random legal card of seat s.
func (t *table) pick(s int, tr *insidejob.Trick) insidejob.Card {
	if t.follows(s, tr) {
		led := tr.Led()
		return t.hands[s][led][t.r.IntN(int(t.suit[s][led]))]
	}
	i := t.r.IntN(t.sizes[s])
	for c := range insidejob.Colour(insidejob.Colours) {
		if i < int(t.suit[s][c]) {
			return t.hands[s][c][i]
		}
		i -= int(t.suit[s][c])
	}
	panic("difficulty: empty hand")
}

func (t *table) add(s int, c insidejob.Card) {
	col := c.Colour()
	t.hands[s][col][t.suit[s][col]] = c
	t.suit[s][col]++
}

func (t *table) mayWager(s, i int) bool {
	return t.wagers && i > 0 && !(t.larry && s == int(insidejob.LarrySeat))
}

func (t *table) remove(s int, c insidejob.Card) {
	col := c.Colour()
	h := &t.hands[s][col]
	for i := range t.suit[s][col] {
		if h[i] == c {
			t.suit[s][col]--
			h[i] = h[t.suit[s][col]]
			t.sizes[s]--
			return
		}
	}
}

// play plays one trick of mission m with policy p and reports whether the
// mission was completed.
func (t *table) play(m insidejob.Mission, p Policy) bool {
	tr := insidejob.Trick{Trump: m.Trump()}
	var opts [maxHand]insidejob.Card
	for i := range t.rules.Seats {
		s := t.seat(i)
		var c insidejob.Card
		var w bool
		if p == Random {
			c = t.pick(s, &tr)
			w = t.mayWager(s, i) && t.r.IntN(2) == 0
		} else {
			n := t.legal(s, &tr, &opts)
			c, w = t.best(m, &tr, i, opts[:n])
		}
		tr.Add(insidejob.Play{By: insidejob.Seat(s), Card: c, Wager: w})
		t.remove(s, c)
	}
	return m.Completed(&tr)
}

// best is the cooperative choice of the i-th player: the card and wager that
// complete the mission most often over a few finishes (rollout), exactly for
// the last card.
func (t *table) best(m insidejob.Mission, tr *insidejob.Trick, i int, opts []insidejob.Card) (insidejob.Card, bool) {
	s := t.seat(i)
	last := i == t.rules.Seats-1
	tries := t.rollouts
	switch {
	case last:
		tries = 1
	case i == 0 && tries > 2:
		tries = 2 // the lead weighs its whole hand: fewer finishes per card
	}
	bestC, bestW, bestScore := opts[0], false, -1
	for _, c := range opts {
		for _, w := range [2]bool{false, true} {
			if w && (!t.mayWager(s, i) || m.ValuesOnly()) {
				continue // a wager cannot help a mission that looks only at values
			}
			next := *tr
			next.Add(insidejob.Play{By: insidejob.Seat(s), Card: c, Wager: w})
			score := 0
			if last {
				if m.Completed(&next) {
					score = 1
				}
			} else if !m.Failed(&next, t.rules.Seats) {
				t.remove(s, c)
				for range tries {
					if t.rollout(m, next, i+1) {
						score++
					}
				}
				t.add(s, c)
				t.sizes[s]++
			}
			if score > bestScore {
				bestC, bestW, bestScore = c, w, score
				if score == tries {
					return bestC, bestW
				}
			}
		}
	}
	return bestC, bestW
}

// rollout finishes tr from the i-th card (i >= 1): random legal plays, and a
// last player who completes the mission if any legal card of its hand does.
func (t *table) rollout(m insidejob.Mission, tr insidejob.Trick, i int) bool {
	led := tr.Led()
	last := t.rules.Seats - 1
	for ; i < last; i++ {
		s := t.seat(i)
		var c insidejob.Card
		if n := int(t.suit[s][led]); n > 0 && (s != t.insider || (t.larry && s == int(insidejob.LarrySeat))) {
			c = t.hands[s][led][t.r.IntN(n)]
		} else {
			c = t.pick(s, &tr)
		}
		tr.Add(insidejob.Play{By: insidejob.Seat(s), Card: c, Wager: t.mayWager(s, i) && t.r.IntN(2) == 0})
		if m.Failed(&tr, t.rules.Seats) {
			return false
		}
	}
	// The last player sees the whole trick: it completes the mission if any
	// legal card (and wager) of its hand does.
	s := t.seat(last)
	var opts [maxHand]insidejob.Card
	n := t.legal(s, &tr, &opts)
	for _, c := range opts[:n] {
		for _, w := range [2]bool{false, true} {
			if w && (!t.mayWager(s, last) || m.ValuesOnly()) {
				continue
			}
			tr.Plays[last] = insidejob.Play{By: insidejob.Seat(s), Card: c, Wager: w}
			tr.N = uint8(last + 1)
			if m.Completed(&tr) {
				return true
			}
		}
	}
	return false
}
