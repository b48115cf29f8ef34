package retail

import "testing"

// TestClearBand: word cards half in an arm's shadow had no class
// (rendered 300511-phone's MOUNTAIN, 300517-phone's SEMENTE, upside down,
// 300523-phone's AUTO, 300539-phone's DLAŇ), and word cards with a hand or
// a token over their copy were occluded (300550-webcam's WORM, classed
// upside down, and 300539-phone's PRAVÍTKO): doubts, nothing read. Their
// pale band, holding a band's ink and nothing dark, is read the way it
// says, and names the word. A hand over the band itself (300026's
// hand), and covers of no class in a shadow (300086's blue agent), are
// still not read.
func TestClearBand(t *testing.T) {
	for _, c := range []struct {
		lang, file, word string
		flip             bool
	}{
		{"en", "card-300511-mountain.png", "MOUNTAIN", false},
		{"pt", "card-300517-semente.png", "SEMENTE", true},
		{"cs", "card-300523-auto.png", "AUTO", false},
		{"cs", "card-300539-dlan.png", "DLAŇ", false},
		{"en", "card-300550-worm.png", "WORM", false},
		{"cs", "card-300539-pravitko.png", "PRAVÍTKO", false},
	} {
		card := testImage(t, c.file)
		lk := readLook(card, classify(card))
		if lk.kind != "word" || lk.flip != c.flip {
			t.Errorf("%s: read as %q flip %v, want a word card, flip %v", c.file, lk.kind, lk.flip, c.flip)
			card.Close()
			continue
		}
		r := freshReader(t, c.lang)
		var got Cell
		var calls int
		if err := r.readWord(card, lk.flip, 0, &got, &calls); err != nil {
			t.Fatal(err)
		}
		card.Close()
		if got.Word != c.word {
			t.Errorf("%s: read %q (%s, text %q), want %s", c.file, got.Word, got.Why, got.Text, c.word)
		}
	}
	for _, f := range []string{"card-300026-hand.jpg", "card-300086-shadowed-blue.jpg"} {
		card := testImage(t, f)
		lk := classify(card)
		if got := readLook(card, lk); got.kind == "word" && (lk.kind != "word" || occluded(card)) {
			t.Errorf("%s: classed %q, read as a word card, flip %v; want it left unread", f, lk.kind, got.flip)
		}
		card.Close()
	}
}
