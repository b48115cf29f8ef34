package retail

// A pile of spare covers beside the grid, its top card outlined, can be
// taken for the grid's end line when the grid's true line at the other
// end is not outlined at all: rendered 301254-webcam under noise (a green
// cloth with lit folds, a drawn lamp; an arm over the far column, whose
// cards no pass outlines) read its grid a column off, a blue cover of the
// pile, in line with the second row a pitch before the first column, made
// that row look full to the rows' projection (fitLattice): 14 words, 4
// covers and the token wrong. The lattice's first column held the pile's
// card alone, its four other cells only the cloth's lit folds (the
// noise put them partly in the card mask: 0-0.71 of the cells, so
// pileShifted found them not bare), and every cell of the column beyond
// the last lay in the card mask and off the table's chroma: the grid's
// true far column and the arm.

// loneFacingHeld reports whether an end line of the lattice holds one
// card of its own outline and none of its four other cells is held as
// alone counts a card (in the card mask over 0.9 of it), while all five
// cells of the line beyond the other end lie in the card mask (0.9 of
// each) and are tinted in their middles (tintedMiddle): the grid goes on
// that way, its lone card a spare beside it, and the lattice lies a line
// off. A grid standing alone shows the table beyond its sides (or a pile
// or a hand over a cell or two); a grid whose end line's cards the mask
// missed (a light cloth) and an arm laid all along its other side would
// be refused too, a doubt, never a wrong value. It returns the axis (0
// columns, 1 rows) and end line of the lone card.
func (lt lattice) loneFacingHeld(cm cardMask) (axis, end int, ok bool) {
	for axis := range 2 {
		for _, end := range [2]int{0, 4} {
			own, held := 0, 0
			for i := range 5 {
				k := lineCell(axis, end, i)
				switch {
				case lt.cell[k] >= 0:
					own++
				case cm.covered(lt.cellQuad(k)) >= 0.9:
					held++
				}
			}
			if own != 1 || held != 0 {
				continue
			}
			beyond := 5 // the line beyond the other end: -1 or 5
			if end == 4 {
				beyond = -1
			}
			full := 0
			for i := range 5 {
				g := [2]float64{float64(i), float64(i)}
				g[axis] = float64(beyond)
				if q := lt.cellAt(g); cm.covered(q) >= 0.9 && cm.tintedMiddle(q) {
					full++
				}
			}
			dbg("lone line: axis %d line %d one card, the line beyond the other end %d cells in the mask and tinted", axis, end, full)
			if full == 5 {
				return axis, end, true
			}
		}
	}
	return 0, 0, false
}
