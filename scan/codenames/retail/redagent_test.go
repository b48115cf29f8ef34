package retail

import (
	"image"
	"image/color"
	"testing"

	"gocv.io/x/gocv"
)

// TestRedSleeve: a card red by most of it is the red agent only when it
// shows the agent card (redAgentShown). The pink sleeve of rendered
// 300913-phone over the word cards of cells 1,4 and 2,4 (read as two red
// agents) shows neither the figure nor its red in three corners; the red
// agents of 300872-webcam's 3,1 (its figure plain, fingers over two
// corners) and 300886-webcam's 2,0 (printed plain, red to its corners)
// stay red, as does 300977-phone's 4,1 (rendered-heldout24), a sixth of a
// card off its cell, red in two corners, its figure plain off the middle
// (slidRedFigure).
func TestRedSleeve(t *testing.T) {
	checkCovers(t, []coverCase{
		{"card-300913-sleeve.png", ""},
		{"card-300913-sleeve2.png", ""},
		{"card-300872-fingered-red.png", "red"},
		{"card-300886-plain-red.png", "red"},
		{"card-300482-glared-red.png", "red"},
		{"card-300977-off-red.png", "red"},
	})
}

// TestRedAgentShown: drawn red cards, each evidence alone. A plain red
// card has red to its four corners; with two corners covered by the
// word card's beige (a sleeve across it) it shows no agent, unless its
// figure, a darker red down its middle, shows, or off the middle, as a
// card a sixth of a cell off its cell shows it.
func TestRedAgentShown(t *testing.T) {
	red := color.RGBA{R: 220, G: 50, B: 45}
	beige := color.RGBA{R: 225, G: 205, B: 170}
	for _, tc := range []struct {
		name            string
		corners, figure bool
		at              float64 // the figure's middle, mm from the card's left
		want            bool
	}{
		{"plain", false, false, 35, true},
		{"two corners beige", true, false, 35, false},
		{"two corners beige, the figure", true, true, 35, true},
		{"two corners beige, the figure off the middle", true, true, 20, true},
	} {
		card := gocv.NewMatWithSize(cardH, cardW, gocv.MatTypeCV8UC3)
		gocv.Rectangle(&card, image.Rect(0, 0, cardW, cardH), red, -1)
		if tc.corners {
			gocv.Rectangle(&card, mmRect(0, 0, 70, 16), beige, -1)
		}
		if tc.figure {
			gocv.Circle(&card, image.Pt(int(tc.at*pxmm), int(15*pxmm)), int(5*pxmm), color.RGBA{R: 170, G: 38, B: 35}, -1)
			gocv.Rectangle(&card, mmRect(tc.at-5, 22, tc.at+5, 37), color.RGBA{R: 170, G: 38, B: 35}, -1)
		}
		hsv := gocv.NewMat()
		gocv.CvtColor(card, &hsv, gocv.ColorBGRToHSV)
		if got := redAgentShown(pixels(hsv)); got != tc.want {
			t.Errorf("%s: redAgentShown = %v, want %v (corners %d, figure %.2f, slid %.2f)", tc.name, got, tc.want, redCorners(pixels(hsv)), redFigure(pixels(hsv)), slidRedFigure(pixels(hsv)))
		}
		hsv.Close()
		card.Close()
	}
}
