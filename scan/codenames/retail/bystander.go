package retail

import (
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
	if p, ok := paperLevel(img, quads); ok {
		return minWeakFigureLevel * p
	}
	return minWeakFigureV
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
func dimmed(lk look, card gocv.Mat, bound float64) look {
	if lk.kind != "bystander" || !lk.weak {
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
