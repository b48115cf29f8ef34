package insidejob

import (
	"math"
	"sort"

	"fieldkit/markers"
	"fieldkit/scan"
)

// The table's own millimetres, from every marker that lies flat on it.
//
// The map from the image to the table is a homography T. Written as
// T = Aff ∘ Proj, Proj(x) = x / w(x) with w(x) = g·x + 1 takes the
// perspective out and Aff is affine. A marker of side s (mm) at x covers
// s² · w(x)³ / det H pixels, so (area / s²)^(1/3) is linear in x: a least
// squares line through the markers gives w up to a factor, which Aff
// absorbs. In Proj's image every marker is then an affine view of its
// square under the one Aff, whose metric (JᵀJ, the same however the marker
// is turned) is the mean of theirs. A single marker's own corners fix its
// perspective too loosely to reach across the table (faceMap); many
// markers spread over the table fix it well.

// tableMetric measures distances on the table in millimetres.
type tableMetric struct {
	c, gx, gy float64    // w(x) = c + gx·(x-x0) + gy·(y-y0)
	x0, y0    float64    // where the fit is centred
	m         [3]float64 // the metric: [m0 m1; m1 m2]
	ok        bool
}

// flatSide returns the side in millimetres of a marker that lies flat on
// the table (cards, tokens, the aid), 0 for the Larry standee (it may stand
// folded) and ids the reader does not keep.
func flatSide(id int) float64 {
	switch k, _ := markers.PieceKind(id); k {
	case markers.NumberCard, markers.MissionCard, markers.RiskyMission:
		return cardMarker
	case markers.SeatToken, markers.IntelToken:
		return tokenMarker
	case markers.PlayerAid:
		return aidMarker
	}
	return 0
}

// quadArea is the area of a quadrilateral (shoelace).
func quadArea(c []scan.Point) float64 {
	a := 0.0
	for i := range c {
		a += c[i].Cross(c[(i+1)%len(c)])
	}
	return math.Abs(a) / 2
}

// newTableMetric fits the table's metric to the flat markers among ms. Its
// ok is false with fewer than metricMin of them, when they lie too near a
// line to fix the perspective, or when no plane fits most of them.
func newTableMetric(ms []scan.Marker) tableMetric {
	var os []obs
	var t tableMetric
	for _, m := range ms {
		s := flatSide(m.ID)
		if s == 0 {
			continue
		}
		c := corners(m)
		a := quadArea(c)
		if a <= 0 {
			continue
		}
		p := center(m)
		os = append(os, obs{c: c, x: p.X, y: p.Y, s: s, u: math.Cbrt(a / (s * s))})
		t.x0 += p.X
		t.y0 += p.Y
	}
	if len(os) < 3 {
		return t
	}
	t.x0 /= float64(len(os))
	t.y0 /= float64(len(os))
	// Least squares u = c + gx·dx + gy·dy, then again without the marker
	// it fits worst while that one lies off: a marker whose corners are
	// off, or shown at another size (an intel token on a phone's screen,
	// 15% of the scenes), one at a time, a third of them at most.
	for n := len(os); ; {
		if !t.fit(os) {
			return t
		}
		worst, off := -1, metricFit*t.c
		for i, o := range os {
			if d := math.Abs(o.u - t.w(scan.Point{X: o.x, Y: o.y})); d > off {
				worst, off = i, d
			}
		}
		if worst < 0 {
			break
		}
		if 3*(len(os)-1) < 2*n {
			return t // no plane fits most of them
		}
		os = append(os[:worst:worst], os[worst+1:]...)
	}
	if len(os) < metricMin {
		return t // too few to tell a marker whose corners are off
	}
	// w must stay well positive at every marker: else the fit is noise.
	for _, o := range os {
		if t.w(scan.Point{X: o.x, Y: o.y}) < 0.5*t.c {
			return t
		}
	}
	var ms0, ms1, ms2 []float64
	for _, o := range os {
		var r []scan.Point
		for _, q := range o.c {
			r = append(r, t.proj(q))
		}
		h, ok := scan.FitAffine(r, square(0, 0, o.s))
		if !ok {
			continue
		}
		o0, _ := h.Apply(scan.Point{})
		ex, _ := h.Apply(scan.Point{X: 1})
		ey, _ := h.Apply(scan.Point{Y: 1})
		jx, jy := ex.Sub(o0), ey.Sub(o0) // the columns of J
		ms0 = append(ms0, jx.Dot(jx))
		ms1 = append(ms1, jx.Dot(jy))
		ms2 = append(ms2, jy.Dot(jy))
	}
	if len(ms0) < 3 {
		return t
	}
	// The median of each: a bent card or a marker half in glare is one
	// voice among many.
	t.m = [3]float64{median(ms0), median(ms1), median(ms2)}
	t.ok = t.m[0] > 0 && t.m[2] > 0 && t.m[0]*t.m[2] > t.m[1]*t.m[1]
	return t
}

