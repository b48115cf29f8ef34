package retail

import (
	"image"
	"image/color"
	"math"
	"strings"
	"testing"

	"gocv.io/x/gocv"
)

// TestSpareBeyond: rendered frames (1920 px, as rendered) whose grid lies
// on the truth's cells but for one spare card just beyond a side, in line
// with a row, while the line on the other side holds fewer than five
// cells by outline and card mask, or fewer than three outlines:
// 300634-webcam (RYBA beside the first row, 0.22 cells farther out than
// the cell beyond; the last column under an arm, two of its cards
// outlined) and 300680-webcam (ŚLIMAK beside the last row; the last
// column's covers not outlined, a line fitGraphShort added on the other
// side) and 300713-phone (scaled to 1600 px; a spare bystander beside the
// first column, between two rows' cells, its rim over the cell next to
// its own; a light grey cloth whose beige cards the mask misses, the last
// column three outlines). All were refused as going on beyond five
// columns; the rest of the line beyond is bare cloth
// (lattice.spareBeyond), so they stand.
// Print drawn on a cell of that line (as a word card's the card mask
// missed would show) refuses the grid again.
func TestSpareBeyond(t *testing.T) {
	dbg = t.Logf
	defer func() { dbg = func(string, ...any) {} }()
	for _, tc := range []struct {
		file  string
		side  int
		truth [25][2]float64
	}{
		{"rendered-300634-spare.jpg", 0, [25][2]float64{{554, 253}, {745, 271}, {938, 293}, {1140, 319}, {1335, 338}, {515, 362}, {718, 380}, {918, 401}, {1124, 427}, {1338, 449}, {463, 473}, {676, 501}, {905, 523}, {1117, 544}, {1343, 580}, {428, 605}, {652, 621}, {876, 660}, {1113, 691}, {1354, 714}, {379, 738}, {603, 771}, {854, 808}, {1097, 846}, {1353, 880}}},
		{"rendered-300713-spare.jpg", 0, [25][2]float64{{566, 614}, {670, 490}, {777, 380}, {881, 259}, {980, 145}, {617, 679}, {727, 551}, {844, 422}, {950, 297}, {1054, 181}, {676, 748}, {795, 605}, {912, 477}, {1030, 341}, {1141, 216}, {741, 829}, {874, 679}, {1001, 532}, {1117, 391}, {1231, 260}, {829, 922}, {958, 762}, {1087, 604}, {1216, 456}, {1336, 311}}},
		{"rendered-300680-spare.jpg", 1, [25][2]float64{{919, 244}, {1072, 283}, {1226, 322}, {1397, 368}, {1569, 410}, {863, 321}, {1027, 364}, {1190, 402}, {1371, 455}, {1560, 504}, {802, 401}, {978, 447}, {1153, 494}, {1336, 551}, {1535, 607}, {741, 489}, {924, 549}, {1108, 599}, {1310, 662}, {1520, 721}, {676, 592}, {853, 660}, {1053, 717}, {1262, 785}, {1494, 862}}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			lt, quads := standsOnTruth(t, tc.file, tc.truth)
			// print on a bare cell of the line beyond (the one farthest
			// from the spare): the grid may be off by a line
			var far [2]int
			for i := range 5 {
				c := beyondCell(tc.side, i)
				if spareNear(lt, quads, c) {
					continue
				}
				far = c
			}
			refusedWithPrint(t, tc.file, lt.cellAt([2]float64{float64(far[0]), float64(far[1])}))
		})
	}
}

// spareNear reports whether a card of quads lies within a cell of grid
// cell c.
func spareNear(lt lattice, quads []Quad, c [2]int) bool {
	for _, q := range quads {
		g := apply(lt.inv, q.centre())
		if math.Abs(g[0]-float64(c[0])) < 1 && math.Abs(g[1]-float64(c[1])) < 1 {
			return true
		}
	}
	return false
}

// drawPrint draws a word card's print (no card of its own colour: the
// lines a card the mask missed would show) over the middle of q: a frame
// and a row of letter strokes, grey.
func drawPrint(img *gocv.Mat, q Quad) {
	at := func(s, t float64) image.Point {
		top := [2]float64{q[0][0] + s*(q[1][0]-q[0][0]), q[0][1] + s*(q[1][1]-q[0][1])}
		bot := [2]float64{q[3][0] + s*(q[2][0]-q[3][0]), q[3][1] + s*(q[2][1]-q[3][1])}
		return image.Pt(int(top[0]+t*(bot[0]-top[0])), int(top[1]+t*(bot[1]-top[1])))
	}
	ink := color.RGBA{90, 90, 90, 0}
	for _, e := range [][4]float64{{0.2, 0.2, 0.8, 0.2}, {0.8, 0.2, 0.8, 0.8}, {0.8, 0.8, 0.2, 0.8}, {0.2, 0.8, 0.2, 0.2}} {
		gocv.Line(img, at(e[0], e[1]), at(e[2], e[3]), ink, 2)
	}
	for s := 0.3; s < 0.7; s += 0.06 {
		gocv.Line(img, at(s, 0.55), at(s+0.03, 0.7), ink, 2)
	}
}

