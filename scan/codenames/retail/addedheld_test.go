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

// TestAddedFoundFrame: rendered 301169-phone (a tan cloth under a drawn
// lamp, its paper bluish: the frame is balanced before its cards are
// classed and read) has its first column added by fitGraphShort, its
// four word cards (cells 5, 10, 15 and 20) outlined by no pass. refit
// finds each card's own edges against the table's colour as the card
// mask measured it, in the frame the cards were found in; in the balanced
// frame, where Read looked for them, the table is no longer that colour
// and none is found, and the four cells were read as unseen (in the
// crop, encoded again, one of them is). Read now looks in the frame the
// cards were found in (addedCard's found). The
// crop (testdata, 1400 × 1000 px at 0, 150 of the 4000 px frame) is put
// back on a canvas of the frame's size; the lattice, the cards on it and
// the table's colour are the whole frame's, as findCards and
// fitGraphShort gave them, and the balance its paper's tint gave.
func TestAddedFoundFrame(t *testing.T) {
	crop := testImage(t, "rendered-301169-added.jpg")
	defer crop.Close()
	found := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(128, 128, 128, 0), 3000, 4000, gocv.MatTypeCV8UC3)
	defer found.Close()
	roi := found.Region(image.Rect(0, 150, crop.Cols(), 150+crop.Rows()))
	crop.CopyTo(&roi)
	roi.Close()
	lt := lattice{h: [9]float64{170.92732515332094, -222.13274390825816, 1199.759054241077, 331.9691177239034, 53.28656359604929, 395.0434168778728, 0.015186073606757573, -0.04342107792362612, 1}, inv: [9]float64{0.0010643030171128844, 0.002569171528350176, -2.2918414803420792, -0.0049252118315377515, 0.0023073222818415294, 4.997575010885567, -0.0002300205906853365, 6.117079265684827e-05, 1.251804167392324}, cell: [25]int{0, -1, 1, 2, 3, -1, -1, 4, 5, -1, -1, 6, 7, 8, 9, -1, 10, 11, 12, 13, -1, 14, 15, 16, 17}, half: [2]float64{-0.448893364564776, -0.4111779412261088}, rms: 0.03867281250583536, added: [2]int{1, 0}}
	quads := []Quad{{{1216.667, 587.5}, {1058.333, 291.667}, {1191.667, 233.333}, {1341.667, 516.667}}, {{1520.317, 1205.672}, {1368.995, 944.26}, {1475.711, 861.426}, {1622.476, 1113.641}}, {{1641.667, 1512.5}, {1500, 1229.167}, {1625, 1150}, {1754.167, 1425}}, {{1775, 1791.667}, {1666.667, 1520.833}, {1787.5, 1441.667}, {1891.667, 1708.333}}, {{1333.333, 1300}, {1204.167, 1004.167}, {1354.167, 933.333}, {1470.833, 1225}}, {{1483.333, 1645.833}, {1350, 1350}, {1504.167, 1266.667}, {1629.167, 1541.667}}, {{1010.432, 1103.088}, {835.859, 805.188}, {986.334, 717.56}, {1146.542, 1015.831}}, {{1183.333, 1433.333}, {1008.333, 1104.167}, {1187.5, 1004.167}, {1316.667, 1354.167}}, {{1329.167, 1766.667}, {1170.833, 1475}, {1308.333, 1375}, {1462.5, 1654.167}}, {{1462.5, 2075}, {1337.5, 1779.167}, {1483.333, 1687.5}, {1600, 1970.833}}, {{764.829, 1199.738}, {613.431, 874.162}, {797.941, 796.278}, {944.632, 1117.322}}, {{965.076, 1562.347}, {822.899, 1245.922}, {997.645, 1163.067}, {1135.213, 1470.331}}, {{1162.5, 1912.5}, {995.833, 1612.5}, {1145.833, 1500}, {1308.333, 1787.5}}, {{1316.667, 2233.333}, {1145.833, 1950}, {1287.5, 1825}, {1450, 2100}}, {{583.686, 1334.53}, {385.909, 1004.657}, {584.806, 907.038}, {753.932, 1232.941}}, {{775, 1700}, {570.833, 1383.333}, {750, 1258.333}, {941.667, 1562.5}}, {{929.167, 2054.167}, {783.333, 1720.833}, {970.833, 1616.667}, {1108.333, 1937.5}}, {{1137.5, 2404.167}, {954.167, 2112.5}, {1112.5, 1970.833}, {1283.333, 2250}}}
	table := [3]float64{110, 129, 135}
	truth := map[int][2]float64{5: {1011, 471}, 10: {829, 547}, 15: {606, 631}, 20: {372, 743}}
	bal := balanced(found, 0.6416899534264803, 0.8123404255319149)
	defer bal.Close()
	for _, tc := range []struct {
		name     string
		img      gocv.Mat
		min, max int // how many of the four cards must be found
	}{{"the frame the cards were found in", found, 4, 4}, {"the balanced frame", bal, 0, 1}} {
		n := 0
		for _, k := range []int{5, 10, 15, 20} {
			q, ok := addedCard(tc.img, lt, k, quads, table)
			if !ok {
				continue
			}
			n++
			if dist(q.centre(), truth[k]) > 20 {
				t.Errorf("%s: cell %d's card found %.0f px from the truth's", tc.name, k, dist(q.centre(), truth[k]))
			}
		}
		if n < tc.min || n > tc.max {
			t.Errorf("%s: %d of the four cards found, want %d to %d", tc.name, n, tc.min, tc.max)
		}
	}
}
