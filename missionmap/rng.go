package missionmap

import (
	"math/bits"
	"math/rand/v2"
)

// rng is the package's random source. Its output for a seed is fixed forever
// (PCG-DXSM as math/rand/v2 specifies it, and our own bounded draws), because
// map codes name generated maps by their seed.
type rng struct{ p *rand.PCG }

func newRNG(seed uint64, stream uint64) *rng {
	return &rng{rand.NewPCG(seed, stream)}
}

// below returns a uniform number in [0, n); n must be positive.
func (r *rng) below(n int) int {
	un := uint64(n)
	hi, lo := bits.Mul64(r.p.Uint64(), un)
	if lo < un {
		reject := -un % un
		for lo < reject {
			hi, lo = bits.Mul64(r.p.Uint64(), un)
		}
	}
	return int(hi)
}

// between returns a uniform integer in [lo, hi].
func (r *rng) between(lo, hi int) int { return lo + r.below(hi-lo+1) }

// chance returns true with probability p (p in [0, 1], to 1/2^53).
func (r *rng) chance(p float64) bool {
	return float64(r.p.Uint64()>>11) < p*(1<<53)
}

// shuffle permutes xs uniformly (Fisher-Yates from the end).
func shuffle[T any](r *rng, xs []T) {
	for i := len(xs) - 1; i > 0; i-- {
		j := r.below(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}
