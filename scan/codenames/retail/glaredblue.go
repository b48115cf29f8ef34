package retail

import (
	"image"

	"gocv.io/x/gocv"
)

// A glare may wash a blue agent past glaredBlue's median saturation
// (30): rendered 300715-phone's 2,4 (median S 18), 300503-phone's 3,3
// and 301016-webcam's 3,1 (drawn lamp) were pale all over with no class
// but the word card's and no word to read. What still shows is the card
// itself: its sides a pale blue (a fifth to three fifths of their pixels
// of a blue agent's hue, 100-120, at a saturation of 12 or more) and its
// figure's tan between them, no blue (the figure's box 0.00-0.07 blue,
// 0.16-0.76 of it of a hue off blue and violet). Over the tuning sets'
// pale cards with no faint ink (566, every rendered set), no word card
// has a hundredth of its pixels at that hue and saturation; a glared
// double agent's red half puts most of its side's pixels off blue
// (300638-webcam: 0.82); the violet of 301075-phone's glared assassin
// (hue 129) is not a blue agent's hue (0.00); noise on a grey card
// scatters its hues, most of them off blue. glaredFigureBlue asks all
// of it, and no faint ink.
const (
	// minSideBlue is the least share of the sides' pixels at a blue
	// agent's hue (blueTint); the agents above 0.19-0.60.
	minSideBlue = 0.15
	// maxSideOff is the largest share of the sides' pixels of a hue off
	// blue and violet (offTint); the agents 0.00-0.21.
	maxSideOff = 0.25
	// minFigureOff is the least amount by which the figure's box holds
	// more pixels off blue than the sides do; the agents 0.16-0.62.
	minFigureOff = 0.1
)

// glaredFigureBlue reports whether a pale card (hsv: its HSV pixels) is a
// blue agent glared past glaredBlue: its sides of a blue agent's pale hue
// (minSideBlue, maxSideOff), its figure's box no bluer than half the
// sides and minFigureOff more off blue, and no faint ink inside.
func glaredFigureBlue(card, hsv gocv.Mat) bool {
	px := pixels(hsv)
	sBlue, sOff := tintShares(px, leftSide, rightSide)
	fBlue, fOff := tintShares(px, figureBox)
	if sBlue < minSideBlue || sOff > maxSideOff || fBlue > sBlue/2 || fOff < sOff+minFigureOff {
		return false
	}
	return 400*inkIn(card, 75, 2.5, innerBox)[0] < innerBox.Dx()*innerBox.Dy()
}

// tintShares returns the shares of a rectified card's HSV pixels (px) in
// rs, at every second pixel, of a saturation of 12 or more and a blue
// agent's hue (minGlareBlueHue to maxBlueHue), and of a hue off blue and
// violet (under 90 or over 140: tan, beige, red, green).
func tintShares(px []byte, rs ...image.Rectangle) (blue, off float64) {
	n, b, o := 0, 0, 0
	for _, r := range rs {
		for y := r.Min.Y; y < r.Max.Y; y += 2 {
			for x := r.Min.X; x < r.Max.X; x += 2 {
				i := (y*cardW + x) * 3
				h, s := px[i], px[i+1]
				n++
				if s < 12 {
					continue
				}
				switch {
				case h >= minGlareBlueHue && h <= maxBlueHue:
					b++
				case h < 90 || h > 140:
					o++
				}
			}
		}
	}
	if n == 0 {
		return 0, 0
	}
	return float64(b) / float64(n), float64(o) / float64(n)
}

// A glare of a violet cast may take a blue agent past maxBlueHue as well:
// rendered 300946-webcam's 1,2 was pale all over at a median hue of 133
// (S 32), its sides a lavender running to mauve (a third of their pixels
// at hue 140-180, so glaredFigureBlue's maxSideOff refuses it), with no
// class but the word card's and no word to read. Its figure still shows,
// as on every glared blue agent: the printed tan glared to a pink (hue
// 165-180 and 0-30) between sides of a cool hue (100-150), each side on
// its own. A word card's paper, an assassin's grey (301075-phone's, glared
// violet: hue 120-140 in its figure as at its sides) and a bystander's
// tan are one hue from side to side; a red agent's sides, and one side of
// a double agent, are warm themselves. violetFigureBlue asks it of a pale
// card with no band's ink, and no faint ink inside (as glaredBlue).
const (
	// minSideCool is the least share of each side's pixels of a cool
	// hue (coolWarm): 300946's 0.85 and 0.59.
	minSideCool = 0.4
	// maxSideWarm is the largest share of either side's pixels of a warm
	// hue: 300946's 0.04 and 0.17.
	maxSideWarm = 0.25
	// minFigureWarm is the least amount by which the figure's box holds
	// more pixels of a warm hue than the warmer side: 300946's 0.77.
	minFigureWarm = 0.3
)

// violetFigureBlue reports whether a pale card (hsv: its HSV pixels) is a
// blue agent glared to a lavender: both its sides of a cool hue
// (minSideCool, maxSideWarm), its figure's box of a warm one
// (minFigureWarm), and no faint ink inside.
func violetFigureBlue(card, hsv gocv.Mat) bool {
	px := pixels(hsv)
	lc, lw := coolWarm(px, leftSide)
	rc, rw := coolWarm(px, rightSide)
	_, fw := coolWarm(px, figureBox)
	if min(lc, rc) < minSideCool || max(lw, rw) > maxSideWarm || fw < max(lw, rw)+minFigureWarm {
		return false
	}
	return noFaintInside(card)
}

// coolWarm returns the shares of box r of a rectified card (px: its HSV
// pixels, every other pixel of every other row) at a saturation of 12 or
// more of a cool hue (blue to violet: minGlareBlueHue to 150) and of a
// warm one (red, pink, tan: 165 and over, or 30 and under).
func coolWarm(px []byte, r image.Rectangle) (cool, warm float64) {
	cool = boxShare(px, r, func(h, s, _ byte) bool { return s >= 12 && h >= minGlareBlueHue && h <= 150 })
	warm = boxShare(px, r, func(h, s, _ byte) bool { return s >= 12 && (h <= 30 || h >= 165) })
	return cool, warm
}
