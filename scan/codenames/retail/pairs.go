package retail

import (
	"image"
	"image/color"
	"math"

	"gocv.io/x/gocv"
)

// splitPairs returns the cards with each pair of cards lying side by side
// that was taken for one card cut in two. Two cards touching along their
// long sides make a blob nearly a card's shape (90 × 70 mm against 70 ×
// 45) whose long axis runs across the grid's, so the shape tests take it;
// where the other cards are found alone their plane of a card's size
// leaves it off, but where nearly every card joined one blob the pairs
// set that size. A card is taken for a pair when its long axis lies within
// 30 degrees of the grid's short axis (the other cards' mean), its area is
// 1.3 to 2.4 times a card's where it lies (am; areas in mask pixels),
// its long side is 1.1 to 1.9 times its short (foreshortened, a pair grows
// longer), and a dark line (the gap) runs along most of its middle
// (darkLines of small, the image at scale f). The card mask (mask, at scale f) inside the pair, cut along that
// middle, then falls into the two cards, each with its own outline
// (cutPair); when it does not, the pair is left as it was.
func splitPairs(quads []Quad, areas []float64, am areaModel, small, mask gocv.Mat, f float64) ([]Quad, []float64) {
	if len(quads) < minCards {
		return quads, areas
	}
	u, _ := gridAxes(quads)

	var lines gocv.Mat
	defer func() {
		if lines.Ptr() != nil {
			lines.Close()
		}
	}()
	var outQ []Quad
	var outA []float64
	for i, q := range quads {
		long, short := (dist(q[0], q[1])+dist(q[2], q[3]))/2, (dist(q[1], q[2])+dist(q[3], q[0]))/2
		across := crosses(q, u)
		ratio := areas[i] / am.atMask(q.centre(), median(areas))
		if !across || ratio < 1.3 || ratio > 2.4 || long/short < 1.1 || long/short > 1.9 {
			outQ, outA = append(outQ, q), append(outA, areas[i])
			continue
		}
		if lines.Ptr() == nil {
			lines = darkLines(small)
		}
		m01 := [2]float64{(q[0][0] + q[1][0]) / 2, (q[0][1] + q[1][1]) / 2}
		m32 := [2]float64{(q[3][0] + q[2][0]) / 2, (q[3][1] + q[2][1]) / 2}
		if darkAlong(lines, m01, m32, f) < minGapShare {
			outQ, outA = append(outQ, q), append(outA, areas[i])
			continue
		}
		// each card's own outline: the pair's mask cut along the gap
		hq, ha := cutPair(mask, q, m01, m32, f, areas[i])
		if len(hq) != 2 {
			outQ, outA = append(outQ, q), append(outA, areas[i])
			continue
		}
		outQ, outA = append(outQ, hq...), append(outA, ha...)
	}
	return outQ, outA
}

// minGapShare is the least share of a pair's middle (its inner 70%) along
// which a dark line lies within a pixel: the gap between the two cards.
const minGapShare = 0.6

// darkAlong returns the share of 15 points on the inner 70% of the segment
// a-b (the image's pixels; lines at scale f) with a dark line pixel
// (255) within a pixel of it.
func darkAlong(lines gocv.Mat, a, b [2]float64, f float64) float64 {
	n := 0
	const pts = 15
	for s := range pts {
		t := 0.15 + 0.7*float64(s)/(pts-1)
		x := int(math.Round((a[0] + t*(b[0]-a[0])) * f))
		y := int(math.Round((a[1] + t*(b[1]-a[1])) * f))
		hit := false
		for dy := -1; dy <= 1 && !hit; dy++ {
			for dx := -1; dx <= 1 && !hit; dx++ {
				xx, yy := x+dx, y+dy
				if xx >= 0 && yy >= 0 && xx < lines.Cols() && yy < lines.Rows() && lines.GetUCharAt(yy, xx) > 0 {
					hit = true
				}
			}
		}
		if hit {
			n++
		}
	}
	return float64(n) / pts
}

