package retail

import (
	"errors"
	"math"
	"slices"
	"sort"

	"gocv.io/x/gocv"
)

// lattice is the 5×5 grid the cards form: a homography from grid
// coordinates (column, row; a cell's centre at integers 0–4) to image
// pixels, and which card lies on each cell.
type lattice struct {
	h      [9]float64
	inv    [9]float64
	cell   [25]int // index of the card quad on each cell, -1 for none
	half   [2]float64
	rms    float64 // the centres' fit error, in cells
	spares int     // quads left off the grid
	// added is the line put where no card was outlined (fitGraphShort):
	// 1 for a column, 2 for a row (0 for none), and its index
	added [2]int
}

// errNoGrid is returned when the cards do not form a 5×5 grid.
var errNoGrid = errors.New("the cards do not form a 5×5 grid")

// fitGrid fits the 5×5 grid to the cards found (quads, short: their
// median short side, cm: the card mask): the rows' projection
// (fitLattice), else the graph of neighbouring cards (fitGraph: a tilted
// table's converging rows, or a pile's cards among them), else the graph
// with a whole line of cards unseen added (fitGraphShort), else both on
// the cards also linked across a missing card (fitBridged); a graph's
// lattice then takes the cards it left out on its empty cells (placeLeft).
// A lattice with a pile's card alone on an end line is moved a line off
// it (pileShifted).
// Last, six lines along an axis with a card or two at each end: the five
// whose grid alone stands alone (fitGraphEnds).
func fitGrid(quads []Quad, short float64, cm cardMask) (lattice, error) {
	lt, err := fitLattice(quads, short)
	if err == nil {
		lt, _ = lt.pileShifted(quads, cm)
		return lt, nil
	}
	lt, err = fitGraph(quads)
	if err != nil {
		lt, err = fitGraphShort(quads, cm)
	}
	// the graph again, its cards also linked across a missing card: only
	// where all else failed, so that no grid found before changes
	if err != nil {
		lt, err = fitBridged(quads, cm)
	}
	if err == nil {
		lt.placeLeft(quads)
		lt, _ = lt.pileShifted(quads, cm)
		return lt, nil
	}
	// six lines along an axis, a card or two at each end: the five
	// lines whose grid alone stands (its cards placed already)
	return fitGraphEnds(quads, cm)
}

// fitBridged is fitGraph, then fitGraphShort, on the cards' links across
// one missing card too (graphCellsOn with bridge), fitGraph's lattice kept
// only when its cards fit it closely (tight, as a line fitGraphShort adds
// is put only on such a lattice): linked across the gaps a hand leaves,
// rendered 300681-phone's spare cards beside the grid took the place of
// its hidden first column, the cards 0.081 cells off their cells by RMS
// (the grids bridged right on the rendered sets, 0.022-0.035).
func fitBridged(quads []Quad, cm cardMask) (lattice, error) {
	lt, err := fitGraphOn(quads, true)
	if err == nil && !lt.tight(quads) {
		err = errNoGrid
	}
	if err != nil {
		lt, err = fitGraphShortOn(quads, cm, true)
	}
	return lt, err
}

// fitLattice finds the grid in the card quads: the rows across the cards'
// long axis, then a homography fitted to the full rows, then every card
// put on its nearest cell.
func fitLattice(quads []Quad, short float64) (lattice, error) {
	var lt lattice
	if len(quads) < 10 {
		return lt, errNoGrid
	}
	// the cards' long axis, as the mean of doubled angles
	u, v := gridAxes(quads)
	cards := make([]rowCard, len(quads))
	for i, q := range quads {
		c := q.centre()
		cards[i] = rowCard{i, c[0]*u[0] + c[1]*u[1], c[0]*v[0] + c[1]*v[1]}
	}
	sort.Slice(cards, func(i, j int) bool { return cards[i].pv < cards[j].pv })
	var rows [][]rowCard
	for i, c := range cards {
		if i == 0 || c.pv-cards[i-1].pv > 0.45*short {
			rows = append(rows, nil)
		}
		rows[len(rows)-1] = append(rows[len(rows)-1], c)
	}
	if len(rows) != 5 {
		dbg("rows %d: sizes %v", len(rows), rowSizes(rows))
		return lt, errNoGrid
	}
	for _, row := range rows {
		sort.Slice(row, func(i, j int) bool { return row[i].pu < row[j].pu })
	}
	src, dst, ok := placeRows(rows, quads)
	if !ok {
		dbg("placeRows failed: sizes %v", rowSizes(rows))
		return lt, errNoGrid
	}
	var cands []placed
	for r, row := range rows {
		for _, cd := range row {
			cands = append(cands, placed{i: cd.i, row: r, col: -1})
		}
	}
	lt, err := finish(quads, src, dst, cands)
	if err != nil {
		return lt, err
	}
	if r, ok := lt.rowsKept(rows); !ok {
		dbg("rows: row %d's cards all off the lattice fitted on the rows", r)
		if k, ok := lt.loneOnCell(quads); !ok {
			dbg("rows: cell %d's card, alone on its row, off its cell in the lattice fitted without it", k)
			return lattice{}, errNoGrid
		}
	}
	// every row kept a card, but a lattice not tight by RMS may have been
	// drawn to a pile's card taken for a row of its own
	if lt.rms > maxTightRMS {
		if k, ok := lt.loneOnCell(quads); !ok {
			dbg("rows: RMS %.3f, cell %d's card, alone on its row, off its cell in the lattice fitted without it", lt.rms, k)
			return lattice{}, errNoGrid
		}
	}
	return lt, nil
}