// TestPrintedCells: rendered 300752-webcam (scaled to 960 px), beige word
// cards on a light grey cloth, 15 of them outlined here (every row and
// column with one), the other cells' cards showing too little of the
// table's colour off for alone's light-cloth test (0.60-0.78 of their
// pixels, 0.75 wanted): refused as going on beyond. Every cell of the four
// lines beyond the grid is bare cloth, and the cells without an outline
// show a card's print (lattice.printed): the grid stands, on the truth's
// cells. With print drawn on a cell beyond its last column (a line of
// cards the mask missed) it is refused again.
func TestPrintedCells(t *testing.T) {
	dbg = t.Logf
	defer func() { dbg = func(string, ...any) {} }()
	truth := [25][2]float64{{229, 149}, {349, 147}, {460, 143}, {576, 140}, {691, 135}, {217, 206}, {337, 207}, {465, 206}, {588, 200}, {710, 194}, {204, 278}, {333, 277}, {465, 271}, {593, 265}, {728, 260}, {186, 355}, {321, 357}, {468, 349}, {609, 343}, {751, 337}, {164, 451}, {316, 443}, {472, 436}, {622, 437}, {774, 430}}
	lt, _ := standsOnTruth(t, "rendered-300752-printed.jpg", truth)
	refusedWithPrint(t, "rendered-300752-printed.jpg", lt.cellAt([2]float64{5, 2}))
}

// refusedWithPrint draws a card's print (drawPrint) at q, a cell beyond the
// grid, on the rendered frame file: the grid may be off by a line there,
// and must be refused (no fit, or not alone).
func refusedWithPrint(t *testing.T, file string, q Quad) {
	t.Helper()
	img := testImage(t, file)
	defer img.Close()
	drawPrint(&img, q)
	quads, short, cm := findCards(img)
	defer cm.Close()
	if lt, err := fitGrid(quads, short, cm); err == nil && lt.alone(quads, cm) {
		t.Errorf("%s: print on %v beyond the grid: the grid stands", file, q.centre())
	}
}

