package retail

import "testing"

// TestTintedLineAlone: rendered 301029-phone (a light grey cloth; scaled
// to 960 px, JPEG) has its far column's five beige cards not outlined
// (nor PENTE, beside them), so the graph links four columns; the cells a
// column beyond hold something on both sides, the far column's in colour
// (all five off the table's chroma: tintedMiddle), the cloth beyond the
// near column, shaded darker than the frame's edge, in lightness alone,
// and no card is outlined on either (fitGraphShort refused). The far
// side, every cell tinted where none of the other side's is, is now
// taken, the grid on the truth's cells; with a tinted cell of it painted
// the cloth's colour (four tinted) the grid is refused again.
func TestTintedLineAlone(t *testing.T) {
	truth := [25][2]float64{{316, 113}, {436, 128}, {563, 146}, {703, 163}, {844, 182}, {291, 190}, {417, 207}, {551, 228}, {692, 244}, {839, 267}, {257, 273}, {388, 294}, {533, 310}, {681, 336}, {830, 361}, {228, 357}, {362, 387}, {510, 406}, {663, 436}, {833, 470}, {195, 461}, {338, 487}, {492, 518}, {652, 550}, {825, 585}}
	for _, tc := range []struct {
		name  string
		paint int // the truth's cell painted the cloth's colour, -1 none
	}{
		{"as rendered", -1},
		{"LÁBIO painted over", 9},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img := testImage(t, "rendered-301029-tinted.jpg")
			defer img.Close()
			if tc.paint >= 0 {
				paintCloth(img, truth[tc.paint], 40)
				quads, short, cm := findCards(img)
				defer cm.Close()
				if _, err := fitGrid(quads, short, cm); err == nil {
					t.Errorf("a grid found, want none")
				}
				return
			}
			lt, quads, _, cm := gridOnTruthIn(t, img, truth)
			defer cm.Close()
			if lt.added[0] == 0 {
				t.Errorf("no line added (the test wants fitGraphShort's)")
			}
			if !lt.alone(quads, cm) {
				t.Errorf("the grid refused")
			}
		})
	}
}
