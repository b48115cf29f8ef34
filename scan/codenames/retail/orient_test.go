package retail

import (
	"fmt"
	"slices"
	"strings"
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

// TestOrientMisplaced: a reading whose words agree on a turn but where a
// board word lies on another cell than its own (a row taken from beside the
// grid, two cells swapped) is refused as "misplaced", its cells dropped;
// a reading with every word on its cell is turned.
func TestOrientMisplaced(t *testing.T) {
	board := make([]string, 25)
	for i := range board {
		board[i] = fmt.Sprintf("W%c", 'A'+i)
	}
	read := func(change func(words []string)) reading.Reading {
		words := slices.Clone(board)
		change(words)
		rd := reading.Reading{OK: true}
		for i, w := range words {
			rd.Cells = append(rd.Cells, reading.CellReading{Row: i / 5, Col: i % 5, Word: w})
		}
		tok := [2]int{1, 1}
		rd.Token = &tok
		return rd
	}
	for _, tc := range []struct {
		name   string
		change func(words []string)
		word   string // the misplaced word named, "" for a turned reading
	}{
		{"right", func([]string) {}, ""},
		{"unread cells", func(w []string) { w[3], w[17] = "", "" }, ""},
		{"a row read twice", func(w []string) { copy(w[20:], w[15:20]) }, "WP"},
		{"two swapped", func(w []string) { w[6], w[7] = w[7], w[6] }, "WH"},
		{"one word on another's cell", func(w []string) { w[24] = "WA" }, "WA"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Orient(read(tc.change), board)
			if tc.word == "" {
				if !got.OK || got.SeatAEdge != "bottom" {
					t.Fatalf("ok %v, edge %q; want a turned reading", got.OK, got.SeatAEdge)
				}
				return
			}
			if got.OK || got.Refusal != "misplaced" || len(got.Cells) != 0 || got.Token != nil || got.SeatAEdge != "" {
				t.Fatalf("ok %v, refusal %q, %d cells, token %v, edge %q; want refused as misplaced, no cells",
					got.OK, got.Refusal, len(got.Cells), got.Token, got.SeatAEdge)
			}
			if got.Msg == nil || got.Msg.ID != "cn.scan.boxed_misplaced" || !strings.Contains(got.Reason, tc.word) {
				t.Errorf("msg %v, reason %q; want cn.scan.boxed_misplaced naming %s", got.Msg, got.Reason, tc.word)
			}
		})
	}
}
