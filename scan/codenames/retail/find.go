package retail

import (
	"image"
	"math"
	"slices"
	"sort"

	"gocv.io/x/gocv"
)

// Quad is a card's outline in the image, in pixels: top left, top right,
// bottom right, bottom left as the grid's rows run, so that its first edge
// is a long one.
type Quad [4][2]float64

// centre returns q's centroid.
func (q Quad) centre() [2]float64 {
	return [2]float64{(q[0][0] + q[1][0] + q[2][0] + q[3][0]) / 4, (q[0][1] + q[1][1] + q[2][1] + q[3][1]) / 4}
}

// scaled returns q scaled by f about its centre.
func (q Quad) scaled(f float64) Quad {
	c := q.centre()
	var s Quad
	for i := range q {
		s[i] = [2]float64{c[0] + f*(q[i][0]-c[0]), c[1] + f*(q[i][1]-c[1])}
	}
	return s
}

// detectWidth is the width cards are looked for at: enough for a card to
// span dozens of pixels, small enough to be fast.
const detectWidth = 960

// findCards returns the outlines of card-sized rectangles that differ from
// the table's colour (the colour around the image's edge), in img's
// pixels, the median card's short side in pixels, and the mask of what
// differs from the table (the caller closes it).
func findCards(img gocv.Mat) ([]Quad, float64, cardMask) {
	return findCardsBy(img, false)
}

