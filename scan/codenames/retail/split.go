package retail

import (
	"image"
	"image/color"
	"math"
	"unsafe"

	"gocv.io/x/gocv"
)

// blobMask returns the part of mask inside the contour c, cut to c's
// bounding box r (the caller closes it).
func blobMask(mask gocv.Mat, c gocv.PointVector, r image.Rectangle) gocv.Mat {
	blob := gocv.NewMatWithSize(r.Dy(), r.Dx(), gocv.MatTypeCV8UC1)
	only := gocv.NewPointsVector()
	defer only.Close()
	shifted := make([]image.Point, 0, c.Size())
	for _, p := range c.ToPoints() {
		shifted = append(shifted, p.Sub(r.Min))
	}
	pv := gocv.NewPointVectorFromPoints(shifted)
	only.Append(pv)
	pv.Close()
	gocv.FillPoly(&blob, only, color.RGBA{255, 255, 255, 0})
	roi := mask.Region(r)
	gocv.BitwiseAnd(blob, roi, &blob)
	roi.Close()
	return blob
}

// splitBlob erodes a blob of several cards (its mask blob, at r in the
// card mask) by 2, 3, ... 6 pixels more, and returns the card-shaped
// pieces (grown back by as much, with their areas in mask pixels, 0.55 to
// 1.7 times med, and a card's shape) at the depth that gives the most.
func splitBlob(blob gocv.Mat, r image.Rectangle, f float64, am areaModel) ([]Quad, []float64) {
	var best []Quad
	var bestA []float64
	piece := gocv.NewMat()
	defer piece.Close()
	for n := 2; n <= 6; n++ {
		k := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(2*n+1, 2*n+1))
		gocv.Erode(blob, &piece, k)
		k.Close()
		qs, _ := cardQuads(piece, f, r.Min, float64(n+1))
		got, ga := am.cardSized(qs, f)
		if len(got) > len(best) {
			best, bestA = got, ga
		}
	}
	return best, bestA
}

// areaModel is the area a card has in the card mask where it lies: the
// square root of the area, fitted as a plane over the image by least
// squares on the cards found alone (the far cards of a tilted table are a
// third smaller than the near ones), or their median where there are too
// few of them.
type areaModel struct {
	med float64    // the cards' median area, mask pixels
	c   [3]float64 // √area = c0 + c1·x + c2·y, x and y in the image's pixels
	ok  bool
}

// fitArea fits an areaModel on the quads (in the image's pixels) whose
// areas (mask pixels) lie within 0.55 to 1.7 times their median.
func fitArea(quads []Quad, areas []float64) areaModel {
	med := median(areas)
	var q2 []Quad
	var a2 []float64
	for i, q := range quads {
		if areas[i] > 0.55*med && areas[i] < 1.7*med {
			q2, a2 = append(q2, q), append(a2, areas[i])
		}
	}
	am := fitPlane(q2, a2)
	am.med = med
	return am
}

// fitPlane fits √area as a plane over the image by least squares on every
// quad given; not ok with fewer than six.
func fitPlane(quads []Quad, areas []float64) areaModel {
	var am areaModel
	var n [3][3]float64
	var rhs [3]float64
	for i, q := range quads {
		c := q.centre()
		v := [3]float64{1, c[0], c[1]}
		for a := range 3 {
			for b := range 3 {
				n[a][b] += v[a] * v[b]
			}
			rhs[a] += v[a] * math.Sqrt(areas[i])
		}
	}
	if len(quads) < 6 {
		return am
	}
	// Cramer's rule on the normal equations
	det3 := func(m [3][3]float64) float64 {
		return m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) - m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) + m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
	}
	d := det3(n)
	if math.Abs(d) < 1e-9 {
		return am
	}
	for j := range 3 {
		m := n
		for a := range 3 {
			m[a][j] = rhs[a]
		}
		am.c[j] = det3(m) / d
	}
	am.ok = true
	return am
}

