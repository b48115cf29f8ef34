package retail

import "testing"

// TestTintedOverPale: two rendered frames (scaled to 960 px, JPEG) whose
// far row the graph left out, so it links four rows, and whose cells a
// row beyond hold something on both sides. On the truth's lattice and on
// it moved a row nearer (the two placements fitGraphShort weighs):
//   - 301188-webcam (a grey cloth under a drawn lamp; a hand over the far
//     row; the lamp's pool beyond the near row): the far row's cells all in
//     the card mask, four tinted (a cover's dark grey is not), the near
//     side's none in the mask or tinted: tintedOverPale puts the line on
//     the far side. With a tinted far card painted the cloth's colour, or
//     a card of the near row (the tint the grid's cards show on this
//     cloth), it decides nothing;
//   - 301224-webcam (a blue cloth under a drawn lamp; the far row's covers
//     and word cards outlined as pairs or not at all; a spare and a pile a
//     row beyond the near row): the far row's five cells tinted, but two of
//     the near side's cells in the card mask (the pile's, the spare's): it
//     decides nothing.
func TestTintedOverPale(t *testing.T) {
	t224 := [25][2]float64{{791, 88}, {797, 149}, {808, 218}, {819, 298}, {833, 398}, {735, 89}, {742, 150}, {750, 220}, {754, 299}, {764, 394}, {684, 88}, {685, 150}, {686, 218}, {685, 298}, {692, 397}, {627, 87}, {627, 149}, {622, 219}, {620, 299}, {620, 398}, {576, 88}, {568, 147}, {561, 221}, {557, 303}, {546, 395}}
	t188 := [25][2]float64{{215, 146}, {312, 122}, {409, 97}, {503, 78}, {594, 52}, {223, 197}, {326, 171}, {431, 143}, {529, 116}, {617, 92}, {229, 259}, {343, 226}, {454, 191}, {555, 164}, {649, 138}, {240, 321}, {357, 285}, {471, 251}, {583, 215}, {687, 188}, {250, 396}, {375, 354}, {503, 321}, {623, 284}, {732, 250}}
	for _, tc := range []struct {
		name  string
		file  string
		truth [25][2]float64
		short int // the axis the far row lies across, its first line
		paint int // the truth's cell painted the cloth's colour, -1 none
		side  int // the side picked, -1 none
	}{
		{"301188 as rendered", "rendered-301188-pale.jpg", t188, 1, -1, 1},
		{"301188 a far card painted over", "rendered-301188-pale.jpg", t188, 1, 1, -1},
		{"301188 a near card painted over", "rendered-301188-pale.jpg", t188, 1, 21, -1},
		{"301224 as rendered", "rendered-301224-pale.jpg", t224, 0, -1, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img := testImage(t, tc.file)
			defer img.Close()
			if tc.paint >= 0 {
				paintCloth(img, tc.truth[tc.paint], 22)
			}
			// as the reader does: a dark frame brought to the tuning
			// frames' exposure first
			if g, out := exposureGain(frameLevel(img)); out {
				img = exposed(img, g)
				defer img.Close()
			}
			_, _, cm := findCards(img)
			defer cm.Close()
			// the truth's lattice: cell k at (k%5, k/5)
			var src, dst [][2]float64
			for k, c := range tc.truth {
				src, dst = append(src, [2]float64{float64(k % 5), float64(k / 5)}), append(dst, c)
			}
			var lt lattice
			var ok bool
			if lt.h, ok = homography(src, dst); !ok {
				t.Fatal("no homography")
			}
			if lt.inv, ok = invert(lt.h); !ok {
				t.Fatal("no inverse")
			}
			lt.half = [2]float64{0.4, 0.4}
			for k := range lt.cell {
				lt.cell[k] = -1
			}
			// side 0 adds the line after the four (the lattice moved a
			// row nearer), side 1 before them (the truth's)
			fits := [2]lattice{lt.shifted(tc.short, 1), lt}
			s, ok := tintedOverPale(fits, [2]int{}, tc.short, cm)
			if !ok {
				s = -1
			}
			if s != tc.side {
				t.Errorf("side %d picked, want %d", s, tc.side)
			}
		})
	}
}
