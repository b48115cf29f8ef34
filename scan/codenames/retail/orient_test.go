package retail

import (
	"fmt"
	"testing"

	"fieldkit/scan/codenames/reading"
)

// TestOrient: a reading of a board turned any of the four ways comes back
// in seat A's order with the edge named; too few words leave it as it is.
func TestOrient(t *testing.T) {
	board := make([]string, 25)
	for i := range board {
		board[i] = fmt.Sprintf("W%c", 'A'+i)
	}
	for _, tn := range turns {
		t.Run(tn.edge, func(t *testing.T) {
			rd := reading.Reading{OK: true}
			for r := range 5 {
				for c := range 5 {
					br, bc := tn.to(r, c)
					w := board[br*5+bc]
					if (r+c)%3 == 0 {
						w = "" // unread
					}
					rd.Cells = append(rd.Cells, reading.CellReading{Row: r, Col: c, Word: w})
				}
			}
			tok := [2]int{1, 2}
			rd.Token = &tok
			got := Orient(rd, board)
			if got.SeatAEdge != tn.edge {
				t.Fatalf("Orient: edge %q, want %q", got.SeatAEdge, tn.edge)
			}
			for i, c := range got.Cells {
				if c.Row*5+c.Col != i || c.Word != "" && c.Word != board[i] {
					t.Errorf("cell %d: %+v, want word %q", i, c, board[i])
				}
			}
			wr, wc := tn.to(1, 2)
			if got.Token == nil || *got.Token != [2]int{wr, wc} {
				t.Errorf("token %v, want %v", got.Token, [2]int{wr, wc})
			}
		})
	}
	few := reading.Reading{OK: true, Cells: []reading.CellReading{{Row: 0, Col: 0, Word: board[0]}, {Row: 0, Col: 1, Word: board[1]}}}
	if got := Orient(few, board); got.SeatAEdge != "" {
		t.Errorf("two words: edge %q, want none", got.SeatAEdge)
	}
}

// TestTurns: seat A's row 0 is the image's row or column farthest from
// the edge seat A sits at, and column 0 is on seat A's left.
func TestTurns(t *testing.T) {
	// the image cell that becomes seat A's (0, 0), for each edge
	want := map[string][2]int{"bottom": {0, 0}, "top": {4, 4}, "left": {0, 4}, "right": {4, 0}}
	for _, tn := range turns {
		var got [2]int
		for r := range 5 {
			for c := range 5 {
				if sr, sc := tn.to(r, c); sr == 0 && sc == 0 {
					got = [2]int{r, c}
				}
			}
		}
		if got != want[tn.edge] {
			t.Errorf("%s: seat A's (0,0) is the image's %v, want %v", tn.edge, got, want[tn.edge])
		}
	}
}
