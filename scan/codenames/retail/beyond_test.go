package retail

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gocv.io/x/gocv"
)

// TestAloneBeyond: a spare beside a grid found on its truth's cells is no
// line of a grid off by one, and the grid stands; the same grid with the
// spare in line, or with too few cards of their own outline on the other
// side's line, is refused.
//   - 301116-webcam (as rendered; a tan cloth under a drawn lamp): a spare
//     blue agent turned 49 degrees off the grid's rows lies beyond its last
//     column, whose line on the other side holds two cards of their own
//     outline, and the cloth beyond is not plain. Turned over maxTurn
//     (crosswise), the spare is left out of the count; turned 20 degrees
//     it would lie along a line of the grid, and refuses it.
//   - 300975-phone (scaled to 1600 px; a tan cloth, its folds' shadows
//     across the line beyond the first row, a spare in line there): the
//     last row holds three cards of their own outline, and the cells
//     beyond the first row beside the spare show no point in the card mask
//     or off the table's colour (blank), though their lightness spreads
//     more than plain's. With one of the last row's cards taken off its
//     cell, two of their own outline are left, as spares in line may be:
//     refused.
//   - 300975-phone underexposed with a sensor's noise (TestRendered's
//     perturbation dark, brought back by Read's exposure): single pixels
//     of the bare cloth beyond lie off the table's colour (0.11-0.20 of
//     the cells' points), the means of 3 × 3 about them one point at most
//     (blank's offTableSmooth): the grid stands, and with two of their own
//     outline on the last row is refused.
func TestAloneBeyond(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		truth      [25][2]float64
		// change, if set, changes the grid or its cards and the grid must
		// then be refused
		change func(t *testing.T, lt *lattice, quads []Quad)
		// dark: the frame underexposed with a sensor's noise first
		dark bool
	}{
		{name: "301116 turned spare", file: "rendered-301116-turned.jpg", truth: truth301116},
		{name: "301116 spare turned 20 degrees", file: "rendered-301116-turned.jpg", truth: truth301116,
			change: func(t *testing.T, lt *lattice, quads []Quad) {
				i := beyondCard(t, *lt, quads)
				g := apply(lt.inv, quads[i].centre())
				quads[i] = turnedBy(lt.cellAt([2]float64{math.Round(g[0]), math.Round(g[1])}), 20)
			}},
		{name: "300975 folds beyond", file: "rendered-300975-folds.jpg", truth: truth300975},
		{name: "300975 two own on the last row", file: "rendered-300975-folds.jpg", truth: truth300975, change: offLastRow},
		{name: "300975 folds beyond, dark", file: "rendered-300975-folds.jpg", truth: truth300975, dark: true},
		{name: "300975 two own on the last row, dark", file: "rendered-300975-folds.jpg", truth: truth300975, change: offLastRow, dark: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img := testImage(t, tc.file)
			defer func() { img.Close() }()
			if tc.dark {
				// brought back to the tuning frames' exposure, as Read
				// does
				darken(img, 300975)
				g, out := exposureGain(frameLevel(img))
				if !out {
					t.Fatal("the darkened frame is not brought back")
				}
				e := exposed(img, g)
				img.Close()
				img = e
			}
			lt, quads, _, cm := gridOnTruthIn(t, img, tc.truth)
			defer cm.Close()
			if tc.change == nil {
				if !lt.alone(quads, cm) {
					t.Errorf("%s: the grid refused", tc.file)
				}
				return
			}
			quads = slices.Clone(quads)
			tc.change(t, &lt, quads)
			if lt.alone(quads, cm) {
				t.Errorf("%s: the grid stands", tc.file)
			}
		})
	}
}

var (
	truth301116 = [25][2]float64{{438, 222}, {671, 215}, {924, 212}, {1152, 211}, {1378, 201}, {414, 338}, {678, 333}, {922, 327}, {1173, 318}, {1417, 317}, {379, 492}, {655, 481}, {939, 469}, {1217, 461}, {1476, 446}, {344, 660}, {650, 627}, {956, 622}, {1246, 605}, {1540, 603}, {286, 849}, {646, 828}, {972, 823}, {1304, 802}, {1607, 790}}
	truth300975 = [25][2]float64{{630, 107}, {743, 182}, {874, 263}, {1003, 346}, {1141, 440}, {558, 169}, {682, 250}, {813, 335}, {949, 422}, {1094, 522}, {491, 233}, {611, 319}, {751, 409}, {889, 502}, {1033, 606}, {408, 302}, {536, 394}, {677, 489}, {822, 594}, {979, 700}, {325, 378}, {462, 474}, {599, 580}, {757, 689}, {911, 809}}
)

