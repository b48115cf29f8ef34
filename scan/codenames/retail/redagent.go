package retail

import "image"

// A player's sleeve of the red agent's hue lying across a word card is red
// by most of the card's pixels: rendered 300913-phone (session 21's
// held-out set) had its pink sleeve over cells 1,4 and 2,4 read as two red
// agents, wrong covers. By colour it is no different: its red pixels'
// median hue (OpenCV's, wrapped round 0) is -7 and -8 at saturation 103
// and 110, the red agents read on every rendered set -10 to 7 and from 82.
// What a sleeve lacks is the card: the red agent's figure, printed in the
// card's own red, darker, down its middle (redFigure), and the card's red
// reaching its corners (redCorners), where a sleeve crossing a word card
// leaves the word card's beige, a hand or the table. classify takes a card
// red by most of it for the red agent only when it shows either.

// The corners of the rectified card where redCorners looks for the
// agent's red: 12 by 10 mm inside the card's inner box.
var redCornerBoxes = [4]image.Rectangle{
	mmRect(4, 4, 16, 14), mmRect(54, 4, 66, 14), mmRect(4, 31, 16, 41), mmRect(54, 31, 66, 41),
}

const (
	// minCornerRed is the least share of a corner's pixels in the red
	// class for redCorners to count it red.
	minCornerRed = 0.5
	// minRedCorners is how many of the four corners must be red: a hand
	// or a finger over one corner of an agent leaves three. The sleeve
	// of 300913-phone's 1,4 leaves two (0.04 and 0.06 red at the
	// others), its 2,4 one.
	minRedCorners = 3
	// figureRedShade is the brightness (V), against the median of the
	// red at the card's sides, under which a red pixel is the figure's
	// darker red.
	figureRedShade = 0.85
	// minRedFigure is the least share of a window's pixels, in each of
	// the figure's halves (its head's and its body's), of the figure's
	// darker red over the sides' share, for redFigure: red agents whose
	// figure shows measure 0.26 (rendered 300872-webcam's 3,1, fingers
	// over its left) to 0.89; the figureless ones (the renderer prints
	// some agents plain) and the sleeves of 300913-phone -0.06 to 0.00.
	minRedFigure = 0.15
)

// isRedPx reports whether an HSV pixel is in classify's red class.
func isRedPx(h, s, v byte) bool {
	return v >= 80 && redHue(h, s)
}

// redHue reports whether a pixel's hue and saturation are the red class's
// (classify), at any brightness.
func redHue(h, s byte) bool {
	return s >= 60 && (h <= 8 || h >= 170)
}

// redAgentShown reports whether a card (px: its HSV pixels) that the
// colours class red shows a red agent card: its figure (redFigure, or
// slidRedFigure off the middle), or its red in minRedCorners of its
// corners (redCorners).
func redAgentShown(px []byte) bool {
	return redCorners(px) >= minRedCorners || redFigureShown(px)
}

// redFigureShown reports whether a red card (px: its HSV pixels) shows
// the red agent's figure: in the middle (redFigure, minRedFigure), or
// plainly off it (slidRedFigure, minSlidRedFigure).
func redFigureShown(px []byte) bool {
	return redFigure(px) >= minRedFigure || slidRedFigure(px) >= minSlidRedFigure
}

// A red agent the grid's cell holds with no outline of its own may lie a
// sixth of a card off the cell: rendered 300977-phone's 4,1
// (rendered-heldout24), its figure plain but 13 to 31 mm across the cell,
// half in leftSide's box, so redFigure found none (-0.34; red in two
// corners only) and it was left in doubt. slidRedFigure looks for the
// figure's darker red in a window 10 mm wide slid across the card, its
// left edge from 14 to 42 mm, against the card 2 to 12 mm beyond either
// side of the window (the darker of the two), and takes the figure's shade
// from the red of the whole inside: 300977's measures 0.71. Of the
// testdata's cards, none measures over 0.19 (300872-webcam's red agent,
// fingers over it: its figure in the middle, redFigure 0.26), the sleeves
// of 300913, 300118 and 301024 0.01 at most; the crimson sleeve's cells
// of 300979-phone (TestSleeveNotRed) -0.00 to 0.16 (a fold's darker red
// down one of them), its red agent card 0.74.
const minSlidRedFigure = 0.45

