package retail

import (
	"image"
	"image/color"
	"math"
	"testing"

	"gocv.io/x/gocv"
)

// TestPaperTintClipped: a warm lamp lifts the word cards' paper to the
// sensor's top in red, leaving a few of each card's points unclipped.
// Rendered 300657-phone under `-perturb warm` (its word cards kept 9-53 of
// their 144 points): with half the points asked for, the tint was the
// blue agents' (blue over red 1.83), and balanced to it the blue agents
// in a hand's shadow read as the assassin and the bystander. Here six
// word cards, clipped in red but for a strip a fifth of their height
// (their paper's 135, 188, 242 BGR there), lie beside five light blue
// agents (116, 85, 63): the tint is the paper's.
func TestPaperTintClipped(t *testing.T) {
	img := gocv.NewMatWithSize(400, 1200, gocv.MatTypeCV8UC3)
	defer img.Close()
	img.SetTo(gocv.NewScalar(60, 70, 80, 0))
	var quads []Quad
	card := func(x, y int, c color.RGBA, strip *color.RGBA) {
		r := image.Rect(x, y, x+140, y+90)
		gocv.Rectangle(&img, r, c, -1)
		if strip != nil {
			gocv.Rectangle(&img, image.Rect(x, y+40, x+140, y+58), *strip, -1)
		}
		quads = append(quads, Quad{{float64(r.Min.X), float64(r.Min.Y)}, {float64(r.Max.X), float64(r.Min.Y)}, {float64(r.Max.X), float64(r.Max.Y)}, {float64(r.Min.X), float64(r.Max.Y)}})
	}
	// color.RGBA holds BGR here: gocv draws its R, G, B into a BGR
	// image's channels 2, 1, 0
	paper, clipped := color.RGBA{R: 242, G: 188, B: 135}, color.RGBA{R: 255, G: 200, B: 140}
	for i := range 6 {
		card(20+190*i, 20, clipped, &paper)
	}
	for i := range 5 {
		card(20+190*i, 200, color.RGBA{R: 63, G: 85, B: 116}, nil)
	}
	b, g, ok := paperTint(img, quads)
	if !ok || math.Abs(b-135.0/242) > 0.02 || math.Abs(g-188.0/242) > 0.02 {
		t.Errorf("paperTint = %.2f, %.2f, %v, want %.2f, %.2f, true (the paper's, not the agents' %.2f)", b, g, ok, 135.0/242, 188.0/242, 116.0/63)
	}
}