// findCardsBy is findCards with its cloth pass (clothCards) or without:
// the cards the passes before it find, which tests of the grid's own
// passes (a line added, fitGraphShort) were written on, in frames whose
// missing cards the cloth pass now outlines.
func findCardsBy(img gocv.Mat, cloth bool) ([]Quad, float64, cardMask) {
	f := math.Min(1, detectWidth/float64(img.Cols()))
	small := gocv.NewMat()
	gocv.Resize(img, &small, image.Pt(int(float64(img.Cols())*f), int(float64(img.Rows())*f)), 0, 0, gocv.InterpolationArea)
	lab := gocv.NewMat()
	defer lab.Close()
	gocv.CvtColor(small, &lab, gocv.ColorBGRToLab)
	table := borderMedian(lab)
	// distance from the table's colour, chroma counting double (saturated
	// at 255), and where it passes 22
	// each channel's term looked up, not computed, for each of a frame's
	// half a million pixels (the same sums in the same order)
	var terms [3][256]float64
	for v := range 256 {
		terms[0][v] = 0.5 * math.Abs(float64(v)-table[0])
		terms[1][v] = math.Abs(float64(v) - table[1])
		terms[2][v] = math.Abs(float64(v) - table[2])
	}
	// (min, not math.Min: the builtin is inlined, the call cost a
	// quarter of the loop; the same value for a distance never NaN)
	px := pixels(lab)
	dist8 := make([]byte, lab.Rows()*lab.Cols())
	for i := range dist8 {
		d := terms[0][px[3*i]] + terms[1][px[3*i+1]] + terms[2][px[3*i+2]]
		dist8[i] = uint8(min(d, 255))
	}
	diff8, err := gocv.NewMatFromBytes(lab.Rows(), lab.Cols(), gocv.MatTypeCV8UC1, dist8)
	if err != nil {
		return nil, 0, cardMask{m: gocv.NewMat(), small: small}
	}
	defer diff8.Close()
	mask := gocv.NewMat()
	gocv.Threshold(diff8, &mask, 22, 255, gocv.ThresholdBinary)
	k := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(3, 3))
	defer k.Close()
	gocv.MorphologyEx(mask, &mask, gocv.MorphOpen, k)
	cm := cardMask{m: mask, f: f, table: table, lab: slices.Clone(px), small: small}
	quads, areas, am := maskCards(small, mask, diff8, f, true)
	// too few cards alone in the mask for a plane of the cards' size: its
	// blob passes ran with the median of those few; the mask as it was is
	// kept for a second go once the passes below have found a plane
	alone := am.ok
	var first gocv.Mat
	if !alone {
		first = mask.Clone()
		defer first.Close()
	}
	// a table as light as the cards (a light grey cloth whose folds shade
	// it more than the cards differ from it in lightness): the cards'
	// beige still differs from it in chroma alone
	more := func(q2 []Quad, a2 []float64) {
		// only a quad of a card's size where it lies (the plane fitted
		// on both passes' quads) keeps a new one out: the mask's blobs
		// of two or three cards, taken for cards when the mask found
		// only them (300480-webcam: two such blobs hid five framed
		// cards), are dropped below as too large
		block := card(quads, areas, q2, a2)
		for j, q := range q2 {
			if !overlaps(q, block) {
				quads, areas = append(quads, q), append(areas, a2[j])
			}
		}
		if len(quads) > 0 {
			am = fitArea(quads, areas)
			am = am.refit(quads, areas)
		}
	}
	if len(quads) < 20 {
		more(chromaCards(small, lab, table, f, &cm))
	}
	// a table the colour of the cards: few cards differ from it, but each
	// word card's printed frame still stands out
	if len(quads) < 20 {
		more(framedCards(small, f))
	}
	// the mask's blobs cut again with the plane the chroma and frame
	// passes gave (300532-webcam, a tan cloth: one card alone in the mask,
	// the others joined by the gaps' shadows; the near cards' pieces were
	// too large for the one card's median and the far ones' too small)
	if !alone && am.ok && len(quads) < 20 {
		q2, a2, _ := maskCardsOn(small, first, diff8, f, false, am)
		more(q2, a2)
	}
	// a cloth whose colour a lamp moves across the frame (see clothFit):
	// the cards that differ from the cloth's fitted colour where they lie
	if cloth && len(quads) < clothBelow {
		more(clothCards(small, lab, f))
	}
	if len(quads) == 0 {
		return nil, 0, cm
	}
	// too few cards found alone for a plane of the cards' size: their
	// median set it, and on a table whose cards nearly all joined one
	// blob those few may be pairs of cards side by side; the plane fitted
	// on every card found since, the blobs' pieces among them
	if !am.ok {
		if all := alongFit(quads, areas); all.ok {
			am = all
		}
	}
	// pairs of cards side by side taken for one card, cut in two
	quads, areas = splitPairs(quads, areas, am, small, cm.m, f)
	var kept []Quad
	var keptArea, shorts []float64
	for i, q := range quads {
		// a card's area where it lies (the median's where no plane was
		// fitted)
		if a := am.atMask(q.centre(), median(areas)); areas[i] <= 0.55*a || areas[i] >= 1.7*a {
			continue
		}
		// one card seen twice (its inner frame after a second threshold):
		// the larger outline stays
		short := math.Min(dist(q[1], q[2]), dist(q[0], q[1]))
		dup := false
		for j, k := range kept {
			if dist(k.centre(), q.centre()) < 0.4*short {
				dup = true
				if areas[i] > keptArea[j] {
					kept[j], keptArea[j], shorts[j] = q, areas[i], short
				}
				break
			}
		}
		if !dup {
			kept, keptArea, shorts = append(kept, q), append(keptArea, areas[i]), append(shorts, short)
		}
	}
	return kept, median(shorts), cm
}

// card returns the quads qs (areas as, mask pixels) of a card's size where
// they lie: 0.55 to 1.7 times the area of the plane fitted on them and on
// the quads q2 (areas a2) together, as findCards keeps them at the end.
func card(qs []Quad, as []float64, q2 []Quad, a2 []float64) []Quad {
	if len(qs) == 0 {
		return nil
	}
	all, aa := slices.Concat(qs, q2), slices.Concat(as, a2)
	am := fitArea(all, aa).refit(all, aa)
	var got []Quad
	for i, q := range qs {
		if a := am.atMask(q.centre(), median(aa)); as[i] > 0.55*a && as[i] < 1.7*a {
			got = append(got, q)
		}
	}
	return got
}

