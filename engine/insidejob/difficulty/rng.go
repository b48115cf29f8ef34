package difficulty

// rng is splitmix64: a small, fast, seedable source for the Monte Carlo (about
// a nanosecond a number; math/rand/v2's PCG costs several in the inner loop).
type rng struct{ s uint64 }

func newRNG(seed, stream uint64) *rng {
	r := &rng{s: seed ^ stream*0xd1342543de82ef95}
	r.next()
	return r
}

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// IntN returns a number in [0, n) for 0 < n < 2^32 (multiply-shift; the bias,
// below n/2^32, does not show in percentages).
func (r *rng) IntN(n int) int { return int((r.next() >> 32) * uint64(n) >> 32) }
