package retail

// A red agent whose cell has no outline of its own, touching other red
// covers, has red beyond two sides of its cell (redBeyond), and sleeveRed
// wants its figure before it stands. The renderer prints some agents'
// figure only a shade darker than their red: drawn-lamp 301203-phone's
// three touching agents at 3,0, 3,1 and 4,0 (rendered-lamp26), 5-10%
// darker by median, and fixed-lamp 300988-webcam's 0,2 (rendered-heldout24),
// 301129-phone's 0,2 (rendered-lamp18) and 301149-phone's 2,1
// (rendered-lamp24), about 6% darker. Their figure is plain to see, but
// no pixel of it is under figureRedShade of the sides' red, so redFigure
// and slidRedFigure found none (0.00) and each was left in doubt.
//
// shadedRedFigure looks for that shade by medians: in a window 10 mm wide
// slid across the card (slidRedFigure's, its left edge 14 to 42 mm), the
// median brightness of the red pixels in each of its halves (the figure's
// head and its body, either way up) against the median of the red 2 to 12
// mm beyond either side of the window, the darker side's. A figure
// darkens both halves against both sides; a sleeve's shading (300979-phone's
// crimson sleeve over three word cards: -0.08 to -0.01), its cylinder lit
// from one side, darkens one side of the window or lightens the middle.
// The red agents above measure 0.055 to 0.104 (300977-phone's 4,0, its
// figure plain off the middle, 0.22); every card of the testdata classed
// red that is no red agent -0.005 at most (301024-webcam's word card under
// a pink sleeve), the pink sleeves of 300913-phone -0.03 and -0.07.
// 301174-webcam's 1,2 (rendered-lamp25), its figure no darker than its red
// (0.000), stays a doubt.

// minShadedRed is the least share by which shadedRedFigure wants both the
// window's halves darker than both its sides: between the non-agents'
// -0.005 and the agents' 0.055.
const minShadedRed = 0.04

// shadedRedFigure returns how much darker than the red beside it (a
// share of the darker side's median) a red card (px: its HSV pixels)
// shows a window's halves, by the median of their red pixels: the larger
// of the halves' medians against the smaller of the sides', the largest
// over the windows, or -1 when no window holds red in its halves and
// sides.
func shadedRedFigure(px []byte) float64 {
	best := -1.0
	for x := 14.0; x <= 42; x += 2 {
		top, ok1 := redMedian(px, mmRect(x, 8, x+10, 22.5))
		bottom, ok2 := redMedian(px, mmRect(x, 22.5, x+10, 37))
		left, ok3 := redMedian(px, mmRect(max(4, x-12), 8, x-2, 37))
		right, ok4 := redMedian(px, mmRect(x+12, 8, min(66, x+22), 37))
		if !ok1 || !ok2 || !ok3 || !ok4 {
			continue
		}
		side := float64(min(left, right))
		best = max(best, (side-float64(max(top, bottom)))/side)
	}
	return best
}
