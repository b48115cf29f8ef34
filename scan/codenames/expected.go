package codenames

import (
	"image"
	"image/color"
	"math"
	"sync"

	geom "fieldkit/geometry/codenames"
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// The expected look (issue 25, session 13). A token's edge or shadow that
// touches a card's only legible marker merges with the marker's black border
// into one outline, and the detector, which looks for a square outline,
// finds none there: no threshold, stretch or flattening separates them. The
// grid read from the other cards says where that marker must lie. For a cell
// of a read grid that shows neither card nor cover, the expected look samples
// a word marker's bit cells at each end of the card's middle line, and a
// cover's in the cell's middle, directly from the image: it finds the
// square whose black border stands out best from the paper around it (a
// small search of shifts, turns and scales around the place the grid
// predicts, chosen by the border alone, never by what the bits decode to),
// and reads its 25 bits there once. It claims a marker only when
//
//   - the border is darker than the threshold on all 24 of its modules and
//     most of the paper ring around it is lighter (a token's shadow may darken
//     a few of them),
//   - every bit lies clearly on one side of the threshold,
//   - the bits are a dictionary code exactly, in one of its four turns, and
//   - the id is what the spot can hold (a word card of the deck at a card's
//     end, a cover in the middle) and is read nowhere else on the grid.
//
// The marker it returns goes through the grid's usual evidence rules with the
// others (a card's lone marker lies off the cell's centre, the grid fitted
// without it puts it on the same cell).
const (
	expectPx       = 6   // canonical pixels a module
	expectMargin   = 5.0 // modules the search reaches each way from the predicted centre
	expectMaxTurn  = 8.0 // degrees the search turns each way
	expectMinSide  = 35  // pixels: a predicted marker smaller than this in the image is not looked at
	expectMaxCells = 3   // cells looked at at most (a hand over many cells leaves them to the other looks)
	expectBitClear = 0.2 // of the border-paper contrast: how far each bit must lie from the threshold
	expectContrast = 30  // grey levels the paper ring must lie above the border at least
	expectPaper    = 0.75
)

// greyPixels is an 8-bit image Mat (mat, for OpenCV to resample) and a
// view of its pixels without copying them.
type greyPixels struct {
	mat      gocv.Mat
	data     []byte
	w, h, ch int
	step     int
}

func newGreyPixels(img gocv.Mat) (greyPixels, bool) {
	if img.Empty() || !img.IsContinuous() || img.Type()&7 != gocv.MatTypeCV8U&7 {
		return greyPixels{}, false
	}
	d, err := img.DataPtrUint8()
	if err != nil {
		return greyPixels{}, false
	}
	ch := img.Channels()
	if ch != 1 && ch != 3 && ch != 4 {
		return greyPixels{}, false
	}
	return greyPixels{mat: img, data: d, w: img.Cols(), h: img.Rows(), ch: ch, step: img.Cols() * ch}, true
}

// expectedSpot is where the grid says a marker must lie: its centre in grid
// coordinates and one module's steps along the canonical axes, in grid
// units.
type expectedSpot struct {
	row, col int
	c        scan.Point
	ax, ay   scan.Point
	cover    bool
}

// markerScale measures, from the word markers read on the grid's cells, a
// word marker's side along the grid's columns and rows and its centre's
// distance from its cell's centre along the card's long side, all in grid
// units, and whether that side runs along the columns (x). It fails with
// fewer than 4 such markers.
func (o *Observation) markerScale(ms []scan.Marker, d Deck) (markerScale, bool) {
	var xs, ys, offX, offY []float64
	for _, m := range ms {
		if k, _ := d.Lookup(m.ID); k != WordFace {
			continue
		}
		var p [4]scan.Point
		good := true
		for i, q := range m.Corners {
			g, ok := o.toGrid.Apply(scan.Point{X: float64(q.X), Y: float64(q.Y)})
			good = good && ok
			p[i] = g
		}
		if !good {
			continue
		}
		c := scan.Mid(scan.Mid(p[0], p[2]), scan.Mid(p[1], p[3]))
		col, row := c.Round()
		if col < 0 || col > 4 || row < 0 || row > 4 || o.Cells[row][col].Card != m.ID {
			continue
		}
		e1, e2 := p[1].Sub(p[0]), p[3].Sub(p[0])
		xs = append(xs, math.Max(math.Abs(e1.X), math.Abs(e2.X)))
		ys = append(ys, math.Max(math.Abs(e1.Y), math.Abs(e2.Y)))
		offX = append(offX, math.Abs(c.X-float64(col)))
		offY = append(offY, math.Abs(c.Y-float64(row)))
	}
	if len(xs) < 4 {
		return markerScale{}, false
	}
	sc := markerScale{sx: median(xs, 0), sy: median(ys, 0), off: median(offX, 0), alongX: true}
	if oy := median(offY, 0); oy > sc.off {
		sc.off, sc.alongX = oy, false
	}
	return sc, true
}

// markerScale is a word marker's side along the grid's columns (sx) and
// rows (sy), and its centre's distance from its cell's centre along the
// card's long side (off), in grid units; alongX says the long side runs
// along the columns.
type markerScale struct {
	sx, sy, off float64
	alongX      bool
}

// spots returns the three spots of cell (row, col): a word marker at each
// end of the card's middle line and a cover's marker in the middle.
func (sc markerScale) spots(row, col int) []expectedSpot {
	ax := scan.Point{X: sc.sx / 7}
	ay := scan.Point{Y: sc.sy / 7}
	long := scan.Point{X: sc.off}
	if !sc.alongX {
		long = scan.Point{Y: sc.off}
	}
	grow := geom.CoverMarker / geom.WordMarker
	mid := scan.Point{X: float64(col), Y: float64(row)}
	return []expectedSpot{
		{row: row, col: col, c: mid.Add(long), ax: ax, ay: ay},
		{row: row, col: col, c: mid.Sub(long), ax: ax, ay: ay},
		{row: row, col: col, c: mid, ax: ax.Scale(grow), ay: ay.Scale(grow), cover: true},
	}
}

// expectedSpots returns the spots of the cells of o that show neither card
// nor cover ("unseen"): a word marker at each end of the card's middle line
// and a cover's marker in the middle. None when the grid's markers do not
// give their scale, or more than expectMaxCells cells are unseen.
func (o *Observation) expectedSpots(ms []scan.Marker, d Deck) []expectedSpot {
	if !o.OK {
		return nil
	}
	var cells [][2]int
	for r := range 5 {
		for c := range 5 {
			if cl := o.Cells[r][c]; cl.Card < 0 && cl.Cover == NotInDeck && cl.Why == "unseen" {
				cells = append(cells, [2]int{r, c})
			}
		}
	}
	if len(cells) == 0 || len(cells) > expectMaxCells {
		return nil
	}
	sc, ok := o.markerScale(ms, d)
	if !ok {
		return nil
	}
	var out []expectedSpot
	for _, rc := range cells {
		out = append(out, sc.spots(rc[0], rc[1])...)
	}
	return out
}

// expectedLook returns the markers the expected look reads in img (the
// image o was read from) on o's unseen cells; ms are the markers o was read
// from, d the deck.
func (o *Observation) expectedLook(img gocv.Mat, ms []scan.Marker, d Deck) []scan.Marker {
	return o.readSpots(img, o.expectedSpots(ms, d), d)
}

// readSpots returns the markers read at spots in img (readSpot) whose ids
// the spots can hold and o's cells do not.
func (o *Observation) readSpots(img gocv.Mat, spots []expectedSpot, d Deck) []scan.Marker {
	if len(spots) == 0 {
		return nil
	}
	px, ok := newGreyPixels(img)
	if !ok {
		return nil
	}
	read := map[int]bool{}
	for r := range 5 {
		for c := range 5 {
			read[o.Cells[r][c].Card] = true
			read[o.Cells[r][c].CoverID] = true
		}
	}
	var out []scan.Marker
	for _, sp := range spots {
		m, ok := readSpot(px, o.toImage, sp)
		if !ok || read[m.ID] {
			continue
		}
		k, _ := d.Lookup(m.ID)
		if sp.cover != k.isCover() || !sp.cover && k != WordFace {
			continue
		}
		read[m.ID] = true
		out = append(out, m)
	}
	return out
}

// canonical is a square patch of the image resampled around a spot: module
// (u, v) of the spot's marker, u and v from -3.5 at its outer corner, lies at
// patch pixel ((u+half)*expectPx, (v+half)*expectPx).
type canonical struct {
	n    int       // pixels a side
	half float64   // modules from the patch's edge to the spot's centre
	sum  []float64 // integral image, (n+1) x (n+1)
	box  []float64 // sums of moduleBox x moduleBox pixels from each top-left, (n-moduleBox+1)^2
}

// moduleBox is the side, in patch pixels, of the middle half of a module
// that module averages.
const moduleBox = expectPx / 2

// newCanonical resamples the patch around sp from px's image through
// toImage (OpenCV's warpPerspective, then grey). It
// fails when the marker would be smaller than expectMinSide pixels, the
// grid's map turns the image over, or part of the patch lies outside the
// image (the look reads nothing there).
func newCanonical(px greyPixels, toImage scan.Homography, sp expectedSpot) (*canonical, scan.Homography, bool) {
	half := 3.5 + 1 + expectMargin + 1
	n := int(2 * half * expectPx)
	// grid point of canonical pixel (x, y): c + ax*(x/P - half) + ay*(y/P - half)
	k := 1.0 / expectPx
	a := scan.Homography{
		sp.ax.X * k, sp.ay.X * k, sp.c.X - (sp.ax.X+sp.ay.X)*half,
		sp.ax.Y * k, sp.ay.Y * k, sp.c.Y - (sp.ax.Y+sp.ay.Y)*half,
		0, 0, 1,
	}
	h := toImage.Mul(a)
	// The marker's size and handedness in the image.
	p0, _ := h.Apply(scan.Point{X: half * expectPx, Y: half * expectPx})
	p1, _ := h.Apply(scan.Point{X: (half + 7) * expectPx, Y: half * expectPx})
	p2, _ := h.Apply(scan.Point{X: half * expectPx, Y: (half + 7) * expectPx})
	if math.Min(p1.Dist(p0), p2.Dist(p0)) < expectMinSide || p1.Sub(p0).Cross(p2.Sub(p0)) <= 0 {
		return nil, h, false
	}
	// Every sample must lie in the image: it does when the four corner
	// samples do and the map's denominator is positive at all four (it is
	// affine in the patch's coordinates, so positive all over, and the
	// patch's image is then a convex quadrilateral about the samples).
	for _, c := range [4][2]float64{{0.5, 0.5}, {float64(n) - 0.5, 0.5}, {float64(n) - 0.5, float64(n) - 0.5}, {0.5, float64(n) - 0.5}} {
		q, ok := h.Apply(scan.Point{X: c[0], Y: c[1]})
		if !ok || h[6]*c[0]+h[7]*c[1]+h[8] <= 0 || q.X < 0 || q.Y < 0 || q.X > float64(px.w-1) || q.Y > float64(px.h-1) {
			return nil, h, false
		}
	}
	// OpenCV's warp samples patch pixel (x, y) at h(x+0.5, y+0.5),
	// bilinearly, its weights in 1/32 pixel, rounded to whole grey levels:
	// a few times cheaper than sampling here (TestBestPoseSame holds the
	// two within 3 grey levels).
	wm := h.Mul(scan.Homography{1, 0, 0.5, 0, 1, 0.5, 0, 0, 1})
	hm := gocv.NewMatWithSize(3, 3, gocv.MatTypeCV64F)
	defer hm.Close()
	for i := range 9 {
		hm.SetDoubleAt(i/3, i%3, wm[i])
	}
	warped := gocv.NewMat()
	defer warped.Close()
	gocv.WarpPerspectiveWithParams(px.mat, &warped, hm, image.Pt(n, n), gocv.InterpolationLinear|gocv.WarpInverseMap, gocv.BorderReplicate, color.RGBA{})
	switch warped.Channels() {
	case 3:
		gocv.CvtColor(warped, &warped, gocv.ColorBGRToGray)
	case 4:
		gocv.CvtColor(warped, &warped, gocv.ColorBGRAToGray)
	}
	wp, err := warped.DataPtrUint8()
	if err != nil || !warped.IsContinuous() {
		return nil, h, false
	}
	cv := &canonical{n: n, half: half, sum: make([]float64, (n+1)*(n+1))}
	for y := range n {
		row := 0.0
		for x := range n {
			row += float64(wp[y*n+x])
			cv.sum[(y+1)*(n+1)+x+1] = cv.sum[y*(n+1)+x+1] + row
		}
	}
	// The box sums, once: the pose search reads each many times.
	m, w := n-moduleBox+1, n+1
	cv.box = make([]float64, m*m)
	for y0 := range m {
		for x0 := range m {
			x1, y1 := x0+moduleBox, y0+moduleBox
			cv.box[y0*m+x0] = cv.sum[y1*w+x1] - cv.sum[y0*w+x1] - cv.sum[y1*w+x0] + cv.sum[y0*w+x0]
		}
	}
	return cv, h, true
}

// module is the mean grey level of the middle half of the module centred
// at canonical point (u, v) in modules from the spot's centre.
func (cv *canonical) module(u, v float64) float64 {
	cx, cy := (u+cv.half)*expectPx, (v+cv.half)*expectPx
	// Inside the patch the box sum is read ready (the half-pixel round
	// as moduleSum's, for these positive places).
	if i, ok := cv.boxAt(cx, cy); ok {
		return cv.box[i] / (moduleBox * moduleBox)
	}
	return cv.moduleSum(cx, cy)
}

// moduleSum is the mean grey of the module centred at patch pixel (cx,
// cy), from the integral image (0 off the patch).
func (cv *canonical) moduleSum(cx, cy float64) float64 {
	r := expectPx / 4.0
	x0, x1 := clampInt(int(math.Round(cx-r)), 0, cv.n), clampInt(int(math.Round(cx+r)), 0, cv.n)
	y0, y1 := clampInt(int(math.Round(cy-r)), 0, cv.n), clampInt(int(math.Round(cy+r)), 0, cv.n)
	if x1 <= x0 || y1 <= y0 {
		return 0
	}
	w := cv.n + 1
	s := cv.sum[y1*w+x1] - cv.sum[y0*w+x1] - cv.sum[y1*w+x0] + cv.sum[y0*w+x0]
	return s / float64((x1-x0)*(y1-y0))
}

func clampInt(v, lo, hi int) int { return max(lo, min(hi, v)) }

// boxAt returns the index in box of the module centred at patch pixel
// (cx, cy), and false when its box does not lie wholly inside the patch.
func (cv *canonical) boxAt(cx, cy float64) (int, bool) {
	r := expectPx / 4.0
	x0, y0 := int(math.Floor(cx-r+0.5)), int(math.Floor(cy-r+0.5))
	m := cv.n - moduleBox + 1
	if cx-r+0.5 < 0 || cy-r+0.5 < 0 || x0 >= m || y0 >= m {
		return 0, false
	}
	return y0*m + x0, true
}

// readSpot reads the marker at spot sp, if one is there by the rules above
// (expected.go's head), in image coordinates.
func readSpot(px greyPixels, toImage scan.Homography, sp expectedSpot) (scan.Marker, bool) {
	cv, h, ok := newCanonical(px, toImage, sp)
	if !ok {
		return scan.Marker{}, false
	}
	p, _ := cv.bestPose()
	var border [24]float64
	var paper [32]float64
	cv.ring(p, border[:], paper[:])
	b := append([]float64(nil), border[:]...)
	q := append([]float64(nil), paper[:]...)
	mb, mq := median(b, 0), median(q, 0)
	contrast := mq - mb
	if contrast < expectContrast {
		return scan.Marker{}, false
	}
	thr := (mb + mq) / 2
	for _, g := range border {
		if g >= thr {
			return scan.Marker{}, false
		}
	}
	light := 0
	for _, g := range paper {
		if g > thr {
			light++
		}
	}
	if float64(light) < expectPaper*float64(len(paper)) {
		return scan.Marker{}, false
	}
	var bits [5][5]bool
	for j := range 5 {
		for i := range 5 {
			u, v := p.at(float64(i+1), float64(j+1))
			g := cv.module(u, v)
			if math.Abs(g-thr) < expectBitClear*contrast {
				return scan.Marker{}, false
			}
			bits[j][i] = g > thr
		}
	}
	id, turns, ok := lookupBits(bits)
	if !ok {
		return scan.Marker{}, false
	}
	// The outer corners clockwise from the marker's own top-left: turned
	// clockwise k times, its top-left lies at the patch's corner k.
	var corners [4]scan.Point
	for k, ij := range [4][2]float64{{-0.5, -0.5}, {6.5, -0.5}, {6.5, 6.5}, {-0.5, 6.5}} {
		u, v := p.at(ij[0], ij[1])
		q, _ := h.Apply(scan.Point{X: (u + cv.half) * expectPx, Y: (v + cv.half) * expectPx})
		corners[k] = q
	}
	m := scan.Marker{ID: id}
	for k := range 4 {
		c := corners[(k+turns)%4]
		m.Corners[k] = gocv.Point2f{X: float32(c.X), Y: float32(c.Y)}
	}
	return m, true
}

// dictCodes maps each of DICT_5X5_1000's codes, in each of its four
// clockwise turns, to its id and turn.
var dictCodes = sync.OnceValue(func() map[uint32][2]int {
	out := map[uint32][2]int{}
	for id := range scan.DictionarySize() {
		b, err := scan.DictionaryBits(id)
		if err != nil {
			continue
		}
		for k := range 4 {
			if _, dup := out[packBits(b)]; !dup {
				out[packBits(b)] = [2]int{id, k}
			}
			b = turnCW(b)
		}
	}
	return out
})

func packBits(b [5][5]bool) uint32 {
	var v uint32
	for j := range 5 {
		for i := range 5 {
			v <<= 1
			if b[j][i] {
				v |= 1
			}
		}
	}
	return v
}

// turnCW returns b turned a quarter clockwise (as seen in the image).
func turnCW(b [5][5]bool) [5][5]bool {
	var out [5][5]bool
	for r := range 5 {
		for c := range 5 {
			out[r][c] = b[4-c][r]
		}
	}
	return out
}

// lookupBits returns the id whose code, turned clockwise turns times,
// is bits exactly.
func lookupBits(bits [5][5]bool) (id, turns int, ok bool) {
	v, ok := dictCodes()[packBits(bits)]
	return v[0], v[1], ok
}
