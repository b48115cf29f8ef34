package retail

import (
	"testing"

	"fieldkit/wordlists"
)

// TestBandCut: a card's quad a few millimetres short of its card at the
// band's end puts the word low on the rectified card, and bandBox cut its
// letters in half (rendered 300499-phone's RAKETA and KOŠTĚ, 300501-phone's
// CACTO, 300502-webcam's CLOWN: doubts, their bands read "ČAJČETAÁ",
// "VONĚTĚ", "PAPTO", "TOA"); a quad beyond its card there puts it high,
// and the box cut the letters' tops (300501-phone's PORCO: "FURL").
// cutBand follows the letters' rows beyond the box's edge and centres the
// box on them; every one is read. Cards whose letters lie
// within the box keep it.
func TestBandCut(t *testing.T) {
	for _, c := range []struct {
		file, lang, word string
	}{
		{"card-300499-raketa.png", "cs", "RAKETA"},
		{"card-300499-koste.png", "cs", "KOŠTĚ"},
		{"card-300501-cacto.png", "pt", "CACTO"},
		{"card-300502-clown.png", "en", "CLOWN"},
		{"card-300501-porco.png", "pt", "PORCO"},
	} {
		t.Run(c.word, func(t *testing.T) {
			list, err := wordlists.Builtin(c.lang)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := readWordCard(t, c.lang, list.Words, c.file, 3)
			if got.Word != c.word {
				t.Errorf("%s: read %q (%s, text %q), want %s", c.file, got.Word, got.Why, got.Text, c.word)
			}
		})
	}
	for _, f := range []string{"card-300026-word.jpg", "card-300165-chapeu.png",
		"card-300052-tigela.png", "card-120019-sip.png", "card-100001-zoo.png"} {
		card := testImage(t, f)
		lk := classify(card)
		w := newWordCrops(card, lk.flip)
		if w.box != bandBox {
			t.Errorf("%s: band cut at %v, want bandBox %v", f, w.box, bandBox)
		}
		w.Close()
		card.Close()
	}
}
