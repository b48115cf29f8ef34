package retail

import (
	"math"
	"testing"

	"gocv.io/x/gocv"
)

// TestGraphRendered: two rendered held-out tables (scaled to 960 px) whose
// rows the straight projection cannot tell apart, read by the cards'
// links: 300020-webcam's grid is sheared by the tilt (its rows' cards
// drift by a third of a card's width from row to row, and the cards are
// parallelograms), and 300067-phone has a spare card turned across the
// grid's axis beside it, a sixth row of one card. Every cell of the
// grid found lies on its cell of the render's truth (or the truth turned
// by 180 degrees: nothing on the cards tells the ends apart).
func TestGraphRendered(t *testing.T) {
	for _, tc := range []struct {
		file  string
		truth [25][2]float64
	}{
		{"rendered-300020-sheared.jpg", [25][2]float64{{311, 89}, {399, 102}, {487, 117}, {588, 131}, {690, 148}, {283, 129}, {379, 143}, {472, 161}, {575, 178}, {682, 199}, {254, 173}, {353, 192}, {454, 211}, {563, 231}, {680, 256}, {223, 229}, {325, 250}, {437, 269}, {551, 295}, {669, 318}, {185, 288}, {292, 308}, {406, 335}, {529, 364}, {666, 396}}},
		{"rendered-300067-spare.jpg", [25][2]float64{{352, 452}, {373, 359}, {397, 266}, {423, 184}, {444, 100}, {415, 467}, {435, 372}, {460, 282}, {480, 193}, {500, 112}, {473, 481}, {499, 387}, {516, 300}, {541, 211}, {560, 124}, {540, 492}, {558, 399}, {583, 311}, {600, 227}, {622, 137}, {601, 510}, {622, 421}, {640, 329}, {662, 240}, {680, 151}}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			img := testImage(t, tc.file)
			defer img.Close()
			quads, short, cm := findCards(img)
			defer cm.m.Close()
			if _, err := fitLattice(quads, short); err == nil {
				t.Logf("the rows' projection found a grid too")
			}
			lt, err := fitGraph(quads)
			if err != nil {
				t.Fatalf("no grid from %d cards: %v", len(quads), err)
			}
			worst := [2]float64{}
			for k := range 25 {
				c := lt.cellQuad(k).centre()
				for turn, want := range [2][2]float64{tc.truth[k], tc.truth[24-k]} {
					worst[turn] = math.Max(worst[turn], dist(c, want))
				}
			}
			if off := math.Min(worst[0], worst[1]); off > 0.3*short {
				t.Errorf("a cell lies %.0f px from the truth's (a card's short side is %.0f)", off, short)
			}
		})
	}
}

// TestAlonePile: rendered held-out 300097-phone (scaled to 960 px) has a
// pile of spare cards a card's pitch beyond the grid's side, in line with
// a row: one card where a sixth column would be, while the grid's line on
// the other side holds five cards. The grid stands (it was refused as
// possibly off by a column).
func TestAlonePile(t *testing.T) {
	img := gocv.IMRead("testdata/rendered-300097-pile.jpg", gocv.IMReadColor)
	if img.Empty() {
		t.Fatal("testdata/rendered-300097-pile.jpg: not an image")
	}
	defer img.Close()
	quads, short, cm := findCards(img)
	defer cm.m.Close()
	lt, err := fitLattice(quads, short)
	if err != nil {
		lt, err = fitGraph(quads)
	}
	if err != nil {
		t.Fatalf("no grid from %d cards: %v", len(quads), err)
	}
	if !lt.alone(quads, cm) {
		t.Errorf("the grid beside a pile refused")
	}
}
