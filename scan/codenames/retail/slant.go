package retail

import (
	"math"

	"gocv.io/x/gocv"
)

// A card seen at a slant: a low view of a turned grid makes its far cards
// parallelograms that fill too little of their rotated bounding box for
// outlines.quads' shape tests (session 15, 300471-phone).

// slanted returns the outlines that are a card seen at a slant, as quads
// in the image's pixels (grown by the erosion's pixel, over f) with their
// areas in mask pixels: at least quads' least area, an outline whose
// polygon (ApproxPolyDP at 3% of its length) has four corners, is convex
// and covers it (their areas within 8%), whose opposite sides are nearly
// equal (the shorter at least 0.8 of the longer: a parallelogram, not a
// card's corner cut off or two cards' edges) and whose mean long side is
// 1.25 to 2.7 times the mean short one (a card's 1.56, foreshortened).
func (o *outlines) slanted(f float64) ([]Quad, []float64) {
	minArea := 0.002 * float64(detectWidth*detectWidth) * 9 / 16
	var quads []Quad
	var areas []float64
	for i := range o.cs.Size() {
		area := o.area[i]
		if area < minArea {
			continue
		}
		c := o.cs.At(i)
		ap := gocv.ApproxPolyDP(c, 0.03*gocv.ArcLength(c, true), true)
		ok := ap.Size() == 4
		var pts [][2]float64
		if ok {
			if pa := gocv.ContourArea(ap); pa < area/1.08 || pa > 1.08*area {
				ok = false
			}
			for _, p := range ap.ToPoints() {
				pts = append(pts, [2]float64{float64(p.X), float64(p.Y)})
			}
		}
		ap.Close()
		if !ok {
			continue
		}
		q := orderQuad(pts)
		if !convex(q) {
			continue
		}
		a1, a2 := dist(q[0], q[1]), dist(q[3], q[2])
		b1, b2 := dist(q[1], q[2]), dist(q[0], q[3])
		if min(a1, a2) < 0.8*max(a1, a2) || min(b1, b2) < 0.8*max(b1, b2) {
			continue
		}
		if r := (a1 + a2) / (b1 + b2); r < 1.02 || r > 2.7 {
			continue
		}
		cx := q.centre()
		for j := range q {
			for a := range 2 {
				d := q[j][a] - cx[a]
				q[j][a] = (cx[a] + d + math.Copysign(1, d)) / f
			}
		}
		quads = append(quads, q)
		areas = append(areas, area)
	}
	return quads, areas
}

// convex reports whether q's corners, in order, turn the same way at
// each.
func convex(q Quad) bool {
	neg, pos := false, false
	for i := range 4 {
		a, b, c := q[i], q[(i+1)%4], q[(i+2)%4]
		x := (b[0]-a[0])*(c[1]-b[1]) - (b[1]-a[1])*(c[0]-b[0])
		neg, pos = neg || x < 0, pos || x > 0
	}
	return !(neg && pos)
}
