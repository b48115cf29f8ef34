package retail

import "math"

// bandScale returns the frame's pixels per card millimetre across the
// band of the card whose corners in the frame are q (the rectified card's
// corners in order: its top left, top right, bottom right, bottom left),
// the band at the card's bottom (or its top when flip): the shorter of
// the band box's two ends, projected through q, over the box's height.
func bandScale(q Quad, flip bool) float64 {
	at := func(xmm, ymm float64) [2]float64 {
		u, v := xmm*pxmm/cardW, ymm*pxmm/cardH
		var p [2]float64
		for i := range 2 {
			p[i] = (1-u)*(1-v)*q[0][i] + u*(1-v)*q[1][i] + u*v*q[2][i] + (1-u)*v*q[3][i]
		}
		return p
	}
	y0, y1 := float64(bandBox.Min.Y)/pxmm, float64(bandBox.Max.Y)/pxmm
	if flip {
		y0, y1 = float64(bandTop.Min.Y)/pxmm, float64(bandTop.Max.Y)/pxmm
	}
	x0, x1 := float64(bandBox.Min.X)/pxmm, float64(bandBox.Max.X)/pxmm
	h := math.Min(dist(at(x0, y0), at(x0, y1)), dist(at(x1, y0), at(x1, y1)))
	return h / (y1 - y0)
}

// minScale is the fewest frame pixels per card millimetre across a band
// (or a copy) whose read alone may name a word with another candidate
// within Match.Strong's margin: under it the band's letters (6 mm high)
// measure under 11.4 pixels in the frame. Rendered lamp 301078-webcam
// under -perturb noise (or dark), a far card at 1080p: HILL's band read
// "MILL" exactly, twice (sharpened), its copy nothing; MILL, HILL one edit
// off, a wrong word. Its band measured 1.85 pixels a millimetre (the
// truth's cap height 12.0 px, not legible there); the right words so read
// alone at the smallest were GATE and NAIL (1.97; cap heights 12.4 and
// 12.3, legible), and under it only illegible words (PLATE, PAWN, BRIDGE,
// PIRATA: 1.75-1.85).
const minScale = 1.9

// tiny reports whether w's band (or its copy, ofCopy) lies under minScale
// pixels a millimetre in the frame; false when its scale is not known.
func (w *wordCrops) tiny(ofCopy bool) bool {
	px := w.px
	if ofCopy {
		px = w.copyPx
	}
	return px > 0 && px < minScale
}