// at is the area a card centred at p (the image's pixels) has in the
// mask: the fit, kept within a quarter and four times the median.
// refit fits the plane again on the quads (in the image's pixels, their
// areas in mask pixels) whose areas lie within 0.6 to
// 1.6 times the area am gives where they lie; am itself when it has no
// plane or too few such quads.
func (am areaModel) refit(quads []Quad, areas []float64) areaModel {
	if !am.ok {
		return am
	}
	var q2 []Quad
	var a2 []float64
	for i, q := range quads {
		if r := areas[i] / am.at(q.centre()); r > 0.6 && r < 1.6 {
			q2, a2 = append(q2, q), append(a2, areas[i])
		}
	}
	if len(q2) < 6 {
		return am
	}
	n := fitPlane(q2, a2)
	if !n.ok {
		return am
	}
	n.med = am.med
	return n
}

// atMask is at, or def where am was never fitted (no cards).
func (am areaModel) atMask(p [2]float64, def float64) float64 {
	if am.med == 0 {
		return def
	}
	return am.at(p)
}

// cardArea keeps the quads qs (areas as, mask pixels) whose areas lie
// within lo to hi times a card's where they lie.
func (am areaModel) cardArea(qs []Quad, as []float64, lo, hi float64) ([]Quad, []float64) {
	var got []Quad
	var ga []float64
	for i, q := range qs {
		if r := as[i] / am.at(q.centre()); r > lo && r < hi {
			got, ga = append(got, q), append(ga, as[i])
		}
	}
	return got, ga
}

func (am areaModel) at(p [2]float64) float64 {
	if !am.ok {
		return am.med
	}
	r := am.c[0] + am.c[1]*p[0] + am.c[2]*p[1]
	return math.Min(4*am.med, math.Max(0.25*am.med, r*r))
}

// cardSized keeps the quads (in the image's pixels, a card mask at scale
// f) whose area is 0.75 to 1.35 times a card's where they lie and whose
// long sides are 1.3 to 1.9 times their short ones, with their areas
// rescaled to the median card's (so that findCards' size test, made
// against the median, takes them as the model did).
func (am areaModel) cardSized(qs []Quad, f float64) ([]Quad, []float64) {
	var got []Quad
	var ga []float64
	for _, q := range qs {
		long, short := math.Max(dist(q[0], q[1]), dist(q[2], q[3])), math.Min(dist(q[1], q[2]), dist(q[3], q[0]))
		ratio := quadArea(q) * f * f / am.at(q.centre())
		if ratio > 0.75 && ratio < 1.35 && long/short > 1.3 && long/short < 2.5 {
			got, ga = append(got, q), append(ga, ratio*am.at(q.centre()))
		}
	}
	return got, ga
}

// squareSized keeps the quads (as cardSized) of a far card seen nearly
// square: long sides 1.02 to 1.3 times their short ones (a card seen from
// above is 1.56; foreshortened along its long axis, less), only at a
// card's area where they lie within 0.85 to 1.2 (two cards side by side,
// 1.29 long over short, have twice a card's area).
func (am areaModel) squareSized(qs []Quad, f float64) ([]Quad, []float64) {
	var got []Quad
	var ga []float64
	for _, q := range qs {
		long, short := math.Max(dist(q[0], q[1]), dist(q[2], q[3])), math.Min(dist(q[1], q[2]), dist(q[3], q[0]))
		ratio := quadArea(q) * f * f / am.at(q.centre())
		if ratio > 0.85 && ratio < 1.2 && long/short >= 1.02 && long/short <= 1.3 {
			got, ga = append(got, q), append(ga, ratio*am.at(q.centre()))
		}
	}
	return got, ga
}

