package retail

import (
	"testing"

	"fieldkit/wordlists"
)

// TestDropped: a read without a word's diacritic names it only when no
// other candidate has its letters.
func TestDropped(t *testing.T) {
	m := NewMatcher([]string{"PÃO", "PATO", "NÓ", "NO", "LIMÃO", "ZOO"})
	for _, tc := range []struct{ text, want string }{
		{"PAO", "PÃO"}, {"LIMAO", "LIMÃO"},
		{"NO", ""},   // NO is a word too
		{"PÃO", ""},  // nothing dropped
		{"ZOO", ""},  // no diacritic
		{"PATA", ""}, // no candidate's letters
	} {
		if got := m.Dropped(tc.text); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestAccentShown: rendered 300340 (pt, webcam)'s PÃO read "PAO", "PO",
// "PAO": half an edit from PÃO, one from PATO, so no read was sure. The
// band shows a mark above the A alone, the letter PÃO's tilde is on, and
// no other candidate has its letters: PÃO stands. The ZOO, LEV, SLUNCE and
// HLAVA bands (no diacritic) show no mark.
func TestAccentShown(t *testing.T) {
	pt, err := wordlists.Builtin("pt")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := readWordCard(t, "pt", pt.Words, "card-300340-pao.png", 7)
	t.Logf("PÃO: read %q (%s, text %q)", c.Word, c.Why, c.Text)
	if c.Word != "PÃO" {
		t.Errorf("read %q (%s, text %q), want PÃO", c.Word, c.Why, c.Text)
	}
	for _, f := range []string{"card-100001-zoo.png", "card-100001-zoo-1080p.png", "card-300170-lev.jpg", "card-300138-slunce.png", "card-300138-hlava.jpg"} {
		card := testImage(t, f)
		w := newWordCrops(card, classify(card).flip)
		lo, hi, _ := bandInk(w.band)
		if marks, _ := accentMarks(pixels(w.band), w.band.Cols(), w.band.Rows(), lo, hi); len(marks) > 0 {
			t.Errorf("%s: marks %v above a word without diacritics", f, marks)
		}
		w.Close()
		card.Close()
	}
}
