package scan

import (
	"math/rand"
	"testing"

	"fieldkit/markers"
)

// TestMarkerSizeLimits backs the size limits in the DetectorParams
// documentation over a range of marker sizes: at full size every marker whose
// shortest side is at least 28 pixels is found, downscaled every marker of at
// least 40 pixels. With -v it prints the share found per size.
func TestMarkerSizeLimits(t *testing.T) {
	settings := []struct {
		name    string
		p       DetectorParams
		minSide float64
	}{
		{"full size, one window", DetectorParams{WindowMin: 13, WindowMax: 13, WindowStep: 1}, 28},
		{"tuned", TunedParams(), 40},
	}
	const bucket = 4 // pixels
	type count struct{ n, found int }
	counts := make([]map[int]*count, len(settings))
	for i := range counts {
		counts[i] = make(map[int]*count)
	}
	var seed int64
	for _, fill := range []float64{0.3, 0.4, 0.5, 0.6, 0.7, 0.8} {
		for _, tilt := range []float64{0, 45} {
			for _, blur := range []float64{0, 1.2} {
				seed++
				rng := rand.New(rand.NewSource(seed))
				ids := rng.Perm(markers.Count)[:25]
				d := degradation{rotate: 180, tilt: tilt, fill: fill, blur: blur, noise: 3}
				sc := makeScene(t, rng, drawSheet(t, cardsLayout, ids), d)
				for i, s := range settings {
					got, err := DetectMarkers(sc.frame, s.p)
					if err != nil {
						t.Fatal(err)
					}
					var st detectionStats
					checkDetection(t, sc, got, s.minSide, maxCornerError(s.p), &st)
					if len(st.missed) > 0 {
						t.Errorf("%s, fill %.1f tilt %.0f blur %.1f: not found: %v", s.name, fill, tilt, blur, st.missed)
					}
					seen := make(map[int]bool)
					for _, m := range got {
						seen[m.ID] = true
					}
					for id, c := range sc.truth {
						b := int(shortestSide(c)) / bucket * bucket
						if counts[i][b] == nil {
							counts[i][b] = &count{}
						}
						counts[i][b].n++
						if seen[id] {
							counts[i][b].found++
						}
					}
				}
				sc.frame.Close()
			}
		}
	}
	for i, s := range settings {
		for b := 0; b < 200; b += bucket {
			if c := counts[i][b]; c != nil {
				t.Logf("%s: shortest side %3d-%3d px: found %3d of %3d (%.0f%%)", s.name, b, b+bucket-1, c.found, c.n, 100*float64(c.found)/float64(c.n))
			}
		}
	}
}
