package retail

import (
	"gocv.io/x/gocv"
)

// The double agent's figure is printed violet (the rendered and synthetic
// faces' RGB 90, 60, 100: OpenCV's hue 142) across both its halves; a red
// or a blue agent's figure is its own colour, darker. Under `-perturb
// warm`, rendered 300802-webcam's double agent (cell 2,0, on a blue table)
// lost its blue half to the table's colour in the card mask, and the
// finder outlined its red half alone as a card (0.64 of its cell's length):
// rectified, that half is 0.8 red, and was read as the red agent, a wrong
// cover. Its figure's half, stretched across the card's end, is violet
// over 0.234 of it (300538-webcam's 0,3 under the same lamp, read as the
// red agent too: 0.195). Over the cards of the tuning sets with outlines of
// their own (300437-300822, 930000-930007 and the regression set as
// rendered, all but the regression set under the warm lamp), the 1,021 red
// agents so classed measure no violet (0.000) and the 952 blue agents
// 0.022 at most (300507-phone's 0,4); whole double agents 0.019-0.197.
const (
	minDoubleHue, maxDoubleHue = 131, 169
	// minDoubleViolet is the least share of a card's inside of the
	// violet figure's hue (saturation 60 or more) that halfDouble takes
	// for a double agent's figure: over three times a blue agent's most,
	// a third of 300802's half.
	minDoubleViolet = 0.08
)

// halfDouble reports whether a card the colours class as a red or a blue
// agent shows the double agent's violet figure (violet of its tot pixels:
// minDoubleViolet), so is a double agent's half, or a double agent whose
// outline lies off it: no agent of one colour.
func halfDouble(violet int, tot float64) bool {
	return float64(violet) >= minDoubleViolet*tot
}

// wholeDouble reports whether the grid's quad q of a cell (img, the frame)
// shows the double agent whole, where the cell's own outline showed one
// half of it (halfDouble): rendered 300802-webcam's, under the warm lamp,
// its outline the red half's alone, reads as the double agent on its
// cell's quad, both halves there.
func wholeDouble(img gocv.Mat, q Quad) bool {
	card := gocv.NewMat()
	defer card.Close()
	rectify(img, q, &card)
	return classify(card).kind == "double"
}
