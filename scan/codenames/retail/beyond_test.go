package retail

import (
	"math"
	"slices"
	"testing"
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
func TestAloneBeyond(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		truth      [25][2]float64
		// change, if set, changes the grid or its cards and the grid must
		// then be refused
		change func(t *testing.T, lt *lattice, quads []Quad)
	}{
		{name: "301116 turned spare", file: "rendered-301116-turned.jpg", truth: truth301116},
		{name: "301116 spare turned 20 degrees", file: "rendered-301116-turned.jpg", truth: truth301116,
			change: func(t *testing.T, lt *lattice, quads []Quad) {
				i := beyondCard(t, *lt, quads)
				g := apply(lt.inv, quads[i].centre())
				quads[i] = turnedBy(lt.cellAt([2]float64{math.Round(g[0]), math.Round(g[1])}), 20)
			}},
		{name: "300975 folds beyond", file: "rendered-300975-folds.jpg", truth: truth300975},
		{name: "300975 two own on the last row", file: "rendered-300975-folds.jpg", truth: truth300975,
			change: func(t *testing.T, lt *lattice, quads []Quad) {
				for k := 20; k < 25; k++ {
					if lt.cell[k] >= 0 {
						lt.cell[k] = -1
						return
					}
				}
				t.Fatal("no card of its own outline on the last row")
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lt, quads, _, cm := gridOnTruth(t, tc.file, tc.truth)
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
