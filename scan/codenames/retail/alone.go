package retail

import (
	"math"
	"slices"
)

// alone reports whether the grid stands alone: no card seen lies on a
// cell just beyond its four sides (else the lattice is off by a row or a
// column, or two grids lie side by side), unless at most two cards lie
// beyond that side and the grid's line on the other side holds five cards
// (at least three of their own outline, the others where the card mask
// covers their cells: a pile of spares beside a full grid; were the grid
// off by one, that full line would lie off it, a sixth line of five cards
// in a row; a card turned across the grid is a spare, never counted:
// crosswise), or holds four cells and two cards of their own outline while
// the rest of the line beyond is plain table (spareBeyond: a spare beside
// the grid, no line of it); and cards lie on at least 20 of its cells (a
// card's own outline, or most of the cell in the card mask), or on all 25
// when most of a cell's pixels off the table's colour count too
// (minOffShare), or anything but bare table where the grid cannot be off
// by a line through the cell (printed), with a card of its own outline on
// every row and column (the cells of a line fitGraphShort added, extrapolated, by their
// middles: heldMiddle). An end line of one card facing a line beyond the
// other end all in the card mask and tinted does not stand alone either
// (loneFacingHeld: a pile's card taken for the end line).
func (lt lattice) alone(quads []Quad, cm cardMask) bool {
	if axis, end, ok := lt.loneFacingHeld(cm); ok {
		dbg("alone: line %d along axis %d one card, the line beyond the other end held", end, axis)
		return false
	}
	// the cells beyond each side: left, right, top, bottom
	var beyond [4]map[[2]int]bool
	for s := range beyond {
		beyond[s] = map[[2]int]bool{}
	}
	for _, q := range quads {
		g := apply(lt.inv, q.centre())
		c, r := math.Round(g[0]), math.Round(g[1])
		if math.Hypot(g[0]-c, g[1]-r) > 0.3 || c < -1 || c > 5 || r < -1 || r > 5 {
			continue
		}
		if lt.crosswise(q, g) {
			// a spare card turned off the grid's axis (300476-webcam's
			// red agent beside its first column, 301116-webcam's blue
			// beside its last): no card of a grid off by a line lies so
			dbg("beyond: a card turned across the grid at %.1f, %.1f", g[0], g[1])
			continue
		}
		cell := [2]int{int(c), int(r)}
		for s, out := range [4]bool{c == -1, c == 5, r == -1, r == 5} {
			if out {
				beyond[s][cell] = true
			}
		}
	}
	for s, b := range beyond {
		if len(b) == 0 {
			continue
		}
		full, own, held := 0, 0, 0
		for i := range 5 {
			// the other side's line: right, left, bottom, top
			k := [4]int{i*5 + 4, i * 5, 20 + i, i}[s]
			switch q := lt.cellQuad(k); {
			case lt.cell[k] >= 0:
				own++
				full++
			case cm.covered(q) >= 0.9:
				full++
			case cm.offTableAt(q) >= minOffShare:
				held++
			}
		}
		dbg("beyond side %d: %d cards, the other side's line %d (%d own)", s, len(b), full, own)
		if len(b) > 2 {
			return false
		}
		if len(b) == 1 && lt.addedFacing(s, quads, cm) {
			continue
		}
		if (full < 5 || own < 3) && !lt.spareBeyond(s, quads, full+held, own, cm) {
			return false
		}
	}
	if k, ok := lt.plainCell(cm); ok && lt.rms > maxTightRMS {
		dbg("cell %d plain table, the cards %.3f cells off by RMS", k, lt.rms)
		return false
	}
	// a cell holds something: a card's own outline, or most of the cell
	// in the card mask
	n := 0
	for k, i := range lt.cell {
		if i >= 0 || cm.covered(lt.cellQuad(k)) >= 0.9 {
			n++
		}
	}
	if n >= 20 {
		return true
	}
	// or, on a table as light as the cards (whose beige the card mask
	// missed), most of the cell off the table's colour; then every cell
	// must hold something and every row and column a card of its own
	// outline (a grid off by a line has a line of bare table, or of a
	// pile's card and bare table)
	var rows, cols [5]int
	for k, i := range lt.cell {
		if i >= 0 {
			rows[k/5]++
			cols[k%5]++
		}
	}
	// the line fitGraphShort added has none, by its making
	switch lt.added[0] {
	case 1:
		cols[lt.added[1]] = -1
	case 2:
		rows[lt.added[1]] = -1
	}
	if slices.Contains(rows[:], 0) || slices.Contains(cols[:], 0) {
		dbg("cells held %d, a line without a card of its own", n)
		return false
	}
	var around [4]int // plainBeyond each side, once known: 1 true, -1 false
	for k, i := range lt.cell {
		q := lt.cellQuad(k)
		if i < 0 && lt.onAdded(k) {
			// the added line's cells, extrapolated: their middles, as
			// fitGraphShort counted them
			if !cm.heldMiddle(q) {
				dbg("cells held %d, cell %d of the added line bare", n, k)
				return false
			}
			continue
		}
		if i < 0 && cm.covered(q) < 0.9 && cm.offTableAt(q) < minOffShare && !lt.printed(k, cm, &around) {
			dbg("cells held %d, cell %d bare", n, k)
			return false
		}
	}
	return true
}

