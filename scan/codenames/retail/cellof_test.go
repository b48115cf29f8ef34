package retail

import "testing"

// TestCellOf: every point of a cell's card, as the grid places it, lies on
// that cell (lattice.cellOf), whichever way the cards' corners run against
// the grid's axes. The cards' half extents in cells (lattice.half) come out
// negative when the corners run against both axes (300027-far and
// 300037-column here; 28 of the 106 frames of the rendered tuning sets),
// and cellOf found no cell for any point of such a grid: the guess token on
// an outline-less cell was unseen (rendered 300515-phone's on KUCHAŘ,
// 300457-phone's), and refit's and addedCard's card found again on its
// cell was never taken.
func TestCellOf(t *testing.T) {
	for _, file := range []string{"rendered-300027-far.jpg", "rendered-300037-column.jpg", "rendered-300042-grey.jpg"} {
		t.Run(file, func(t *testing.T) {
			img := testImage(t, file)
			defer img.Close()
			quads, short, cm := findCards(img)
			defer cm.Close()
			lt := gridOf(t, quads, short)
			for k := range 25 {
				q := lt.cellQuad(k)
				for _, p := range [][2]float64{q.centre(), mix(q.centre(), q[0], 0.8), mix(q.centre(), q[2], 0.8)} {
					if got := lt.cellOf(p); got != k {
						t.Fatalf("cellOf(%.0f) = %d, want %d (a point of cell %d's card; half extents %.2f)", p, got, k, k, lt.half)
					}
				}
				if i := lt.cell[k]; i >= 0 {
					if got := lt.cellOf(quads[i].centre()); got != k {
						t.Fatalf("cellOf(card %d's centre %.0f) = %d, want %d", i, quads[i].centre(), got, k)
					}
				}
			}
			// a token on a cell the grid found no outline for lies on
			// that cell
			k := 12
			if got := tokenCells([][2]float64{lt.cellQuad(k).centre()}, lt, [25]Quad{}); len(got) != 1 || got[0] != k {
				t.Errorf("a token on cell %d's middle, no outline: on cells %v", k, got)
			}
		})
	}
}

// mix returns the point a share f of the way from a to b.
func mix(a, b [2]float64, f float64) [2]float64 {
	return [2]float64{a[0] + f*(b[0]-a[0]), a[1] + f*(b[1]-a[1])}
}
