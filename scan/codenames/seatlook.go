package codenames

import (
	"image"
	"math"

	"fieldkit/markers"
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// A phone photo whose grid was read but whose seat marker was not may show
// it dim or under noise beside the grid: rendered photo 100065's seat
// marker (62 px at a sixth of full light, its black a mid grey) decodes at
// full size after contrast-limited equalization over tiles of one word
// marker (clip 2 or 4, OpenCV's three windows or one of 23) and in no other
// look; rendered tune photo 17's (96 px under heavy noise) with the
// half-seen cells' look (halfSeenFor) or the equalized one. The seat look
// searches the strips just beyond the grid's four sides with the
// equalized one, and keeps only the seat marker's id, of a seat marker's
// size, where a seat marker lies: a seat marker turns every cell's
// orientation, so nothing else this look decodes is used. It runs on phone
// photos whose grid was read without a seat marker (now or before,
// ScanWith's prior), for every scanner. The strips are 3-9 Mpx of a 12 MP
// photo, too many to equalize and decode at full size (53 ms on average
// over the Wide 12 MP benchmark photos, half of which show no seat
// marker): a coarse copy of each strip (seatSpots, 8 px a word marker)
// first outlines the white margin about the marker, and only squares of
// three word markers about what it outlines are decoded at full size.
// Where the printed token lies: "just beyond the grid at seat A's edge"
// (printgen's seat face); both scene generators lay it 25-45 mm beyond the
// outer cards' edge, within 40 mm of a side's middle, which is 0.8-1.4
// cells beyond the outer cells' centres; the strips reach 1.7 cells out and
// along the whole side (a player may sit off the middle).
const (
	seatNear  = 0.45 // cells beyond the outer cells' centres where a strip begins
	seatFar   = 1.7  // and where it ends
	seatAlong = 0.3  // cells each strip piece reaches beyond its cell along the side
	seatClip  = 3.0  // CLAHE's clip limit, over tiles of a word marker
	// seatWindow is the one threshold window, in word marker sides.
	seatWindow = 0.5
	// seatMinSide and seatMaxSide bound the seat marker's shortest side,
	// relative to the median word marker's: it is printed 14 mm against
	// 11, and tilt changes the scale across the frame by less than this.
	seatMinSide = 0.6
	seatMaxSide = 2.5
	// seatCoarse is the side, in pixels, a word marker gets in the coarse
	// copy seatSpots searches for squares, and seatSpot the side of the
	// square about each one the full-size look decodes, in word markers.
	seatCoarse = 8.0
	seatSpot   = 3.0
	// seatRing is the outer side of the white margin about the seat
	// marker, in marker sides.
	seatRing = 1.3
)

// seatStrips returns the image rectangles of the strips beyond the four
// sides of o's grid where a seat marker may lie, one piece a cell, merged
// where that costs no pixels, clipped to a w x h image; none unless o is a
// phone photo's grid read without a seat marker.
func (o *Observation) seatStrips(w, h int) []image.Rectangle {
	if !o.OK || o.SeatMarker || o.PriorSeat || min(w, h) <= webcamSide {
		return nil
	}
	var out []image.Rectangle
	box := func(x0, y0, x1, y1 float64) {
		minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, q := range [4][2]float64{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}} {
			p := o.GridPoint(q[0], q[1])
			minX, maxX = math.Min(minX, p.X), math.Max(maxX, p.X)
			minY, maxY = math.Min(minY, p.Y), math.Max(maxY, p.Y)
		}
		r := image.Rect(int(minX), int(minY), int(maxX)+1, int(maxY)+1).Intersect(image.Rect(0, 0, w, h))
		if r.Dx() >= 16 && r.Dy() >= 16 {
			out = append(out, r)
		}
	}
	for k := range 5 {
		a0, a1 := float64(k)-0.5-seatAlong, float64(k)+0.5+seatAlong
		box(a0, -seatFar, a1, -seatNear)   // beyond row 0
		box(a0, 4+seatNear, a1, 4+seatFar) // beyond row 4
		box(-seatFar, a0, -seatNear, a1)   // beyond column 0
		box(4+seatNear, a0, 4+seatFar, a1) // beyond column 4
	}
	return mergeRegions(out)
}

