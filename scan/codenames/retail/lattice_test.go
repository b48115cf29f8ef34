package retail

import (
	"errors"
	"testing"
)

// TestRowsKept: rendered 300758-webcam under a warm lamp (blue ×0.75,
// green ×0.93, red ×1.1; scaled to 960 px, 53 kB) shows its grid's first
// two rows not outlined, a cover of the pile beyond them and a cover of the
// pile below the grid. The rows' projection gave five rows, the far
// pile's cover the first, and the lattice fitted on them put that cover
// 2.6 rows off and the grid a row off, the near pile's cover its last row:
// the grid stood, 24 wrong values read. fitLattice now refuses it (the
// first row keeps no card: rowsKept), and no fit finds a grid off the
// truth's cells.
func TestRowsKept(t *testing.T) {
	truth := [25][2]float64{{255, 77}, {365, 83}, {470, 96}, {577, 99}, {689, 111}, {236, 121}, {348, 133}, {464, 142}, {580, 156}, {700, 162}, {211, 180}, {329, 191}, {459, 198}, {586, 213}, {711, 224}, {176, 248}, {307, 262}, {452, 270}, {592, 283}, {730, 300}, {137, 328}, {284, 342}, {442, 348}, {597, 372}, {751, 382}}
	img := testImage(t, "rendered-300758-warm.jpg")
	defer img.Close()
	quads, short, cm := findCards(img)
	defer cm.Close()
	if _, err := fitLattice(quads, short); !errors.Is(err, errNoGrid) {
		t.Errorf("fitLattice: err %v, want errNoGrid", err)
	}
	lt, err := fitGrid(quads, short, cm)
	if err == nil && lt.alone(quads, cm) {
		onTruth(t, lt, truth, short)
	}
}

// TestRowsKeptDrawn: the five rows of cards a lattice was fitted on are
// kept when each has a card on a cell of it; a row whose cards are all
// off it (none on a cell) was no row of the grid.
func TestRowsKeptDrawn(t *testing.T) {
	var lt lattice
	for k := range lt.cell {
		lt.cell[k] = -1
	}
	// cards 0-4 on rows 0-4's first cells, card 5 on no cell
	for r := range 5 {
		lt.cell[r*5] = r
	}
	for _, tc := range []struct {
		name string
		rows [][]int
		bad  int // the row kept no card, -1 for none
	}{
		{"each row a card", [][]int{{0}, {1}, {2}, {3}, {4}}, -1},
		{"a row with a card off", [][]int{{0, 5}, {1}, {2}, {3}, {4}}, -1},
		{"a row of a card off", [][]int{{5}, {0, 1}, {2}, {3}, {4}}, 0},
		{"the last row's card off", [][]int{{0}, {1}, {2}, {3, 4}, {5}}, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var rows [][]rowCard
			for _, row := range tc.rows {
				var rc []rowCard
				for _, i := range row {
					rc = append(rc, rowCard{i: i})
				}
				rows = append(rows, rc)
			}
			r, ok := lt.rowsKept(rows)
			if ok != (tc.bad < 0) || !ok && r != tc.bad {
				t.Errorf("rowsKept = %d, %v, want row %d", r, ok, tc.bad)
			}
		})
	}
}
