package retail

import (
	"testing"

	"fieldkit/wordlists"
)

// TestLetterShort: a candidate one letter longer holds the word's letters
// (Matcher.LetterShort), diacritics ignored, at either end.
func TestLetterShort(t *testing.T) {
	m := NewMatcher([]string{"CARD", "CAR", "SCARF", "COW", "PĄCZEK", "ZNACZEK", "MÁPA", "MAP"})
	for _, tc := range []struct {
		word string
		want bool
	}{
		{"CAR", true},     // CARD
		{"COW", false},    // nothing one letter longer holds it
		{"PĄCZEK", false}, // ZNACZEK is one longer but does not hold it
		{"MAP", true},     // MÁPA, its diacritic ignored
		{"CARD", false},   // SCARF does not hold CARD
	} {
		if got := m.LetterShort(tc.word); got != tc.want {
			t.Errorf("LetterShort(%q) = %v, want %v", tc.word, got, tc.want)
		}
	}
}

// TestShorter: a read lies nearer the word than every candidate one letter
// longer that holds it (Matcher.Shorter).
func TestShorter(t *testing.T) {
	m := NewMatcher([]string{"CARD", "CAR", "SCARF", "BALA", "BALÃO"})
	for _, tc := range []struct {
		text, word string
		want       bool
	}{
		{"CARH", "CAR", false}, // as near CARD
		{"CARD", "CAR", false},
		{"CAR", "CAR", true},
		{"", "BALA", true},       // nothing read: nearer the shorter
		{"BALAO", "BALA", false}, // BALÃO, its diacritic half an edit
	} {
		if got := m.Shorter(tc.text, tc.word); got != tc.want {
			t.Errorf("Shorter(%q, %q) = %v, want %v", tc.text, tc.word, got, tc.want)
		}
	}
}

// TestOneReadShort: two wrong words of session 21's perturbed reads, each
// standing on one read of a blurred or noisy band a letter short, are
// doubts. Rendered 300816-webcam under -perturb blur (the card as rectified
// from the blurred frame): ZNACZEK read "PACJEK", "" and, sharpened,
// "PACZEK", an edit and a half and then half an edit from PĄCZEK, and was
// PĄCZEK (the sharpened read alone must be exact). Rendered lamp
// 301047-phone under -perturb noise: CARD read "CAR" on its band, exactly,
// and was CAR (a run of CARD's letters one letter short is read again,
// sharpened: "CARH").
//
// Rendered 300781-phone under -perturb blur, BALA (a run of BALÃO's letters,
// one letter short), reads "BALA" on its band and nothing on its copy or
// sharpened: no letter more shows, and it stands (shortRead).
func TestOneReadShort(t *testing.T) {
	for _, tc := range []struct{ lang, file, want string }{
		{"pl", "card-300816-blur-znaczek.png", ""},
		{"en", "card-301047-noise-card.png", ""},
		{"pt", "card-300781-blur-bala.png", "BALA"},
	} {
		list, err := wordlists.Builtin(tc.lang)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := readWordCard(t, tc.lang, list.Words, tc.file, 0)
		if c.Word != tc.want {
			t.Errorf("readWord(%s) = %q (read %q), want %q", tc.file, c.Word, c.Text, tc.want)
		}
	}
}

// TestBandTwiceOff: rendered lamp 301100-webcam under -perturb noise,
// PILOTO's band, blurred and noisy, read "PROTO" and again "PROTO"
// sharpened, its copy "E": PRATO, one letter off both reads, stood on the
// band's two reads, a wrong word. Two reads of one band naming a word
// neither read exactly (diacritics aside), with another word one edit
// farther, stand only when the copy names it too. The card is cut from the noisy frame balanced as the reader balances
// it (its paper bluish: castGains) and read the way up the reader took it.
func TestBandTwiceOff(t *testing.T) {
	r := freshReader(t, "pt")
	card := testImage(t, "card-301100-noise-piloto.png")
	defer card.Close()
	var c Cell
	var calls int
	if err := r.readWord(card, true, 0, &c, &calls); err != nil {
		t.Fatal(err)
	}
	if c.Word != "" {
		t.Errorf("readWord = %q (read %q), want a doubt", c.Word, c.Text)
	}
}
