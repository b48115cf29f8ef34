package retail

import (
	"slices"
	"testing"
)

// TestFewPitches: a frame refused by every other fit is read on the grid
// of few pitches only when its cards walk all five rows and columns
// (fitFewPitches), and then on the right cells. The frames as rendered
// (lamp28's 301316-webcam and 301320-webcam, lamp25's 301180-webcam),
// each under 130 kB:
//   - 301316-webcam: 13 light cards outlined on a tan cloth, four pitches
//     measured along their long sides;
//   - 301180-webcam: 12 cards on a grey cloth, three pitches along;
//   - 301320-webcam: 12 cards, two pairs of them joined into one outline
//     each, walked over only three rows: still refused.
//
// The truth's four corner cells' centres (the render's json) must fall
// on the lattice's four corner cells: a grid a line off would leave a
// line of them off it.
func TestFewPitches(t *testing.T) {
	for _, tc := range []struct {
		file    string
		corners [4][2]float64 // the truth's cells 0, 4, 20 and 24, in pixels
		read    bool
	}{
		{"rendered-301316-frame.jpg", [4][2]float64{{1113, 747}, {1240, 99}, {1760, 772}, {1705, 110}}, true},
		{"rendered-301180-frame.jpg", [4][2]float64{{663, 272}, {1358, 89}, {752, 709}, {1603, 440}}, true},
		{"rendered-301320-frame.jpg", [4][2]float64{}, false},
	} {
		t.Run(tc.file, func(t *testing.T) {
			img := testImage(t, tc.file)
			defer img.Close()
			if g, out := exposureGain(frameLevel(img)); out {
				lit := exposed(img, g)
				img.Close()
				img = lit
			}
			q0, _, cm0, _, why0 := cardsOnGridBy(img)
			cm0.Close()
			if why0 != noGrid {
				t.Fatalf("without the few pitches' grid: %d cards, refusal %d, want no grid", len(q0), why0)
			}
			quads, _, cm, lt, why := cardsOnGrid(img)
			defer cm.Close()
			if !tc.read {
				if why != noGrid {
					t.Errorf("cardsOnGrid: %d cards, refusal %d, want no grid", len(quads), why)
				}
				return
			}
			if why != onGrid {
				t.Fatalf("cardsOnGrid: %d cards, refusal %d, want a grid", len(quads), why)
			}
			var got []int
			for _, p := range tc.corners {
				got = append(got, lt.cellOf(p))
			}
			sorted := slices.Clone(got)
			slices.Sort(sorted)
			if !slices.Equal(sorted, []int{0, 4, 20, 24}) {
				t.Errorf("the truth's corner cells fall on cells %v, want the lattice's corners", got)
			}
		})
	}
}