// rowsKept reports whether each of the five rows the projection gave
// keeps a card on a cell of the lattice finish fitted on them, and if not
// the first row that does not. A row whose cards all fall off the lattice
// (more than 0.3 cells from any cell of their row) was no row of the
// grid but a spare's, and the lattice's row in its place is extrapolated
// from the other four, which must then be the grid's (loneOnCell):
// rendered 300758-webcam under a warm lamp (the grid's first two rows not
// outlined, a cover of the pile beyond them and one of the pile below the
// grid each a row of its own) gave five rows, the far pile's card taken
// for the first row (put 2.6 rows off by the lattice fitted on them) and
// the near pile's cover for the last, alone on it: the grid a row off,
// 24 wrong values. As rendered, the same frame's first row is the far
// pile's card too, but the other four rows are the grid's (the second's
// one card outlined lies 0.03 cells off its cell without it), and the
// grid was read right.
func (lt lattice) rowsKept(rows [][]rowCard) (int, bool) {
	on := map[int]bool{}
	for _, i := range lt.cell {
		on[i] = true
	}
	for r, row := range rows {
		if !slices.ContainsFunc(row, func(c rowCard) bool { return on[c.i] }) {
			return r, false
		}
	}
	return 0, true
}

// maxLoneOff is the most a card alone on its row may lie off its cell in
// the lattice fitted without it (tight's bound on a card's centre), in
// cells: rendered 300758-webcam's near pile's cover, taken for the last
// row under a warm lamp, lay 0.34 off; the grid's own card alone on its
// second row as rendered, 0.03.
const maxLoneOff = 0.15

// loneOnCell reports whether each card alone on its row of the lattice
// lies within maxLoneOff of its cell in the lattice fitted on the other
// cards (leave one out: a lone card draws the lattice to itself), and if
// not that card's cell.
func (lt lattice) loneOnCell(quads []Quad) (int, bool) {
	for r := range 5 {
		lone, n := -1, 0
		for c := range 5 {
			if lt.cell[r*5+c] >= 0 {
				lone, n = r*5+c, n+1
			}
		}
		if n != 1 {
			continue
		}
		var src, dst [][2]float64
		for k, i := range lt.cell {
			if i >= 0 && k != lone {
				src = append(src, [2]float64{float64(k % 5), float64(k / 5)})
				dst = append(dst, quads[i].centre())
			}
		}
		h, ok := homography(src, dst)
		if !ok {
			return lone, false
		}
		inv, ok := invert(h)
		if !ok {
			return lone, false
		}
		g := apply(inv, quads[lt.cell[lone]].centre())
		if off := math.Hypot(g[0]-float64(lone%5), g[1]-float64(lone/5)); off > maxLoneOff {
			dbg("rows: cell %d's card %.2f cells off without it", lone, off)
			return lone, false
		}
	}
	return 0, true
}

// placed is a card and the row (and column, or -1 when any) it must fall
// on.
type placed struct{ i, row, col int }

