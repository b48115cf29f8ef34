package retail

import (
	"image"
	"testing"

	"gocv.io/x/gocv"
)

// TestGlaredDouble: rendered 937105-phone's double agent at 0,1, its blue
// half glared to a lavender (hue 120-140) past the blue class, its red
// half red: the double agent. Drawn from it: its lavender half greyed
// (no cool hue left: a red agent half glared, or a red card's half off
// onto a grey table) is no double agent. A glared double agent whose
// blue half is grey (300638-webcam), a blue agent glared lavender all
// over (300946-webcam) and red agents glared pink (300482-webcam,
// 300712-webcam) are what they were.
func TestGlaredDouble(t *testing.T) {
	grey := func(card gocv.Mat) {
		// the left half's saturation taken away: its grey kept
		half := card.Region(image.Rect(0, 0, cardW/2, cardH))
		defer half.Close()
		g := gocv.NewMat()
		defer g.Close()
		gocv.CvtColor(half, &g, gocv.ColorBGRToGray)
		gocv.CvtColor(g, &g, gocv.ColorGrayToBGR)
		g.CopyTo(&half)
	}
	for _, tc := range []struct {
		name, file string
		draw       func(gocv.Mat)
		want       string
	}{
		{"937105", "card-937105-glared-double.png", nil, "double"},
		{"937105 greyed half", "card-937105-glared-double.png", grey, "word"},
		{"300638 grey half", "card-300638-glared-double.png", nil, "word"},
		{"300946 violet blue", "card-300946-violet-blue.png", nil, "blue"},
		{"300482 glared red", "card-300482-glared-red.png", nil, "red"},
		{"300712 glared pink", "card-300712-glared-pink.png", nil, "red"},
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
		})
	}
}