// darkLines marks (255) the thin dark lines of the small colour image:
// the gaps between cards, the cards' printed frames, letters; where the
// image lies more than 12 grey levels under its closing by a 5 × 5 square.
func darkLines(small gocv.Mat) gocv.Mat {
	grey := gocv.NewMat()
	defer grey.Close()
	gocv.CvtColor(small, &grey, gocv.ColorBGRToGray)
	k := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(5, 5))
	defer k.Close()
	hat := gocv.NewMat()
	defer hat.Close()
	gocv.MorphologyEx(grey, &hat, gocv.MorphBlackhat, k)
	lines := gocv.NewMat()
	gocv.Threshold(hat, &lines, 12, 255, gocv.ThresholdBinary)
	return lines
}

// The word card's printed frame: its line's inner edge lies 3.2 mm in
// from the card's edges (2.5 mm, and the line's 0.7).
const frameIn = 3.2

// insideFrames cuts a blob of several cards (its mask blob, at r in the
// card mask) along the dark lines and returns the pieces that are a word
// card's inside of its frame, grown to the card's outline, or a whole card
// the lines cut from its neighbours (with their areas in mask pixels, as
// splitBlob's). The cut is taken as it is and eroded by a pixel (a
// pixel's bridge left between two cards), whichever gives more.
func insideFrames(blob, lines gocv.Mat, r image.Rectangle, f float64, am areaModel) ([]Quad, []float64) {
	cut := gocv.NewMat()
	defer cut.Close()
	roi := lines.Region(r)
	gocv.Subtract(blob, roi, &cut)
	roi.Close()
	k := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(3, 3))
	defer k.Close()
	var best []Quad
	var bestA []float64
	for e := range 2 {
		if e == 1 {
			gocv.Erode(cut, &cut, k)
		}
		// a far card's inside, its frame's line broken by a letter
		// here and there: looser in shape than a card alone
		qs, _ := shapedQuads(cut, f, r.Min, float64(e), 0.75, 2.7)
		for i, q := range qs {
			// the inside of the frame is 0.78 of the card's area; a
			// piece nearer a whole card's is one
			if quadArea(q)*f*f < 0.9*am.at(q.centre()) {
				qs[i] = growFrame(q)
			}
		}
		got, ga := am.cardSized(qs, f)
		if len(got) > len(best) {
			best, bestA = got, ga
		}
	}
	return best, bestA
}

// growFrame turns the inside of a word card's frame into the card's
// outline: each axis scaled about the centre, the long by 70/(70-2·3.2)
// and the short by 45/(45-2·3.2).
func growFrame(q Quad) Quad {
	c := q.centre()
	unit := func(a, b [2]float64) [2]float64 {
		d := dist(a, b)
		return [2]float64{(b[0] - a[0]) / d, (b[1] - a[1]) / d}
	}
	// the axes, each the mean of its two sides
	a1, a2 := unit(q[0], q[1]), unit(q[3], q[2])
	b1, b2 := unit(q[0], q[3]), unit(q[1], q[2])
	a := [2]float64{a1[0] + a2[0], a1[1] + a2[1]}
	b := [2]float64{b1[0] + b2[0], b1[1] + b2[1]}
	la, lb := math.Hypot(a[0], a[1]), math.Hypot(b[0], b[1])
	a, b = [2]float64{a[0] / la, a[1] / la}, [2]float64{b[0] / lb, b[1] / lb}
	sa, sb := 70/(70-2*frameIn), 45/(45-2*frameIn)
	var out Quad
	for j, p := range q {
		d := [2]float64{p[0] - c[0], p[1] - c[1]}
		// d in the (a, b) basis, which need not be orthogonal
		det := a[0]*b[1] - a[1]*b[0]
		u := (d[0]*b[1] - d[1]*b[0]) / det
		v := (a[0]*d[1] - a[1]*d[0]) / det
		out[j] = [2]float64{c[0] + sa*u*a[0] + sb*v*b[0], c[1] + sa*u*a[1] + sb*v*b[1]}
	}
	return out
}

