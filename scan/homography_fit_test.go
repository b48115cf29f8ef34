package scan

import (
	"math"
	"math/rand"
	"testing"
)

// TestFitHomographySame checks FitHomography, which sums only the normal
// matrix's nonzero products of its upper triangle, against the plain sum of
// every product (fitFull): the same map to the last bit, on random point
// sets of 4 to 60 pairs under random maps with noise.
func TestFitHomographySame(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for trial := range 2000 {
		truth := Homography{1 + rng.NormFloat64()*0.3, rng.NormFloat64() * 0.3, rng.NormFloat64() * 100,
			rng.NormFloat64() * 0.3, 1 + rng.NormFloat64()*0.3, rng.NormFloat64() * 100,
			rng.NormFloat64() * 1e-3, rng.NormFloat64() * 1e-3, 1}
		n := 4 + rng.Intn(57)
		src, dst := make([]Point, n), make([]Point, n)
		for i := range n {
			src[i] = Point{X: rng.Float64() * 1920, Y: rng.Float64() * 1080}
			q, _ := truth.Apply(src[i])
			dst[i] = Point{X: q.X + rng.NormFloat64(), Y: q.Y + rng.NormFloat64()}
		}
		got, ok := FitHomography(src, dst)
		want, wantOK := fitFull(src, dst)
		if got != want || ok != wantOK {
			t.Fatalf("trial %d (%d pairs): %v %v, summing every product %v %v", trial, n, got, ok, want, wantOK)
		}
	}
}

// fitFull is FitHomography summing every product of the normal equations.
func fitFull(src, dst []Point) (Homography, bool) {
	n := len(src)
	if n < 4 || len(dst) != n {
		return Homography{}, false
	}
	ns, nd := normalizer(src), normalizer(dst)
	var ata [8][8]float64
	var atb [8]float64
	for i := range n {
		s, _ := ns.Apply(src[i])
		d, _ := nd.Apply(dst[i])
		for _, r := range [2][9]float64{
			{s.X, s.Y, 1, 0, 0, 0, -d.X * s.X, -d.X * s.Y, d.X},
			{0, 0, 0, s.X, s.Y, 1, -d.Y * s.X, -d.Y * s.Y, d.Y},
		} {
			for a := range 8 {
				for b := range 8 {
					ata[a][b] += r[a] * r[b]
				}
				atb[a] += r[a] * r[8]
			}
		}
	}
	x, ok := solve8(ata, atb)
	if !ok {
		return Homography{}, false
	}
	ndi, ok := nd.Inverse()
	if !ok {
		return Homography{}, false
	}
	h := ndi.Mul(Homography{x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], 1}).Mul(ns)
	if math.Abs(h[8]) < 1e-12 {
		return Homography{}, false
	}
	for i := range h {
		h[i] /= h[8]
	}
	return h, true
}