// beyondCard returns the one card of quads lying on a cell beyond lt's
// sides.
func beyondCard(t *testing.T, lt lattice, quads []Quad) int {
	t.Helper()
	found := -1
	for i, q := range quads {
		g := apply(lt.inv, q.centre())
		c, r := math.Round(g[0]), math.Round(g[1])
		if c < 0 || c > 4 || r < 0 || r > 4 {
			if found >= 0 {
				t.Fatal("two cards beyond the grid")
			}
			found = i
		}
	}
	if found < 0 {
		t.Fatal("no card beyond the grid")
	}
	return found
}

// turnedBy returns q turned by deg degrees about its centre.
func turnedBy(q Quad, deg float64) Quad {
	c := q.centre()
	sin, cos := math.Sincos(deg * math.Pi / 180)
	for j, p := range q {
		x, y := p[0]-c[0], p[1]-c[1]
		q[j] = [2]float64{c[0] + x*cos - y*sin, c[1] + x*sin + y*cos}
	}
	return q
}

// offLastRow takes one of the last row's cards of their own outline off
// its cell.
func offLastRow(t *testing.T, lt *lattice, _ []Quad) {
	for k := 20; k < 25; k++ {
		if lt.cell[k] >= 0 {
			lt.cell[k] = -1
			return
		}
	}
	t.Fatal("no card of its own outline on the last row")
}

// darken underexposes img in place as TestRendered's perturbation dark
// does (each channel × 0.55, with Gaussian noise of sigma 4, seeded).
func darken(img gocv.Mat, seed uint64) {
	px, err := img.DataPtrUint8()
	if err != nil {
		return
	}
	rng := rand.New(rand.NewPCG(seed, 18))
	for i := range px {
		px[i] = uint8(math.Max(0, math.Min(255, math.Round(0.55*float64(px[i])+4*rng.NormFloat64()))))
	}
}

// TestBlankMissedCards: rendered 300938-webcam's beige word cards on a
// light grey cloth, missed by the card mask (under 0.2 of each cell in
// it), are never blank, as rendered or underexposed with noise (dark, as
// TestAloneBeyond): 0.29-0.67 of their points' 3 × 3 means lie off the
// table's colour as rendered.
func TestBlankMissedCards(t *testing.T) {
	t938 := [25][2]float64{{432, 159}, {615, 195}, {811, 221}, {999, 249}, {1193, 287}, {392, 268}, {586, 305}, {784, 334}, {985, 376}, {1191, 412}, {365, 391}, {553, 427}, {755, 462}, {966, 506}, {1171, 533}, {319, 520}, {527, 569}, {732, 597}, {940, 643}, {1162, 681}, {283, 662}, {489, 697}, {698, 748}, {919, 787}, {1152, 832}}
	for _, dark := range []bool{false, true} {
		img := testImage(t, "rendered-300938-faint.jpg")
		if dark {
			darken(img, 300938)
			if g, out := exposureGain(frameLevel(img)); out {
				e := exposed(img, g)
				img.Close()
				img = e
			}
		}
		lt, _, _, cm := gridOnTruthIn(t, img, t938)
		n := 0
		for k := range 25 {
			q := lt.cellQuad(k)
			if lt.cell[k] >= 0 || cm.covered(q) >= 0.2 {
				continue
			}
			n++
			if cm.blank(q) {
				t.Errorf("dark %v: cell %d, a word card the mask missed, is blank (%.2f of its means off the table)", dark, k, cm.offTableSmooth(q))
			}
		}
		if n < 2 {
			t.Errorf("dark %v: %d cells of cards the mask missed, want at least 2", dark, n)
		}
		cm.Close()
		img.Close()
	}
}
