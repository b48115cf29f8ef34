package codenames

import "fieldkit/scan"

// Which 5x5 block of a lattice wider than the grid is the grid: the block
// with the most snug cells, judged by its own lattice, clearly ahead of the
// others or settled by bare table (bare.go).

// window is a 5x5 block of lattice cells: columns c0..c0+4, rows r0..r0+4.
type window struct{ c0, r0 int }

func (w *window) has(c, r int) bool {
	return w == nil || c >= w.c0 && c < w.c0+5 && r >= w.r0 && r < w.r0+5
}

// bestWindow returns the 5x5 block of the lattice with the most cells
// holding a placed card or cover that lies snug on its cell, as the grid's
// own cards do (a fanned pile puts several on one cell; a pile's card lies
// anywhere within the snap tolerance of the lattice, and a lone marker
// chooses its card's side by the lattice). A
// grid's edge line fills five cells where a pile beside it fills one or
// two, so the best block must fill at least windowLead cells more
// than any other and at least one piece in each of its rows and columns;
// otherwise it is not clear which block is the grid, unless the image
// settles it: bareWins, with the cells bare() says clearly show bare table
// (bare, or what it returns, may be nil: the image cannot say).
func bestWindow(all []*evidence, toGrid scan.Homography, minC, minR, maxC, maxR int, bare func() func(c, r int) bool) (window, bool) {
	// Cards of a pile overlap: two word cards, or two covers, whose
	// centres lie within 0.6 cells of each other are a pile, not the grid.
	crowded := map[*evidence]bool{}
	for i, a := range all {
		qa, ok := toGrid.Apply(a.c)
		for _, b := range all[i+1:] {
			if !ok || (a.kind == WordFace) != (b.kind == WordFace) {
				continue
			}
			if qb, ok := toGrid.Apply(b.c); ok && qa.Dist(qb) < 0.6 && b.id != a.id {
				crowded[a], crowded[b] = true, true
			}
		}
	}
	count := func(w window) (n int, full bool) {
		// Each block is judged by the lattice fitted to its own cards:
		// far piles and a bent or distorted view pull the fit to
		// everything seen off the grid's own cells.
		h := localFit(all, w, toGrid, crowded)
		var rows, cols [5]bool
		var cells [5][5]bool
		for _, e := range all {
			if crowded[e] {
				continue
			}
			q, ok := h.Apply(e.c)
			if !ok || offCell(q) > snapTolerance || !alongColumns(e, h) {
				continue
			}
			c, r := q.Round()
			if !w.has(c, r) {
				continue
			}
			if !cells[r-w.r0][c-w.c0] && offCell(q) <= snugCell {
				cells[r-w.r0][c-w.c0] = true
				n++
			}
			cols[c-w.c0], rows[r-w.r0] = true, true
		}
		full = true
		for i := range 5 {
			full = full && rows[i] && cols[i]
		}
		return n, full
	}
	best, second := -1, -1
	var bw window
	bestFull := false
	counts := map[window]int{}
	for c0 := minC; c0 <= max(minC, maxC-4); c0++ {
		for r0 := minR; r0 <= max(minR, maxR-4); r0++ {
			w := window{c0, r0}
			n, full := count(w)
			counts[w] = n
			switch {
			case n > best:
				best, second, bw, bestFull = n, best, w, full
			case n > second:
				second = n
			}
		}
	}
	if !bestFull || best == second {
		return bw, false
	}
	if best-second >= windowLead {
		return bw, true
	}
	var rivals []window
	var lead []int
	for w, n := range counts {
		if w != bw && best-n < windowLead {
			rivals, lead = append(rivals, w), append(lead, best-n)
		}
	}
	return bw, bare != nil && bareWins(all, bw, rivals, lead, bare())
}

// localFit returns the lattice fitted to the pieces that lie on block w's
// cells, starting from toGrid and fitted twice again to the pieces each fit
// puts on w (pieces of a pile, crowded, left out); toGrid itself when fewer
// than minGridPieces lie there.
func localFit(all []*evidence, w window, toGrid scan.Homography, crowded map[*evidence]bool) scan.Homography {
	h := toGrid
	for range 2 {
		var src, dst []scan.Point
		for _, e := range all {
			if crowded[e] {
				continue
			}
			q, ok := h.Apply(e.c)
			if !ok || offCell(q) > snapTolerance || !alongColumns(e, h) {
				continue
			}
			if c, r := q.Round(); w.has(c, r) {
				src = append(src, e.c)
				dst = append(dst, scan.Point{X: float64(c), Y: float64(r)})
			}
		}
		if len(src) < minGridPieces {
			return h
		}
		nh, ok := scan.FitHomography(src, dst)
		if !ok {
			return h
		}
		h = nh
	}
	return h
}

// windowLead is how many snug cells more than any other block the grid's
// block must hold for bestWindow to choose it on the markers alone.
const windowLead = 3

// snugCell is how close, in cells, a piece must lie to its cell's centre to
// count when bestWindow tells the grid from a pile: on 70 widened scenes
// with piles (tilt, lens distortion and jitter included) the grid's cards
// lay within 0.081 cells of the lattice fitted to everything seen, the
// piles' cards that the lattice placed at 0.05 to 0.29, most beyond 0.12.
const snugCell = 0.12

// snug reports whether piece e lies within snugCell of its cell's centre.
func snug(e *evidence, toGrid scan.Homography) bool {
	q, ok := toGrid.Apply(e.c)
	return ok && offCell(q) <= snugCell
}
