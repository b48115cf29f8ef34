package difficulty

import (
	"fmt"
	"math"
	"strings"
	"syscall"
	"testing"

	"fieldkit/engine/insidejob"
)

// TestMeasure checks the table's shape and a few things any sane measurement
// shows: cooperation beats random play, the lead keeping the easier of two cards
// beats the mean card, "the total is odd" is a coin flip at random, and
// "every card 9 or higher" is rarer than "every card 7 or higher".
func TestMeasure(t *testing.T) {
	res := Measure(Options{Tricks: 2000, Seed: 1})
	for k, n := range Counts {
		if res.Mean[Coop][k] <= res.Mean[Random][k] {
			t.Errorf("%d players: coop mean %.2f <= random mean %.2f", n, res.Mean[Coop][k], res.Mean[Random][k])
		}
		if res.BestOfTwo[Coop][k] <= res.Mean[Coop][k] {
			t.Errorf("%d players: best of two %.2f <= mean %.2f", n, res.BestOfTwo[Coop][k], res.Mean[Coop][k])
		}
		if r := res.Rate[Random][insidejob.M20][k]; math.Abs(r-0.5) > 0.05 {
			t.Errorf("%d players: M20 (odd total) at random %.2f, want about 0.5", n, r)
		}
		if res.Rate[Random][insidejob.R1][k] >= res.Rate[Random][insidejob.M01][k] {
			t.Errorf("%d players: R1 (9+) %.2f not rarer than M01 (7+) %.2f", n, res.Rate[Random][insidejob.R1][k], res.Rate[Random][insidejob.M01][k])
		}
		if res.Rate[Coop][insidejob.M17][k] != 0 {
			t.Errorf("M17 measured without wagers")
		}
	}
	var b strings.Builder
	if err := res.WriteTable(&b, nil); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(b.String(), "\n"); lines != 4+28+3 {
		t.Errorf("table has %d lines:\n%s", lines, b.String())
	}
	again := Measure(Options{Tricks: 2000, Seed: 1})
	if again != res {
		t.Error("the same seed gave a different table")
	}
}

// TestWagers: with wagers a card can be made the winning trump, so the winner
// conditions get easier for a cooperative table; M18 needs a wager.
func TestWagers(t *testing.T) {
	off := Measure(Options{Tricks: 1000, Seed: 2})
	on := Measure(Options{Tricks: 1000, Seed: 2, Wagers: true})
	for k := range Counts {
		if on.Rate[Coop][insidejob.M09][k] <= off.Rate[Coop][insidejob.M09][k] {
			t.Errorf("%d players: M09 (last card wins) coop %.2f with wagers, %.2f without", Counts[k], on.Rate[Coop][insidejob.M09][k], off.Rate[Coop][insidejob.M09][k])
		}
		if on.Rate[Coop][insidejob.M18][k] < 0.95 {
			t.Errorf("%d players: M18 (someone raises) coop %.2f, want nearly always", Counts[k], on.Rate[Coop][insidejob.M18][k])
		}
	}
}

// TestDealLegal checks the simulated tables: hands of the right size, no card
// twice, Larry with 3 cards, and that followers follow suit.
func TestDealLegal(t *testing.T) {
	r := newRNG(3, 3)
	for _, n := range Counts {
		tb := newTable(r, n, true, 3)
		for range 200 {
			tb.deal()
			var seen [insidejob.Cards + 1]bool
			for s := range tb.rules.Seats {
				want := tb.rules.Hand - tb.rules.Tricks + 1
				if tb.larry && s == int(insidejob.LarrySeat) {
					want = 3
				} else if tb.sizes[s] < want || tb.sizes[s] > tb.rules.Hand {
					t.Fatalf("%d players: seat %d holds %d cards", n, s, tb.sizes[s])
				}
				held := 0
				for col := range insidejob.Colours {
					for _, c := range tb.hands[s][col][:tb.suit[s][col]] {
						if seen[c] || int(c.Colour()) != col {
							t.Fatalf("%d players: %s dealt twice or in the wrong suit", n, c)
						}
						seen[c] = true
						held++
					}
				}
				if held != tb.sizes[s] {
					t.Fatalf("%d players: seat %d holds %d cards, size says %d", n, s, held, tb.sizes[s])
				}
			}
			tr := insidejob.Trick{Trump: insidejob.Yellow}
			var opts [maxHand]insidejob.Card
			tr.Add(insidejob.Play{By: 0, Card: tb.pick(0, &tr)})
			for i := 1; i < tb.rules.Seats; i++ {
				s := tb.seat(i)
				k := tb.legal(s, &tr, &opts)
				has := tb.suit[s][tr.Led()] > 0
				for _, c := range opts[:k] {
					if has && c.Colour() != tr.Led() && (s != tb.insider || (tb.larry && s == int(insidejob.LarrySeat))) {
						t.Fatalf("%d players: seat %d may play %s off the led %s", n, s, c, tr.Led())
					}
				}
			}
		}
	}
}

// BenchmarkMeasure measures the Monte Carlo at 10,000 tricks per card and
// player count, per policy, without and with wagers. Besides wall time it
// reports the process's CPU seconds per table (cpu-s/op), which a loaded
// machine inflates less.
func BenchmarkMeasure(b *testing.B) {
	for _, w := range []bool{false, true} {
		for p := Random; p <= Coop; p++ {
			b.Run(fmt.Sprintf("%s/wagers=%v", p, w), func(b *testing.B) {
				start := cpuSeconds()
				n := 0
				for b.Loop() {
					res := Result{Options: Options{Tricks: 10000, Seed: 1, Wagers: w, Rollouts: 3}}
					res.measure(p)
					n++
				}
				b.ReportMetric((cpuSeconds()-start)/float64(n), "cpu-s/op")
			})
		}
	}
}

// cpuSeconds returns the user and system CPU time of the process so far.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
}
