package retail

import (
	"image"
	"image/color"
	"slices"
	"testing"

	"gocv.io/x/gocv"
)

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

// TestAddedPair: a drawn grid (cards 120 × 80 px at a pitch of 150 × 110,
// beige on a blue cloth) with its last row added (none of its cards in
// quads), as rendered 301005-phone's last column was: two of the added
// line's touching cards outlined as one quad between their cells (here
// given, across the two cards and the gap) kept
// refit's card on each cell out as overlapping a card found, and both
// cells stayed unseen. That quad is two cards of the line (pairOnAdded),
// and each cell's own card is found; a quad of one card's size between
// the two cells, or the pair's quad off the line, still keeps out the
// cards whose centres it covers.
func TestAddedPair(t *testing.T) {
	const pw, ph, cw, ch = 150.0, 110.0, 120.0, 80.0
	centre := func(k int) [2]float64 { return [2]float64{100 + pw*float64(k%5), 80 + ph*float64(k/5)} }
	box := func(c [2]float64, w, h float64) Quad {
		return Quad{{c[0] - w/2, c[1] - h/2}, {c[0] + w/2, c[1] - h/2}, {c[0] + w/2, c[1] + h/2}, {c[0] - w/2, c[1] + h/2}}
	}
	img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(150, 80, 60, 0), 640, 900, gocv.MatTypeCV8UC3)
	defer img.Close()
	for k := range 25 {
		c := centre(k)
		r := image.Rect(int(c[0]-cw/2), int(c[1]-ch/2), int(c[0]+cw/2), int(c[1]+ch/2))
		gocv.Rectangle(&img, r, color.RGBA{R: 225, G: 200, B: 170}, -1)
	}
	a, b := centre(22), centre(23)
	lab := gocv.NewMat()
	defer lab.Close()
	gocv.CvtColor(img, &lab, gocv.ColorBGRToLab)
	table := borderMedian(lab)
	var quads []Quad
	var src, dst [][2]float64
	var cands []placed
	for k := range 20 {
		quads = append(quads, box(centre(k), cw, ch))
		src, dst = append(src, [2]float64{float64(k % 5), float64(k / 5)}), append(dst, centre(k))
		cands = append(cands, placed{i: len(quads) - 1, row: k / 5, col: k % 5})
	}
	lt, err := finish(quads, src, dst, cands)
	if err != nil {
		t.Fatal(err)
	}
	lt.added = [2]int{2, 4}
	mid := [2]float64{(a[0] + b[0]) / 2, a[1]}
	for _, tc := range []struct {
		name string
		q    Quad    // a quad found about cells 22 and 23
		want [2]bool // whether cells 22 and 23's own cards are found
	}{
		{"the two cards outlined as one", box(mid, pw+cw, ch), [2]bool{true, true}},
		// over cell 22's centre, 0.35 cells towards 23
		{"a card's size between the cells", box([2]float64{a[0] + 0.35*pw, a[1]}, cw, ch), [2]bool{false, true}},
		// over both cells' centres, 0.35 cells across the line
		{"the two cards' size off the line", box([2]float64{mid[0], mid[1] + 0.35*ph}, pw+cw, ch), [2]bool{false, false}},
	} {
		all := append(slices.Clone(quads), tc.q)
		for j, k := range []int{22, 23} {
			q, ok := addedCard(img, lt, k, all, table)
			if ok != tc.want[j] {
				t.Errorf("%s: cell %d's card found %v, want %v", tc.name, k, ok, tc.want[j])
			}
			if ok && dist(q.centre(), centre(k)) > 0.1*ch {
				t.Errorf("%s: cell %d's card found %.1f px off", tc.name, k, dist(q.centre(), centre(k)))
			}
		}
	}
}
