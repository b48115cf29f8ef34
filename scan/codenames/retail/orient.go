package retail

import (
	"fieldkit/catalog"
	"fieldkit/scan/codenames/reading"
)

// turns are the four ways a grid read row by row from the image's top can
// lie before seat A, with the image edge seat A then sits at: turn t maps
// the image's cell (r, c) to seat A's cell (row 0 farthest from seat A,
// column 0 on seat A's left, as the marker scanner gives them).
var turns = []struct {
	edge string
	to   func(r, c int) (int, int)
}{
	{"bottom", func(r, c int) (int, int) { return r, c }},
	{"top", func(r, c int) (int, int) { return 4 - r, 4 - c }},
	{"left", func(r, c int) (int, int) { return 4 - c, r }},
	{"right", func(r, c int) (int, int) { return c, 4 - r }},
}

// Orient turns rd, a reading of retail cards (rows from the image's top),
// to the board as seat A sees it, when the words read say how: board is
// the game's 25 words, row by row from seat A. The turn that puts the
// most read words on their own cells is taken when at least three words
// agree and no other turn does as well; it sets SeatAEdge. Otherwise rd is
// returned as it is, without a seat.
//
// Under the turn taken, every word read must lie on its own cell: a board
// word read on another cell says the grid was found off its cards (a row
// of cards beside the grid taken for one of its rows, as a discard pile
// below the grid once was, with the grid's far row left out), so that no
// cell of the reading can be trusted. Such a reading is refused
// ("misplaced") and its cells dropped.
func Orient(rd reading.Reading, board []string) reading.Reading {
	if !rd.OK || len(board) != 25 {
		return rd
	}
	at := map[string]int{}
	for i, w := range board {
		at[Normalize(w)] = i
	}
	best, bestN, tie := -1, 0, false
	for t, tn := range turns {
		n := 0
		for _, c := range rd.Cells {
			if c.Word == "" {
				continue
			}
			r, col := tn.to(c.Row, c.Col)
			if i, ok := at[Normalize(c.Word)]; ok && i == r*5+col {
				n++
			}
		}
		switch {
		case n > bestN:
			best, bestN, tie = t, n, false
		case n == bestN && n > 0:
			tie = true
		}
	}
	if best < 0 || bestN < 3 || tie {
		return rd
	}
	if w := misplaced(rd, at, turns[best].to); w != "" {
		msg := catalog.M("cn.scan.boxed_misplaced", "word", w)
		rd.OK, rd.Refusal, rd.Msg = false, "misplaced", &msg
		rd.Reason = w + " was read on another cell than the board's: the cards are laid out otherwise, or the grid was found a row off"
		rd.Cells, rd.Token, rd.Tokens = []reading.CellReading{}, nil, nil
		return rd
	}
	out := rd
	out.SeatAEdge = turns[best].edge
	out.Cells = make([]reading.CellReading, 25)
	for _, c := range rd.Cells {
		r, col := turns[best].to(c.Row, c.Col)
		c.Row, c.Col = r, col
		out.Cells[r*5+col] = c
	}
	out.Token, out.Tokens = nil, nil
	for _, tk := range tokensOf(rd) {
		r, col := turns[best].to(tk[0], tk[1])
		out.Tokens = append(out.Tokens, [2]int{r, col})
	}
	if len(out.Tokens) > 0 {
		t := out.Tokens[0]
		out.Token = &t
		if len(out.Tokens) == 1 {
			out.Tokens = nil
		}
	}
	return out
}

// misplaced returns the first word of rd that the board holds on another
// cell than the one turn to puts it on, or "".
func misplaced(rd reading.Reading, at map[string]int, to func(r, c int) (int, int)) string {
	for _, c := range rd.Cells {
		if c.Word == "" {
			continue
		}
		r, col := to(c.Row, c.Col)
		if i, ok := at[Normalize(c.Word)]; ok && i != r*5+col {
			return c.Word
		}
	}
	return ""
}

// tokensOf lists every token cell of rd.
func tokensOf(rd reading.Reading) [][2]int {
	if len(rd.Tokens) > 0 {
		return rd.Tokens
	}
	if rd.Token != nil {
		return [][2]int{*rd.Token}
	}
	return nil
}