// detectSeat looks for the seat marker in regions of img (seatStrips) for
// a median word marker side of wordSide pixels, and returns those it finds
// where a seat marker lies beside o's grid. half is img's half-size grey
// image (the first pass's), or empty: the coarse copies start from it.
func (o *Observation) detectSeat(img, half gocv.Mat, regions []image.Rectangle, wordSide float64) ([]scan.Marker, error) {
	if wordSide <= 0 || len(regions) == 0 {
		return nil, nil
	}
	win := int(seatWindow*wordSide) | 1
	p := scan.DetectorParams{WindowMin: win, WindowMax: win, WindowStep: 1, RefineCorners: true, MinSide: 20, Own: true}
	var out []scan.Marker
	spots, err := o.seatSpots(img, half, regions, wordSide)
	if err != nil {
		return nil, err
	}
	for _, r := range spots {
		roi := img.Region(r)
		gray := greyOf(roi)
		roi.Close()
		ms, err := detectStretched(gray, seatClip, wordSide, p)
		gray.Close()
		if err != nil {
			return nil, err
		}
		for _, m := range shifted(ms, r.Min) {
			if o.seatPlace(m, wordSide) {
				out = append(out, m)
				return out, nil
			}
		}
	}
	return out, nil
}

// holdsSeat reports whether ms holds a seat marker.
func holdsSeat(ms []scan.Marker) bool {
	for _, m := range ms {
		if m.ID == markers.SeatID {
			return true
		}
	}
	return false
}

// seatPlace reports whether m is a seat marker of a seat marker's size for
// a median word marker side of wordSide pixels, lying in one of the strips
// beside o's grid (seatStrips' bounds in grid coordinates, not their
// image boxes).
func (o *Observation) seatPlace(m scan.Marker, wordSide float64) bool {
	if m.ID != markers.SeatID {
		return false
	}
	side := shortestSide(scan.Candidate(m.Corners))
	if side < seatMinSide*wordSide || side > seatMaxSide*wordSide {
		return false
	}
	c := m.Center()
	q, ok := o.toGrid.Apply(scan.Point{X: float64(c.X), Y: float64(c.Y)})
	if !ok {
		return false
	}
	// Distance beyond the grid's outer cells' centres across the nearest
	// side, and along it.
	out := math.Max(math.Max(-q.X, q.X-4), math.Max(-q.Y, q.Y-4))
	along := math.Min(math.Max(-q.X, q.X-4), math.Max(-q.Y, q.Y-4))
	return out >= seatNear && out <= seatFar && along <= 0.5+seatAlong
}

// seatSpots returns the places in regions of img where a square of about a
// seat marker's size (or its token's) stands out in a coarse, equalized
// copy of the region (seatCopy; from half, img's half-size grey image, when
// it is one), each widened to a square of seatSpot word markers about its
// centre and clipped to the region: the full-size look decodes only there.
// A square whose widened place lies wholly outside the strips beside o's
// grid (mayHoldSeat) is dropped: nothing decoded there could pass
// seatPlace. The strips' image boxes hold much else when the grid is
// turned (its own cards, hands, piles).
func (o *Observation) seatSpots(img, half gocv.Mat, regions []image.Rectangle, wordSide float64) ([]image.Rectangle, error) {
	f := 2 * max(1, int(wordSide/seatCoarse/2))
	small := wordSide / float64(f)
	win := int(seatWindow*small) | 1
	p := scan.DetectorParams{WindowMin: win, WindowMax: win, WindowStep: 1, MinSide: max(4, int(seatMinSide*small)), MaxSide: int(seatRing * seatMaxSide * small), Own: true}
	useHalf := !half.Empty() && half.Channels() == 1 && half.Cols() == img.Cols()/2 && half.Rows() == img.Rows()/2
	var out []image.Rectangle
	for _, r := range regions {
		var gray gocv.Mat
		var at image.Point // the full-size pixel where the coarse copy begins
		if useHalf {
			gray, at = seatCopyHalf(half, r, f)
		} else {
			gray, at = seatCopy(img, r, f)
		}
		if gray.Empty() {
			gray.Close()
			continue
		}
		sw, sh := gray.Cols(), gray.Rows()
		tx := max(1, int(math.Round(float64(sw)/small)))
		ty := max(1, int(math.Round(float64(sh)/small)))
		cl := gocv.NewCLAHEWithParams(seatClip, image.Pt(tx, ty))
		eq := gocv.NewMat()
		cl.Apply(gray, &eq)
		cl.Close()
		gray.Close()
		// The white margin about the marker, dark in the negative: at the
		// coarse scale a dim marker's border runs into its dark token.
		gocv.BitwiseNot(eq, &eq)
		_, cands, err := scan.DetectCandidates(eq, p)
		eq.Close()
		if err != nil {
			return nil, err
		}
		reach := seatSpot * wordSide / 2
		for _, c := range cands {
			var x, y float64
			for _, q := range c {
				x += float64(q.X) / 4
				y += float64(q.Y) / 4
			}
			x = float64(at.X) + (x+0.5)*float64(f)
			y = float64(at.Y) + (y+0.5)*float64(f)
			s := image.Rect(int(x-reach), int(y-reach), int(x+reach)+1, int(y+reach)+1).Intersect(r)
			if s.Dx() >= 16 && s.Dy() >= 16 && o.mayHoldSeat(s) {
				out = append(out, s)
			}
		}
	}
	return mergeRegions(out), nil
}

