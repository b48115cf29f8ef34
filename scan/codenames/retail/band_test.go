package retail

import (
	"testing"

	"fieldkit/wordlists"

	"gocv.io/x/gocv"
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
	checkWordCardsAt(t, 3, []wordCardCase{
		{"cs", "card-300499-raketa.png", "RAKETA"},
		{"cs", "card-300499-koste.png", "KOŠTĚ"},
		{"pt", "card-300501-cacto.png", "CACTO"},
		{"en", "card-300502-clown.png", "CLOWN"},
		{"pt", "card-300501-porco.png", "PORCO"},
	})
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

// TestBlurredBand: a word card tan under a warm light, its letters blurred
// to 0.70-0.85 of their paper (no faint ink under 0.75), was left with no
// class by bandShape (rendered 300484-webcam: ESTAÇÃO, MÁSCARA, BANDEIRA,
// readable by eye); its pale band holding ink under 0.85 of its paper at
// that end (and none at the other) makes it a word card, the pale end its
// band's.
func TestBlurredBand(t *testing.T) {
	pt, err := wordlists.Builtin("pt")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file, word string
		flip       bool
	}{
		{"card-300484-mascara.png", "MÁSCARA", false},
		{"card-300484-estacao.png", "ESTAÇÃO", true},
		{"card-300484-bandeira.png", "BANDEIRA", true},
	} {
		card := testImage(t, c.file)
		lk := classify(card)
		card.Close()
		if lk.kind != "word" || lk.flip != c.flip {
			t.Errorf("%s: classed %q flip %v, want a word card, flip %v", c.file, lk.kind, lk.flip, c.flip)
			continue
		}
		got, _ := readWordCard(t, "pt", pt.Words, c.file, 3)
		if got.Word != c.word {
			t.Errorf("%s: read %q (%s, text %q), want %s", c.file, got.Word, got.Why, got.Text, c.word)
		}
	}
}

// TestHalfPaleBand: a beige card half pale, half tan (rendered
// 300504-webcam's LATARKA under a warm light) whose band's saturation is
// 0.70 of its middle's, a hair over paleBand's 0.7, with faint ink at the
// band's end and none at the other, had no class; half pale already, its
// band need only be under bandShape's 0.8, and it is read.
func TestHalfPaleBand(t *testing.T) {
	pl, err := wordlists.Builtin("pl")
	if err != nil {
		t.Fatal(err)
	}
	card := testImage(t, "card-300504-latarka.png")
	lk := classify(card)
	card.Close()
	if lk.kind != "word" || lk.flip {
		t.Fatalf("classed %q flip %v, want a word card upright", lk.kind, lk.flip)
	}
	got, _ := readWordCard(t, "pl", pl.Words, "card-300504-latarka.png", 3)
	if got.Word != "LATARKA" {
		t.Errorf("read %q (%s, text %q), want LATARKA", got.Word, got.Why, got.Text)
	}
}

// TestWayUpPale: a word card whose blurred letters leave no ink at 60% at
// either end (rendered 300502-webcam's BOARD, upside down) was read the
// right way up only by the turned read, whose rules did not let its word
// stand; its band's pale end says which way up it lies, and it is read.
func TestWayUpPale(t *testing.T) {
	en, err := wordlists.Builtin("en")
	if err != nil {
		t.Fatal(err)
	}
	card := testImage(t, "card-300502-board.png")
	lk := classify(card)
	card.Close()
	if lk.kind != "word" || !lk.flip {
		t.Fatalf("classed %q flip %v, want a word card upside down", lk.kind, lk.flip)
	}
	got, _ := readWordCard(t, "en", en.Words, "card-300502-board.png", 3)
	if got.Word != "BOARD" {
		t.Errorf("read %q (%s, text %q), want BOARD", got.Word, got.Why, got.Text)
	}
}

// TestBandWiden: a card's quad off the card along its long side puts the
// word off the band box's middle, and the box cut its last letter
// (rendered 300519-phone's MUMMY, its Y beyond the box: read "MUMM", a
// doubt). widenBand widens the box to the card's inside at the end the
// ink reaches, and the word is read. The cards of TestBandCut whose
// letters lie within the box keep it (checked there), and so does a card
// whose box ends on a sleeve over it, not on letters (rendered
// 300454-webcam's BEE: widened, its band read nothing, and the word read
// the other way up before was lost).
func TestBandWiden(t *testing.T) {
	bee := testImage(t, "card-300454-bee.png")
	w0 := newWordCrops(bee, false)
	if w0.box.Min.X != bandBox.Min.X || w0.box.Max.X != bandBox.Max.X {
		t.Errorf("card-300454-bee.png: band cut at %v, want bandBox's columns %d-%d", w0.box, bandBox.Min.X, bandBox.Max.X)
	}
	w0.Close()
	bee.Close()
	card := testImage(t, "card-300519-mummy.png")
	w := newWordCrops(card, false)
	if w.box.Max.X != bandSides[1] || w.box.Min.X != bandBox.Min.X {
		t.Errorf("card-300519-mummy.png: band cut at %v, want it widened to column %d on the right", w.box, bandSides[1])
	}
	w.Close()
	card.Close()
	checkWordCardsAt(t, 3, []wordCardCase{{"en", "card-300519-mummy.png", "MUMMY"}})
}

// TestEvened: a band's letters paled towards one end come out as dark as
// the rest (evened), paper and specks under minEvenInk stay white.
func TestEvened(t *testing.T) {
	m := gocv.NewMatWithSize(20, 200, gocv.MatTypeCV8U)
	defer m.Close()
	m.SetTo(gocv.NewScalar(255, 0, 0, 0))
	px := pixels(m)
	for _, c := range []struct{ x, grey int }{{20, 40}, {100, 150}, {180, 220}} {
		for y := 5; y < 15; y++ {
			for x := c.x; x < c.x+6; x++ {
				px[y*200+x] = uint8(c.grey)
			}
		}
	}
	e := evened(m)
	defer e.Close()
	ep := pixels(e)
	for _, c := range []struct {
		x, want int
		what    string
	}{{22, 0, "a dark letter"}, {102, 0, "a paled letter"}, {182, 255, "a speck"}, {60, 255, "paper"}} {
		if got := int(ep[10*200+c.x]); got != c.want {
			t.Errorf("evened at %s (column %d) = %d, want %d", c.what, c.x, got, c.want)
		}
	}
}

// TestEvenedBand: rendered lamp 301151-phone's GARDEN (cell 3,3), a glare
// paling its band's E and N (120-160 grey, its G 40): read "GARDE" on the
// band and sharpened, CARD two edits off (a margin of one); its band
// evened reads "GARDEN". Without the evened read it stays in doubt.
func TestEvenedBand(t *testing.T) {
	checkWordCards(t, []wordCardCase{
		{"en", "card-301151-garden.png", "GARDEN"},
	})
}
