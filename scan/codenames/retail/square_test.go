package retail

import "testing"

// TestFarSquares: farSquares takes the nearly-square quads too small for
// the plane given only when four or more lie there and the plane fitted
// again with them agrees with each of them and with the cards found; one
// under 0.4 of the plane given is left. Rendered 300951-phone (a dark
// brown cloth, a steep view, cards jostled over each other; its 4000 px
// frame's plane, cards found and nearly-square quads as findCards' first
// mask pass measured them): the plane, fitted on near cards and blobs of
// two, put its seven far cards (BOOT, OVEN, DESERT, KITE's cover, CAP,
// SHEET, SCHOOL) at 0.21-0.45 of a card's area; fitted again with them,
// at 0.96-1.06, and the grid then stands on the truth's cells (10 cards
// and no grid before: the test's first case fails without farSquares).
func TestFarSquares(t *testing.T) {
	sq := func(x, y, s float64) Quad {
		return Quad{{x - s, y - s}, {x + s, y - s}, {x + s, y + s}, {x - s, y + s}}
	}
	// rendered 300951-phone
	rAm := areaModel{med: 10750, c: [3]float64{65.62, 0.001135, 0.02164}, ok: true}
	rFound := []Quad{
		{{2092, 2325}, {2400, 1812}, {2725, 1988}, {2467, 2538}},
		{{2408, 1758}, {2583, 1354}, {2888, 1462}, {2746, 1892}},
	}
	rFa := []float64{13537, 8382}
	rSq := []Quad{
		{{2971, 1471}, {3079, 1138}, {3354, 1238}, {3275, 1588}},
		{{2633, 1342}, {2758, 1021}, {3029, 1108}, {2929, 1446}},
		{{2783, 962}, {2917, 738}, {3162, 833}, {3071, 1092}},
		{{2483, 858}, {2638, 629}, {2871, 721}, {2733, 958}},
		{{3279, 612}, {3508, 688}, {3475, 917}, {3221, 838}},
		{{2917, 712}, {3029, 512}, {3246, 592}, {3150, 804}},
		{{2775, 421}, {2992, 492}, {2900, 700}, {2671, 625}},
	}
	rSa := []float64{6050, 5709, 4382, 3864, 3132, 3030, 2871}
	// synthetic: the cards found √area 100 near (y 2000), 80 at y 1400;
	// the plane given, 70+0.015·y, overpredicts the far ones, which lie
	// on the near cards' own line, √area 80-(1400-y)/30
	am := areaModel{c: [3]float64{70, 0, 0.015}, med: 10000, ok: true}
	found := []Quad{sq(1000, 2000, 10), sq(2000, 2000, 10), sq(1500, 1400, 10)}
	fa := []float64{100 * 100, 100 * 100, 80 * 80}
	far := func(n int, odd float64) ([]Quad, []float64) {
		var qs []Quad
		var as []float64
		for i := range n {
			x, y := 900+float64(i)*300, 1200-float64(i%2)*300
			s := 80 - (1400-y)/30
			qs, as = append(qs, sq(x, y, 10)), append(as, s*s)
		}
		as[0] *= odd
		return qs, as
	}
	six, sixA := far(6, 1)
	three, threeA := far(3, 1)
	half, halfA := far(6, 0.5)
	for _, tc := range []struct {
		name  string
		am    areaModel
		found []Quad
		fa    []float64
		sq    []Quad
		sqa   []float64
		want  int
	}{
		{"rendered 300951-phone", rAm, rFound, rFa, rSq, rSa, 7},
		{"six far cards", am, found, fa, six, sixA, 6},
		{"three far cards", am, found, fa, three, threeA, 0},
		{"one of them half a card: the five others", am, found, fa, half, halfA, 5},
		{"no plane given", areaModel{med: 10000}, found, fa, six, sixA, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got, _ := farSquares(tc.am, tc.found, tc.fa, tc.sq, tc.sqa); len(got) != tc.want {
				t.Errorf("farSquares = %d quads, want %d", len(got), tc.want)
			}
		})
	}
}
