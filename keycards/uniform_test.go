package keycards

import (
	"math"
	"math/rand/v2"
	"testing"
)

// cellChiSquare draws n Duet cards and returns the chi-square statistic of how
// often each table cell holds each of the nine pair kinds, against the uniform
// expectation count_k/25, and its degrees of freedom (25 cells x 8).
func cellChiSquare(n int, draw func() DuetCard) (stat float64, dof int) {
	var seen [Cells][9]int
	for range n {
		d := draw()
		for i := range Cells {
			seen[i][pairIndex(d.At(i))]++
		}
	}
	for i := range Cells {
		for k, c := range duetCounts {
			want := float64(n) * float64(c) / Cells
			diff := float64(seen[i][k]) - want
			stat += diff * diff / want
		}
	}
	return stat, Cells * (len(duetCounts) - 1)
}

// chiLimit is far out in the tail: mean dof, standard deviation sqrt(2 dof).
func chiLimit(dof int) float64 { return float64(dof) + 6*math.Sqrt(2*float64(dof)) }

func TestUniformCells(t *testing.T) {
	src := SeededSource("uniform")
	stat, dof := cellChiSquare(100000, func() DuetCard { return NewDuet(src) })
	t.Logf("chi-square %.1f, limit %.1f", stat, chiLimit(dof))
	if stat > chiLimit(dof) {
		t.Errorf("chi-square of cell kinds = %.1f with %d degrees of freedom, above %.1f: the generator is biased", stat, dof, chiLimit(dof))
	}
}

// TestUniformCatchesBiasedShuffle shows the statistic above is strong enough: a
// classic off-by-one shuffle (swap with any position, not a later one) fails it.
func TestUniformCatchesBiasedShuffle(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	base := DuetFromRank(0)
	naive := func() DuetCard {
		var cats [Cells]int
		for i := range Cells {
			cats[i] = pairIndex(base.At(i))
		}
		for i := range Cells {
			j := rng.IntN(Cells) // biased: should be i + rng.IntN(Cells-i)
			cats[i], cats[j] = cats[j], cats[i]
		}
		var d DuetCard
		for i, k := range cats {
			d.A[i], d.B[Turn(i)] = duetPairs[k].a, duetPairs[k].b
		}
		return d
	}
	stat, dof := cellChiSquare(100000, naive)
	t.Logf("naive shuffle: chi-square %.1f, limit %.1f", stat, chiLimit(dof))
	if stat <= chiLimit(dof) {
		t.Errorf("naive shuffle: chi-square %.1f with %d degrees of freedom, not above %.1f: the uniformity test would miss a biased shuffle", stat, dof, chiLimit(dof))
	}
}

// TestUniformRanks checks the draw over whole layouts: ranks fall evenly into
// 64 buckets, for Duet and classic cards.
func TestUniformRanks(t *testing.T) {
	const buckets, n = 64, 64000
	for _, tt := range []struct {
		name  string
		total uint64
		draw  func(*Source) uint64
	}{
		{"duet", DuetLayouts, func(s *Source) uint64 { return NewDuet(s).Rank() }},
		{"classic", ClassicLayouts, func(s *Source) uint64 { return NewClassic(s).Rank() }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := SeededSource("ranks " + tt.name)
			var seen [buckets]int
			for range n {
				r := tt.draw(src)
				seen[int(float64(r)/float64(tt.total)*buckets)]++
			}
			want := float64(n) / buckets
			stat := 0.0
			for _, c := range seen {
				stat += (float64(c) - want) * (float64(c) - want) / want
			}
			if stat > chiLimit(buckets-1) {
				t.Errorf("chi-square of rank buckets = %.1f, above %.1f", stat, chiLimit(buckets-1))
			}
		})
	}
}

func TestBelowBounds(t *testing.T) {
	src := SeededSource("below")
	for _, n := range []uint64{1, 2, 3, 7, 1 << 40, DuetLayouts, 1<<63 + 1, math.MaxUint64} {
		for range 1000 {
			if v := src.below(n); v >= n {
				t.Fatalf("below(%d) = %d", n, v)
			}
		}
	}
}
