package retail

import (
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
// its long side is 1.1 to 1.9 times its short (foreshortened, a pair grows longer), and a dark line (the gap)
// runs along most of its middle (darkLines of small, the image at scale
// f). Each half is then a card.
func splitPairs(quads []Quad, areas []float64, am areaModel, small gocv.Mat, f float64) ([]Quad, []float64) {
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
		for _, h := range [2]Quad{{q[0], m01, m32, q[3]}, {m01, q[1], q[2], m32}} {
			hq := orderQuad([][2]float64{h[0], h[1], h[2], h[3]})
			outQ, outA = append(outQ, hq), append(outA, areas[i]/2)
		}
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
