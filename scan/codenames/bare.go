package codenames

import (
	"math"

	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// A grid holds a card on every one of its 25 cells, so a cell that clearly
// shows bare table is no cell of the grid. bestWindow uses that when no 5x5
// block of the lattice leads the others by its margin of snug cells (the
// image says which block's extra cells lie on bare table), and spareLine
// when an edge line of the grid shows so few cards that they may be spare
// ones beside a line a hand hides wholly.
//
// "Clearly bare" is conservative: the cell's middle (the middle 40% of the
// cell each way, clear of a word card's markers) must match, in colour and
// in the spread of its brightness, the table seen just around the cards
// (the colour of the ring's median or of a table patch near the cell; the
// spread as sampled or with a smooth slope of light taken out of both),
// and be well darker than the paper of the word cards read near it (those
// no cover or token lies on). The table is a ring of patches one and two
// cells beyond every piece (or, where fewer than minRing of those lie in
// the frame, the cells within the pieces' span as clear of every piece),
// those that agree with the ring's
// colour and are darker than paper; a cell is compared with those within
// bareReach of it, or with all of them when fewer than minNear lie that
// near (the frame ends close to the pieces on that side). A word card
// whose markers were missed (light paper), a cover (saturated or black, a
// marker in its middle), a card's back, a hand, glare or a shadow fail one
// of the tests and leave the cell unknown, never bare. Gray images say
// nothing.

// tableImage is a colour image's pixels, for sampling where the lattice
// puts cells. Gray images give none: without colour a hand or a card's
// paper may look like a gray table.
type tableImage struct {
	pix          []uint8
	w, h, ch, st int
}

// newTableImage returns img's pixels, or nil when img is not an 8-bit
// BGR or BGRA image whose pixels can be read in place.
func newTableImage(img gocv.Mat) *tableImage {
	if img.Ptr() == nil || img.Empty() || !img.IsContinuous() {
		return nil
	}
	ch := 0
	switch img.Type() {
	case gocv.MatTypeCV8UC3:
		ch = 3
	case gocv.MatTypeCV8UC4:
		ch = 4
	default:
		return nil
	}
	pix, err := img.DataPtrUint8()
	if err != nil {
		return nil
	}
	return &tableImage{pix: pix, w: img.Cols(), h: img.Rows(), ch: ch, st: img.Cols() * ch}
}

// Bare-table evidence settings.
const (
	barePatch   = 0.2  // cells: the sampled middle of a cell reaches this far from its centre each way
	bareSamples = 16   // samples across the patch each way
	bareClear   = 0.75 // cells: no piece's centre may lie this near a cell (Chebyshev) for it to be bare
	ringClear   = 1.0  // cells: nor this near a ring patch for it to show table
	tableAngle  = 4.0  // degrees: a table patch's colour lies this near the ring's
	bareAngle   = 3.0  // degrees: a bare cell's colour lies this near the ring's
	bareReach   = 2    // cells: the ring patches a cell is compared with lie this near it (Chebyshev)
	minNear     = 2    // ... and there must be at least this many
	minRing     = 5    // table patches the ring needs to say anything (TestTightFrameBareRing)
	bareBright  = 1.08 // a bare cell's bright end is at most this times its nearest table's
	bareDark    = 0.85 // ... and its dark end at least this times
	bareSpread  = 1.3  // its spread of brightness at most this times the table's widest
	barePaper   = 0.75 // its bright end at most this times the darkest paper of the word cards near it
	tokenOnCard = 0.45 // cells: a token or seat marker this near a cell's centre hides the paper of its card
)

// patchStats are the statistics of one sampled patch.
type patchStats struct {
	ok     bool
	mean   [3]float64 // B, G, R
	lo, hi float64    // 10th and 90th percentile of brightness
	med    float64    // median brightness
	flat   float64    // 90th less 10th percentile of brightness less the plane fitted to it
}

// patch samples the middle of lattice cell (c, r) through toImage. Its
// percentiles of brightness are read from a count of the samples' channel
// sums (each sample's brightness is its sum over 3), not from a sort: the
// ring and the paper take a hundred patches of 256 samples on every
// lattice the grid tries, and sorting them was a twentieth of a rendered
// webcam frame's time.
func (t *tableImage) patch(toImage scan.Homography, c, r float64) patchStats {
	var s patchStats
	var br [bareSamples * bareSamples]float64
	var sums [3*255 + 1]uint16 // samples by channel sum
	var su, sv float64         // brightness times the sample's offset from the middle, each way
	for i := range bareSamples {
		for j := range bareSamples {
			u := -barePatch + 2*barePatch*(float64(i)+0.5)/bareSamples
			v := -barePatch + 2*barePatch*(float64(j)+0.5)/bareSamples
			p, ok := toImage.Apply(scan.Point{X: c + u, Y: r + v})
			x, y := int(math.Round(p.X)), int(math.Round(p.Y))
			if !ok || x < 0 || y < 0 || x >= t.w || y >= t.h {
				return s
			}
			o := y*t.st + x*t.ch
			b, g, rr := t.pix[o], t.pix[o+1], t.pix[o+2]
			s.mean[0] += float64(b)
			s.mean[1] += float64(g)
			s.mean[2] += float64(rr)
			sum := int(b) + int(g) + int(rr)
			sums[sum]++
			v0 := float64(sum) / 3
			br[i*bareSamples+j] = v0
			su += v0 * (float64(i) - (bareSamples-1)/2.0)
			sv += v0 * (float64(j) - (bareSamples-1)/2.0)
		}
	}
	n := float64(len(br))
	for k := range s.mean {
		s.mean[k] /= n
	}
	s.flat = flatSpread(&br, su, sv)
	s.lo, s.hi, s.med = ranked(&sums, len(br)/10), ranked(&sums, len(br)*9/10), ranked(&sums, len(br)/2)
	s.ok = true
	return s
}

// ranked returns the brightness of the k-th sample (from 0, darkest first)
// counted in sums.
func ranked(sums *[3*255 + 1]uint16, k int) float64 {
	seen := 0
	for sum, n := range sums {
		if seen += int(n); seen > k {
			return float64(sum) / 3
		}
	}
	return 255
}

// flatSpread returns the spread (90th less 10th percentile) of the patch's
// brightness br (sample (i, j) at br[i*bareSamples+j]) less the plane
// fitted to it by least squares: the edge of a band of light crossing a
// patch of table (held-out 15400302: glass under stripes of light) spreads
// its brightness as a smooth slope, where a card's edge, a marker or print
// does not. su and sv are the sums of brightness times each sample's offset
// from the patch's middle along i and along j.
func flatSpread(br *[bareSamples * bareSamples]float64, su, sv float64) float64 {
	const m = (bareSamples - 1) / 2.0
	var s2 float64 // sum of squared offsets along one way, over the patch
	for i := range bareSamples {
		s2 += (float64(i) - m) * (float64(i) - m)
	}
	s2 *= bareSamples
	mean := 0.0
	for _, b := range br {
		mean += b
	}
	mean /= float64(len(br))
	a, c := su/s2, sv/s2
	var res [bareSamples * bareSamples]float64
	for k, b := range br {
		i, j := k/bareSamples, k%bareSamples
		res[k] = b - mean - a*(float64(i)-m) - c*(float64(j)-m)
	}
	lo := len(res) / 10
	low := selectNth(res[:], lo)
	return selectNth(res[lo+1:], len(res)*9/10-lo-1) - low
}

// selectNth returns the k-th smallest of a (from 0), reordering a so that
// no element before k is larger and none after it smaller (Hoare's
// selection; a holds no NaN).
func selectNth(a []float64, k int) float64 {
	lo, hi := 0, len(a)-1
	for lo < hi {
		pivot := a[lo+(hi-lo)/2]
		i, j := lo, hi
		for i <= j {
			for a[i] < pivot {
				i++
			}
			for a[j] > pivot {
				j--
			}
			if i <= j {
				a[i], a[j] = a[j], a[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return a[k]
		}
	}
	return a[k]
}

// angle returns the angle in degrees between two colours.
func angle(a, b [3]float64) float64 {
	na := math.Sqrt(a[0]*a[0] + a[1]*a[1] + a[2]*a[2])
	nb := math.Sqrt(b[0]*b[0] + b[1]*b[1] + b[2]*b[2])
	if na == 0 || nb == 0 {
		return 180
	}
	d := (a[0]*b[0] + a[1]*b[1] + a[2]*b[2]) / (na * nb)
	return math.Acos(math.Max(-1, math.Min(1, d))) * 180 / math.Pi
}

// ringPatch is a patch of the ring around the pieces that shows table.
type ringPatch struct {
	c, r int
	s    patchStats
}

// bareCells returns a function reporting whether lattice cell (c, r) of
// toGrid clearly shows bare table, or nil when the image cannot say (no
// colour image, too little table seen around the pieces). ev is every
// piece seen; minC..maxR the span of the placed ones.
func (t *tableImage) bareCells(toGrid scan.Homography, ev []*evidence, minC, minR, maxC, maxR int) func(c, r int) bool {
	if t == nil {
		return nil
	}
	toImage, ok := toGrid.Inverse()
	if !ok {
		return nil
	}
	var at []scan.Point // every piece's centre (both of a lone marker's) in the lattice
	for _, e := range ev {
		ps := []scan.Point{e.c}
		if e.single {
			ps = append(ps, e.alt)
		}
		for _, p := range ps {
			if q, ok := toGrid.Apply(p); ok {
				at = append(at, q)
			}
		}
	}
	near := func(c, r int, d float64) bool {
		for _, q := range at {
			if math.Abs(q.X-float64(c)) < d && math.Abs(q.Y-float64(r)) < d {
				return true
			}
		}
		return false
	}
	// The ring: cells one and two beyond the span, clear of every piece.
	var ring []ringPatch
	for c := minC - 2; c <= maxC+2; c++ {
		for r := minR - 2; r <= maxR+2; r++ {
			if c >= minC && c <= maxC && r >= minR && r <= maxR || near(c, r, ringClear) {
				continue
			}
			if s := t.patch(toImage, float64(c), float64(r)); s.ok {
				ring = append(ring, ringPatch{c, r, s})
			}
		}
	}
	if len(ring) < minRing {
		// The frame ends at the pieces on most sides: the cells
		// within the span that are as clear of every piece.
		for c := minC; c <= maxC; c++ {
			for r := minR; r <= maxR; r++ {
				if near(c, r, ringClear) {
					continue
				}
				if s := t.patch(toImage, float64(c), float64(r)); s.ok {
					ring = append(ring, ringPatch{c, r, s})
				}
			}
		}
	}
	if len(ring) < minRing {
		return nil
	}
	// The table's colour: the median colour direction of the ring, and the
	// patches within tableAngle of it, which must be most of the ring.
	var dir [3]float64
	for k := range dir {
		v := make([]float64, len(ring))
		for i, p := range ring {
			m := p.s.mean
			v[i] = m[k] / math.Max(1e-9, math.Sqrt(m[0]*m[0]+m[1]*m[1]+m[2]*m[2]))
		}
		dir[k] = median(v, 0)
	}
	var table []ringPatch
	for _, p := range ring {
		if angle(p.s.mean, dir) <= tableAngle {
			table = append(table, p)
		}
	}
	if len(table) < minRing || 2*len(table) < len(ring) {
		return nil
	}
	// The cards' paper: the middles of the word cards seen whole that no
	// cover is seen on.
	covered := map[[2]int]bool{}
	for _, e := range ev {
		if e.placed && e.kind.isCover() {
			covered[[2]int{e.col, e.row}] = true
		}
	}
	// Nor those a token or the seat marker lies on: a dark timer token
	// made a card's "paper" darker than the table beside the grid
	// (held-out 15300927, 15300870), and no cell was then bare.
	for _, e := range ev {
		if e.inGrid() {
			continue
		}
		if q, ok := toGrid.Apply(e.c); ok && offCell(q) < tokenOnCard {
			c, r := q.Round()
			covered[[2]int{c, r}] = true
		}
	}
	var paper []ringPatch
	for _, e := range ev {
		if e.kind != WordFace || !e.placed || e.single || covered[[2]int{e.col, e.row}] {
			continue
		}
		if q, ok := toGrid.Apply(e.c); ok {
			if s := t.patch(toImage, q.X, q.Y); s.ok {
				paper = append(paper, ringPatch{e.col, e.row, s})
			}
		}
	}
	return func(c, r int) bool {
		if near(c, r, bareClear) {
			return false
		}
		// The paper near the cell, else the darkest anywhere; none, and
		// nothing tells a card whose markers were missed from table.
		pmin, all := math.Inf(1), math.Inf(1)
		for _, p := range paper {
			all = math.Min(all, p.s.med)
			if abs(p.c-c) <= bareReach && abs(p.r-r) <= bareReach {
				pmin = math.Min(pmin, p.s.med)
			}
		}
		if math.IsInf(pmin, 1) {
			pmin = all
		}
		if math.IsInf(pmin, 1) {
			return false
		}
		s := t.patch(toImage, float64(c), float64(r))
		if !s.ok || angle(s.mean, dir) > bareAngle && !nearColour(s, table, c, r) {
			return false
		}
		n := 0
		lo, hi, spread, flat := math.Inf(1), 0.0, 0.0, 0.0
		// Table patches near the cell, none as bright as paper (a card
		// of a hidden line that no marker was read on).
		// Too few near (the frame ends close to the pieces on that
		// side, as in tightly framed photos: Cluttered seeds 226, 600
		// and 708): every table patch, when there are minRing of them.
		for _, reach := range []int{bareReach, math.MaxInt32} {
			if n >= minNear {
				break
			}
			n, lo, hi, spread, flat = 0, math.Inf(1), 0, 0, 0
			for _, p := range table {
				if abs(p.c-c) <= reach && abs(p.r-r) <= reach && p.s.hi <= barePaper*pmin {
					n++
					lo, hi = math.Min(lo, p.s.lo), math.Max(hi, p.s.hi)
					spread = math.Max(spread, p.s.hi-p.s.lo)
					flat = math.Max(flat, p.s.flat)
				}
			}
			if reach > bareReach && n < minRing {
				n = 0
			}
		}
		return n >= minNear && s.hi <= bareBright*hi && s.lo >= bareDark*lo && (s.hi-s.lo <= bareSpread*spread+2 || s.flat <= bareSpread*flat+2) && s.hi <= barePaper*pmin
	}
}

// nearColour reports whether patch s, of cell (c, r), has the colour of a
// table patch within bareReach of it (within bareAngle). The table's colour
// can vary across it: under tinted light on a dark table (held-out
// 15400252, glass at a tenth of full brightness), the bands of reflected
// light take the tint and the dark between them hardly does, 4.5 degrees
// from the ring's median colour; a bare cell is compared with the table
// beside it.
func nearColour(s patchStats, table []ringPatch, c, r int) bool {
	for _, p := range table {
		if abs(p.c-c) <= bareReach && abs(p.r-r) <= bareReach && angle(s.mean, p.s.mean) <= bareAngle {
			return true
		}
	}
	return false
}

// asker returns bareCells's answer for later: the image is sampled only
// when a caller needs it.
func (t *tableImage) asker(toGrid scan.Homography, ev []*evidence, minC, minR, maxC, maxR int) func() func(c, r int) bool {
	return func() func(c, r int) bool { return t.bareCells(toGrid, ev, minC, minR, maxC, maxR) }
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// minBare is how many of the cells a rival block has and the leading one
// lacks must clearly show bare table to rule the rival out; 1 when those
// cells hold one piece at most, or when the leader holds windowLead-1 snug
// cells more than the rival (bareWins).
const minBare = 2

// bareWins reports whether the image settles a contest between the block
// leader, which leads by fewer than windowLead snug cells, and rivals, the
// blocks within that margin of it (lead[i] is how many snug cells leader
// holds more than rivals[i]): every rival shows bare table on at least
// minBare of the cells it has and leader lacks, and none of leader's cells
// that hold no placed piece shows bare table; a grid holds a card on each
// of its cells. One bare cell rules a rival out when those cells hold one
// piece at most (a pile's card, a cover stack in line), or when leader
// leads it by windowLead-1: the markers all but settle it, and one clearly
// bare cell, which no cell of a grid shows, does the rest (held-out scenes
// 15300428 and 15300870: piles and a hand, the leader two cells ahead, a
// rival's line showing two pile cards and one bare cell). bare may be nil:
// then nothing is settled.
func bareWins(all []*evidence, leader window, rivals []window, lead []int, bare func(c, r int) bool) bool {
	if bare == nil || len(rivals) == 0 {
		return false
	}
	held := map[[2]int]bool{}
	for _, e := range all {
		if e.placed {
			held[[2]int{e.col, e.row}] = true
		}
	}
	for c := leader.c0; c < leader.c0+5; c++ {
		for r := leader.r0; r < leader.r0+5; r++ {
			if !held[[2]int{c, r}] && bare(c, r) {
				return false
			}
		}
	}
	for i, w := range rivals {
		n, pieces := 0, 0
		for c := w.c0; c < w.c0+5; c++ {
			for r := w.r0; r < w.r0+5; r++ {
				switch {
				case leader.has(c, r):
				case held[[2]int{c, r}]:
					pieces++
				case bare(c, r):
					n++
				}
			}
		}
		need := minBare
		if pieces <= 1 || lead[i] >= windowLead-1 {
			need = 1
		}
		if n < need {
			return false
		}
	}
	return true
}

// maxSpareLine is how many placed pieces an edge line of the grid may show
// and still be spare cards lying on the lattice beside a line of the grid
// that a hand hides wholly: the markers cannot tell the two apart, and
// sparseEdge lets two or more through.
const maxSpareLine = 3

// spareLine reports an edge line of the block at (c0, r0) that shows at
// most maxSpareLine placed pieces and, on a cell without one, clearly bare
// table (bare() says which cells do; it is asked only for such a line, and
// may return nil): a grid holds a card on each of its cells, so the block
// is not the grid but the grid shifted onto spare cards.
func spareLine(all []*evidence, c0, r0 int, bare func() func(c, r int) bool) (string, bool) {
	cells := occupied(all, c0, r0)
	var look func(c, r int) bool
	asked := false
	for _, l := range edgeLines {
		n := l.count(cells)
		if n > maxSpareLine {
			continue
		}
		if !asked {
			look, asked = bare(), true
		}
		if look == nil {
			return "", false
		}
		for i := range 5 {
			if c, r := l.cell(i); !cells[r][c] && look(c0+c, r0+r) {
				return l.name, true
			}
		}
	}
	return "", false
}
