package retail

import (
	"math"

	"gocv.io/x/gocv"
)

// A hand laid over a word card and outlined as a card of its own is tan
// with no ink, and its palm's shading may pass for a weak figure: rendered
// 300762-webcam (session 19's fresh set) was read as the bystander, a
// wrong cover, its figure 6. Skin lies darker than the cards' paper under
// the same light. Session 19 bounded the tan's mean brightness (HSV's V)
// at 178, between the hand's 172.7 and the bystanders' 183 or more, which
// a lamp 3% brighter lifts the hand over (or 3% dimmer drops a bystander
// under); the bound is now the frame's own paper's brightness times
// minWeakFigureLevel (paperLevel: the median, over the cards whose
// brightest tenth is paper-like, of that tenth's brightest channel).
const (
	// minClearFigure is the figureDip under which a tan card's figure is
	// weak (classify marks its look weak).
	minClearFigure = 10
	// minWeakFigureLevel is the least mean brightness of a weak figure's
	// card, as a share of the frame's paper level: on the rendered
	// tuning sets (300437-300822) the bystanders of so weak a figure
	// measure 0.92 (300693-phone's cell 4,2) to 1.11, the hand of
	// 300762-webcam 0.84 (its paper 205), 300454-webcam's hand 0.70.
	minWeakFigureLevel = 0.88
	// minWeakFigureV is the bound when the frame's paper level is not
	// known (fewer than minPaperCards paper-like cards; a card alone in
	// the tests): session 19's absolute bound.
	minWeakFigureV = 178
)

// weakFigureBound returns the least mean brightness (V) a card the colours
// class as a bystander with a weak figure must show in the frame img (BGR,
// as its cards are classed) whose cards' outlines are quads:
// minWeakFigureLevel of the paper's level, or minWeakFigureV when that is
// not known.
func weakFigureBound(img gocv.Mat, quads []Quad) float64 {
	if tanPaper(img, quads) {
		// the light's tan, no weak figure's evidence (tanPaper)
		return math.Inf(1)
	}
	if p, ok := paperLevel(img, quads); ok {
		return minWeakFigureLevel * p
	}
	return minWeakFigureV
}

// An orange drawn lamp may tint the word cards' paper as saturated as the
// bystander's tan: drawn-lamp 301168-webcam (rendered-lamp24) has every
// card tan all over (median HSV 16-17, 145-162), and under `-perturb
// noise` its far card KAWA, upside down, its band's letters blurred under
// faint's bound (32 where it wants 88), no pale band (0.88 of its middle's
// saturation), its picture's shading a weak figure (figureDip 5), was read
// as the bystander. Where the light makes the paper tan, a weak figure on
// a tan card is what a word card shows as well; a bystander's clear figure
// (minClearFigure) is still its own. tanPaper finds such a light: of the
// frame's cards, at least minTanPapers have their brightest tenth (the
// word card's pale band, elsewhere) in classify's tan class. Over the
// rendered tuning sets (300946-301005, 301113-301172 and the regression
// set, as rendered and under `-perturb noise`, `warm`, `cool` and
// `dark`), 301168-webcam measures 1.00 (as rendered, `noise`, `warm`);
// `warm` paints five more frames' paper so (300998-webcam, 301119-phone,
// 301128-webcam, 301134-webcam, 301145-phone: 0.58-1.00); every other
// frame of five cards or more 0.29 at most (its bystanders' tan, and a
// few word cards' under a warm light).
const minTanPapers = 0.5

// tanPaper reports whether the cards of quads in img (BGR) show the
// light's tan on their paper: at least minTanPapers of them, and
// minPaperCards or more, have their brightest tenth (cardBrights) tan by
// classify's classes (hue 9-30, saturation 80 or more where it is bright).
func tanPaper(img gocv.Mat, quads []Quad) bool {
	bs := cardBrights(img, quads)
	if len(bs) < minPaperCards {
		return false
	}
	n := 0
	for _, b := range bs {
		if h, s, v := hsvOf(b); v >= 110 && s >= 80 && h > 8 && h <= 30 {
			n++
		}
	}
	return float64(n) >= minTanPapers*float64(len(bs))
}

// hsvOf returns a colour's hue, saturation and value on OpenCV's scales
// (hue 0-180, the others 0-255).
func hsvOf(c bgr) (h, s, v float64) {
	v = max(c.b, c.g, c.r)
	d := v - min(c.b, c.g, c.r)
	if v <= 0 || d <= 0 {
		return 0, 0, v
	}
	s = 255 * d / v
	switch v {
	case c.r:
		h = 60 * (c.g - c.b) / d
	case c.g:
		h = 120 + 60*(c.b-c.r)/d
	default:
		h = 240 + 60*(c.r-c.g)/d
	}
	if h < 0 {
		h += 360
	}
	return h / 2, s, v
}

// paperLevel returns the brightness of the cards' paper in img: the
// median, over the cards whose brightest tenth is paper-like
// (cardPapers), of that tenth's brightest channel (HSV's V); ok false
// when fewer than minPaperCards are.
func paperLevel(img gocv.Mat, quads []Quad) (float64, bool) {
	ps := cardPapers(img, quads)
	if len(ps) < minPaperCards {
		return 0, false
	}
	vs := make([]float64, len(ps))
	for i, p := range ps {
		vs[i] = max(p.b, p.g, p.r)
	}
	return median(vs), true
}

// dimmed returns lk, or no class when lk is a bystander of a weak figure
// (look.weak) whose card's mean brightness (HSV's V) is under bound
// (weakFigureBound): a hand's skin, darker than the paper under the same
// light.
//
// Under a light that paints every card tan (tanPaper: bound +Inf) a tan
// bystander of a clear figure must show it plainly too (plainTanFigure):
// drawn-lamp 301128-webcam under `-perturb blur` (rendered-lamp18), a word
// card under a tan, shaded occluder, its letters blurred past faint ink,
// measures figureDip 21 and was read as the bystander, a wrong cover; its
// figure's halves contrast 11 with its sides where plainTanFigure wants 25.
func dimmed(lk look, card gocv.Mat, bound float64) look {
	if lk.kind != "bystander" {
		return lk
	}
	if math.IsInf(bound, 1) && lk.tan && !lk.weak && !plainTanFigure(card) {
		return look{}
	}
	if !lk.weak {
		return lk
	}
	hsv := gocv.NewMat()
	defer hsv.Close()
	gocv.CvtColor(card, &hsv, gocv.ColorBGRToHSV)
	if hsv.Mean().Val3 < bound {
		return look{}
	}
	return lk
}
