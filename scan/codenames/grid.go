package codenames

import (
	"math"
	"sort"

	geom "fieldkit/geometry/codenames"
	"fieldkit/scan"
)

// evidence is what the markers say about one piece: its kind, id and centre,
// and its local frame (pixels per millimetre along the piece's long and short
// sides).
type evidence struct {
	kind   Kind
	id     int
	word   string
	c      scan.Point // the piece's centre in the image
	alt    scan.Point // a word card seen by one marker: the other possible centre
	single bool       // c and alt are the two candidates
	ux, uy scan.Point // pixels per millimetre along the piece's x and y axes
	side   float64

	// Set by the fit.
	placed   bool
	col, row int  // lattice cell before orientation
	doubt    bool // placed, but not on the same cell by the lattice fitted without it
}

// frameOf returns a marker's centre and its pixels-per-millimetre axes for a
// printed side of mm millimetres.
func frameOf(m scan.Marker, mm float64) (c, ux, uy scan.Point, side float64) {
	p := [4]scan.Point{}
	for i, q := range m.Corners {
		p[i] = scan.Point{X: float64(q.X), Y: float64(q.Y)}
	}
	c = scan.Mid(scan.Mid(p[0], p[2]), scan.Mid(p[1], p[3]))
	ux = p[1].Sub(p[0]).Add(p[2].Sub(p[3])).Scale(0.5 / mm)
	uy = p[3].Sub(p[0]).Add(p[2].Sub(p[1])).Scale(0.5 / mm)
	side = math.Inf(1)
	for i := range 4 {
		side = math.Min(side, p[i].Dist(p[(i+1)%4]))
	}
	return c, ux, uy, side
}

// toLocal expresses image offset d in millimetres of the frame (ux, uy).
func toLocal(d, ux, uy scan.Point) (scan.Point, bool) {
	det := ux.Cross(uy)
	if math.Abs(det) < 1e-9 {
		return scan.Point{}, false
	}
	return scan.Point{X: d.Cross(uy) / det, Y: ux.Cross(d) / det}, true
}

// gather turns detected markers into evidence: word cards (a pair of markers
// with one id, or one marker alone), covers, tokens and seat markers, read
// with the printed sizes of package geometry/codenames. Ids outside the deck
// are dropped.
func gather(ms []scan.Marker, d Deck) []*evidence {
	var out []*evidence
	words := map[int][]scan.Marker{}
	var order []int
	for _, m := range ms {
		if !squareEnough(m) {
			continue
		}
		kind, word := d.Lookup(m.ID)
		switch kind {
		case NotInDeck:
			continue
		case WordFace:
			if words[m.ID] == nil {
				order = append(order, m.ID)
			}
			words[m.ID] = append(words[m.ID], m)
			_ = word
			continue
		}
		mm := geom.TokenMarker
		if kind.isCover() {
			mm = geom.CoverMarker
		}
		c, ux, uy, side := frameOf(m, mm)
		out = append(out, &evidence{kind: kind, id: m.ID, c: c, ux: ux, uy: uy, side: side})
	}
	for _, id := range order {
		_, word := d.Lookup(id)
		group := words[id]
		used := make([]bool, len(group))
		// Pair markers that lie where a card's two markers would.
		for i := range group {
			if used[i] {
				continue
			}
			ci, uxi, uyi, si := frameOf(group[i], geom.WordMarker)
			for j := i + 1; j < len(group); j++ {
				if used[j] {
					continue
				}
				cj, uxj, uyj, sj := frameOf(group[j], geom.WordMarker)
				ux, uy := scan.Mid(uxi, uxj), scan.Mid(uyi, uyj)
				l, ok := toLocal(cj.Sub(ci), ux, uy)
				if !ok || math.Abs(math.Abs(l.X)-2*geom.WordMarkerOffset) > 0.25*2*geom.WordMarkerOffset || math.Abs(l.Y) > 0.3*geom.WordMarker {
					continue
				}
				used[i], used[j] = true, true
				// The long axis from the two centres is more precise than
				// from one marker's sides.
				axis := cj.Sub(ci)
				if l.X < 0 {
					axis = axis.Scale(-1)
				}
				ux = axis.Scale(1 / (2 * geom.WordMarkerOffset))
				out = append(out, &evidence{kind: WordFace, id: id, word: word, c: scan.Mid(ci, cj), ux: ux, uy: uy, side: math.Min(si, sj)})
				break
			}
		}
		for i := range group {
			if used[i] {
				continue
			}
			c, ux, uy, side := frameOf(group[i], geom.WordMarker)
			off := ux.Scale(geom.WordMarkerOffset)
			out = append(out, &evidence{kind: WordFace, id: id, word: word, c: c.Add(off), alt: c.Sub(off), single: true, ux: ux, uy: uy, side: side})
		}
	}
	return out
}

