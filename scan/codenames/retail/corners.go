package retail

import (
	"image"
	"math"

	"gocv.io/x/gocv"
)

// A card's four corners on its outline in the card mask (outlines.quads).

// outlineCorners returns a card's four corners on its outline c (of area
// area, its rotated box rr): the outline's polygon's (ApproxPolyDP at 3% of
// its length) when it has four corners and covers the outline (0.9 of its
// area), else the rotated box. When that polygon is no parallelogram
// (parallel: a card in perspective nearly is one), the largest
// quadrilateral on the outline's convex hull's corners takes its place if
// that is a parallelogram and covers the outline within a tenth either
// way. 300756-webcam (a grey cloth): SORVETE's pale band, near the cloth's
// colour, thinned the mask's top left corner to a sliver, and the polygon
// put that corner on the card's left side a sixth of the card down (its
// left side 0.73 of its right): the quad's top edge crossed the upper copy
// and the band read nothing; the hull keeps the sliver's corner. A blob of
// a cover and the word card it half covers (300670-webcam) has a hull no
// parallelogram: its polygon stays, on its cell as before (the rotated box
// there was too large for a card and the cell lost it).
func outlineCorners(c gocv.PointVector, area float64, rr gocv.RotatedRect) [][2]float64 {
	ap := gocv.ApproxPolyDP(c, 0.03*gocv.ArcLength(c, true), true)
	defer ap.Close()
	if ap.Size() == 4 && gocv.ContourArea(ap) > 0.9*area {
		if parallel(ap.ToPoints()) {
			return points(ap.ToPoints())
		}
		hull := gocv.NewMat()
		defer hull.Close()
		gocv.ConvexHull(c, &hull, false, true)
		hv := gocv.NewPointVectorFromMat(hull)
		defer hv.Close()
		// the hull's corners, a pixel's bends dropped (a dozen or so)
		hp := gocv.ApproxPolyDP(hv, 1, true)
		defer hp.Close()
		if q, qa := largestQuad(hp.ToPoints()); qa > 0.9*area && qa < 1.1*area && parallel(q) {
			return points(q)
		}
		return points(ap.ToPoints())
	}
	return points(rr.Points)
}

// largestQuad returns the quadrilateral of largest area on four of the
// convex polygon ps's corners (in their order), and its area; nil and 0
// for under four corners or over 40 (every four tried).
func largestQuad(ps []image.Point) ([]image.Point, float64) {
	n := len(ps)
	if n < 4 || n > 40 {
		return nil, 0
	}
	tri := func(a, b, c image.Point) float64 {
		return math.Abs(float64((b.X-a.X)*(c.Y-a.Y)-(b.Y-a.Y)*(c.X-a.X))) / 2
	}
	var best []image.Point
	most := 0.0
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			for k := j + 1; k < n; k++ {
				for l := k + 1; l < n; l++ {
					if a := tri(ps[i], ps[j], ps[k]) + tri(ps[i], ps[k], ps[l]); a > most {
						most, best = a, []image.Point{ps[i], ps[j], ps[k], ps[l]}
					}
				}
			}
		}
	}
	return best, most
}

// points returns ps as float pairs.
func points(ps []image.Point) [][2]float64 {
	out := make([][2]float64, len(ps))
	for i, p := range ps {
		out[i] = [2]float64{float64(p.X), float64(p.Y)}
	}
	return out
}

// parallel reports whether the polygon of four corners ps, in order around
// it, has each pair of opposite sides within 0.8 of each other (slanted's
// bound on a card's parallelogram).
func parallel(ps []image.Point) bool {
	var q [4][2]float64
	for j, p := range ps {
		q[j] = [2]float64{float64(p.X), float64(p.Y)}
	}
	a1, a2 := dist(q[0], q[1]), dist(q[3], q[2])
	b1, b2 := dist(q[1], q[2]), dist(q[0], q[3])
	return min(a1, a2) >= 0.8*max(a1, a2) && min(b1, b2) >= 0.8*max(b1, b2)
}
