package codenames

import "fieldkit/scan"

// A hand (of cards, or a player's) over an edge line of the grid hides it
// wholly or all but one card. The markers alone cannot tell that from spare
// cards beside a grid whose opposite edge line is hidden: the block could lie
// one line either way. The image can: a grid holds a card on each of its
// cells, so when the line beyond the opposite edge clearly shows bare table
// and the hidden line's cells, inside the frame, show something that is not
// table, the lattice is pinned and the grid is the block with the hidden
// line. Its cells are then read as unknown; every other value keeps its own
// marker's evidence.

// Pinning settings.
const (
	minPinBare   = 3  // cells of the line beyond the opposite edge that must clearly show table
	minPinPieces = 12 // pieces the block's other lines must hold
)

// hiddenLine reports whether edge line l of the block at (c0, r0), which
// shows at most one placed piece, is a line of the grid that something
// hides: its empty cells lie inside the frame and none clearly shows bare
// table, the line beyond the opposite edge clearly shows bare table on at
// least minPinBare cells, the other edge lines show at least 2 pieces each
// and the block at least minPinPieces. look says which cells are bare; in
// says whether a cell's centre lies inside the frame. Either may be nil:
// then nothing is pinned.
func hiddenLine(all []*evidence, c0, r0 int, l edgeLine, look func(c, r int) bool, in func(c, r int) bool) bool {
	if look == nil || in == nil {
		return false
	}
	cells := occupied(all, c0, r0)
	if l.count(cells) > 1 {
		return false
	}
	n := 0
	for r := range 5 {
		for c := range 5 {
			if cells[r][c] {
				n++
			}
		}
	}
	if n-l.count(cells) < minPinPieces {
		return false
	}
	for _, o := range edgeLines {
		if o.name != l.name && o.count(cells) < 2 {
			return false
		}
	}
	bareBeyond := 0
	for i := range 5 {
		c, r := l.cell(i)
		if !cells[r][c] && (!in(c0+c, r0+r) || look(c0+c, r0+r)) {
			return false
		}
		// The line beyond the opposite edge.
		bc, br := c, r
		switch {
		case l.name == "first row":
			br = 5
		case l.name == "last row":
			br = -1
		case l.name == "first column":
			bc = 5
		default:
			bc = -1
		}
		if look(c0+bc, r0+br) {
			bareBeyond++
		}
	}
	return bareBeyond >= minPinBare
}

// pinLine returns the edge line of the block at (c0, r0) that shows at most
// one piece and that hiddenLine pins, if there is exactly one such line.
func pinLine(all []*evidence, c0, r0 int, look func(c, r int) bool, in func(c, r int) bool) (edgeLine, bool) {
	var found []edgeLine
	for _, l := range edgeLines {
		if hiddenLine(all, c0, r0, l, look, in) {
			found = append(found, l)
		}
	}
	if len(found) != 1 {
		return edgeLine{}, false
	}
	return found[0], true
}

// pinMissing returns the block holding a span of 4 x 5 or 5 x 4 placed
// cells (lowest cell minC, minR) and the hidden line that completes it, when
// exactly one of the two ways to add a line is pinned by hiddenLine.
func pinMissing(all []*evidence, minC, minR, cols, rows int, look func(c, r int) bool, in func(c, r int) bool) (c0, r0 int, ok bool) {
	var tries [][2]int
	switch {
	case cols == 4 && rows == 5:
		tries = [][2]int{{minC - 1, minR}, {minC, minR}}
	case cols == 5 && rows == 4:
		tries = [][2]int{{minC, minR - 1}, {minC, minR}}
	default:
		return 0, 0, false
	}
	n := 0
	for _, t := range tries {
		if _, pinned := pinLine(all, t[0], t[1], look, in); pinned {
			c0, r0 = t[0], t[1]
			n++
		}
	}
	return c0, r0, n == 1
}

// inFrame returns a function reporting whether lattice cell (c, r) of
// toGrid has its centre inside the image, a tenth of a cell clear of its
// edges; nil without an image.
func (t *tableImage) inFrame(toGrid scan.Homography) func(c, r int) bool {
	if t == nil {
		return nil
	}
	toImage, ok := toGrid.Inverse()
	if !ok {
		return nil
	}
	return func(c, r int) bool {
		for _, d := range []scan.Point{{X: -0.1, Y: -0.1}, {X: 0.1, Y: 0.1}, {X: 0, Y: 0}} {
			p, ok := toImage.Apply(scan.Point{X: float64(c) + d.X, Y: float64(r) + d.Y})
			if !ok || p.X < 0 || p.Y < 0 || p.X >= float64(t.w) || p.Y >= float64(t.h) {
				return false
			}
		}
		return true
	}
}
