package codenames

import (
	"math/rand"
	"slices"
	"testing"

	"fieldkit/scan"
)

// TestPatchPercentiles checks patch's percentiles, read from a count of
// channel sums and by selection, against sorting every sample: random
// pixels (few levels, so that ties are common) seen through random
// homographies.
func TestPatchPercentiles(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	const w, h = 400, 300
	for trial := range 200 {
		levels := 2 + rng.Intn(40)
		pix := make([]uint8, w*h*3)
		for k := range pix {
			pix[k] = uint8(rng.Intn(levels) * 255 / levels)
		}
		img := &tableImage{pix: pix, w: w, h: h, ch: 3, st: w * 3}
		// cell (c, r) at pixel (60 + 70c + shear, 50 + 50r), tilted a little
		sx, sy := 60+rng.Float64()*20, 45+rng.Float64()*10
		toImage, ok := scan.FitHomography(
			[]scan.Point{{X: 0, Y: 0}, {X: 4, Y: 0}, {X: 4, Y: 4}, {X: 0, Y: 4}},
			[]scan.Point{{X: 40, Y: 30}, {X: 40 + 4*sx, Y: 30 + rng.Float64()*8}, {X: 40 + 4*sx + rng.Float64()*8, Y: 30 + 4*sy}, {X: 40, Y: 30 + 4*sy}})
		if !ok {
			t.Fatal("no homography")
		}
		c, r := rng.Float64()*4, rng.Float64()*4
		got := img.patch(toImage, c, r)
		want := patchBySort(img, toImage, c, r)
		if got != want {
			t.Fatalf("trial %d: patch %+v, by sorting %+v", trial, got, want)
		}
	}
}

// patchBySort is patch with every percentile read from sorted samples.
func patchBySort(t *tableImage, toImage scan.Homography, c, r float64) patchStats {
	var s patchStats
	var br [bareSamples * bareSamples]float64
	var su, sv float64
	for i := range bareSamples {
		for j := range bareSamples {
			u := -barePatch + 2*barePatch*(float64(i)+0.5)/bareSamples
			v := -barePatch + 2*barePatch*(float64(j)+0.5)/bareSamples
			p, _ := toImage.Apply(scan.Point{X: c + u, Y: r + v})
			o := int(p.Y+0.5)*t.st + int(p.X+0.5)*t.ch
			b, g, rr := float64(t.pix[o]), float64(t.pix[o+1]), float64(t.pix[o+2])
			s.mean = [3]float64{s.mean[0] + b, s.mean[1] + g, s.mean[2] + rr}
			br[i*bareSamples+j] = (b + g + rr) / 3
			su += br[i*bareSamples+j] * (float64(i) - (bareSamples-1)/2.0)
			sv += br[i*bareSamples+j] * (float64(j) - (bareSamples-1)/2.0)
		}
	}
	for k := range s.mean {
		s.mean[k] /= float64(len(br))
	}
	// the residuals as flatSpread makes them, sorted
	mean := 0.0
	for _, b := range br {
		mean += b
	}
	mean /= float64(len(br))
	var s2 float64
	for i := range bareSamples {
		s2 += (float64(i) - 7.5) * (float64(i) - 7.5)
	}
	s2 *= bareSamples
	res := make([]float64, len(br))
	for k, b := range br {
		res[k] = b - mean - su/s2*(float64(k/bareSamples)-7.5) - sv/s2*(float64(k%bareSamples)-7.5)
	}
	slices.Sort(res)
	s.flat = res[len(res)*9/10] - res[len(res)/10]
	sorted := slices.Clone(br[:])
	slices.Sort(sorted)
	s.lo, s.hi, s.med = sorted[len(sorted)/10], sorted[len(sorted)*9/10], sorted[len(sorted)/2]
	s.ok = true
	return s
}

// TestSelectNth checks selection against sorting, ties included.
func TestSelectNth(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for trial := range 500 {
		n := 1 + rng.Intn(300)
		a := make([]float64, n)
		for k := range a {
			a[k] = float64(rng.Intn(1 + trial%20))
		}
		sorted := slices.Clone(a)
		slices.Sort(sorted)
		k := rng.Intn(n)
		if got := selectNth(a, k); got != sorted[k] {
			t.Fatalf("trial %d: %d-th of %d is %v, sorted %v", trial, k, n, got, sorted[k])
		}
	}
}
