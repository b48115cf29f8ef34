package retail

import "testing"

// TestAddedUnderHand: rendered 301162-webcam (as rendered; a light grey
// cloth, an arm and a hand over the far line) has its far line added by
// fitGraphShort (none of its cards outlined: the hand over two, two
// touching outlined as one), the grid on the truth's cells. The line's
// middle cell lies under the fingers, 0.87 of its middle in the card mask
// and 0.71 off the table's colour, so holdsMiddle failed it and the grid
// was refused as going on beyond five rows; counted together (heldMiddle)
// 0.93 of its points hold something, and the grid stands. The cells a
// line beyond the near line, bare cloth, hold nothing either way.
func TestAddedUnderHand(t *testing.T) {
	truth := [25][2]float64{{335, 767}, {414, 583}, {472, 433}, {523, 296}, {573, 177}, {474, 797}, {529, 621}, {587, 457}, {628, 321}, {668, 203}, {603, 829}, {659, 647}, {700, 480}, {740, 341}, {780, 222}, {751, 861}, {793, 678}, {820, 507}, {859, 365}, {887, 241}, {884, 899}, {924, 704}, {948, 534}, {964, 394}, {984, 260}}
	lt, quads, _, cm := gridOnTruth(t, "rendered-301162-hand.jpg", truth)
	defer cm.Close()
	if lt.added[0] == 0 {
		t.Fatalf("the grid added no line (the test wants fitGraphShort's)")
	}
	if !lt.alone(quads, cm) {
		t.Errorf("the grid refused")
	}
	for _, tc := range []struct {
		name string
		g    [2]float64 // grid coordinates (column, row) of the cell asked
		want bool
	}{
		{"the added line's cell under the fingers", [2]float64{4, 2}, true},
		{"the added line's first cell", [2]float64{4, 0}, true},
		{"bare cloth beyond the near line", [2]float64{-1, 2}, false},
		{"bare cloth beyond the near line's end", [2]float64{-1, 4}, false},
	} {
		// the truth's cell k = row*5+col lies at the lattice's (k%5, k/5)
		// when the lattice runs the truth's way, else turned
		g := tc.g
		if dist(lt.cellQuad(0).centre(), truth[0]) > dist(lt.cellQuad(0).centre(), truth[24]) {
			g = [2]float64{4 - g[0], 4 - g[1]}
		}
		if got := cm.heldMiddle(lt.cellAt(g)); got != tc.want {
			t.Errorf("%s: heldMiddle %v, want %v", tc.name, got, tc.want)
		}
	}
}