// overlaps reports whether q and one of qs overlap: either's centre lies
// inside the other (a card seen already, or a blob across two cards).
func overlaps(q Quad, qs []Quad) bool {
	for _, o := range qs {
		if o.contains(q.centre()) || q.contains(o.centre()) {
			return true
		}
	}
	return false
}

// contains reports whether p lies inside the convex quad q.
func (q Quad) contains(p [2]float64) bool {
	sign := 0.0
	for i := range 4 {
		a, b := q[i], q[(i+1)%4]
		c := (b[0]-a[0])*(p[1]-a[1]) - (b[1]-a[1])*(p[0]-a[0])
		if c == 0 {
			continue
		}
		if sign != 0 && c*sign < 0 {
			return false
		}
		sign = c
	}
	return true
}

// framedCards finds word cards by their printed frames alone, wherever the
// table's colour is (small is the image at scale f): the regions the dark
// lines (thickened by a pixel, to close a line broken here and there)
// enclose that have a card's inside's shape, at about one size where they
// lie (an area plane fitted over them), grown by the frame to the card's
// outline. Their areas are the outlines', in small's pixels.
func framedCards(small gocv.Mat, f float64) ([]Quad, []float64) {
	lines := darkLines(small)
	defer lines.Close()
	k := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(3, 3))
	defer k.Close()
	gocv.Dilate(lines, &lines, k)
	open := gocv.NewMat()
	defer open.Close()
	gocv.BitwiseNot(lines, &open)
	inside := enclosed(open)
	defer inside.Close()
	qs, as := shapedQuads(inside, f, image.Point{}, 1, 0.85, 2.3)
	if len(qs) < minCards {
		return nil, nil
	}
	for i, q := range qs {
		qs[i] = growFrame(q)
		as[i] = quadArea(qs[i]) * f * f
	}
	am := fitArea(qs, as)
	am = am.refit(qs, as)
	return am.cardArea(qs, as, 0.7, 1.4)
}

// enclosed returns the regions of the binary mask m that do not touch the
// image's edge (255; what lines enclose), the caller closes it.
func enclosed(m gocv.Mat) gocv.Mat {
	labels := gocv.NewMat()
	defer labels.Close()
	// 4-connected: a line's diagonal step does not leak
	n := gocv.ConnectedComponentsWithParams(m, &labels, 4, gocv.MatTypeCV32S, gocv.CCL_DEFAULT)
	w, h := m.Cols(), m.Rows()
	out := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC1)
	raw, err := labels.DataPtrUint8()
	if err != nil || n < 2 || len(raw) != 4*w*h {
		return out
	}
	lb := unsafe.Slice((*int32)(unsafe.Pointer(&raw[0])), w*h)
	edge := make([]bool, n)
	for x := range w {
		edge[lb[x]], edge[lb[(h-1)*w+x]] = true, true
	}
	for y := range h {
		edge[lb[y*w]], edge[lb[y*w+w-1]] = true, true
	}
	edge[0] = true // the lines themselves
	px, err := out.DataPtrUint8()
	if err != nil {
		return out
	}
	for i, l := range lb {
		if !edge[l] {
			px[i] = 255
		} else {
			px[i] = 0
		}
	}
	return out
}

// ladder thresholds a blob of several cards (its mask blob, at r in the
// card mask; diff8 the distance from the table's colour) again at rising
// levels: the thin gaps between cards touching (blurred, a pixel wide)
// differ from the table less than the cards do, and fall out at a level
// above the card mask's. It returns the card-sized pieces of every level,
// each once (the first level's where several find it).
func ladder(blob, diff8 gocv.Mat, r image.Rectangle, f float64, am areaModel) ([]Quad, []float64) {
	return climb(blob, diff8, r, f, am, true)
}

