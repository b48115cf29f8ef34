package retail

import "testing"

// TestPileShifted: rendered 301177-phone (shrunk to 1280 px), a green
// cloth under a drawn lamp, the grid's far row not outlined and a pile of
// spares 15 mm below its near row, in line with its fourth column, its
// top card outlined. The graph linked the pile's card to the four rows
// seen and a lattice of five rows stood on them, the pile's card alone
// on its row: every card read on the cell after its own (18 words and 3
// covers wrong). fitGrid moves the lattice a row back (pileShifted), the
// far row recorded as added, every cell on the render's truth, and the
// grid stands alone with the pile's card beyond it (addedFacing).
func TestPileShifted(t *testing.T) {
	truth := [25][2]float64{{247, 128}, {368, 143}, {482, 153}, {592, 165}, {702, 180}, {235, 191}, {358, 204}, {478, 217}, {595, 233}, {711, 242}, {217, 267}, {346, 279}, {476, 290}, {595, 298}, {718, 315}, {191, 345}, {332, 358}, {470, 364}, {599, 380}, {730, 394}, {174, 433}, {316, 445}, {460, 456}, {602, 465}, {739, 480}}
	img := testImage(t, "rendered-301177-pile.png")
	defer img.Close()
	quads, short, cm := findCards(img)
	defer cm.Close()
	lt, err := fitGrid(quads, short, cm)
	if err != nil {
		t.Fatalf("no grid from %d cards: %v", len(quads), err)
	}
	if off := offTruth(lt, truth); off > 0.3*short {
		t.Errorf("a cell %.0f px off the truth's (a card's short side %.0f px)", off, short)
	}
	if want := [2]int{2, 0}; lt.added != want && lt.added != [2]int{2, 4} {
		t.Errorf("added line %v, want a row at an end", lt.added)
	}
	if !lt.alone(quads, cm) {
		t.Error("the grid moved does not stand alone")
	}
}

// TestShifted: a lattice moved a line each way along each axis puts every
// cell where the unmoved one's neighbour lay, carries the cards over, and
// counts the card it loses as a spare.
func TestShifted(t *testing.T) {
	var lt lattice
	lt.h = [9]float64{100, 10, 50, 5, 80, 40, 0.001, 0.002, 1}
	lt.inv, _ = invert(lt.h)
	lt.half = [2]float64{0.4, 0.3}
	for k := range 25 {
		lt.cell[k] = -1
	}
	lt.cell[0], lt.cell[12], lt.cell[24] = 7, 8, 9
	for _, tc := range []struct {
		axis, s int
		added   [2]int
		cells   map[int]int
		spares  int
	}{
		{1, -1, [2]int{2, 0}, map[int]int{5: 7, 17: 8}, 1},
		{1, 1, [2]int{2, 4}, map[int]int{7: 8, 19: 9}, 1},
		{0, -1, [2]int{1, 0}, map[int]int{1: 7, 13: 8}, 1},
		{0, 1, [2]int{1, 4}, map[int]int{11: 8, 23: 9}, 1},
	} {
		got := lt.shifted(tc.axis, tc.s)
		if got.added != tc.added || got.spares != tc.spares {
			t.Errorf("axis %d by %d: added %v, spares %d; want %v, %d", tc.axis, tc.s, got.added, got.spares, tc.added, tc.spares)
		}
		for k := range 25 {
			want, ok := tc.cells[k]
			if !ok {
				want = -1
			}
			if got.cell[k] != want {
				t.Errorf("axis %d by %d: cell %d holds %d, want %d", tc.axis, tc.s, k, got.cell[k], want)
			}
			g := [2]float64{float64(k % 5), float64(k / 5)}
			c := g
			c[tc.axis] += float64(tc.s)
			if d := dist(apply(got.h, g), apply(lt.h, c)); d > 1e-6 {
				t.Errorf("axis %d by %d: cell %d lies %.2g px off its neighbour's", tc.axis, tc.s, k, d)
			}
			if back := apply(got.inv, apply(got.h, g)); dist(back, g) > 1e-9 {
				t.Errorf("axis %d by %d: cell %d's inverse gives %v", tc.axis, tc.s, k, back)
			}
		}
	}
}
