package retail

import (
	"errors"
	"strings"
	"testing"
)

// TestRowsKept: rendered 300758-webcam shows its grid's first row not
// outlined and a cover of the pile beyond it, taken by the rows'
// projection for the first row; the lattice fitted on the five rows puts
// that cover 1.6-2.6 rows off (rowsKept). As rendered (scaled to 1280 px,
// 77 kB) the other four rows are the grid's: the second row's one card
// outlined lies on its cell in the lattice fitted without it
// (loneOnCell), and the grid stands on the truth's cells. Under a warm
// lamp (blue ×0.75, green ×0.93, red ×1.1; scaled to 960 px, 53 kB) the
// second row is not outlined either and a cover of the pile below the
// grid is the last row, alone on it and 0.33 cells off its cell without
// it: the lattice was a row off and stood (24 wrong values read); now
// fitLattice refuses it, and no fit finds a grid off the truth's cells.
func TestRowsKept(t *testing.T) {
	for _, tc := range []struct {
		file  string
		truth [25][2]float64
		stand bool
	}{
		{"rendered-300758-pilerow.jpg", [25][2]float64{{341, 103}, {486, 111}, {626, 127}, {770, 132}, {919, 147}, {314, 161}, {464, 177}, {618, 189}, {773, 208}, {934, 216}, {282, 240}, {438, 255}, {612, 263}, {781, 284}, {948, 299}, {234, 330}, {410, 349}, {602, 360}, {789, 378}, {973, 400}, {183, 438}, {379, 456}, {589, 464}, {796, 496}, {1001, 509}}, true},
		{"rendered-300758-warm.jpg", [25][2]float64{{255, 77}, {365, 83}, {470, 96}, {577, 99}, {689, 111}, {236, 121}, {348, 133}, {464, 142}, {580, 156}, {700, 162}, {211, 180}, {329, 191}, {459, 198}, {586, 213}, {711, 224}, {176, 248}, {307, 262}, {452, 270}, {592, 283}, {730, 300}, {137, 328}, {284, 342}, {442, 348}, {597, 372}, {751, 382}}, false},
	} {
		t.Run(tc.file, func(t *testing.T) {
			img := testImage(t, tc.file)
			defer img.Close()
			quads, short, cm := findCards(img)
			defer cm.Close()
			lost := false
			dbg = func(format string, _ ...any) {
				if strings.HasPrefix(format, "rows: row") {
					lost = true
				}
			}
			defer func() { dbg = func(string, ...any) {} }()
			lt, err := fitLattice(quads, short)
			if !lost {
				t.Errorf("no row of the projection lost")
			}
			if tc.stand {
				if err != nil {
					t.Fatalf("fitLattice: %v", err)
				}
				onTruth(t, lt, tc.truth, short)
				if !lt.alone(quads, cm) {
					t.Errorf("the grid refused")
				}
				return
			}
			if !errors.Is(err, errNoGrid) {
				t.Errorf("fitLattice: err %v, want errNoGrid", err)
			}
			if lt, err := fitGrid(quads, short, cm); err == nil && lt.alone(quads, cm) {
				onTruth(t, lt, tc.truth, short)
			}
		})
	}
}

// TestLoneOnCell: a drawn lattice whose last row holds one card: it is on
// its cell without it when it lies within maxLoneOff of it, and not when
// it lies 0.3 cells beyond (a pile's card taken for the row).
func TestLoneOnCell(t *testing.T) {
	h := [9]float64{120, 10, 100, 0, 80, 100, 0, 0.02, 1} // rows nearer below
	for _, tc := range []struct {
		name string
		off  float64 // the lone card's offset across the rows, in cells
		ok   bool
	}{
		{"on its cell", 0.05, true},
		{"0.3 beyond", 0.3, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var lt lattice
			var quads []Quad
			for k := range lt.cell {
				lt.cell[k] = -1
				if k/5 == 4 && k != 21 {
					continue
				}
				g := [2]float64{float64(k % 5), float64(k / 5)}
				if k == 21 {
					g[1] += tc.off
				}
				c := apply(h, g)
				lt.cell[k] = len(quads)
				quads = append(quads, Quad{{c[0] - 40, c[1] - 25}, {c[0] + 40, c[1] - 25}, {c[0] + 40, c[1] + 25}, {c[0] - 40, c[1] + 25}})
			}
			k, ok := lt.loneOnCell(quads)
			if ok != tc.ok || !ok && k != 21 {
				t.Errorf("loneOnCell = %d, %v, want %v", k, ok, tc.ok)
			}
		})
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

// TestPileRowRefused: rendered 300902-webcam (as rendered; a tan cloth,
// 39° from above): the far row of beige cards is in the card mask but no
// pass outlines it, and a card of the pile below the grid, cut by the
// frame's edge, is outlined alone. The rows' projection took that card
// for the last row and the grid's four rows outlined for its first four
// (RMS 0.090): every word read was the word of the card below it.
// fitLattice refuses it (the lone card lies 0.51 cells off its cell in
// the lattice fitted without it).
func TestPileRowRefused(t *testing.T) {
	img := testImage(t, "rendered-300902-pilerow.jpg")
	quads, short, cm := findCards(img)
	img.Close()
	defer cm.Close()
	if _, err := fitLattice(quads, short); err == nil {
		t.Errorf("fitLattice found a grid; want none (a pile's card taken for a row)")
	}
}
