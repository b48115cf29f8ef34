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

// TestShadedBand: word cards with a shadow over their band too (rendered
// 300475-phone's MISKA and 300445-phone's MOTOR, an arm's shadow;
// 300608-webcam's STOPA, its copy in the shadow, read "APA") are of no
// class to read (readLook: occluded, clearBand's dark over the band), but
// paleEnd finds their band, and readShaded names the word: MISKA and MOTOR
// by both copies, STOPA by its band alone, exact and sure, its ink the
// word's; 301146-webcam's SLON and DVOJČE by their bands alone, a
// shadow's corner or a hand's edge at the band's end (showsInner). Hands
// over a card's band (300026, 300454, 300295 and 300488's
// BABKA, not legible) and an arm over one (300440) name no word.
func TestShadedBand(t *testing.T) {
	for _, c := range []struct {
		lang, file, word string
		flip             bool
	}{
		{"cs", "card-300475-miska.png", "MISKA", false},
		{"pt", "card-300445-motor.png", "MOTOR", true},
		{"pl", "card-300608-stopa.png", "STOPA", false},
		// drawn-lamp 301146-webcam: a shadow's corner at SLON's band's
		// left, a hand's edge at DVOJČE's right, their copies read ""
		// and "FO": the letters' ink beside them (showsInner)
		{"cs", "card-301146-slon.png", "SLON", false},
		{"cs", "card-301146-dvojce.png", "DVOJČE", false},
	} {
		card := testImage(t, c.file)
		if lk := readLook(card, classify(card)); lk.kind != "" {
			t.Errorf("%s: read as %q, want no class (the band occluded)", c.file, lk.kind)
		}
		flip, _, ok := paleEnd(card)
		if !ok || flip != c.flip {
			t.Errorf("%s: paleEnd = %v, %v, want %v, true", c.file, flip, ok, c.flip)
			card.Close()
			continue
		}
		r := freshReader(t, c.lang)
		got := Cell{Quad: Quad{{0, 0}, {cardW, 0}, {cardW, cardH}, {0, cardH}}}
		var calls int
		if err := r.readShaded(card, flip, 0, &got, &calls); err != nil {
			t.Fatal(err)
		}
		card.Close()
		if got.Word != c.word {
			t.Errorf("%s: read %q (%s, text %q), want %s", c.file, got.Word, got.Why, got.Text, c.word)
		}
	}
	readers := map[string]*Reader{}
	for _, lang := range []string{"cs", "en", "pl", "pt"} {
		readers[lang] = freshReader(t, lang)
	}
	for _, c := range []struct{ lang, file string }{
		{"cs", "card-300026-hand.jpg"}, {"en", "card-300026-hand.jpg"}, {"pl", "card-300026-hand.jpg"},
		{"pt", "card-300026-hand.jpg"}, {"en", "card-300454-hand.png"}, {"en", "card-300295-hand.png"},
		{"pl", "card-300488-hand.png"}, {"pl", "card-300440-arm.png"},
	} {
		card := testImage(t, c.file)
		for _, flip := range []bool{false, true} {
			r := readers[c.lang]
			got := Cell{Quad: Quad{{0, 0}, {cardW, 0}, {cardW, cardH}, {0, cardH}}}
			var calls int
			if err := r.readShaded(card, flip, 0, &got, &calls); err != nil {
				t.Fatal(err)
			}
			if got.Word != "" {
				t.Errorf("%s (%s, flip %v): read %q (text %q), want no word", c.file, c.lang, flip, got.Word, got.Text)
			}
		}
		card.Close()
	}
}

// TestFaintPaleEnd: word cards whose letters hold little contrast (under
// a dim or soft light no band's worth of ink under 0.6 of the paper) are
// read by their pale band and its faint ink (paleEnd): rendered lamp
// 301117-phone's TINTA (tan, its band 0.70 of the beige's saturation) and
// 301139-phone's OBRAZOVKA (grey, dark by its colour), both of no class
// before. The bystanders' tan holds no such band.
func TestFaintPaleEnd(t *testing.T) {
	for _, c := range []struct {
		lang, file, word string
		flip             bool
	}{
		{"pt", "card-301117-tinta.png", "TINTA", false},
		{"cs", "card-301139-obrazovka.png", "OBRAZOVKA", true},
	} {
		card := testImage(t, c.file)
		lk := readLook(card, classify(card))
		if lk.kind != "word" || lk.flip != c.flip {
			t.Errorf("%s: read as %q (flip %v), want a word card (flip %v)", c.file, lk.kind, lk.flip, c.flip)
			card.Close()
			continue
		}
		r := freshReader(t, c.lang)
		got := Cell{Quad: Quad{{0, 0}, {cardW, 0}, {cardW, cardH}, {0, cardH}}}
		var calls int
		if err := r.readWord(card, lk.flip, 0, &got, &calls); err != nil {
			t.Fatal(err)
		}
		card.Close()
		if got.Word != c.word {
			t.Errorf("%s: read %q (%s, text %q), want %s", c.file, got.Word, got.Why, got.Text, c.word)
		}
	}
	for _, file := range []string{"card-100000-bystander.png", "card-110004-bystander.png", "card-300100-bystander.jpg",
		"card-300138-bystander.jpg", "card-300441-bystander.png", "card-300447-bystander.png", "card-300461-bystander.png"} {
		card := testImage(t, file)
		if _, _, ok := paleEnd(card); ok {
			t.Errorf("%s: paleEnd finds a word card's band on a bystander", file)
		}
		card.Close()
	}
}