// maskCards returns the cards of mask (where small, at scale f of the
// image, differs from the table; diff8 the distance from it), in the
// image's pixels, with their areas in mask pixels and the card-size plane
// fitted over them: card-shaped blobs, and the cards a blob of several
// falls into; with seed, the cards' size is seeded by seedCards when too
// few cards lie alone (not on chromaCards' mask: its tan cloths' seeds
// placed a grid off its far column, 300093).
func maskCards(small, mask, diff8 gocv.Mat, f float64, seed bool) ([]Quad, []float64, areaModel) {
	return maskCardsOn(small, mask, diff8, f, seed, areaModel{})
}

// maskCardsOn is maskCards with the plane of the cards' size given (when
// plane is ok) instead of fitted on the mask's own cards.
func maskCardsOn(small, mask, diff8 gocv.Mat, f float64, seed bool, plane areaModel) ([]Quad, []float64, areaModel) {
	k := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(3, 3))
	defer k.Close()
	eroded := gocv.NewMat()
	defer eroded.Close()
	gocv.Erode(mask, &eroded, k)
	// the eroded mask's outlines, found once for the several shape tests
	// below (four contour walks of the same mask before)
	o := newOutlines(eroded)
	defer o.Close()
	quads, areas := o.quads(f, image.Point{}, 1, 0.8, 1.2, 2.3)
	// too few cards alone for a plane of the cards' size (a light's pool
	// or a cloth's lit folds joining the cards to the table): the cards
	// of the level where most fall apart seed the size, added to those
	// alone
	if seed && len(quads) < minSeed {
		// of the size of the few cards found alone, if any
		q2, a2 := seedCards(diff8, f)
		if len(areas) > 0 {
			q2, a2 = sized(q2, a2, median(areas), 0.6, 1.6)
		}
		if len(q2) > len(quads) {
			for j, q := range q2 {
				if !overlaps(q, quads) {
					quads, areas = append(quads, q), append(areas, a2[j])
				}
			}
		}
	}
	var am areaModel
	// a blob of several cards (glare on the gaps between them lifts the
	// table's colour): threshold it again, at its own Otsu level
	if len(areas) > 0 {
		med := median(areas)
		am = fitArea(quads, areas)
		// the far cards of a steeply tilted table are smaller than the
		// median card's 0.55: fitted again on the cards of the size the
		// first fit gives where they lie
		am = am.refit(quads, areas)
		// too few cards alone in chromaCards' mask (seed false) for a
		// plane (cards touching join most of them into blobs): those few
		// may be a pile of covers stacked or two cards side by side,
		// card-shaped too but larger, so the blob passes take the size
		// a quarter of the way up from the smallest, not the median's
		// (301103-phone, a slate cloth: a pile of covers, 37809 mask
		// pixels, and SOUP, 17736; the median of two is the larger, and
		// the blobs' pieces, sized against the pile, were all too
		// small); not the smallest itself, which may be a fragment
		// (300679-phone: 1575 beside cards of 4641 to 11047, refused
		// with it). Not in the card mask's own pass: there the smallest
		// found 10 cards of 301103, no grid, and left two words of
		// 300903-phone in doubt (why not traced)
		if !seed && !am.ok && !plane.ok && len(quads) < minSeed {
			am.med = fewAlone(areas)
			med = am.med
		}
		if plane.ok {
			am = plane
		}
		// the far cards of a steeply tilted table: smaller than the
		// median card, and longer for their width than a card seen from
		// above (only smaller ones: a card joined to a strip of glare
		// beside it is longer too)
		q2, a2 := o.quads(f, image.Point{}, 1, 0.75, 1.2, 2.7)
		if !am.ok {
			// too few cards of a card's shape for a plane: a low view
			// foreshortens the far rows' cards past 2.3 long over short,
			// so the plane is fitted on the looser shapes too
			if all := fitArea(q2, a2).refit(q2, a2); all.ok {
				am = all
			}
		}
		q2, a2 = am.cardSized(q2, f)
		// not where a card was found already: a card seen in the
		// first pass, or a blob across two, overlaps no other card
		first := len(quads)
		for j, q := range q2 {
			if !overlaps(q, quads[:first]) {
				quads, areas = append(quads, q), append(areas, a2[j])
			}
		}
		// and a far card seen nearly square (its long side along the
		// view, foreshortened), only at a card's size where it lies
		sq, sqa := o.quads(f, image.Point{}, 1, 0.8, 1.02, 1.2)
		q2, a2 = am.cardArea(sq, sqa, 0.75, 1.35)
		for j, q := range q2 {
			if !overlaps(q, quads) {
				quads, areas = append(quads, q), append(areas, a2[j])
			}
		}
		// and smaller ones where the plane, fitted again with them,
		// agrees (see farSquares)
		q2, a2 = farSquares(am, quads, areas, sq, sqa)
		quads, areas = append(quads, q2...), append(areas, a2...)
		// and a far card seen at a slant, a parallelogram that fills
		// too little of its rotated box for the tests above (a phone's
		// oblique view of a turned grid: 300471-phone's far rows, 0.72-
		// 0.77 of it), by its own four corners; the plane, fitted on the
		// nearer cards, puts such a far card's area 0.69-0.89 of what it
		// gives there, so the plane is fitted again on the cards found
		// each time some are added, one row nearer the far one (for this
		// pass alone: the later passes keep the first plane, which split
		// the regression set's 1-phone as before)
		sl, sla := o.slanted(f)
		sam := am
		for range 3 {
			q2, a2 = sam.cardArea(sl, sla, 0.75, 1.35)
			n := len(quads)
			for j, q := range q2 {
				if !overlaps(q, quads) {
					quads, areas = append(quads, q), append(areas, a2[j])
				}
			}
			dbg("slanted %d of %d", len(quads)-n, len(q2))
			if len(quads) == n {
				break
			}
			sam = fitArea(quads, areas).refit(quads, areas)
		}
		lines := gocv.NewMat()
		defer lines.Close()
		for i := range o.cs.Size() {
			c := o.cs.At(i)
			a, r := o.area[i], gocv.BoundingRect(c)
			// the area a card has here: far cards of a tilted table are
			// smaller than the median one
			local := am.at([2]float64{float64(r.Min.X+r.Max.X) / 2 / f, float64(r.Min.Y+r.Max.Y) / 2 / f})
			if a < 1.8*med && a < 1.8*local {
				continue
			}
			if a >= 1.8*local {
				// cards whose gaps shrank to a pixel under tilt: eroded
				// further until the blob falls into card-sized pieces
				blob := blobMask(eroded, c, r)
				q2, a2 = splitBlob(blob, r, f, am)
				quads, areas = append(quads, q2...), append(areas, a2...)
				// or cut along the dark lines, the cards' printed frames
				// among them: each word card's inside its frame falls out
				if lines.Empty() {
					lines = darkLines(small)
				}
				q2, a2 = insideFrames(blob, lines, r, f, am)
				quads, areas = append(quads, q2...), append(areas, a2...)
				// or thresholded again at rising levels: a thin gap,
				// blurred, differs from the table less than the cards
				q2, a2 = ladder(blob, diff8, r, f, am)
				for j, q := range q2 {
					if !overlaps(q, quads) {
						quads, areas = append(quads, q), append(areas, a2[j])
					}
				}
				if !am.ok {
					// too few cards alone for a plane of the cards' size
					// (cards touching, covers laid over their
					// neighbours' edges, join most of them into blobs),
					// so the ladder kept only pieces near the median
					// card's area: again, with the plane fitted on the
					// cards found so far, the ladder's among them (the
					// near cards of a tilted table are larger)
					if am2 := fitArea(quads, areas).refit(quads, areas); am2.ok {
						q2, a2 = ladder(blob, diff8, r, f, am2)
						for j, q := range q2 {
							if !overlaps(q, quads) {
								quads, areas = append(quads, q), append(areas, a2[j])
							}
						}
					}
				}
				blob.Close()
			}
			if a < 1.8*med {
				continue
			}
			roi := diff8.Region(r)
			sub := gocv.NewMat()
			gocv.Threshold(roi, &sub, 0, 255, gocv.ThresholdBinary|gocv.ThresholdOtsu)
			gocv.MorphologyEx(sub, &sub, gocv.MorphOpen, k)
			gocv.Erode(sub, &sub, k)
			q2, a2 = cardQuads(sub, f, r.Min, 1)
			for j := range q2 {
				if a2[j] > 0.55*med && a2[j] < 1.7*med {
					quads, areas = append(quads, q2[j]), append(areas, a2[j])
				}
			}
			sub.Close()
			roi.Close()
		}
	}
	return quads, areas, am
}