// mayHoldSeat reports whether a marker whose centre lies in image
// rectangle s may lie where seatPlace keeps a seat marker: whether the box
// of s's corners in grid coordinates meets one of the four strips'
// rectangles there (beyond a side by seatNear to seatFar cells, along it
// up to seatAlong cells beyond its outer cells' edge). True when a corner
// does not map.
func (o *Observation) mayHoldSeat(s image.Rectangle) bool {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range [4]image.Point{s.Min, {X: s.Max.X, Y: s.Min.Y}, s.Max, {X: s.Min.X, Y: s.Max.Y}} {
		q, ok := o.toGrid.Apply(scan.Point{X: float64(c.X), Y: float64(c.Y)})
		if !ok {
			return true
		}
		minX, maxX = math.Min(minX, q.X), math.Max(maxX, q.X)
		minY, maxY = math.Min(minY, q.Y), math.Max(maxY, q.Y)
	}
	a := 0.5 + seatAlong
	for _, z := range [4][4]float64{
		{-a, -seatFar, 4 + a, -seatNear},       // beyond row 0
		{-a, 4 + seatNear, 4 + a, 4 + seatFar}, // beyond row 4
		{-seatFar, -a, -seatNear, 4 + a},       // beyond column 0
		{4 + seatNear, -a, 4 + seatFar, 4 + a}, // beyond column 4
	} {
		if minX <= z[2] && maxX >= z[0] && minY <= z[3] && maxY >= z[1] {
			return true
		}
	}
	return false
}

// seatCopy returns the coarse grey copy of region r of img, shrunk by f,
// an even factor (seatCoarsen), over whole multiples of f from r's corner,
// and that corner; an empty Mat when under 8 x 8 coarse pixels.
func seatCopy(img gocv.Mat, r image.Rectangle, f int) (gocv.Mat, image.Point) {
	// Whole multiples of f: OpenCV's area resize is fast only then.
	sw, sh := r.Dx()/f, r.Dy()/f
	if sw < 8 || sh < 8 {
		return gocv.NewMat(), r.Min
	}
	r.Max = r.Min.Add(image.Pt(sw*f, sh*f))
	roi := img.Region(r)
	coarse := seatCoarsen(roi, f)
	roi.Close()
	gray := greyOf(coarse)
	coarse.Close()
	return gray, r.Min
}

// seatCopyHalf is seatCopy from half, the half-size grey image of the
// photo (the first pass's): the region's pixels there area-averaged by
// f/2, so each coarse pixel is the mean of all f x f full-size pixels
// (seatCoarsen reads a quarter of them), and nothing is greyed again: the
// coarse copies cost a fraction of reading the colour photo's strips.
// The copy begins at the first even full-size pixel in r.
func seatCopyHalf(half gocv.Mat, r image.Rectangle, f int) (gocv.Mat, image.Point) {
	hr := image.Rect((r.Min.X+1)/2, (r.Min.Y+1)/2, r.Max.X/2, r.Max.Y/2)
	g := f / 2
	sw, sh := hr.Dx()/g, hr.Dy()/g
	at := hr.Min.Mul(2)
	if sw < 8 || sh < 8 {
		return gocv.NewMat(), at
	}
	hr.Max = hr.Min.Add(image.Pt(sw*g, sh*g))
	roi := half.Region(hr)
	defer roi.Close()
	if g == 1 {
		return roi.Clone(), at
	}
	coarse := gocv.NewMat()
	gocv.Resize(roi, &coarse, image.Pt(sw, sh), 0, 0, gocv.InterpolationArea)
	return coarse, at
}

// seatCoarsen returns roi shrunk by f, an even factor that divides its
// sides: every other pixel of every other row, then averaged over squares
// of f/2 (a quarter of the pixels read, and still an average of at least
// nine against the noise for a word marker of 48 px or more).
func seatCoarsen(roi gocv.Mat, f int) gocv.Mat {
	half := gocv.NewMat()
	gocv.Resize(roi, &half, image.Pt(roi.Cols()/2, roi.Rows()/2), 0, 0, gocv.InterpolationNearestNeighbor)
	if f == 2 {
		return half
	}
	coarse := gocv.NewMat()
	gocv.Resize(half, &coarse, image.Pt(roi.Cols()/f, roi.Rows()/f), 0, 0, gocv.InterpolationArea)
	half.Close()
	return coarse
}
