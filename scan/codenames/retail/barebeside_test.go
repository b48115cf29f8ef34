package retail

import "testing"

// TestAround: the most letters a longer candidate holds before and after
// a word's letters (diacritics ignored).
func TestAround(t *testing.T) {
	m := NewMatcher([]string{"MED", "MEDVĚD", "ILHA", "PILHA", "ARMADILHA", "RIO", "ARMÁRIO", "RIOS", "LOS"})
	for _, tc := range []struct {
		word          string
		before, after int
	}{
		{"MED", 0, 3},
		{"ILHA", 5, 0},
		{"RIO", 4, 1},
		{"LOS", 0, 0},
		{"ARMADILHA", 0, 0},
	} {
		if b, a := m.Around(tc.word); b != tc.before || a != tc.after {
			t.Errorf("Around(%q) = %d, %d, want %d, %d", tc.word, b, a, tc.before, tc.after)
		}
	}
}

// TestBareBeside: rendered lamp 301082-webcam's MED (cell 1,4), the start
// of MEDVĚD's letters, its quad a little off the card: the band read "MED"
// exactly, the copy nothing, the ink 0.57 letter heights left of the
// band's middle (shows wants 0.5 at most), with bare paper after it where
// MEDVĚD's VĚD would lie. The card as rectified from the frame reads MED.
func TestBareBeside(t *testing.T) {
	r := freshReader(t, "cs")
	card := testImage(t, "card-301082-med.png")
	defer card.Close()
	var c Cell
	var calls int
	if err := r.readWord(card, true, 0, &c, &calls); err != nil {
		t.Fatal(err)
	}
	if c.Word != "MED" {
		t.Errorf("readWord = %q (read %q), want MED", c.Word, c.Text)
	}
}