// fewAlone is the size the blob passes take from too few cards alone for
// a plane (areas, mask pixels): a quarter of the way up from the smallest
// (the smallest of two or three), below a pile or a pair, above a fragment.
func fewAlone(areas []float64) float64 {
	s := slices.Clone(areas)
	slices.Sort(s)
	return s[len(s)/4]
}

// minChroma is the chroma distance (Lab's a and b, 8-bit) from the table's
// colour where chromaCards sees a card: the rendered light grey tables'
// cards' beige lies 12-14 from the cloth, whose folds move its chroma by
// under 4 (a card's pale band, as grey as the cloth, is a hole inside the
// card's outline).
const minChroma = 8

// chromaCards returns the cards whose chroma differs from the table's
// (lab: the small image at scale f, in Lab; small: in BGR) by over
// minChroma, as maskCards finds them (a blob of cards touching falls into
// cards too), and adds them to cm's mask.
func chromaCards(small, lab gocv.Mat, table [3]float64, f float64, cm *cardMask) ([]Quad, []float64) {
	// each channel's term looked up, as findCards' distance is (the same
	// sums)
	var terms [2][256]float64
	for v := range 256 {
		terms[0][v] = math.Abs(float64(v) - table[1])
		terms[1][v] = math.Abs(float64(v) - table[2])
	}
	px := pixels(lab)
	d8 := make([]byte, lab.Rows()*lab.Cols())
	for i := range d8 {
		d := terms[0][px[3*i+1]] + terms[1][px[3*i+2]]
		d8[i] = uint8(min(d, 255))
	}
	dist, err := gocv.NewMatFromBytes(lab.Rows(), lab.Cols(), gocv.MatTypeCV8UC1, d8)
	if err != nil {
		return nil, nil
	}
	defer dist.Close()
	mask := gocv.NewMat()
	defer mask.Close()
	gocv.Threshold(dist, &mask, minChroma, 255, gocv.ThresholdBinary)
	k := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(3, 3))
	defer k.Close()
	gocv.MorphologyEx(mask, &mask, gocv.MorphOpen, k)
	gocv.BitwiseOr(cm.m, mask, &cm.m)
	qs, as, _ := maskCards(small, mask, dist, f, false)
	return qs, as
}

