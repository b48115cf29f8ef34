package keycards

import (
	crand "crypto/rand"
	"crypto/sha256"
	"math/bits"
	"math/rand/v2"
)

// Source is the randomness key cards are drawn from. Its output for a given seed
// is fixed forever: SHA-256 of the seed keys a ChaCha8 stream (c2sp.org/chacha8rand),
// and numbers below a bound are taken from it by multiply-and-reject, so a seeded
// card is the same on every platform and in every future version.
type Source struct{ r *rand.ChaCha8 }

// NewSource returns a Source seeded from the operating system's secure random generator.
func NewSource() *Source {
	var seed [32]byte
	if _, err := crand.Read(seed[:]); err != nil {
		panic("keycards: no system randomness: " + err.Error()) // crypto/rand.Read never fails on supported systems
	}
	return &Source{rand.NewChaCha8(seed)}
}

// SeededSource returns a reproducible Source for a seed string.
func SeededSource(seed string) *Source {
	return &Source{rand.NewChaCha8(sha256.Sum256([]byte("fieldkit keycards v1\x00" + seed)))}
}

// below returns a uniform number in [0, n); n must be positive.
func (s *Source) below(n uint64) uint64 {
	hi, lo := bits.Mul64(s.r.Uint64(), n)
	if lo < n {
		reject := -n % n
		for lo < reject {
			hi, lo = bits.Mul64(s.r.Uint64(), n)
		}
	}
	return hi
}