// finish fits the homography from cells (src) to the image (dst), puts
// each candidate card on its nearest cell (on its row, and its column when
// given; within 0.3 cells), fits again on every card placed, and measures
// the cards' half extents and the fit's error. A placed card seen nearly
// square whose corners name its sides across the rows is turned in quads
// (alongRows), so that it is read along its row like the others.
func finish(quads []Quad, src, dst [][2]float64, cands []placed) (lattice, error) {
	var lt lattice
	h, ok := homography(src, dst)
	if !ok {
		return lt, errNoGrid
	}
	lt.h = h
	lt.inv, ok = invert(h)
	if !ok {
		return lt, errNoGrid
	}
	for i := range lt.cell {
		lt.cell[i] = -1
	}
	best := [25]float64{}
	for _, cd := range cands {
		g := apply(lt.inv, quads[cd.i].centre())
		col, rr := math.Round(g[0]), math.Round(g[1])
		off := math.Hypot(g[0]-col, g[1]-rr)
		if col < 0 || col > 4 || int(rr) != cd.row || cd.col >= 0 && int(col) != cd.col || off > 0.3 {
			lt.spares++
			continue
		}
		k := int(rr)*5 + int(col)
		if lt.cell[k] >= 0 {
			lt.spares++
			if off >= best[k] {
				continue
			}
		}
		lt.cell[k], best[k] = cd.i, off
	}
	for _, i := range lt.cell {
		if i >= 0 {
			quads[i] = lt.alongRows(quads[i])
		}
	}
	// refit on every card, and measure the cards' half extents in cells
	src, dst = src[:0], dst[:0]
	var hw, hh []float64
	for k, i := range lt.cell {
		if i < 0 {
			continue
		}
		src = append(src, [2]float64{float64(k % 5), float64(k / 5)})
		dst = append(dst, quads[i].centre())
		var g [4][2]float64
		for j := range 4 {
			g[j] = apply(lt.inv, quads[i][j])
		}
		hw = append(hw, (g[1][0]-g[0][0]+g[2][0]-g[3][0])/4)
		hh = append(hh, (g[3][1]-g[0][1]+g[2][1]-g[1][1])/4)
	}
	if h, ok = homography(src, dst); ok {
		if inv, ok2 := invert(h); ok2 {
			lt.h, lt.inv = h, inv
		}
	}
	lt.half = [2]float64{median(hw), median(hh)}
	var ss float64
	for i, s := range src {
		g := apply(lt.inv, dst[i])
		ss += (g[0]-s[0])*(g[0]-s[0]) + (g[1]-s[1])*(g[1]-s[1])
	}
	lt.rms = math.Sqrt(ss / float64(len(src)))
	return lt, nil
}

// rowCard is a card's centre along the rows (pu) and across them (pv).
type rowCard struct {
	i      int
	pu, pv float64
}

// placeRows gives each card of rows (five, each sorted along the row) its
// column: a full row's cards are columns 0–4, which measures the pitch as
// a multiple of a card's length; the other rows' cards are spaced by that
// pitch, and each row is shifted to line up with the nearest row already
// placed. It returns the cards' cells and centres, or false when a row
// does not fit (two cards on a column, more than five columns, or a shift
// that is not clearly the best).
func placeRows(rows [][]rowCard, quads []Quad) (src, dst [][2]float64, ok bool) {
	long := func(row []rowCard) float64 {
		var l []float64
		for _, c := range row {
			l = append(l, dist(quads[c.i][0], quads[c.i][1]))
		}
		return median(l)
	}
	ref := -1
	var ratios []float64
	for r, row := range rows {
		if len(row) != 5 {
			continue
		}
		if ref < 0 {
			ref = r
		}
		for j := 1; j < 5; j++ {
			ratios = append(ratios, (row[j].pu-row[j-1].pu)/long(row))
		}
	}
	if ref < 0 {
		return nil, nil, false
	}
	g := median(ratios)
	cols := make([][]int, 5) // each card's column, by row
	for r, row := range rows {
		p := g * long(row)
		idx := make([]int, len(row))
		for j := 1; j < len(row); j++ {
			step := int(math.Round((row[j].pu - row[j-1].pu) / p))
			if step < 1 {
				dbg("row %d step %.2f", r, (row[j].pu-row[j-1].pu)/p)
				return nil, nil, false
			}
			idx[j] = idx[j-1] + step
		}
		if idx[len(idx)-1] > 4 {
			dbg("row %d cols %v (steps by %.2f)", r, idx, p)
			return nil, nil, false
		}
		cols[r] = idx
	}
	for d := 1; d < 5; d++ {
		for _, r := range []int{ref - d, ref + d} {
			if r < 0 || r > 4 {
				continue
			}
			near := r + 1
			if r > ref {
				near = r - 1
			}
			// the near row's line: pu = a + b·column
			a, b := lineFit(rows[near], cols[near])
			if len(rows[near]) == 1 {
				b = g * long(rows[near])
				a = rows[near][0].pu - b*float64(cols[near][0])
			}
			p := g * long(rows[r])
			best, bestCost, second := -1, math.Inf(1), math.Inf(1)
			for o := 0; o+cols[r][len(cols[r])-1] <= 4; o++ {
				cost := 0.0
				for j, c := range rows[r] {
					cost += math.Abs(c.pu - (a + b*float64(cols[r][j]+o)))
				}
				cost /= float64(len(rows[r]))
				if cost < bestCost {
					best, bestCost, second = o, cost, bestCost
				} else if cost < second {
					second = cost
				}
			}
			if best < 0 || bestCost > 0.3*p || second-bestCost < 0.5*p {
				dbg("row %d shift: best %d cost %.1f second %.1f p %.1f", r, best, bestCost, second, p)
				return nil, nil, false
			}
			for j := range cols[r] {
				cols[r][j] += best
			}
		}
	}
	for r, row := range rows {
		for j, c := range row {
			src = append(src, [2]float64{float64(cols[r][j]), float64(r)})
			dst = append(dst, quads[c.i].centre())
		}
	}
	return src, dst, true
}