// cardQuads returns the card-shaped blobs of mask (a scale f of the
// image's, its origin at off), grown by grow pixels (the erosion undone),
// in the image's pixels, with their areas in mask pixels.
func cardQuads(mask gocv.Mat, f float64, off image.Point, grow float64) ([]Quad, []float64) {
	return shapedQuads(mask, f, off, grow, 0.8, 2.3)
}

// shapedQuads is cardQuads with the least share of its rotated bounding
// box a blob fills and the most its long side may be over its short.
func shapedQuads(mask gocv.Mat, f float64, off image.Point, grow, fill, aspect float64) ([]Quad, []float64) {
	return shapedAspect(mask, f, off, grow, fill, 1.2, aspect)
}

// shapedAspect is shapedQuads with the least its long side may be over
// its short too (lo, up to hi).
func shapedAspect(mask gocv.Mat, f float64, off image.Point, grow, fill, lo, hi float64) ([]Quad, []float64) {
	o := newOutlines(mask)
	defer o.Close()
	return o.quads(f, off, grow, fill, lo, hi)
}

// outlines are a mask's outer contours with their areas, and their rotated
// bounding boxes once measured: one contour walk for several shape tests
// of the same mask.
type outlines struct {
	cs   gocv.PointsVector
	area []float64
	rr   []*gocv.RotatedRect
}

