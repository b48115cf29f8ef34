package codenames

import (
	"fmt"
	"math"

	"fieldkit/catalog"
)

// Why the scanner refuses an image, said twice: as a message of the
// catalog (an id, "cn.scan.*", with named arguments) that a page says in the
// table's language, and in English for the logs, the command line and the
// scan JSON's "reason". Every refusal is made by one of the functions
// below, so that each has its message.

// refusal is a reason not to read a grid.
type refusal struct {
	why    Refusal
	msg    catalog.Msg
	reason string // English
}

// refuse returns a refusal of kind why with its message and its English.
func refuse(why Refusal, msg catalog.Msg, format string, args ...any) *refusal {
	return &refusal{why: why, msg: msg, reason: fmt.Sprintf(format, args...)}
}

// refused records ref in the observation: its kind, its English and its
// message.
func (o *Observation) refused(ref *refusal) {
	o.Refusal, o.Reason, o.Why = ref.why, ref.reason, ref.msg
}

// fewCards: fewer grid pieces seen than a fit needs.
func fewCards(seen int) *refusal {
	return refuse(TooFewCards, catalog.M("cn.scan.few_cards", "n", seen, "need", minGridPieces),
		"only %d cards seen, need at least %d of the grid's 25", seen, minGridPieces)
}

// fewWhole: fewer cards seen by both their markers than a fit starts from.
func fewWhole(seen int) *refusal {
	return refuse(TooFewCards, catalog.M("cn.scan.few_whole", "n", seen, "need", 4),
		"only %d cards seen whole, need at least 4", seen)
}

// fewOnGrid: fewer pieces on the fitted lattice than a grid needs.
func fewOnGrid(placed int) *refusal {
	return refuse(TooFewCards, catalog.M("cn.scan.few_on_grid", "n", placed, "need", minGridPieces),
		"only %d cards lie on a common grid, need at least %d", placed, minGridPieces)
}

// noBlock: the cards span more than 5 x 5 cells and no 5 x 5 block is
// clearly the grid.
func noBlock(cols, rows int) *refusal {
	return refuse(NotAGrid, catalog.M("cn.scan.no_block", "cols", cols, "rows", rows),
		"the cards form %d columns and %d rows, and no 5 x 5 block of them stands out as the grid", cols, rows)
}

// notGrid: no lattice fits the cards.
func notGrid() *refusal {
	return refuse(NotAGrid, catalog.M("cn.scan.not_grid"), "the cards do not lie on a grid")
}

// betweenCells: many cards lie between the cells of the grid.
func betweenCells(n, placed int) *refusal {
	return refuse(TwoGrids, catalog.M("cn.scan.between_cells", "n", n, "grid", placed),
		"%d cards lie between the cells of the grid of %d cards: two grids in view, or cards scattered on the table", n, placed)
}

// farOff: many cards lie far off the grid.
func farOff(n, placed int) *refusal {
	return refuse(TwoGrids, catalog.M("cn.scan.far_off", "n", n, "grid", placed),
		"%d cards lie far off the grid of %d cards: two grids in view, or cards scattered on the table", n, placed)
}

// partGrid: fewer than 5 columns or rows are seen.
func partGrid(cols, rows int) *refusal {
	return refuse(PartGrid, catalog.M("cn.scan.part", "cols", cols, "rows", rows),
		"only %d columns and %d rows of the grid are seen; show all 5 x 5 cells", cols, rows)
}

// sparseLine: an edge line of the grid shows n (0 or 1) cards.
func sparseLine(line string, n int) *refusal {
	return refuse(PartGrid, catalog.M("cn.scan.sparse_edge", "line", lineTerm(line), "n", n),
		"the grid's %s shows only %d card; show more of it", line, n)
}

// spareCards: an edge line shows few cards and bare table beside them.
func spareCards(line string) *refusal {
	return refuse(PartGrid, catalog.M("cn.scan.spare_line", "line", lineTerm(line)),
		"the grid's %s shows few cards and bare table where its others should lie: spare cards beside a hidden line? Show the whole grid", line)
}

// badFit: the cards lie rms cells off a regular grid (the message says it
// in hundredths of a cell, as a percentage).
func badFit(rms float64) *refusal {
	return refuse(BadFit, catalog.M("cn.scan.bad_fit", "off", int(math.Round(100*rms)), "max", int(math.Round(100*maxFitError))),
		"the cards lie %.2f cells off a regular grid (at most %.2f)", rms, maxFitError)
}

// degenerate: the fitted grid cannot be turned back into the image.
func degenerate() *refusal {
	return refuse(BadFit, catalog.M("cn.scan.degenerate"), "the fitted grid is degenerate")
}

// noSeat: Scanner.RequireSeat and no seat marker read, now or before.
func noSeat() *refusal {
	return refuse(NoSeat, catalog.M("cn.scan.no_seat"), "no seat marker was read, and no earlier photo fixed which side seat A sits at")
}

// seatTurned: no seat marker read, and two sides of the grid lie about as
// near the image's bottom (turnedMargin): the default side of seat A would
// be a guess.
func seatTurned() *refusal {
	return refuse(NoSeat, catalog.M("cn.scan.seat_turned"), "no seat marker was read and two sides of the grid lie about as near the bottom of the picture, so which side seat A sits at is not clear")
}

// twoCovers: two cover cards on one cell.
func twoCovers(a, b int) *refusal {
	return refuse(Conflict, catalog.M("cn.scan.two_covers", "a", a, "b", b), "two cover cards (%d and %d) lie on one cell", a, b)
}

// twoWords: two whole word cards on one cell.
func twoWords(a, b int) *refusal {
	return refuse(Conflict, catalog.M("cn.scan.two_words", "a", a, "b", b), "two word cards (%d and %d) lie on one cell", a, b)
}

// wordTwice: one word card on two cells.
func wordTwice(card int, a, b Position) *refusal {
	at := func(p Position) string { return fmt.Sprintf("[%d,%d]", p.Row, p.Col) }
	return refuse(Conflict, catalog.M("cn.scan.word_twice", "card", card, "a", at(a), "b", at(b)),
		"word card %d lies on two cells, %s and %s", card, at(a), at(b))
}
