package codenames_test

import (
	"math"
	"testing"

	"fieldkit/markers"
	"fieldkit/scan"
	"fieldkit/scan/codenames"

	"gocv.io/x/gocv"
)

// table lays markers as a camera straight above the table would see them,
// 4 pixels per millimetre, cards 80 x 55 mm apart.
type table struct{ ms []scan.Marker }

const tablePx = 4.0

// square adds marker id with its centre at (x, y) millimetres, side mm,
// turned by deg degrees.
func (tb *table) square(id int, x, y, side, deg float64) {
	a := deg * math.Pi / 180
	c, s := math.Cos(a), math.Sin(a)
	var m scan.Marker
	m.ID = id
	for k, d := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		dx, dy := d[0]*side/2, d[1]*side/2
		m.Corners[k] = gocv.Point2f{X: float32(tablePx * (x + c*dx - s*dy)), Y: float32(tablePx * (y + s*dx + c*dy))}
	}
	tb.ms = append(tb.ms, m)
}

// card adds word face id centred on (x, y), turned by deg degrees.
func (tb *table) card(id int, x, y, deg float64) {
	a := deg * math.Pi / 180
	for _, side := range []float64{-1, 1} {
		tb.square(id, x+side*25*math.Cos(a), y+side*25*math.Sin(a), 11, deg)
	}
}

// grid lays word faces 0..24 on the cells, column c at x = 100 + 80c,
// row r at y = 100 + 55r.
func (tb *table) grid() { tb.columns(5) }

// columns lays the grid's first n columns as grid does.
func (tb *table) columns(n int) {
	for r := range 5 {
		for c := range n {
			tb.card(5*r+c, 100+80*float64(c), 100+55*float64(r), 0)
		}
	}
}

// hiddenLastColumn lays the grid with its last column hidden under a hand
// but for its first two cards.
func (tb *table) hiddenLastColumn() {
	tb.columns(4)
	tb.card(4, 100+80*4, 100, 0)
	tb.card(9, 100+80*4, 155, 0)
}

// TestSpareCardsBesideTheGrid: cards beside the grid, squared on the
// lattice or fanned, are ignored; the grid is read.
func TestSpareCardsBesideTheGrid(t *testing.T) {
	var tb table
	tb.grid()
	// A squared pile on the lattice, one cell right of row 2, and a
	// fanned pile below the grid.
	tb.card(100, 100+80*5, 100+55*2, 0)
	for k := range 4 {
		tb.card(110+k, 180+15*float64(k), 100+55*5+5*float64(k), 8*float64(k))
	}
	s := &codenames.Scanner{}
	obs := s.ReadMarkers(tb.ms, nil)
	if !obs.OK {
		t.Fatalf("ReadMarkers(grid and piles) refused: %s: %s", obs.Refusal, obs.Reason)
	}
	for r := range 5 {
		for c := range 5 {
			// Seat A is at the bottom: as laid.
			if got := obs.Cells[r][c].Card; got != 5*r+c {
				t.Errorf("[%d,%d] card %d, want %d", r, c, got, 5*r+c)
			}
		}
	}
	if len(obs.Ignored) < 2 {
		t.Errorf("ReadMarkers(grid and piles) ignored %d pieces, want the piles' cards", len(obs.Ignored))
	}
	for _, ig := range obs.Ignored {
		if ig.ID < 100 {
			t.Errorf("grid card %d ignored (%s)", ig.ID, ig.Why)
		}
	}
}

// TestNullWithWhy: a card turned across a cell, and two lone markers that
// disagree, leave the cell's card null with the reason.
func TestNullWithWhy(t *testing.T) {
	var tb table
	for r := range 5 {
		for c := range 5 {
			switch {
			case r == 1 && c == 1:
				tb.card(200, 180, 155, 35) // a spare card dropped across [1,1]
			case r == 3 && c == 3:
				// One marker of each of two cards where one card lies.
				tb.square(201, 340-25, 265, 11, 0)
				tb.square(202, 340+25, 265, 11, 0)
			default:
				tb.card(5*r+c, 100+80*float64(c), 100+55*float64(r), 0)
			}
		}
	}
	obs := (&codenames.Scanner{}).ReadMarkers(tb.ms, nil)
	if !obs.OK {
		t.Fatalf("ReadMarkers refused: %s: %s", obs.Refusal, obs.Reason)
	}
	for _, tc := range []struct {
		r, c int
		why  string
	}{{1, 1, "turned"}, {3, 3, "disagree"}, {0, 0, ""}} {
		cell := obs.Cells[tc.r][tc.c]
		if tc.why != "" && (cell.Card != -1 || cell.Why != tc.why) {
			t.Errorf("[%d,%d] = card %d, why %q; want null, %q", tc.r, tc.c, cell.Card, cell.Why, tc.why)
		}
		if tc.why == "" && (cell.Card != 0 || cell.Why != "") {
			t.Errorf("[%d,%d] = card %d, why %q; want 0", tc.r, tc.c, cell.Card, cell.Why)
		}
	}
}