// minMarkerAspect is the least ratio of a detected marker's shortest side to
// its longest that gather believes. A printed marker is square: seen at the
// 50 degrees of tilt the scanner is made for it keeps about cos 50 = 0.64.
// Thin quadrilaterals (0.25-0.4) are what the detector makes of a card's edge
// or a half-hidden marker, and their ids are misreadings.
const minMarkerAspect = 0.45

// squareEnough reports whether m's outline could be a printed marker.
func squareEnough(m scan.Marker) bool {
	lo, hi := math.Inf(1), 0.0
	for k := range 4 {
		a, b := m.Corners[k], m.Corners[(k+1)%4]
		d := math.Hypot(float64(a.X-b.X), float64(a.Y-b.Y))
		lo, hi = math.Min(lo, d), math.Max(hi, d)
	}
	return hi > 0 && lo >= minMarkerAspect*hi
}

// inGrid reports whether evidence of kind k places the grid: word cards and
// covers lie on cells; tokens and seat markers do not.
func (e *evidence) inGrid() bool { return e.kind == WordFace || e.kind.isCover() }

// lattice is a fitted grid: image -> lattice coordinates, whose integer
// points are the cells' centres, columns along the cards' long side.
type lattice struct {
	toGrid   scan.Homography
	col0     int // lowest column and row used: cells are col0..col0+4
	row0     int
	rms      float64     // cells
	placed   int         // pieces that fit
	outliers int         // grid pieces that fit no cell, among the cells
	ignored  []*evidence // pieces off the grid: spare cards, piles
}

// Fit tolerances, in cells.
const (
	snapTolerance = 0.3  // a piece within this of a cell's centre lies on it
	maxFitError   = 0.2  // RMS over all placed pieces
	minGridPieces = 8    // pieces (word cards and covers) a fit needs
	tokenReach    = 0.55 // a token this far from a cell's centre still lies on it
)

// fitLattice finds the 5x5 lattice the grid pieces lie on and places them.
// Pieces that fit no cell are left unplaced.
func fitLattice(ev []*evidence, img *tableImage) (*lattice, *refusal) {
	var seeds, all []*evidence
	for _, e := range ev {
		if !e.inGrid() {
			continue
		}
		all = append(all, e)
		if !e.single {
			seeds = append(seeds, e)
		}
	}
	if len(all) < minGridPieces {
		return nil, fewCards(len(all))
	}
	if len(seeds) < 4 {
		return nil, fewWhole(len(seeds))
	}
	px, py := pitch(seeds)
	grow(seeds, px, py)

	lat, ref := refit(all, nil)
	if ref != nil {
		return nil, ref
	}
	minC, minR, maxC, maxR := lat.span(all)
	if maxC-minC+1 > 5 || maxR-minR+1 > 5 {
		// Spare cards lie beside the grid: find the 5x5 block of the
		// lattice that holds the grid, and fit again on it alone.
		win, ok := bestWindow(all, lat.toGrid, minC, minR, maxC, maxR, img.asker(lat.toGrid, ev, minC, minR, maxC, maxR))
		if !ok {
			return nil, noBlock(maxC-minC+1, maxR-minR+1)
		}
		if lat, ref = refit(all, &win); ref != nil {
			return nil, ref
		}
		minC, minR, maxC, maxR = lat.span(all)
	}
	// Statistics of the final fit; pieces off the grid are ignored.
	sum := 0.0
	far := 0
	for _, e := range all {
		q, ok := lat.toGrid.Apply(e.c)
		if !e.placed {
			inside := ok && q.X > float64(minC)-0.5 && q.X < float64(maxC)+0.5 && q.Y > float64(minR)-0.5 && q.Y < float64(maxR)+0.5
			switch {
			case inside && !e.single && alongColumns(e, lat.toGrid):
				// A whole card square to the grid between its cells;
				// one turned across it (a hand of cards, one dropped)
				// is left for the cells it lies on to call turned.
				lat.outliers++
			case !inside:
				lat.ignored = append(lat.ignored, e)
				if !e.single && (!ok || q.X < float64(minC)-2.5 || q.X > float64(maxC)+2.5 || q.Y < float64(minR)-2.5 || q.Y > float64(maxR)+2.5) {
					far++
				}
			}
			continue
		}
		d := q.Dist(scan.Point{X: float64(e.col), Y: float64(e.row)})
		sum += d * d
		lat.placed++
	}
	if lat.placed < minGridPieces {
		return nil, fewOnGrid(lat.placed)
	}
	lat.rms = math.Sqrt(sum / float64(lat.placed))
	lat.col0, lat.row0 = minC, minR
	cols, rows := maxC-minC+1, maxR-minR+1
	if lat.outliers >= 5 {
		return nil, betweenCells(lat.outliers, lat.placed)
	}
	if far >= 8 {
		return nil, farOff(far, lat.placed)
	}
	var look func(c, r int) bool
	asked := false
	bare := func() func(c, r int) bool {
		if !asked {
			look, asked = img.bareCells(lat.toGrid, ev, minC, minR, maxC, maxR), true
		}
		return look
	}
	pinned := false
	if cols < 5 || rows < 5 {
		// A line hidden wholly: the grid is the block with it only when
		// the image pins the lattice (hidden.go).
		c0, r0, ok := pinMissing(all, minC, minR, cols, rows, bare(), img.inFrame(lat.toGrid))
		if !ok {
			return nil, partGrid(cols, rows)
		}
		minC, minR, maxC, maxR = c0, r0, c0+4, r0+4
		lat.col0, lat.row0 = minC, minR
		pinned = true
	}
	if line, n := sparseEdge(all, minC, minR); n < 2 && !pinned {
		// A grid's edge line showing one card may as well be a pile or a
		// spare card beside a hidden line of the grid, unless the image
		// pins the lattice.
		if _, ok := pinLine(all, minC, minR, bare(), img.inFrame(lat.toGrid)); !ok {
			return nil, sparseLine(line, n)
		}
	}
	if line, ok := spareLine(all, minC, minR, img.asker(lat.toGrid, ev, minC, minR, maxC, maxR)); ok {
		return nil, spareCards(line)
	}
	if lat.rms > maxFitError {
		return nil, badFit(lat.rms)
	}
	leaveOneOut(all)
	return lat, nil
}