// crosses reports whether q's long axis lies within 30 degrees of the
// normal to u (the grid's long axis): a pair of cards side by side, or a
// spare card turned across the grid.
func crosses(q Quad, u [2]float64) bool {
	l := [2]float64{q[1][0] - q[0][0] + q[2][0] - q[3][0], q[1][1] - q[0][1] + q[2][1] - q[3][1]}
	return math.Abs(l[0]*u[0]+l[1]*u[1])/math.Hypot(l[0], l[1]) < math.Sin(math.Pi/6)
}

// alongFit fits the plane of a card's size (fitArea, refit) on the quads
// (areas in mask pixels) that lie along the grid's axis: the pairs that
// splitPairs cuts lie across it, and would raise the plane where they lie.
func alongFit(quads []Quad, areas []float64) areaModel {
	if len(quads) == 0 {
		return areaModel{}
	}
	u, _ := gridAxes(quads)
	var q2 []Quad
	var a2 []float64
	for i, q := range quads {
		if !crosses(q, u) {
			q2, a2 = append(q2, q), append(a2, areas[i])
		}
	}
	return fitArea(q2, a2).refit(q2, a2)
}

// cutPair cuts the card mask (at scale f) inside the pair q (area, mask
// pixels) along its middle a-b (the image's pixels) and returns the two
// card-shaped pieces, each 0.35 to 0.65 of the pair's area, in the image's
// pixels with their areas in mask pixels; nothing unless there are
// exactly two.
func cutPair(mask gocv.Mat, q Quad, a, b [2]float64, f, area float64) ([]Quad, []float64) {
	var pts []image.Point
	lo, hi := image.Pt(math.MaxInt32, math.MaxInt32), image.Pt(math.MinInt32, math.MinInt32)
	for _, p := range q {
		pt := image.Pt(int(math.Round(p[0]*f)), int(math.Round(p[1]*f)))
		pts = append(pts, pt)
		lo.X, lo.Y, hi.X, hi.Y = min(lo.X, pt.X), min(lo.Y, pt.Y), max(hi.X, pt.X), max(hi.Y, pt.Y)
	}
	r := image.Rect(lo.X-3, lo.Y-3, hi.X+4, hi.Y+4).Intersect(image.Rect(0, 0, mask.Cols(), mask.Rows()))
	if r.Empty() {
		return nil, nil
	}
	piece := gocv.NewMatWithSize(r.Dy(), r.Dx(), gocv.MatTypeCV8UC1)
	defer piece.Close()
	// the pair's outline, grown by two pixels about its centre
	c := q.centre()
	var poly []image.Point
	for _, p := range q {
		d := math.Hypot(p[0]-c[0], p[1]-c[1]) * f
		g := (d + 2) / d
		poly = append(poly, image.Pt(int(math.Round(c[0]*f+(p[0]-c[0])*f*g))-r.Min.X, int(math.Round(c[1]*f+(p[1]-c[1])*f*g))-r.Min.Y))
	}
	pv := gocv.NewPointsVectorFromPoints([][]image.Point{poly})
	gocv.FillPoly(&piece, pv, color.RGBA{255, 255, 255, 0})
	pv.Close()
	roi := mask.Region(r)
	gocv.BitwiseAnd(piece, roi, &piece)
	roi.Close()
	// the gap, drawn across the pair and a fifth beyond each end
	e := func(t float64) image.Point {
		return image.Pt(int(math.Round((a[0]+t*(b[0]-a[0]))*f))-r.Min.X, int(math.Round((a[1]+t*(b[1]-a[1]))*f))-r.Min.Y)
	}
	gocv.Line(&piece, e(-0.2), e(1.2), color.RGBA{0, 0, 0, 0}, 2)
	k := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(3, 3))
	defer k.Close()
	gocv.Erode(piece, &piece, k)
	o := newOutlines(piece)
	defer o.Close()
	qs, as := o.quads(f, r.Min, 1, 0.8, 1.2, 2.5)
	if len(qs) != 2 {
		return nil, nil
	}
	for _, x := range as {
		if x < 0.35*area || x > 0.65*area {
			return nil, nil
		}
	}
	return qs, as
}