// TestRequireSeat: without a seat marker a scanner that requires one
// refuses, unless an earlier frame's seat marker fixed the side; the
// default scanner says it did not see one.
func TestRequireSeat(t *testing.T) {
	var tb table
	tb.grid()
	plain := tb.ms
	// The seat marker beyond the top side: seat A faces the top.
	tb.square(markers.SeatID, 260, 100-55, 14, 0)
	withSeat := tb.ms

	s := &codenames.Scanner{}
	if o := s.ReadMarkers(plain, nil); !o.OK || o.SeatMarker || o.SeatA != codenames.Bottom {
		t.Errorf("default scanner, no seat marker: ok %v, seat marker %v, seat A %v; want read, false, bottom", o.OK, o.SeatMarker, o.SeatA)
	}
	strict := &codenames.Scanner{RequireSeat: true}
	if o := strict.ReadMarkers(plain, nil); o.OK || o.Refusal != codenames.NoSeat {
		t.Errorf("RequireSeat, no seat marker: ok %v, %v; want no-seat-marker", o.OK, o.Refusal)
	}
	first := strict.ReadMarkers(withSeat, nil)
	if !first.OK || !first.SeatMarker || first.SeatA != codenames.Top {
		t.Fatalf("RequireSeat, seat marker at the top: ok %v, seat marker %v, seat A %v (%s)", first.OK, first.SeatMarker, first.SeatA, first.Reason)
	}
	later := strict.ReadMarkers(plain, first.Grid())
	if !later.OK || !later.PriorSeat || later.SeatA != codenames.Top {
		t.Fatalf("RequireSeat, marker gone, prior: ok %v, prior seat %v, seat A %v (%s); want the earlier side", later.OK, later.PriorSeat, later.SeatA, later.Reason)
	}
	if later.Cells[0][0].Card != first.Cells[0][0].Card {
		t.Errorf("with the prior's side, [0,0] card %d, want %d", later.Cells[0][0].Card, first.Cells[0][0].Card)
	}
}

// TestPileBesideAHiddenLine: the grid's last row is hidden (a hand, an arm)
// and a spare card lies on the lattice beyond its first row. The five lines
// seen are not the grid: the scanner refuses rather than read every cell one
// row off.
func TestPileBesideAHiddenLine(t *testing.T) {
	var tb table
	for r := range 4 {
		for c := range 5 {
			tb.card(5*r+c, 100+80*float64(c), 100+55*float64(r), 0)
		}
	}
	tb.card(100, 100+80*2, 100-55, 0)
	obs := (&codenames.Scanner{}).ReadMarkers(tb.ms, nil)
	if obs.OK {
		t.Fatalf("ReadMarkers(4 rows and a spare card) read a grid; want a refusal")
	}
	if obs.Refusal != codenames.PartGrid {
		t.Errorf("ReadMarkers(4 rows and a spare card) = %v (%s), want part-of-grid", obs.Refusal, obs.Reason)
	}
}

// TestPileBesideAHalfSeenLine: a hand hides the grid's last column but for
// two whole cards and one marker each of two more, and a spare card lies on
// the lattice beyond the first column. The lone markers put their cards
// snug on their cells, so the grid's block stands out from the one shifted
// onto the spare card, and is read.
func TestPileBesideAHalfSeenLine(t *testing.T) {
	var tb table
	tb.hiddenLastColumn()
	tb.square(14, 100+80*4-25, 210, 11, 0)
	tb.square(19, 100+80*4-25, 265, 11, 0)
	tb.card(100, 100-80, 210, 0)
	obs := (&codenames.Scanner{}).ReadMarkers(tb.ms, nil)
	if !obs.OK {
		t.Fatalf("ReadMarkers refused: %s: %s", obs.Refusal, obs.Reason)
	}
	for r := range 5 {
		for c := range 5 {
			want := 5*r + c
			if r == 4 && c == 4 {
				want = -1
			}
			if got := obs.Cells[r][c].Card; got != want {
				t.Errorf("[%d,%d] card %d, want %d", r, c, got, want)
			}
		}
	}
}

// TestLoneMarkersBesideAHiddenLine: the grid's last column is hidden but for
// two cards, and beyond its first column lie a spare card and one marker
// each of four more, their cards 0.18 cells off the lattice's cells either
// way. Counted as cells, they would make the block shifted onto them stand
// out (read one column off); lone markers count only snug on their cells,
// so no block stands out and the scanner refuses.
func TestLoneMarkersBesideAHiddenLine(t *testing.T) {
	var tb table
	tb.hiddenLastColumn()
	tb.card(100, 100-80, 210, 0)
	for i, r := range []int{0, 1, 3, 4} {
		off := 0.18 * 80
		if i%2 == 1 {
			off = -off
		}
		tb.square(101+r, 100-80-25+off, 100+55*float64(r), 11, 0)
	}
	obs := (&codenames.Scanner{}).ReadMarkers(tb.ms, nil)
	if obs.OK || obs.Refusal != codenames.NotAGrid {
		t.Errorf("ReadMarkers = ok %v, %v (%s); want not-a-grid", obs.OK, obs.Refusal, obs.Reason)
	}
}