// leaveOneOut marks every placed piece that the lattice fitted without it
// does not put on the same cell: its evidence depends on itself alone.
func leaveOneOut(all []*evidence) {
	var placed []*evidence
	for _, e := range all {
		e.doubt = false
		if e.placed {
			placed = append(placed, e)
		}
	}
	src := make([]scan.Point, 0, len(placed))
	dst := make([]scan.Point, 0, len(placed))
	for _, e := range placed {
		src, dst = src[:0], dst[:0]
		for _, o := range placed {
			if o != e {
				src = append(src, o.c)
				dst = append(dst, scan.Point{X: float64(o.col), Y: float64(o.row)})
			}
		}
		h, ok := scan.FitHomography(src, dst)
		if !ok {
			e.doubt = true
			continue
		}
		q, ok := h.Apply(e.c)
		if c, r := q.Round(); !ok || c != e.col || r != e.row || offCell(q) > snapTolerance {
			e.doubt = true
		}
	}
}

// alongColumns reports whether piece e lies with its long side along the
// lattice's columns axis, within maxTurn degrees either way: a card turned a
// quarter or more (a pile's card, one dropped across the grid) is not on a
// cell.
func alongColumns(e *evidence, toGrid scan.Homography) bool {
	a, ok1 := toGrid.Apply(e.c)
	b, ok2 := toGrid.Apply(e.c.Add(e.ux.Scale(10)))
	if !ok1 || !ok2 {
		return false
	}
	d := b.Sub(a)
	return math.Atan2(math.Abs(d.Y), math.Abs(d.X))*180/math.Pi <= maxTurn
}

// refit fits the lattice's homography to the placed pieces and re-places
// every piece by it, four times; with win, only pieces on win's cells are
// placed.
func refit(all []*evidence, win *window) (*lattice, *refusal) {
	var lat *lattice
	for range 4 {
		var src, dst []scan.Point
		for _, e := range all {
			if e.placed && win.has(e.col, e.row) {
				src = append(src, e.c)
				dst = append(dst, scan.Point{X: float64(e.col), Y: float64(e.row)})
			}
		}
		h, ok := scan.FitHomography(src, dst)
		if !ok || len(src) < 4 {
			return nil, notGrid()
		}
		lat = &lattice{toGrid: h}
		// Re-place every piece by the fit, choosing a lone marker's side.
		for _, e := range all {
			e.placed = false
			q, ok := h.Apply(e.c)
			if e.single {
				if q2, ok2 := h.Apply(e.alt); ok2 && (!ok || offCell(q2) < offCell(q)) {
					e.c, e.alt = e.alt, e.c
					q, ok = q2, ok2
				}
			}
			if c, r := q.Round(); ok && offCell(q) <= snapTolerance && win.has(c, r) && alongColumns(e, h) {
				e.placed = true
				e.col, e.row = c, r
			}
		}
	}
	return lat, nil
}

