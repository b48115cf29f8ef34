package photoreal

import (
	"math"
	"testing"

	sceneretail "fieldkit/internal/scene/retail"
)

// TestCapMM: the cap height the truth assumes is the one the word card is
// drawn with, measured as the band's ink rows on the drawn face (words of
// capitals without accents or descenders), for a short word drawn at 6 mm
// and for long words the drawing shrinks to fit the band.
func TestCapMM(t *testing.T) {
	for _, tc := range []struct {
		word   string
		shrunk bool
	}{
		{"LUK", false},
		{"HELIKOPTER", false}, // fits at 6 mm; its O overshoots the cap line a little,
		{"ABCDEFGHIKLMNOPRSTUVWXYZ", true},
	} {
		got, err := capMM(tc.word)
		if err != nil {
			t.Fatal(err)
		}
		face, err := sceneretail.WordFace(tc.word, pxPerMM)
		if err != nil {
			t.Fatal(err)
		}
		// the band's rows (face mm 27-39) that hold ink
		y0, y1 := int(Band[0][1]*pxPerMM)+2, int(Band[2][1]*pxPerMM)-2
		x0, x1 := int(Band[0][0]*pxPerMM)+2, int(Band[1][0]*pxPerMM)-2
		top, bottom := -1, -1
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				if face.RGBAAt(x, y).R < 100 {
					if top < 0 {
						top = y
					}
					bottom = y
					break
				}
			}
		}
		ink := float64(bottom-top+1) / pxPerMM
		if math.Abs(ink-got) > 0.3 {
			t.Errorf("%s: capMM %.2f mm, the drawn letters %.2f mm tall", tc.word, got, ink)
		}
		if (got < 5.99) != tc.shrunk {
			t.Errorf("%s: capMM %.2f mm, shrunk %v, want %v", tc.word, got, got < 5.99, tc.shrunk)
		}
	}
}