// lineFit fits pu = a + b·column over a row's cards (b = 0 for one card).
func lineFit(row []rowCard, cols []int) (a, b float64) {
	n := float64(len(row))
	var sx, sy, sxx, sxy float64
	for j, c := range row {
		x := float64(cols[j])
		sx, sy, sxx, sxy = sx+x, sy+c.pu, sxx+x*x, sxy+x*c.pu
	}
	den := n*sxx - sx*sx
	if den == 0 {
		return sy / n, 0
	}
	b = (n*sxy - sx*sy) / den
	return (sy - b*sx) / n, b
}

// cellQuad is where a card on cell k would lie, from the lattice alone.
func (lt lattice) cellQuad(k int) Quad {
	return lt.cellAt([2]float64{float64(k % 5), float64(k / 5)})
}

// cellOf returns the cell an image point lies on, or -1. The half extents
// are negative along an axis the cards' corners run against (finish
// measures them from the corners as they come): their size is what counts.
func (lt lattice) cellOf(p [2]float64) int {
	g := apply(lt.inv, p)
	c, r := math.Round(g[0]), math.Round(g[1])
	if c < 0 || c > 4 || r < 0 || r > 4 || math.Abs(g[0]-c) > math.Abs(lt.half[0]) || math.Abs(g[1]-r) > math.Abs(lt.half[1]) {
		return -1
	}
	return int(r)*5 + int(c)
}

// corners returns the grid's outer corners in the image.
func (lt lattice) corners() [4][2]float64 {
	var out [4][2]float64
	for j, g := range [4][2]float64{{-0.5, -0.5}, {4.5, -0.5}, {4.5, 4.5}, {-0.5, 4.5}} {
		out[j] = apply(lt.h, g)
	}
	return out
}

func apply(h [9]float64, p [2]float64) [2]float64 {
	w := h[6]*p[0] + h[7]*p[1] + h[8]
	return [2]float64{(h[0]*p[0] + h[1]*p[1] + h[2]) / w, (h[3]*p[0] + h[4]*p[1] + h[5]) / w}
}

// homography fits src → dst by least squares (OpenCV).
func homography(src, dst [][2]float64) ([9]float64, bool) {
	var h [9]float64
	if len(src) < 4 {
		return h, false
	}
	s := gocv.NewMatWithSize(len(src), 1, gocv.MatTypeCV64FC2)
	defer s.Close()
	d := gocv.NewMatWithSize(len(dst), 1, gocv.MatTypeCV64FC2)
	defer d.Close()
	for i := range src {
		s.SetDoubleAt(i, 0, src[i][0])
		s.SetDoubleAt(i, 1, src[i][1])
		d.SetDoubleAt(i, 0, dst[i][0])
		d.SetDoubleAt(i, 1, dst[i][1])
	}
	mask := gocv.NewMat()
	defer mask.Close()
	m := gocv.FindHomography(s, &d, 0, 3, &mask, 2000, 0.995)
	defer m.Close()
	if m.Empty() {
		return h, false
	}
	for i := range 9 {
		h[i] = m.GetDoubleAt(i/3, i%3)
	}
	return h, true
}

// invert returns the inverse of the 3×3 matrix h.
func invert(h [9]float64) ([9]float64, bool) {
	a, b, c, d, e, f, g, hh, i := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8]
	det := a*(e*i-f*hh) - b*(d*i-f*g) + c*(d*hh-e*g)
	if math.Abs(det) < 1e-12 {
		return [9]float64{}, false
	}
	return [9]float64{
		(e*i - f*hh) / det, (c*hh - b*i) / det, (b*f - c*e) / det,
		(f*g - d*i) / det, (a*i - c*g) / det, (c*d - a*f) / det,
		(d*hh - e*g) / det, (b*g - a*hh) / det, (a*e - b*d) / det,
	}, true
}

// rowSizes returns how many cards each row holds.
func rowSizes(rows [][]rowCard) []int {
	var n []int
	for _, r := range rows {
		n = append(n, len(r))
	}
	return n
}
