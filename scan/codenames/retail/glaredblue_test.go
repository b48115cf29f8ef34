package retail

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestGlaredFigureBlue: blue agents glared past glaredBlue's median
// saturation (rendered 300715-phone's 2,4 at S 18, 300503-phone's 3,3 and
// drawn-lamp 301016-webcam's 3,1), pale all over with no word, show their
// sides a pale blue and their figure's tan between them: blue. Pale cards
// with no ink that are no blue agent stay what they were: a glared double
// agent (300638-webcam, its red half), an assassin glared violet
// (301075-phone, hue 129), a word card whose glare took its word
// (936024-webcam's 2,2). With noise (sigma 9, six seeds) none of the
// others is blue either.
func TestGlaredFigureBlue(t *testing.T) {
	for _, tc := range []struct {
		file, want string
	}{
		{"card-300715-glared-blue.png", "blue"},
		{"card-300503-glared-blue.png", "blue"},
		{"card-301016-glared-blue.png", "blue"},
		{"card-300638-glared-double.png", "word"},
		{"card-301075-glared-assassin.png", "word"},
		{"card-936024-plain-word.png", "word"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			card := testImage(t, tc.file)
			defer card.Close()
			if got := classify(card).kind; got != tc.want {
				t.Errorf("classify(%s) = %q, want %q", tc.file, got, tc.want)
			}
			if tc.want == "blue" {
				return
			}
			for seed := range uint64(6) {
				rng := rand.New(rand.NewPCG(seed, 23))
				noisy := card.Clone()
				px, err := noisy.DataPtrUint8()
				if err != nil {
					t.Fatal(err)
				}
				for i := range px {
					px[i] = uint8(max(0, min(255, math.Round(float64(px[i])+9*rng.NormFloat64()))))
				}
				if got := classify(noisy).kind; got == "blue" {
					t.Errorf("seed %d: classify(%s with noise) = %q, want no blue agent", seed, tc.file, got)
				}
				noisy.Close()
			}
		})
	}
}
