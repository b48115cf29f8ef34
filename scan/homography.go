package scan

import "math"

// Point is a position in an image (pixels, OpenCV's convention: the centre of
// the top-left pixel is (0, 0)) or on the grid (cells).
type Point struct{ X, Y float64 }

// Vector arithmetic on points.
func (p Point) Add(q Point) Point     { return Point{p.X + q.X, p.Y + q.Y} }
func (p Point) Sub(q Point) Point     { return Point{p.X - q.X, p.Y - q.Y} }
func (p Point) Scale(k float64) Point { return Point{p.X * k, p.Y * k} }
func (p Point) Dot(q Point) float64   { return p.X*q.X + p.Y*q.Y }
func (p Point) Cross(q Point) float64 { return p.X*q.Y - p.Y*q.X }
func (p Point) Norm() float64         { return math.Hypot(p.X, p.Y) }
func (p Point) Dist(q Point) float64  { return p.Sub(q).Norm() }
func Mid(p, q Point) Point            { return Point{(p.X + q.X) / 2, (p.Y + q.Y) / 2} }
func (p Point) Round() (x, y int)     { return int(math.Round(p.X)), int(math.Round(p.Y)) }

// Homography is a 3x3 projective map, row-major: from the image to a game's
// own plane (a grid of cells, a table) or back.
type Homography [9]float64

// Apply maps p through h. ok is false when p maps to infinity.
func (h Homography) Apply(p Point) (Point, bool) {
	w := h[6]*p.X + h[7]*p.Y + h[8]
	if math.Abs(w) < 1e-12 {
		return Point{}, false
	}
	return Point{(h[0]*p.X + h[1]*p.Y + h[2]) / w, (h[3]*p.X + h[4]*p.Y + h[5]) / w}, true
}

// Inverse returns h's inverse; ok is false when h is singular.
func (h Homography) Inverse() (Homography, bool) {
	a, b, c, d, e, f, g, k, l := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8]
	A, B, C := e*l-f*k, -(d*l - f*g), d*k-e*g
	det := a*A + b*B + c*C
	if math.Abs(det) < 1e-15 {
		return Homography{}, false
	}
	inv := Homography{
		A, -(b*l - c*k), b*f - c*e,
		B, a*l - c*g, -(a*f - c*d),
		C, -(a*k - b*g), a*e - b*d,
	}
	for i := range inv {
		inv[i] /= det
	}
	return inv, true
}

// normalizer returns the similarity that moves pts' centroid to the origin and
// their mean distance from it to sqrt(2) (Hartley's normalisation).
func normalizer(pts []Point) Homography {
	var c Point
	for _, p := range pts {
		c = c.Add(p)
	}
	c = c.Scale(1 / float64(len(pts)))
	d := 0.0
	for _, p := range pts {
		d += p.Dist(c)
	}
	d /= float64(len(pts))
	s := 1.0
	if d > 1e-12 {
		s = math.Sqrt2 / d
	}
	return Homography{s, 0, -s * c.X, 0, s, -s * c.Y, 0, 0, 1}
}

// Mul returns the map h after g.
func (h Homography) Mul(g Homography) Homography {
	var r Homography
	for i := range 3 {
		for j := range 3 {
			for k := range 3 {
				r[3*i+j] += h[3*i+k] * g[3*k+j]
			}
		}
	}
	return r
}

// FitHomography returns the homography mapping src[i] to dst[i] in the least
// squares sense of the direct linear transform on normalised points; it needs
// at least 4 pairs, no 3 of the first 4 on a line. ok is false when the
// points do not determine a homography.
func FitHomography(src, dst []Point) (Homography, bool) {
	n := len(src)
	if n < 4 || len(dst) != n {
		return Homography{}, false
	}
	ns, nd := normalizer(src), normalizer(dst)
	// Unknowns h0..h7 with h8 = 1; normal equations of the 2n linear rows.
	var ata [8][8]float64
	var atb [8]float64
	for i := range n {
		s, _ := ns.Apply(src[i])
		d, _ := nd.Apply(dst[i])
		// Each row's unknowns: its three nonzero ones (h0..h2 for x,
		// h3..h5 for y) and h6, h7; the other products are zero.
		for k, r := range [2][6]float64{
			{s.X, s.Y, 1, -d.X * s.X, -d.X * s.Y, d.X},
			{s.X, s.Y, 1, -d.Y * s.X, -d.Y * s.Y, d.Y},
		} {
			idx := [5]int{3 * k, 3*k + 1, 3*k + 2, 6, 7}
			for i, a := range idx {
				for j, b := range idx[i:] {
					ata[a][b] += r[i] * r[i+j]
				}
				atb[a] += r[i] * r[5]
			}
		}
	}
	// The normal matrix is symmetric: its lower triangle from the upper.
	for a := range 8 {
		for b := range a {
			ata[a][b] = ata[b][a]
		}
	}
	x, ok := solve8(ata, atb)
	if !ok {
		return Homography{}, false
	}
	hn := Homography{x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], 1}
	ndi, ok := nd.Inverse()
	if !ok {
		return Homography{}, false
	}
	h := ndi.Mul(hn).Mul(ns)
	if math.Abs(h[8]) < 1e-12 {
		return Homography{}, false
	}
	for i := range h {
		h[i] /= h[8]
	}
	return h, true
}

// solve8 solves a x = b (Solve, a pivot under 1e-10 singular).
func solve8(a [8][8]float64, b [8]float64) ([8]float64, bool) {
	rows := make([][]float64, 8)
	for i := range a {
		rows[i] = a[i][:]
	}
	x, ok := Solve(rows, b[:], 1e-10)
	if !ok {
		return [8]float64{}, false
	}
	return [8]float64(x), true
}

// FitAffine returns the affine map (a homography whose last row is 0 0 1)
// that takes src to dst with the least squared error, for three or more
// points not on one line. Four corners of one small marker fix a homography
// only loosely: a few pixels of corner error tilt it enough to throw a point
// a card's length away far off, where an affine map stays close.
func FitAffine(src, dst []Point) (Homography, bool) {
	n := len(src)
	if n < 3 || len(dst) != n {
		return Homography{}, false
	}
	var s, d Point
	for i := range n {
		s, d = s.Add(src[i]), d.Add(dst[i])
	}
	s, d = s.Scale(1/float64(n)), d.Scale(1/float64(n))
	var xx, xy, yy, xu, yu, xv, yv float64
	for i := range n {
		p, q := src[i].Sub(s), dst[i].Sub(d)
		xx, xy, yy = xx+p.X*p.X, xy+p.X*p.Y, yy+p.Y*p.Y
		xu, yu, xv, yv = xu+p.X*q.X, yu+p.Y*q.X, xv+p.X*q.Y, yv+p.Y*q.Y
	}
	det := xx*yy - xy*xy
	if math.Abs(det) < 1e-9*(xx*yy+1e-12) {
		return Homography{}, false
	}
	a, b := (yy*xu-xy*yu)/det, (xx*yu-xy*xu)/det
	c, e := (yy*xv-xy*yv)/det, (xx*yv-xy*xv)/det
	return Homography{a, b, d.X - a*s.X - b*s.Y, c, e, d.Y - c*s.X - e*s.Y, 0, 0, 1}, true
}
