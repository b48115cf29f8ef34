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
// HLAVA bands (no diacritic) show no mark, nor does the band risen by
// accentRise (DZIADEK under a hand, 300026's KOHOUTEK neither).
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
	// synthetic 120019 (cs, 1080p): ŠÍP read "SIP" three times, the band's
	// box cutting the caron and the acute above it: the band risen by
	// accentRise shows both (the caron's two arms), over Š and Í
	cs, err := wordlists.Builtin("cs")
	if err != nil {
		t.Fatal(err)
	}
	c, _ = readWordCard(t, "cs", cs.Words, "card-120019-sip.png", 7)
	if c.Word != "ŠÍP" {
		t.Errorf("read %q (%s, text %q), want ŠÍP", c.Word, c.Why, c.Text)
	}
	for _, f := range []string{"card-100001-zoo.png", "card-100001-zoo-1080p.png", "card-300170-lev.jpg", "card-300138-slunce.png", "card-300138-hlava.jpg", "card-300288-dziadek.png", "card-300026-word.jpg"} {
		card := testImage(t, f)
		w := newWordCrops(card, classify(card).flip)
		lo, hi, _ := bandInk(w.band)
		tall := w.accentBand()
		if marks, _ := accentMarks(pixels(tall), tall.Cols(), tall.Rows(), lo, hi); len(marks) > 0 {
			t.Errorf("%s: marks %v above a word without diacritics", f, marks)
		}
		tall.Close()
		w.Close()
		card.Close()
	}
}

// TestAccentFaint: a thin acute blurred to grey (140-160 on a flattened
// paper of 240-255), never under accentMarks' dark 100, and at 1080p run
// into its letter below without a light gap: rendered 300653-phone's PÁ
// ("PA" eight times), 300684-webcam's CHÁ ("CHA" four times), 300484-webcam's
// SOFÁ and 300501-phone's BONÉ were left in doubt. The mark is found by its
// grey well above the letters' grey tops, darkest in its middle
// (faintAbove). The bands without a diacritic of TestAccentShown, blurred
// (SLUNCE, KOHOUTEK: a halo darkening into its letter), still show none,
// and 300080's SÓL shows its acute over its O alone.
func TestAccentFaint(t *testing.T) {
	pt, err := wordlists.Builtin("pt")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ file, want string }{
		{"card-300653-pa.png", "PÁ"},
		{"card-300684-cha.png", "CHÁ"},
		{"card-300484-sofa.png", "SOFÁ"},
		{"card-300501-bone.png", "BONÉ"},
	} {
		c, _ := readWordCard(t, "pt", pt.Words, tc.file, 7)
		if c.Word != tc.want {
			t.Errorf("%s: read %q (%s, text %q), want %s", tc.file, c.Word, c.Why, c.Text, tc.want)
		}
	}
	card := testImage(t, "card-300080-upright.jpg")
	defer card.Close()
	w := newWordCrops(card, classify(card).flip)
	defer w.Close()
	lo, hi, _ := bandInk(w.band)
	tall := w.accentBand()
	defer tall.Close()
	marks, _ := accentMarks(pixels(tall), tall.Cols(), tall.Rows(), lo, hi)
	slot := float64(hi-lo+1) / 3
	if len(marks) != 1 || int((float64(marks[0][0]+marks[0][1])/2-float64(lo)+0.5)/slot) != 1 {
		t.Errorf("SÓL: marks %v (ink %d-%d), want one over the O", marks, lo, hi)
	}
}
