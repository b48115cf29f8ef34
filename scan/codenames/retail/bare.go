package retail

import (
	"slices"

	"gocv.io/x/gocv"
)

// bareStrip is the width, in pixels of the rectified card (a millimetre),
// of the strips bandPaper compares.
const bareStrip = int(pxmm)

// minBare is the least bandPaper of a band whose short word a longer
// candidate holds centred (Matcher.Centred) for the word to stand: the
// bands in the clear measured 0.91-1.00 (the synthetic ones 0.99), the
// hands over DZIADEK and ARMÁRIO (rendered 300288, 300172) 0.81 and 0.79,
// 300026's 0.37.
const minBare = 0.95

// bandPaper measures how plainly a word card's band (raw grey, the card
// upright, before flatten) shows its paper beyond its ink (columns lo to
// hi): the dimmest millimetre-wide strip outside the ink, by its median,
// over the band's paper (the brightest tenth of its pixels). A hand or a
// pile's edge over an end leaves no paper in its strips; a band in the
// clear measures near 1.
func bandPaper(raw gocv.Mat, lo, hi int) float64 {
	w, h := raw.Cols(), raw.Rows()
	if w < 3*bareStrip || h < 2 {
		return 0
	}
	px := pixels(raw)
	all := slices.Clone(px[:w*h])
	slices.Sort(all)
	paper := float64(all[len(all)*9/10])
	if paper < 1 {
		return 0
	}
	least := paper
	col := make([]byte, 0, bareStrip*h)
	for x0 := 0; x0+bareStrip <= w; x0 += bareStrip {
		if x0+bareStrip > lo-bareStrip && x0 < hi+bareStrip {
			continue // the ink and a millimetre either side
		}
		col = col[:0]
		for y := range h {
			col = append(col, px[y*w+x0:y*w+x0+bareStrip]...)
		}
		slices.Sort(col)
		least = min(least, float64(col[len(col)/2]))
	}
	return least / paper
}

// bare reports whether w's band shows its paper plainly beyond its ink
// (columns lo to hi of the band): bandPaper at least minBare.
func (w *wordCrops) bare(lo, hi int) bool {
	raw := w.grey.Region(w.box)
	defer raw.Close()
	return bandPaper(raw, lo, hi) >= minBare
}