// newOutlines finds mask's outer contours; the caller closes them.
func newOutlines(mask gocv.Mat) *outlines {
	o := &outlines{cs: gocv.FindContours(mask, gocv.RetrievalExternal, gocv.ChainApproxSimple)}
	o.area = make([]float64, o.cs.Size())
	o.rr = make([]*gocv.RotatedRect, o.cs.Size())
	for i := range o.area {
		o.area[i] = gocv.ContourArea(o.cs.At(i))
	}
	return o
}

// Close frees o's contours.
func (o *outlines) Close() { o.cs.Close() }

// quads returns the card-shaped outlines (at least a 500th of a frame's
// area at the detection width, filling at least fill of their rotated
// bounding box, whose long side over the short lies from lo to hi) as
// quads in the image's pixels (grown by grow mask pixels each way, offset
// by off, over f), with their areas in mask pixels.
func (o *outlines) quads(f float64, off image.Point, grow, fill, lo, hi float64) ([]Quad, []float64) {
	minArea := 0.002 * float64(detectWidth*detectWidth) * 9 / 16
	var quads []Quad
	var areas []float64
	for i := range o.cs.Size() {
		c := o.cs.At(i)
		area := o.area[i]
		if area < minArea {
			continue
		}
		if o.rr[i] == nil {
			rr := gocv.MinAreaRect(c)
			o.rr[i] = &rr
		}
		rr := *o.rr[i]
		long, short := float64(max(rr.Width, rr.Height)), float64(min(rr.Width, rr.Height))
		if short < 8 || area/(long*short) < fill || long/short < lo || long/short > hi {
			continue
		}
		q := orderQuad(outlineCorners(c, area, rr))
		// back to the image's pixels, undoing the erosion's pixel
		cx := q.centre()
		for j := range q {
			for a := range 2 {
				d := q[j][a] - cx[a]
				q[j][a] = (cx[a] + d + math.Copysign(grow, d) + float64([2]int{off.X, off.Y}[a])) / f
			}
		}
		quads = append(quads, q)
		areas = append(areas, area)
	}
	return quads, areas
}

// orderQuad orders four corners top left, top right, bottom right, bottom
// left in the image, then turns the order so that the first edge is long.
func orderQuad(pts [][2]float64) Quad {
	var c [2]float64
	for _, p := range pts {
		c[0] += p[0] / 4
		c[1] += p[1] / 4
	}
	sort.Slice(pts, func(i, j int) bool {
		return math.Atan2(pts[i][1]-c[1], pts[i][0]-c[0]) < math.Atan2(pts[j][1]-c[1], pts[j][0]-c[0])
	})
	// from the corner up and left (angle near -3π/4), clockwise in the image
	var q Quad
	start := 0
	for i, p := range pts {
		if p[0] < c[0] && p[1] < c[1] {
			start = i
			break
		}
	}
	for i := range 4 {
		q[i] = pts[(start+i)%4]
	}
	if dist(q[0], q[1]) < dist(q[1], q[2]) {
		q = Quad{q[3], q[0], q[1], q[2]}
	}
	return q
}

func dist(a, b [2]float64) float64 { return math.Hypot(a[0]-b[0], a[1]-b[1]) }

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}
