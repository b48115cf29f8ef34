package scene

import (
	"fieldkit/markers"
	"fmt"
	"math/rand"
)

// Table is what lies on the grid of a scene laid out by the caller: a game's
// words in its cells, its covers and tokens. Cells are in table coordinates
// (row 0 to the north, column 0 to the west); seat A's default side is the
// south, so with Rotate within 45 degrees of 0 and no seat marker they are
// the cells as seen from seat A.
type Table struct {
	Cards  [5][5]int // the word face (its marker id) on each cell
	Covers [5][5]int // the cover card's marker id on each cell, 0 for none
	Timers [5][5]int // a timer token's marker id on each cell, 0 for none
	Token  *[2]int   // the guess token's cell, nil for none
}

// check reports a table whose pieces a deck of n words cannot lay out.
func (t *Table) check(n int) error {
	seen := map[int]bool{}
	for r := range 5 {
		for c := range 5 {
			id := t.Cards[r][c]
			if id < 0 || id >= n {
				return fmt.Errorf("scene: table cell [%d,%d]: face %d is not one of the deck's %d faces", r, c, id, n)
			}
			for _, x := range []int{id, t.Covers[r][c], t.Timers[r][c]} {
				if x != 0 && seen[x] {
					return fmt.Errorf("scene: table cell [%d,%d]: marker %d lies twice on the table", r, c, x)
				}
				seen[x] = true
			}
			if k, _ := markers.PieceKind(t.Covers[r][c]); t.Covers[r][c] != 0 && !isCover(k) {
				return fmt.Errorf("scene: table cell [%d,%d]: marker %d is a %s, not a cover card", r, c, t.Covers[r][c], k)
			}
			if k, _ := markers.PieceKind(t.Timers[r][c]); t.Timers[r][c] != 0 && k != markers.TimerBystander && k != markers.TimerCheck {
				return fmt.Errorf("scene: table cell [%d,%d]: marker %d is a %s, not a timer token", r, c, t.Timers[r][c], k)
			}
		}
	}
	if tk := t.Token; tk != nil && (tk[0] < 0 || tk[0] > 4 || tk[1] < 0 || tk[1] > 4) {
		return fmt.Errorf("scene: the guess token's cell %v is off the grid", *tk)
	}
	return nil
}

// place lays the table's covers and tokens on the cards (the grid's 25, row
// by row); it returns the pieces, the timer tokens by number (those on the
// grid first, then the free ones for the bank) and how many lie on the grid.
func (t *Table) place(pieces, cards []placed, rng *rand.Rand, jit, flip func() float64, tok func(placed, int) placed) ([]placed, []int, int) {
	for _, c := range cards {
		if id := t.Covers[c.row][c.col]; id != 0 {
			pieces = append(pieces, placed{id: id, cx: c.cx + jit(), cy: c.cy + jit(), angle: flip(), row: c.row, col: c.col})
		}
	}
	used := map[int]bool{}
	var timers []int
	for _, c := range cards {
		if id := t.Timers[c.row][c.col]; id != 0 {
			pieces = append(pieces, tok(c, id))
			_, n := markers.PieceKind(id)
			used[n] = true
			timers = append(timers, n)
		}
	}
	nt := len(timers)
	for n := range markers.TimerTokens {
		if !used[n] {
			timers = append(timers, n)
		}
	}
	if tk := t.Token; tk != nil {
		pieces = append(pieces, tok(cards[tk[0]*5+tk[1]], markers.GuessBase+rng.Intn(markers.GuessTokens)))
	}
	return pieces, timers, nt
}
