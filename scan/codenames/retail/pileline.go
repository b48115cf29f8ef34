package retail

// A pile of spare cards a pitch beyond the grid's last line, its top card
// outlined, can take the place of a line of the grid no pass outlined at
// the other end: the graph links the pile's card to the four lines seen,
// and a lattice of five lines stands on them, the pile's card alone on
// its line and the grid's true line beyond the other side, every card
// read on the cell after its own (rendered 301177-phone: a green cloth,
// the grid's far row unseen, the pile 15 mm below its near row in line
// with its fourth column, 18 words and 3 covers a row off). Such a line
// shows one card and bare table on its four other cells, while the cells
// a line beyond the other side hold something: pileShifted moves the
// lattice a line that way.

// pileShifted returns lt moved one line along an axis when an end line of
// it holds one card of its own outline and bare table on its four other
// cells (plain or blank, as the line beyond a grid standing alone shows),
// and at least four cells of the line beyond the other end hold something
// in their middles (holdsMiddle, as fitGraphShort counts a line it adds):
// the lone card is then a spare beyond the lattice, and the line moved
// into it is recorded as added (lattice.added), read as fitGraphShort's
// is, only where a card's own edges are found. Any other lattice, or one
// with a line added already, is returned as it is, with false.
func (lt lattice) pileShifted(quads []Quad, cm cardMask) (lattice, bool) {
	if lt.added[0] != 0 {
		return lt, false
	}
	for axis := range 2 { // 0: columns, 1: rows
		for _, end := range [2]int{0, 4} {
			own, bare := 0, 0
			for i := range 5 {
				k := lineCell(axis, end, i)
				q := lt.cellQuad(k)
				switch {
				case lt.cell[k] >= 0:
					own++
				case !cm.holdsMiddle(q) && (cm.plain(q) || cm.blank(q)):
					bare++
				}
			}
			if own != 1 || bare != 4 {
				continue
			}
			// the line beyond the other end: -1 or 5 along axis
			beyond := 5
			if end == 4 {
				beyond = -1
			}
			held := 0
			for i := range 5 {
				g := [2]float64{float64(i), float64(i)}
				g[axis] = float64(beyond)
				if cm.holdsMiddle(lt.cellAt(g)) {
					held++
				}
			}
			dbg("pile line: axis %d line %d one card, four cells bare; the line beyond the other end holds %d", axis, end, held)
			if held < 4 {
				continue
			}
			return lt.shifted(axis, 1-end/4*2), true
		}
	}
	return lt, false
}

// shifted returns lt moved by s (±1) lines along axis (0 columns, 1
// rows): its cell at c on that axis is lt's at c+s, the line that comes
// in from beyond recorded as added, the card on the line that goes out a
// spare.
func (lt lattice) shifted(axis, s int) lattice {
	t := [9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1}
	ti := t
	t[2+3*axis], ti[2+3*axis] = float64(s), -float64(s)
	out := lt
	out.h, out.inv = mul3(lt.h, t), mul3(ti, lt.inv)
	for k := range 25 {
		c := [2]int{k % 5, k / 5}
		c[axis] += s
		out.cell[k] = -1
		if c[axis] >= 0 && c[axis] <= 4 {
			out.cell[k] = lt.cell[c[1]*5+c[0]]
		}
	}
	for k := range 25 {
		c := [2]int{k % 5, k / 5}
		if c[axis] -= s; (c[axis] < 0 || c[axis] > 4) && lt.cell[k] >= 0 {
			out.spares++
		}
	}
	line := 4 // the line that came in: the first, moving back
	if s < 0 {
		line = 0
	}
	out.added = [2]int{axis + 1, line}
	return out
}

// mul3 returns the product a·b of two 3×3 matrices, row by row.
func mul3(a, b [9]float64) [9]float64 {
	var m [9]float64
	for r := range 3 {
		for c := range 3 {
			for j := range 3 {
				m[3*r+c] += a[3*r+j] * b[3*j+c]
			}
		}
	}
	return m
}

// addedFacing reports whether the line across the grid from side s (0
// left, 1 right, 2 top, 3 bottom; lattice.alone's order) is the line
// fitGraphShort or pileShifted added, at least four of its cells holding
// something in their middles (holdsMiddle), and the line beyond side s
// shows bare table (plain or blank) but where a card of quads lies
// (skipBeyond): the one card beyond side s is then the spare that line
// was added against, not a line of the grid, whose cards would leave the
// added line's cells bare and show beside the spare.
func (lt lattice) addedFacing(s int, quads []Quad, cm cardMask) bool {
	axis, line := s/2, 4*(1-s%2) // the line across from side s
	if lt.added != [2]int{axis + 1, line} {
		return false
	}
	held := 0
	for i := range 5 {
		if cm.holdsMiddle(lt.cellQuad(lineCell(axis, line, i))) {
			held++
		}
	}
	return held >= 4 && lt.emptyBeyond(s, lt.skipBeyond(s, quads), func(q Quad) bool { return cm.plain(q) || cm.blank(q) })
}
