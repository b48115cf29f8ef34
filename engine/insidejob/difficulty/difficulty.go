// Package difficulty measures how hard each Inside Job mission card is: a Monte
// Carlo over real deals and the engine's own trick rules and mission
// conditions, per card and player count, for a table that plays at random and
// for a cooperative table, with or without wagers.
//
// A simulated trick deals real hands (the hand size minus the tricks already
// played, at a random point of the game), makes one seat the Insider (who need
// not follow suit), and lets the players play in order from the lead; in a
// 2-player game Larry plays second from 3 cards just drawn and always follows
// suit. The random table plays uniformly among the legal cards and wagers half
// the time it may; the cooperative table (Coop) lets each player pick the card
// and wager that complete the mission most often over a few finishes of the
// trick in which the players in between play at random from their hands and
// the last player completes the mission when it can (the last player itself
// chooses exactly). Every seat may wager (as if it held intel) except the lead
// and Larry.
package difficulty

import (
	"fmt"
	"io"
	"strings"

	"fieldkit/engine/insidejob"
)

// Counts are the player counts measured: 2 (with Larry) to 5.
var Counts = [4]int{2, 3, 4, 5}

// Options say what to measure.
type Options struct {
	Tricks   int    // simulated tricks per mission card, player count and policy
	Seed     uint64 // the same seed and options give the same table
	Wagers   bool   // players may raise the stakes (M17 and M18 only then)
	Rollouts int    // random finishes per candidate card of the cooperative policy (0: 3)
}

// Result is the measured table: completion rates in [0, 1].
type Result struct {
	Options
	// Rate[p][m][k] is the completion rate of mission m for policy p and
	// player count Counts[k]; missions out of the deck (M17, M18 without
	// wagers) are left at zero.
	Rate [2][insidejob.Missions + 1][len(Counts)]float64
	// BestOfTwo[p][k] is the completion rate when the lead draws two normal
	// missions and keeps the one with the higher measured rate.
	BestOfTwo [2][len(Counts)]float64
	// Mean[p][k] is the mean rate of the normal missions in the deck.
	Mean [2][len(Counts)]float64
}

// Measure runs the Monte Carlo.
func Measure(o Options) Result {
	if o.Rollouts <= 0 {
		o.Rollouts = 3
	}
	res := Result{Options: o}
	for p := Random; p <= Coop; p++ {
		res.measure(p)
	}
	return res
}

// measure fills in the rates of policy p.
func (res *Result) measure(p Policy) {
	o := res.Options
	deck := insidejob.Deck(o.Wagers, false)
	for k, n := range Counts {
		r := newRNG(o.Seed, uint64(p)<<8|uint64(n))
		t := newTable(r, n, o.Wagers, o.Rollouts)
		for m := insidejob.M01; m <= insidejob.R4; m++ {
			if m.NeedsWagers() && !o.Wagers {
				continue
			}
			won := 0
			for range o.Tricks {
				t.deal()
				if t.play(m, p) {
					won++
				}
			}
			res.Rate[p][m][k] = float64(won) / float64(max(o.Tricks, 1))
		}
		sum := 0.0
		for _, m := range deck {
			sum += res.Rate[p][m][k]
		}
		res.Mean[p][k] = sum / float64(len(deck))
		won := 0
		for range o.Tricks {
			a := deck[r.IntN(len(deck))]
			b := a
			for b == a {
				b = deck[r.IntN(len(deck))]
			}
			if res.Rate[p][b][k] > res.Rate[p][a][k] {
				a = b
			}
			t.deal()
			if t.play(a, p) {
				won++
			}
		}
		res.BestOfTwo[p][k] = float64(won) / float64(max(o.Tricks, 1))
	}
}

// WriteTable prints the result as a text table of percentages, each mission
// with its card text as text says it (the catalog's English, for the command
// line; nil prints the message ids).
func (res Result) WriteTable(w io.Writer, text func(insidejob.Mission) string) error {
	if text == nil {
		text = func(m insidejob.Mission) string { return string(m.Term()) }
	}
	var b strings.Builder
	wag := "off"
	if res.Wagers {
		wag = "on"
	}
	fmt.Fprintf(&b, "Inside Job mission difficulty: %d tricks per card, player count and policy; wagers %s; seed %d\n", res.Tricks, wag, res.Seed)
	fmt.Fprintf(&b, "completion %% (2 = 2 players with Larry)\n\n")
	fmt.Fprintf(&b, "%-4s %-5s  %-19s  %-19s  %s\n", "id", "trump", "random 2/3/4/5", "coop 2/3/4/5", "mission")
	row := func(label, trump string, v [2][len(Counts)]float64, text string) {
		fmt.Fprintf(&b, "%-4s %-5s ", label, trump)
		for p := range 2 {
			fmt.Fprint(&b, " ")
			for k := range Counts {
				fmt.Fprintf(&b, " %4.0f", 100*v[p][k])
			}
		}
		fmt.Fprintf(&b, "  %s\n", text)
	}
	for m := insidejob.M01; m <= insidejob.R4; m++ {
		if m == insidejob.R1 {
			row("mean", "", res.Mean, "M01-M24 in the deck")
			row("best", "", res.BestOfTwo, "best of two drawn (the lead keeps the easier card)")
			fmt.Fprintln(&b)
		}
		if m.NeedsWagers() && !res.Wagers {
			fmt.Fprintf(&b, "%-4s %-5s  %-41s  %s (out of the deck without wagers)\n", m, m.Trump(), "", text(m))
			continue
		}
		row(m.String(), m.Trump().String(), [2][len(Counts)]float64{res.Rate[Random][m], res.Rate[Coop][m]}, text(m))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
