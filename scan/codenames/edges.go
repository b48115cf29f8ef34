package codenames

import "fieldkit/catalog"

// A grid's edge lines carry the evidence that it is the grid and not the
// grid shifted onto spare cards beside it: sparseEdge wants at least two
// cards on each (fitLattice), spareLine (bare.go) bare table beside few.

// sparseEdge returns the edge line (first row, last row, first or last
// column) of the block at (c0, r0) whose cells hold the fewest placed
// pieces, and how many cells it is.
func sparseEdge(all []*evidence, c0, r0 int) (string, int) {
	cells := occupied(all, c0, r0)
	name, least := "", 6
	for _, l := range edgeLines {
		if n := l.count(cells); n < least {
			name, least = l.name, n
		}
	}
	return name, least
}

// occupied returns which cells of the 5x5 block at (c0, r0) hold a placed
// piece, by [row][column] within the block.
func occupied(all []*evidence, c0, r0 int) [5][5]bool {
	var cells [5][5]bool
	for _, e := range all {
		if e.placed && e.col >= c0 && e.col < c0+5 && e.row >= r0 && e.row < r0+5 {
			cells[e.row-r0][e.col-c0] = true
		}
	}
	return cells
}

// edgeLine is one of a 5x5 block's edge lines: its name, its name's
// message id (what a player reads) and its i-th cell (column and row
// within the block).
type edgeLine struct {
	name string
	say  string
	cell func(i int) (c, r int)
}

var edgeLines = []edgeLine{
	{"first row", "cn.scan.line.first_row", func(i int) (int, int) { return i, 0 }},
	{"last row", "cn.scan.line.last_row", func(i int) (int, int) { return i, 4 }},
	{"first column", "cn.scan.line.first_col", func(i int) (int, int) { return 0, i }},
	{"last column", "cn.scan.line.last_col", func(i int) (int, int) { return 4, i }},
}

// lineTerm returns the message that names the edge line name ("first
// row"), or the name itself when it is no edge line's.
func lineTerm(name string) catalog.Msg {
	for _, l := range edgeLines {
		if l.name == name {
			return catalog.M(l.say)
		}
	}
	return catalog.M(name)
}

// count is how many of the line's cells hold a piece in cells.
func (l edgeLine) count(cells [5][5]bool) int {
	n := 0
	for i := range 5 {
		if c, r := l.cell(i); cells[r][c] {
			n++
		}
	}
	return n
}
