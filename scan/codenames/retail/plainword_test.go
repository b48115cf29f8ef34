package retail

import "testing"

// TestPlainWord: a word card of the table's colour, its outline lost where
// the grid puts it (no outline of its own, hardly differing from a tan
// cloth), is read there when its band names the word sure alone or both
// copies name it (plainWord). Whole rendered webcam frames, as rendered:
//   - lamp 301230 (lamp26): CHEESE on 3,0, half in a sleeve's shadow;
//   - held-out 301016 (heldout25): ŻURAW on 1,1, washed pale by a light;
//     its three neighbours of the same paleness stay unseen (their reads
//     are not sure).
func TestPlainWord(t *testing.T) {
	for _, tc := range []struct {
		file, lang string
		cell       int
		word       string
	}{
		{"rendered-301230-frame.jpg", "en", 15, "CHEESE"},
		{"rendered-301016-frame.jpg", "pl", 6, "ŻURAW"},
	} {
		t.Run(tc.word, func(t *testing.T) {
			img := testImage(t, tc.file)
			defer img.Close()
			o, err := freshReader(t, tc.lang).Read(img)
			if err != nil || !o.OK {
				t.Fatalf("not read: %v %s", err, o.Reason)
			}
			if c := o.Cells[tc.cell]; c.Word != tc.word {
				t.Errorf("cell %d,%d: %q (%s, text %q), want %s", tc.cell/5, tc.cell%5, c.Word, c.Why, c.Text, tc.word)
			}
		})
	}
}