// span returns the lowest and highest column and row of the placed pieces.
func (lat *lattice) span(all []*evidence) (minC, minR, maxC, maxR int) {
	minC, minR, maxC, maxR = math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
	for _, e := range all {
		if e.placed {
			minC, maxC = min(minC, e.col), max(maxC, e.col)
			minR, maxR = min(minR, e.row), max(maxR, e.row)
		}
	}
	return minC, minR, maxC, maxR
}

// offCell returns how far lattice point q is from the nearest cell centre
// along either axis.
func offCell(q scan.Point) float64 {
	return math.Max(math.Abs(q.X-math.Round(q.X)), math.Abs(q.Y-math.Round(q.Y)))
}

// pitch estimates the distance between neighbouring cards' centres along
// and across the cards, in millimetres, from pairs of pieces seen side by
// side in each other's frame: about a card apart, a little less where cards
// overlap, up to 60 (along) or 55 mm (across) more where the gaps are wide;
// without such pairs, a card and a 5 mm gap.
func pitch(ps []*evidence) (float64, float64) {
	var xs, ys []float64
	for _, a := range ps {
		for _, b := range ps {
			if a == b {
				continue
			}
			l, ok := toLocal(b.c.Sub(a.c), a.ux, a.uy)
			if !ok {
				continue
			}
			x, y := math.Abs(l.X), math.Abs(l.Y)
			if y < 12 && x > geom.CardW-10 && x < geom.CardW+60 {
				xs = append(xs, x)
			}
			if x < 15 && y > geom.CardH-7 && y < geom.CardH+55 {
				ys = append(ys, y)
			}
		}
	}
	return median(xs, geom.CardW+5), median(ys, geom.CardH+5)
}

func median(v []float64, fallback float64) float64 {
	if len(v) == 0 {
		return fallback
	}
	sort.Float64s(v)
	return v[len(v)/2]
}

// growTurn is how far, in degrees, two neighbouring pieces' axes may differ
// in the image for grow to step from one to the other: neighbours on a grid
// differ by their own twist and a little perspective, a card of a hand
// fanned over the grid by 20 degrees or more.
const growTurn = 15.0

// sameAxes reports whether a and b lie with their long sides within growTurn
// degrees of each other's, either way up.
func sameAxes(a, b *evidence) bool {
	na, nb := a.ux.Norm(), b.ux.Norm()
	if na == 0 || nb == 0 {
		return false
	}
	return math.Abs(a.ux.Cross(b.ux))/(na*nb) <= math.Sin(growTurn*math.Pi/180)
}

// grow places pieces on lattice cells starting from the one nearest the
// middle of all, then always the unplaced piece nearest (in cells) to a
// placed one, as seen in the placed piece's own frame. Perspective changes
// little from one card to the next, so each step is a short, safe
// extrapolation.
func grow(ps []*evidence, px, py float64) {
	xs, ys := make([]float64, len(ps)), make([]float64, len(ps))
	for i, e := range ps {
		xs[i], ys[i] = e.c.X, e.c.Y
	}
	m := scan.Point{X: median(xs, 0), Y: median(ys, 0)}
	// Start from a card square with most others (a hand of cards fanned
	// over the middle lies turned), the one nearest the middle of those.
	agree := make([]int, len(ps))
	most := 0
	for i, a := range ps {
		for _, b := range ps {
			if a != b && sameAxes(a, b) {
				agree[i]++
			}
		}
		most = max(most, agree[i])
	}
	var first *evidence
	for i, e := range ps {
		e.placed = false
		if 10*agree[i] >= 7*most && (first == nil || e.c.Dist(m) < first.c.Dist(m)) {
			first = e
		}
	}
	first.placed, first.col, first.row = true, 0, 0
	// Cards lie either way up: turn every frame to agree with the first.
	for _, e := range ps {
		if e.ux.Dot(first.ux) < 0 {
			e.ux, e.uy = e.ux.Scale(-1), e.uy.Scale(-1)
		}
	}
	for {
		var best, from *evidence
		var bestStep scan.Point
		bestDist := math.Inf(1)
		for _, a := range ps {
			if !a.placed {
				continue
			}
			for _, b := range ps {
				if b.placed || !sameAxes(a, b) {
					continue
				}
				l, ok := toLocal(b.c.Sub(a.c), a.ux, a.uy)
				if !ok {
					continue
				}
				step := scan.Point{X: l.X / px, Y: l.Y / py}
				d := step.Norm()
				if d < bestDist && math.Max(math.Abs(step.X), math.Abs(step.Y)) < 2.5 && offCell(step) < snapTolerance {
					best, from, bestStep, bestDist = b, a, step, d
				}
			}
		}
		if best == nil {
			return
		}
		dc, dr := bestStep.Round()
		best.placed, best.col, best.row = true, from.col+dc, from.row+dr
	}
}