// slidRedFigure returns how plainly a red card (px: its HSV pixels) shows
// the red agent's figure in a window slid across it: the share of the
// window's pixels of the red's hue darker than figureRedShade of the
// inside's red (a median), the smaller over the window's upper and lower
// halves, less the larger such share beside the window; the largest over
// the windows, or -1 when the card holds no red.
func slidRedFigure(px []byte) float64 {
	red, ok := redMedian(px, innerBox)
	if !ok {
		return -1
	}
	dark := figureRed(px, figureRedShade*float64(red))
	best := -1.0
	for x := 14.0; x <= 42; x += 2 {
		beside := max(dark(mmRect(max(4, x-12), 8, x-2, 37)), dark(mmRect(x+12, 8, min(66, x+22), 37)))
		best = max(best, min(dark(mmRect(x, 8, x+10, 22.5)), dark(mmRect(x, 22.5, x+10, 37)))-beside)
	}
	return best
}

// redMedian returns the median value (HSV's V) of a red card's red pixels
// (px: its HSV pixels) in rs, at every second pixel; false when rs hold
// none.
func redMedian(px []byte, rs ...image.Rectangle) (int, bool) {
	var hist [256]int
	n := 0
	for _, r := range rs {
		for y := r.Min.Y; y < r.Max.Y; y += 2 {
			for x := r.Min.X; x < r.Max.X; x += 2 {
				i := (y*cardW + x) * 3
				if isRedPx(px[i], px[i+1], px[i+2]) {
					hist[px[i+2]]++
					n++
				}
			}
		}
	}
	if n == 0 {
		return 0, false
	}
	return histMedian(hist[:], n), true
}

// figureRed returns the share of a box of a red card (px: its HSV pixels)
// in the figure's darker red: of the red's hue and saturation, darker than
// shade, but not the black of a shadow.
func figureRed(px []byte, shade float64) func(image.Rectangle) float64 {
	return func(r image.Rectangle) float64 {
		return boxShare(px, r, func(h, s, v byte) bool {
			return redHue(h, s) && v >= 40 && float64(v) < shade
		})
	}
}

// redCorners returns how many of the card's four corners (redCornerBoxes)
// are at least minCornerRed red (px: its HSV pixels).
func redCorners(px []byte) int {
	c := 0
	for _, r := range redCornerBoxes {
		if boxShare(px, r, isRedPx) >= minCornerRed {
			c++
		}
	}
	return c
}

// redFigure returns how plainly a red card (px: its HSV pixels) shows the
// red agent's figure: the share of its pixels of the red's hue and
// saturation darker than figureRedShade of the sides' red (a median over
// leftSide and rightSide), in a window 10 mm wide slid across the middle
// (as figureDip's), the smaller over the window's upper and lower halves,
// less the sides' own share; the largest over the windows, or -1 when the
// sides hold no red.
func redFigure(px []byte) float64 {
	red, ok := redMedian(px, leftSide, rightSide)
	if !ok {
		return -1
	}
	dark := figureRed(px, figureRedShade*float64(red))
	sides := (dark(leftSide) + dark(rightSide)) / 2
	best := -1.0
	for x := 26.0; x <= 36; x += 2 {
		best = max(best, min(dark(mmRect(x, 8, x+10, 22.5)), dark(mmRect(x, 22.5, x+10, 37)))-sides)
	}
	return best
}

// The double agent under a warm lamp and a warm balance on top of it has
// its blue half dimmed to a dark grey, and its red half with the figure's
// red across the middle is red enough for the red agent: drawn-lamp
// 301145-phone's 3,3 (rendered-lamp24) under `-perturb warm`, 0.78 of one
// half in classify's dark class at both balances, was read as the red
// agent (a wrong cover). A red agent is red in both halves: of the
// testdata's cards classed red (glared, fingered, off their cell), no half
// is over 0.04 dark. maxRedDarkHalf is the most dark share of either half
// a red card may show; past it the card is a doubt.
const maxRedDarkHalf = 0.4