// climb is ladder; with stop false it climbs every level, even above an
// empty one (TestLadderStops compares the two).
func climb(blob, diff8 gocv.Mat, r image.Rectangle, f float64, am areaModel, stop bool) ([]Quad, []float64) {
	roi := diff8.Region(r)
	defer roi.Close()
	in := gocv.NewMat()
	defer in.Close()
	roi.CopyToWithMask(&in, blob)
	var got []Quad
	var ga []float64
	levels(in, stop, func(piece gocv.Mat) {
		o := newOutlines(piece)
		qs, _ := o.quads(f, r.Min, 1, 0.8, 1.2, 2.3)
		qs, as := am.cardSized(qs, f)
		// a far card seen nearly square (its long side along the view,
		// foreshortened), only at a card's size where it lies
		sq, _ := o.quads(f, r.Min, 1, 0.8, 1.02, 1.35)
		sq, sa := am.squareSized(sq, f)
		o.Close()
		qs, as = append(qs, sq...), append(as, sa...)
		for j, q := range qs {
			if !overlaps(q, got) {
				got, ga = append(got, q), append(ga, as[j])
			}
		}
	})
	return got, ga
}

// levels thresholds in (the distance from the table's colour) at the
// ladder's levels, 30 to 150 in steps of 10, opens and erodes each by a
// 3 px disc and hands it to each; with stop it ends at the first empty
// level: every higher level is empty too (a threshold's pixels are a subset
// of a lower one's, and opening and eroding keep subsets subsets). The
// opening and erosion are made once, on in itself, and each level is
// thresholded from that: a flat erosion or dilation is a least or greatest
// over the disc, so a pixel's least passes a level exactly when every
// pixel under the disc does (a threshold commutes with both, the frame's
// border too: outside it erosion sees 255 and dilation 0, above and below
// every level). The same pieces, byte for byte, as thresholding first
// (TestLevelsOnce, slowLevels).
func levels(in gocv.Mat, stop bool, each func(piece gocv.Mat)) {
	k := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(3, 3))
	defer k.Close()
	shrunk := gocv.NewMat()
	defer shrunk.Close()
	gocv.MorphologyEx(in, &shrunk, gocv.MorphOpen, k)
	gocv.Erode(shrunk, &shrunk, k)
	piece := gocv.NewMat()
	defer piece.Close()
	for t := 30; t <= 150; t += 10 {
		gocv.Threshold(shrunk, &piece, float32(t), 255, gocv.ThresholdBinary)
		if stop && gocv.CountNonZero(piece) == 0 {
			return
		}
		each(piece)
	}
}

// minSeed is the fewest cards found alone in the card mask that seed the
// cards' size without seedCards; minSeedLevel the fewest of one size a
// level of seedCards must give.
const (
	minSeed      = 6
	minSeedLevel = 3
)

// seedCards thresholds the whole distance from the table's colour (diff8,
// at scale f of the image) at rising levels, as the ladder climbs a blob,
// and returns the card-shaped pieces of the level where the most of one
// size (0.6 to 1.6 times that level's median) fall apart, with their areas
// in mask pixels: on a table a light's pool or a cloth's lit folds join to
// every card in the card mask, the cards still differ from it more than
// the lit cloth does. None when no level gives minSeedLevel such pieces.
func seedCards(diff8 gocv.Mat, f float64) ([]Quad, []float64) {
	var best []Quad
	var bestA []float64
	levels(diff8, true, func(piece gocv.Mat) {
		qs, as := cardQuads(piece, f, image.Point{}, 1)
		got, ga := sized(qs, as, median(as), 0.6, 1.6)
		if len(got) >= minSeedLevel && len(got) > len(best) {
			best, bestA = got, ga
		}
	})
	return best, bestA
}

// sized keeps the quads qs (areas as) whose areas lie within lo to hi
// times area.
func sized(qs []Quad, as []float64, area, lo, hi float64) ([]Quad, []float64) {
	var got []Quad
	var ga []float64
	for i, q := range qs {
		if as[i] > lo*area && as[i] < hi*area {
			got, ga = append(got, q), append(ga, as[i])
		}
	}
	return got, ga
}
