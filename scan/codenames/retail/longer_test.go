package retail

import (
	"testing"

	"fieldkit/wordlists"
)

// TestLongerWordShown: a card whose reads show letters of a longer word
// than the one they name is left in doubt, not read as the shorter word.
// Rendered 300644-webcam's ARCO-ÍRIS, its ÍRIS washed pale by a glare,
// read "ARCO" on the band twice and "ÍS" on the copy (namesOther: ARCO-ÍRIS
// holds both); 300662-webcam's PARROT, glared, read "LOT", "PART", "ROT"
// one way up and "PARI", "RRO", "PARC" the other, PARK by the turned way
// (contradicted: RRO and ROT are no run of PARK's but PARROT's). Both were
// wrong words on the fresh rendered set of session 17, found after its one
// read.
func TestLongerWordShown(t *testing.T) {
	for _, tc := range []struct{ file, lang, wrong string }{
		{"card-300644-arco-iris.png", "pt", "ARCO"},
		{"card-300662-parrot.png", "en", "PARK"},
	} {
		list, err := wordlists.Builtin(tc.lang)
		if err != nil {
			t.Fatal(err)
		}
		r, err := NewReader(tc.lang, list.Words)
		if err != nil {
			t.Fatal(err)
		}
		card := testImage(t, tc.file)
		lk := classify(card)
		if lk.kind != "word" {
			t.Errorf("%s: classed %q, want a word card", tc.file, lk.kind)
		}
		c, calls := Cell{}, 0
		if err := r.readWord(card, lk.flip, 0, &c, &calls); err != nil {
			t.Fatal(err)
		}
		if c.Word != "" {
			t.Errorf("%s: read %q (text %q), want a doubt", tc.file, c.Word, c.Text)
		}
		card.Close()
		r.Close()
	}
}
