package retail

import (
	"testing"

	"gocv.io/x/gocv"
)

// TestShadedRedFigure measures shadedRedFigure on rectified cards: red
// agents whose figure is only a shade darker than their red (rendered
// 301129-phone's 0,2 and 301149-phone's 2,1, where redFigure and
// slidRedFigure find none), and cards classed red that are no red agent
// (pink sleeves over word cards, 300913-phone and 301024-webcam), and a
// red agent whose figure redFigure finds anyway.
func TestShadedRedFigure(t *testing.T) {
	for _, tc := range []struct {
		file  string
		agent bool // minShadedRed or more wanted, else under it
	}{
		{"card-301129-shaded-red.png", true},
		{"card-301149-shaded-red.png", true},
		{"card-300977-off-red.png", true},
		{"card-300913-sleeve.png", false},
		{"card-300913-sleeve2.png", false},
		{"card-301024-sleeved-word-median.png", false},
		{"card-301024-sleeved-word-edge.png", false},
	} {
		t.Run(tc.file, func(t *testing.T) {
			card := testImage(t, tc.file)
			defer card.Close()
			hsv := gocv.NewMat()
			defer hsv.Close()
			gocv.CvtColor(card, &hsv, gocv.ColorBGRToHSV)
			got := shadedRedFigure(pixels(hsv))
			if (got >= minShadedRed) != tc.agent {
				t.Errorf("shadedRedFigure = %.3f, want it %s %.2f", got, map[bool]string{true: "at least", false: "under"}[tc.agent], minShadedRed)
			}
		})
	}
}

// TestShadedRedNoSleeve: red agents with no outline of their own,
// touching other red covers, their figure a shade darker than their red
// (drawn-lamp 301203-phone's 3,0, balanced as the reader does, and
// fixed-lamp 300988-webcam's 0,2), each cut from its frame with the cells
// around it (the cell's quad scaled by 2.6 about its centre, 364 × 234
// pixels: the cell lies in the middle 140 × 90). Their red runs on past
// two sides (redBeyond) and redFigureShown finds no figure, so without
// shadedRedFigure sleeveRed took each for a sleeve's red and left it in
// doubt.
func TestShadedRedNoSleeve(t *testing.T) {
	q := Quad{{112, 72}, {252, 72}, {252, 162}, {112, 162}}
	for _, file := range []string{"rendered-301203-touching-shaded-red.png", "rendered-300988-touching-shaded-red.png"} {
		t.Run(file, func(t *testing.T) {
			img := testImage(t, file)
			defer img.Close()
			card := gocv.NewMat()
			defer card.Close()
			rectify(img, q, &card)
			hsv := gocv.NewMat()
			defer hsv.Close()
			gocv.CvtColor(card, &hsv, gocv.ColorBGRToHSV)
			if lk := classify(card); lk.kind != "red" || !redBeyond(img, q) || redFigureShown(pixels(hsv)) {
				t.Fatalf("classify = %q, redBeyond %v, redFigureShown %v: want a red card with red beyond it and no figure redFigureShown finds (the case the test is for)",
					lk.kind, redBeyond(img, q), redFigureShown(pixels(hsv)))
			}
			if sleeveRed(img, card, q, false) {
				t.Errorf("sleeveRed = true (shadedRedFigure %.3f), want false: a red agent", shadedRedFigure(pixels(hsv)))
			}
		})
	}
}