// obs is one flat marker for the metric: its corners and centre in the
// image, its side in millimetres and (area / side²)^(1/3).
type obs struct {
	c          []scan.Point
	x, y, s, u float64
}

// fit fits w to the markers os, about (x0, y0): false when they lie too
// near a line (or are too few) to fix it.
func (t *tableMetric) fit(os []obs) bool {
	if len(os) < 3 {
		return false
	}
	var n [3][4]float64
	for _, o := range os {
		row := [4]float64{1, o.x - t.x0, o.y - t.y0, o.u}
		for i := range 3 {
			for j := range 4 {
				n[i][j] += row[i] * row[j]
			}
		}
	}
	// The markers' spread about their own mean: the smaller eigenvalue of
	// their scatter fixes the gradient across their line.
	k := float64(len(os))
	mx, my := n[0][1]/k, n[0][2]/k
	sxx, sxy, syy := n[1][1]/k-mx*mx, n[1][2]/k-mx*my, n[2][2]/k-my*my
	tr, det := sxx+syy, sxx*syy-sxy*sxy
	if tr/2-math.Sqrt(math.Max(tr*tr/4-det, 0)) < spreadMin*spreadMin {
		return false
	}
	sol, ok := solve3(n)
	if !ok || sol[0] <= 0 {
		return false
	}
	t.c, t.gx, t.gy = sol[0], sol[1], sol[2]
	return true
}

// metricFit: a marker whose (area / side²)^(1/3) lies farther than this
// share from the fitted w is left out of the fit (its corners, or its
// size, are not the table's).
const metricFit = 0.05

// metricMin is the fewest flat markers a metric is fitted to (after the
// outliers are left out). On 2-player tables of the synthetic slice
// HeldOut+500,001- a metric from 5 markers put a standee 153 mm away (by
// its token's own scale) at 192 mm; from 6 and more the rulebook's tables
// measured 106-175 mm and tables with the standee a third away 231 mm
// and more.
const metricMin = 6

// spreadMin is the least spread (px, the smaller standard deviation of the
// flat markers' centres) that fixes the perspective.
const spreadMin = 60.0

// w is the perspective's denominator at image point p, up to a factor.
func (t tableMetric) w(p scan.Point) float64 {
	return t.c + t.gx*(p.X-t.x0) + t.gy*(p.Y-t.y0)
}

// proj takes the perspective out of image point p.
func (t tableMetric) proj(p scan.Point) scan.Point {
	return p.Sub(scan.Point{X: t.x0, Y: t.y0}).Scale(t.c / t.w(p))
}

// dist is the distance on the table between image points p and q, in
// millimetres.
func (t tableMetric) dist(p, q scan.Point) float64 {
	d := t.proj(p).Sub(t.proj(q))
	return math.Sqrt(t.m[0]*d.X*d.X + 2*t.m[1]*d.X*d.Y + t.m[2]*d.Y*d.Y)
}

func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
