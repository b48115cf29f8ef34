package retail

import (
	"image"
	"math/rand/v2"
	"testing"

	"gocv.io/x/gocv"
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
				noisy := noisyCard(t, card, 9, rand.New(rand.NewPCG(seed, 23)))
				if got := classify(noisy).kind; got == "blue" {
					t.Errorf("seed %d: classify(%s with noise) = %q, want no blue agent", seed, tc.file, got)
				}
				noisy.Close()
			}
		})
	}
}

// TestVioletFigureBlue: rendered 300946-webcam's blue agent at 1,2, glared
// to a lavender of hue 133 (S 32), its sides a third mauve, and
// 300973-phone's at 2,2 (hue 136), pale all over with no word: their cool
// sides and their figure's tan glared pink or mauve between them make
// them the blue agent. Drawn from it: the figure's box painted
// with its left side's colours (no figure: a glared card of one hue), and
// its left side painted with its figure's (a warm side, as a double
// agent's red half or a red agent's) are not. The assassin glared violet
// (301075-phone), the glared double agent (300638-webcam) and a word card
// glared past its word (936024-webcam's 2,2) stay word cards, with noise
// too (sigma 9, six seeds).
func TestVioletFigureBlue(t *testing.T) {
	paint := func(dst, src image.Rectangle) func(gocv.Mat) {
		return func(card gocv.Mat) {
			from := card.Region(src)
			defer from.Close()
			part := from.Clone()
			defer part.Close()
			gocv.Resize(part, &part, dst.Size(), 0, 0, gocv.InterpolationNearestNeighbor)
			to := card.Region(dst)
			defer to.Close()
			part.CopyTo(&to)
		}
	}
	for _, tc := range []struct {
		name, file string
		draw       func(gocv.Mat)
		want       string
	}{
		{"300946", "card-300946-violet-blue.png", nil, "blue"},
		{"300973", "card-300973-violet-blue.png", nil, "blue"},
		{"300946 no figure", "card-300946-violet-blue.png", paint(figureBox, leftSide), "word"},
		{"300946 a warm side", "card-300946-violet-blue.png", paint(leftSide, figureBox), "word"},
		{"301075 assassin", "card-301075-glared-assassin.png", nil, "word"},
		{"300638 double", "card-300638-glared-double.png", nil, "word"},
		{"936024 word", "card-936024-plain-word.png", nil, "word"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			card := testImage(t, tc.file)
			defer card.Close()
			if tc.draw != nil {
				tc.draw(card)
			}
			if got := classify(card).kind; got != tc.want {
				t.Errorf("classify(%s) = %q, want %q", tc.name, got, tc.want)
			}
			if tc.want == "blue" {
				return
			}
			for seed := range uint64(6) {
				noisy := noisyCard(t, card, 9, rand.New(rand.NewPCG(seed, 24)))
				if got := classify(noisy).kind; got == "blue" {
					t.Errorf("seed %d: classify(%s with noise) = %q, want no blue agent", seed, tc.name, got)
				}
				noisy.Close()
			}
		})
	}
}

// TestPaleFigureBlue: the assassin glared violet (drawn-lamp
// 301075-phone), its blue and green raised over its red as a bluer
// balance would (by a tenth and a twentieth: pale at a blue agent's hue
// all over; by a quarter: in the blue class), is no blue agent: its
// figure is far paler than its sides (the assassin, or no class). Glared
// blue agents stay blue.
func TestPaleFigureBlue(t *testing.T) {
	for _, tc := range []struct {
		file   string
		gb, gg float64
		want   string
	}{
		{"card-301075-glared-assassin.png", 1.10, 1.05, ""},
		{"card-301075-glared-assassin.png", 1.20, 1.10, ""},
		{"card-301075-glared-assassin.png", 1.25, 1.05, ""},
		{"card-300946-violet-blue.png", 1, 1, "blue"},
		{"card-300441-glared-blue.png", 1, 1, "blue"},
		{"card-300644-lavender-blue.png", 1, 1, "blue"},
		{"card-301016-glared-blue.png", 1, 1, "blue"},
	} {
		card := testImage(t, tc.file)
		b := balanced(card, tc.gb, tc.gg)
		if got := classify(b).kind; got != tc.want && (tc.want != "" || got == "blue") {
			t.Errorf("classify(%s balanced %.2f, %.2f) = %q, want %q", tc.file, tc.gb, tc.gg, got, tc.want)
		}
		b.Close()
		card.Close()
	}
}
