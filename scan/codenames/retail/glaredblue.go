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
	return noFaintInside(card)
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
// at hue 140-180, so glaredFigureBlue's maxSideOff refuses it), and
// 300973-phone's 2,2 at 136 (S 30), with no class but the word card's and
// no word to read. Their figure still shows, as on every glared blue
// agent: the printed tan glared to a pink or a mauve, a warmer hue than
// the cool sides' (100-150) on either side of it (300946's sides a median
// hue of 130-140, its figure 175-5; 300973's sides 130-139, its figure
// 160-169). A word card's paper, an assassin's grey (301075-phone's,
// glared violet: hue 120-140 in its figure as at its sides) and a
// bystander's tan are one hue from side to side; a red agent's sides, and
// one side of a double agent, are warm themselves: of the rendered tuning
// sets' pale cards with no band's ink (the regression sets,
// 300946-300975, 301113-301142, 937100-937111: 255 word cards, 3 blue
// agents, 2 assassins, a red agent, a double agent), only the three blue
// agents have both sides cool (minSideCool, maxSideWarm).
// violetFigureBlue asks it of a pale card with no band's ink, and no faint
// ink inside (as glaredBlue).
const (
	// minSideCool is the least share of each side's pixels of a cool
	// hue (coolWarm): 300946's 0.85 and 0.59, 300973's 1.00 and 1.00.
	minSideCool = 0.4
	// maxSideWarm is the largest share of either side's pixels of a warm
	// hue: 300946's 0.04 and 0.17, 300973's 0.00.
	maxSideWarm = 0.25
	// minFigureShift is the least amount by which the figure's median
	// hue (warmHue) lies warmer than each side's: 300946's and 300973's
	// measure in figureShift.
	minFigureShift = 15
)

// violetFigureBlue reports whether a pale card (hsv: its HSV pixels) is a
// blue agent glared to a lavender: both its sides of a cool hue
// (minSideCool, maxSideWarm), its figure's box of a warmer one
// (minFigureShift), and no faint ink inside.
func violetFigureBlue(card, hsv gocv.Mat) bool {
	px := pixels(hsv)
	lc, lw := coolWarm(px, leftSide)
	rc, rw := coolWarm(px, rightSide)
	if min(lc, rc) < minSideCool || max(lw, rw) > maxSideWarm || figureShift(px) < minFigureShift {
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

// figureShift returns how much warmer the median hue of a card's figure's
// box is than that of each side (px: its HSV pixels; at a saturation of
// 12 or more, hues turned by warmHue), the smaller of the two; -180 when a
// box holds no such pixel.
func figureShift(px []byte) int {
	f, l, r := warmHue(px, figureBox), warmHue(px, leftSide), warmHue(px, rightSide)
	if f < 0 || l < 0 || r < 0 {
		return -180
	}
	return min(f-l, f-r)
}

// warmHue returns the median hue of the pixels of box r (px: a card's HSV
// pixels, every other pixel of every other row) at a saturation of 12 or
// more, turned so that the hues from cool to warm run in one line (OpenCV's
// 100, 150, 180 and 30 to 40, 90, 120 and 150: no median across the red's
// wrap), or -1 when there is none.
func warmHue(px []byte, r image.Rectangle) int {
	var hist [180]int
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y += 2 {
		for x := r.Min.X; x < r.Max.X; x += 2 {
			i := (y*cardW + x) * 3
			if px[i+1] >= 12 {
				hist[(int(px[i])+120)%180]++
				n++
			}
		}
	}
	if n == 0 {
		return -1
	}
	return histMedian(hist[:], n)
}
