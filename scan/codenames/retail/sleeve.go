package retail

import (
	"gocv.io/x/gocv"
)

// A player's sleeve across the grid may be the red agent's red to every
// corner of the cells it covers (rendered 300979-phone, session 24's
// fresh set: a crimson arm over four cells, each read as the red agent,
// one of them a blue agent's cell), which redAgentShown cannot tell from
// a red agent card: both are red from edge to edge. But a card ends at
// its outline, and the grid leaves a gap of cloth between its cards,
// while a sleeve runs on past the cell. redStrips looks at four strips
// just outside the cell's quad, one beyond each side, in the middle of
// the side, and counts the strips whose pixels are mostly
// red (redHue, and not dark): a red agent lies between cloth, or a
// neighbour's edge on one side where cards touch; a sleeve's red runs on
// across two sides or more. Red agents in a cluster of covers touching
// show red beyond two sides too (300958-webcam, 300960-webcam and
// 301129-phone of rendered-heldout18 and rendered-lamp18, their quads
// placed by the grid), but their figure shows (redFigure 0.49-0.76; the
// sleeve's four cells -0.22 to -0.01), except 301129-phone's 0,2 under a
// drawn bluish lamp (0.00), left in doubt by it. sleeveRed asks both.
//
// It asks them only of a cell the grid placed, with no outline of its own:
// a card outlined on its own (its four edges found where the grid wants a
// card) ends there, and the red beyond is a neighbour's. The sleeve's
// four cells of 300979-phone had none; red agents outlined on their own
// and touching other covers, their figure faint (redFigure 0.00-0.01),
// were left in doubt by it: 300988-webcam's 0,3 (rendered-heldout24) and
// 300976-webcam's 3,3 under `-perturb cool`.
const (
	// sleeveGrow is how far the cell's quad is grown about its centre to
	// look beyond it: the strips lie between 1.04 and 1.2 of it.
	sleeveGrow = 1.2
	// minRedStrip is the least share of a strip's pixels that makes it
	// red.
	minRedStrip = 0.6
	// minRedStrips is how many red strips make the red a sleeve's.
	minRedStrips = 2
)

// sleeveRed reports whether a cell classed the red agent (q: its quad in
// img; card: the cell rectified; own: q is a card's own outline, not the
// grid's placing) is a sleeve's red: no outline of its own, its red runs
// on beyond the cell (redBeyond) and it shows no red agent's figure
// (redFigureShown), not even one a shade darker than its red
// (shadedRedFigure, shadedred.go).
func sleeveRed(img, card gocv.Mat, q Quad, own bool) bool {
	if own || !redBeyond(img, q) {
		return false
	}
	hsv := gocv.NewMat()
	defer hsv.Close()
	gocv.CvtColor(card, &hsv, gocv.ColorBGRToHSV)
	px := pixels(hsv)
	return !redFigureShown(px) && shadedRedFigure(px) < minShadedRed
}

// redBeyond reports whether the red of a cell classed the red agent (q:
// its quad in img) runs on beyond the cell on minRedStrips sides or more.
func redBeyond(img gocv.Mat, q Quad) bool {
	return redStrips(img, q) >= minRedStrips
}

// redStrips counts the sides of q beyond which img is red (minRedStrip).
func redStrips(img gocv.Mat, q Quad) int {
	g := q.scaled(sleeveGrow)
	w, h := cardW/2, cardH/2
	m := gocv.NewMat()
	defer m.Close()
	warpTo(img, g, w, h, &m)
	hsv := gocv.NewMat()
	defer hsv.Close()
	gocv.CvtColor(m, &hsv, gocv.ColorBGRToHSV)
	px := pixels(hsv)
	// the cell spans 1/sleeveGrow of the grown quad, about its middle;
	// a strip lies from 1.04 of the cell outward, along the middle 70%
	// of its side
	in := func(f, size float64) int { return int(size * (0.5 + f/(2*sleeveGrow))) }
	x0, x1 := in(-1.04, float64(w)), in(1.04, float64(w))
	y0, y1 := in(-1.04, float64(h)), in(1.04, float64(h))
	xa, xb := in(-0.7, float64(w)), in(0.7, float64(w))
	ya, yb := in(-0.7, float64(h)), in(0.7, float64(h))
	strips := [4][4]int{
		{0, ya, x0, yb}, // left: x from 0 to x0
		{x1, ya, w, yb}, // right
		{xa, 0, xb, y0}, // top
		{xa, y1, xb, h}, // bottom
	}
	n := 0
	for _, s := range strips {
		red, all := 0, 0
		for y := s[1]; y < s[3]; y++ {
			for x := s[0]; x < s[2]; x++ {
				i := (y*w + x) * 3
				all++
				if redHue(px[i], px[i+1]) && px[i+2] >= 80 {
					red++
				}
			}
		}
		if all > 0 && float64(red) >= minRedStrip*float64(all) {
			n++
		}
	}
	return n
}