// TestPlain: drawn cells on a cloth of lightness 180 with noise of σ 1.5
// (the rendered bare cloths spread 0.6-3.6): the bare cloth is plain; a
// word card's faint print on it (a frame and letters 12 levels darker,
// as a beige card on a light grey cloth the mask missed shows), a cell
// in the card mask, and a cell mostly beyond the image's edge are not.
func TestPlain(t *testing.T) {
	const w, h = 200, 120
	cm := cardMask{m: gocv.NewMatWithSize(h, w, gocv.MatTypeCV8U), f: 1, lab: make([]byte, 3*w*h)}
	defer cm.m.Close()
	rnd := uint32(1)
	for i := range w * h {
		rnd = rnd*1664525 + 1013904223
		cm.lab[3*i] = byte(180 + int(rnd>>29) - 4 + int(rnd>>26&7)/2)
		cm.lab[3*i+1], cm.lab[3*i+2] = 128, 128
	}
	box := func(x0, y0, x1, y1 float64) Quad { return Quad{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}} }
	// the print: a frame and strokes in the cell at 110-190 × 10-60
	for y := 10; y < 60; y++ {
		for x := 110; x < 190; x++ {
			if y == 16 || y == 54 || x == 118 || x == 182 || (y > 40 && y < 50 && x%6 < 2) {
				cm.lab[3*(y*w+x)] -= 12
			}
		}
	}
	// the card mask over 10-90 × 70-110
	for y := 70; y < 110; y++ {
		for x := 10; x < 90; x++ {
			cm.m.SetUCharAt(y, x, 255)
		}
	}
	for _, tc := range []struct {
		name string
		q    Quad
		want bool
	}{
		{"bare cloth", box(10, 10, 90, 60), true},
		{"faint print", box(110, 10, 190, 60), false},
		{"card mask", box(10, 70, 90, 110), false},
		{"mostly off the image", box(-70, 70, 10, 110), false},
	} {
		if got := cm.plain(tc.q); got != tc.want {
			t.Errorf("%s: plain = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestPlainCell: a drawn grid (cells 120 × 80 px, cards 96 × 56) whose
// cards are outlined on 23 cells, fitted loosely (0.08 cells by RMS), and
// whose other two cells show plain cloth of the table's colour, as
// rendered 300681-phone's grid fitted a column off under a warm lamp
// showed two (its cards' own outlines and the card mask on 23 cells,
// enough for alone; 0.082 by RMS; 13 wrong values read): refused. The same
// two cells with a card's faint print, or in the card mask, stand; so do
// plain ones on a lattice fitted closely (0.03: a bystander on a tan
// cloth, 300669-phone's and 300626-webcam's, shows no more than the cloth).
func TestPlainCell(t *testing.T) {
	const w, h = 800, 600
	lt := lattice{h: [9]float64{120, 0, 100, 0, 80, 100, 0, 0, 1}, half: [2]float64{0.4, 0.35}, rms: 0.08}
	inv, ok := invert(lt.h)
	if !ok {
		t.Fatal("no inverse")
	}
	lt.inv = inv
	var quads []Quad
	for k := range 25 {
		lt.cell[k] = -1
		if k == 14 || k == 24 {
			continue
		}
		lt.cell[k] = len(quads)
		quads = append(quads, lt.cellQuad(k))
	}
	for _, tc := range []struct {
		name  string
		fill  func(x, y int) (mask byte, l byte)
		stand bool
	}{
		{"plain cloth", func(x, y int) (byte, byte) { return 0, 180 }, false},
		{"a card's print", func(x, y int) (byte, byte) {
			if x%12 < 2 || y%10 < 2 {
				return 0, 168
			}
			return 0, 180
		}, true},
		{"card mask", func(x, y int) (byte, byte) { return 255, 180 }, true},
		{"plain cloth, a close fit", func(x, y int) (byte, byte) { return 0, 180 }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cm := cardMask{m: gocv.NewMatWithSize(h, w, gocv.MatTypeCV8U), f: 1, lab: make([]byte, 3*w*h), table: [3]float64{180, 128, 128}}
			defer cm.m.Close()
			lt := lt
			if strings.HasSuffix(tc.name, "close fit") {
				lt.rms = 0.03
			}
			for y := range h {
				for x := range w {
					mask, l := byte(255), byte(120)
					if k := lt.cellOf([2]float64{float64(x), float64(y)}); k == 14 || k == 24 {
						mask, l = tc.fill(x, y)
					}
					cm.m.SetUCharAt(y, x, mask)
					cm.lab[3*(y*w+x)], cm.lab[3*(y*w+x)+1], cm.lab[3*(y*w+x)+2] = l, 128, 128
				}
			}
			if got := lt.alone(quads, cm); got != tc.stand {
				t.Errorf("alone = %v, want %v", got, tc.stand)
			}
		})
	}
}

// TestPrintedEdge: rendered 300935-phone (scaled to 1920 px, JPEG quality
// 70; beige cards on a light cloth, a hand over the near row's first
// cards, a pile beyond the last column) and 300938-webcam (as rendered; a
// light grey cloth), 17 cards outlined each: the grids are found on the
// truth's cells, but alone refused them as going on beyond. 300935's
// GLOBE, on the first row (three cards of their own outline there), shows
// 0.73 of its cell off the table's colour (0.75 asked), CHESS inside the
// grid, under the hand's shadow, 0.71, and the lines beyond the first
// column and the last row hold the hand and the pile, so not every cell
// beyond the grid was plain; 300938's LEBKA and OSTROV, inside the grid,
// show faint print (spread 3.1-3.7, plain) but 0.38-0.40 of their cells
// off the table's colour. Now a cell inside the grid is held when it is
// not bare table, and a cell on an edge line when that line holds three
// cards of their own outline (or the line beyond the opposite side is
// plain): both grids stand. With two of 300935's first row's cards left
// out (two of their own outline left on that row), the row could be a
// line off the grid, the true line beyond the last row, whose cells hold
// the hand and the pile: refused.
func TestPrintedEdge(t *testing.T) {
	dbg = t.Logf
	defer func() { dbg = func(string, ...any) {} }()
	t935 := [25][2]float64{{210, 847}, {275, 707}, {351, 569}, {432, 393}, {529, 214}, {283, 919}, {358, 783}, {437, 638}, {522, 460}, {626, 291}, {358, 995}, {434, 856}, {525, 716}, {630, 537}, {729, 355}, {438, 1080}, {530, 944}, {621, 784}, {728, 617}, {854, 431}, {524, 1172}, {621, 1030}, {722, 882}, {852, 706}, {979, 509}}
	standsOnTruth(t, "rendered-300935-edge.jpg", t935)
	t938 := [25][2]float64{{432, 159}, {615, 195}, {811, 221}, {999, 249}, {1193, 287}, {392, 268}, {586, 305}, {784, 334}, {985, 376}, {1191, 412}, {365, 391}, {553, 427}, {755, 462}, {966, 506}, {1171, 533}, {319, 520}, {527, 569}, {732, 597}, {940, 643}, {1162, 681}, {283, 662}, {489, 697}, {698, 748}, {919, 787}, {1152, 832}}
	standsOnTruth(t, "rendered-300938-faint.jpg", t938)

	img := testImage(t, "rendered-300935-edge.jpg")
	defer img.Close()
	quads, short, cm := findCards(img)
	defer cm.Close()
	quads = dropCells(quads, []int{0, 1}, t935, short)
	if lt, err := fitGrid(quads, short, cm); err == nil && lt.alone(quads, cm) {
		t.Errorf("two of the first row's cards left out: the grid stands")
	}
}
