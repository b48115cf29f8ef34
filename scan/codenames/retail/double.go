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

// A glare may wash the double agent's blue half past the blue class into
// the pale one, leaving it no double agent by classify's halves (one
// half red, the other blue): rendered 937105-phone's 0,1, its left half
// a lavender of hue 120-140 (S 41), its right 0.74 red, was read as a
// word card with no word. classify takes a card for the double agent when
// one half is at least half red (as for the unglared double agent) and
// the other of a cool hue over minCoolHalf of it, in the blue class or
// the pale (coolPx), and no faint ink lies inside it. Over the rendered
// tuning sets' cards (the regression sets, 300946-300975, 301113-301142,
// 937100-937111: 1,695 cards, 1,342 of them word cards), only double
// agents show one half half red or pink and the other 0.7 of a cool hue
// (11), no word card, agent, bystander or assassin: a red agent's glare
// is pink, of the red's hue, and a blue agent's lavender is a cool hue on
// both its halves.
const (
	// minCoolHalf is the least share of a half's pixels of a cool hue
	// (coolPx): 937105's 0.88.
	minCoolHalf = 0.7
	// maxCoolHue is the highest hue (OpenCV's 0-180) coolPx takes: a
	// blue agent's blue (100-120) and the lavender a glare turns it to
	// (937105's 120-140; 300946's whole blue agent up to 150).
	maxCoolHue = 150
)

// coolPx reports whether a pixel's hue and saturation are a blue
// agent's, glared or not: a hue of minGlareBlueHue to maxCoolHue, at a
// saturation of minGlareBlueSat or more.
func coolPx(h, s byte) bool {
	return s >= minGlareBlueSat && h >= minGlareBlueHue && h <= maxCoolHue
}

// glaredDouble reports whether a card's halves (redL, redR: the share of
// each half in the red class; coolL, coolR: of a cool hue, coolPx) are
// the double agent's with its blue half glared: one half half red, the
// other minCoolHalf cool.
func glaredDouble(redL, redR, coolL, coolR float64) bool {
	return redL >= 0.5 && coolR >= minCoolHalf || redR >= 0.5 && coolL >= minCoolHalf
}