// alongRows returns q with its corners named from another one (the same
// winding) when it is seen nearly square (sides within 1.3 of each other,
// as in crosswise) and its named long side lies more than 60 degrees from
// the grid's rows there: foreshortening made its short side the longer in
// the image, and the card, read from its corners, would be read turned
// across its row (300475-phone: the far line's five cards, long/short
// 1.05-1.1, linked by graphCells; the line beside it, no longer read from
// the lattice's cells but from its own swapped corners, lost three
// words). Any other q is returned as it is.
func (lt lattice) alongRows(q Quad) Quad {
	l, s, ll, sl := sides(q)
	if ll == 0 || sl == 0 || max(ll, sl) >= 1.3*min(ll, sl) {
		return q
	}
	x, xl := lt.row(apply(lt.inv, q.centre()))
	if xl == 0 || math.Abs(l[0]*x[0]+l[1]*x[1])/(ll*xl) >= 0.5 {
		return q
	}
	if s[0]*x[0]+s[1]*x[1] > 0 {
		return Quad{q[1], q[2], q[3], q[0]}
	}
	return Quad{q[3], q[0], q[1], q[2]}
}

// crosswise reports whether card q, centred at g in the grid's
// coordinates, lies turned off the grid's axis: its long sides (clearly a
// card's, at least 1.3 times its short ones, so a far card seen nearly
// square never counts) more than maxTurn from the grid's rows there. The
// grid's cards lie along its rows (fitLattice and fitGraph place them
// so), within a few degrees, and the graph links no card turned further
// (graphCellsOn's off). The bound was 60 degrees (300476-webcam's spare
// turned 90 degrees); rendered 301116-webcam (a tan cloth under a drawn
// lamp) has a spare blue agent turned 49 degrees beside its last column,
// the grid's cards 0-4 degrees off their rows, and was refused as going
// on beyond five columns.
func (lt lattice) crosswise(q Quad, g [2]float64) bool {
	l, _, ll, sl := sides(q)
	if sl == 0 || ll < 1.3*sl {
		return false
	}
	x, xl := lt.row(g)
	if xl == 0 {
		return false
	}
	return math.Abs(l[0]*x[0]+l[1]*x[1])/(ll*xl) < math.Cos(maxTurn)
}

// maxTurn is the most a card of the grid lies turned from its rows
// (graphCellsOn links none turned further).
const maxTurn = math.Pi / 6

// sides returns card q's long and short sides as its corners name them
// (each the sum of its two opposite sides) and their lengths.
func sides(q Quad) (l, s [2]float64, ll, sl float64) {
	l = [2]float64{q[1][0] - q[0][0] + q[2][0] - q[3][0], q[1][1] - q[0][1] + q[2][1] - q[3][1]}
	s = [2]float64{q[3][0] - q[0][0] + q[2][0] - q[1][0], q[3][1] - q[0][1] + q[2][1] - q[1][1]}
	return l, s, math.Hypot(l[0], l[1]), math.Hypot(s[0], s[1])
}

// row returns the image direction of the grid's rows at g (grid
// coordinates): the image step of one cell along the row, and its length.
func (lt lattice) row(g [2]float64) ([2]float64, float64) {
	a, b := apply(lt.h, [2]float64{g[0] - 0.5, g[1]}), apply(lt.h, [2]float64{g[0] + 0.5, g[1]})
	x := [2]float64{b[0] - a[0], b[1] - a[1]}
	return x, math.Hypot(x[0], x[1])
}

// minOffTable is how far from the table's colour (chroma counting double)
// a pixel of a cell without a card's outline lies when it is no table
// (the reader's test for reading such a cell, on its median colour), and
// minOffShare the share of the cell's pixels that must, for the cell to
// hold something.
const (
	minOffTable = 12
	minOffShare = 0.75
)

// dbg logs why a grid was refused; a test may set it (to t.Logf).
var dbg = func(string, ...any) {}
