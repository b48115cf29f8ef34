package retail

import "testing"

// TestSmallLettersRival: rendered lamp 301078-webcam under -perturb noise,
// a far card at 1080p (cell 1,3): HILL's band read "MILL" exactly, and
// again sharpened, its copy nothing; MILL stood, a wrong word, HILL one
// edit off. Its band lies 1.85 frame pixels a millimetre across (the
// card's quad in the frame below), under minScale: a read alone there
// with a candidate one edit off is no word. The same card with no quad
// (its scale not known) reads MILL, as before.
func TestSmallLettersRival(t *testing.T) {
	card := testImage(t, "card-301078-noise-hill.png")
	defer card.Close()
	for _, tc := range []struct {
		name string
		quad Quad
		want string
	}{
		{"far", Quad{{1646, 678}, {1608, 544}, {1688, 522}, {1730, 652}}, ""},
		{"scale unknown", Quad{}, "MILL"},
	} {
		r := freshReader(t, "en")
		c := Cell{Quad: tc.quad}
		var calls int
		if err := r.readWord(card, false, 0, &c, &calls); err != nil {
			t.Fatal(err)
		}
		if c.Word != tc.want {
			t.Errorf("%s: readWord = %q (read %q), want %q", tc.name, c.Word, c.Text, tc.want)
		}
	}
}

// TestSmallLettersCopy: a far card's band read exactly with a rival an
// edit off (minScale), its copy showing letters the rival lacks
// (Matcher.RulesOut): rendered 300962-webcam's STŮL (heldout18, cell 3,4,
// 1.89 px/mm), read "STŮL" on the band and "TUL" on the copy, SŮL one edit
// from the band's read. Without its quad (scale unknown) it stands as well.
func TestSmallLettersCopy(t *testing.T) {
	card := testImage(t, "card-300962-stul.png")
	defer card.Close()
	for _, tc := range []struct {
		name string
		quad Quad
		want string
	}{
		{"far", Quad{{1190, 858}, {1158, 712}, {1246, 696}, {1272, 838}}, "STŮL"},
		{"scale unknown", Quad{}, "STŮL"},
	} {
		r := freshReader(t, "cs")
		c := Cell{Quad: tc.quad}
		var calls int
		if err := r.readWord(card, true, 0, &c, &calls); err != nil {
			t.Fatal(err)
		}
		if c.Word != tc.want {
			t.Errorf("%s: readWord = %q (read %q), want %q", tc.name, c.Word, c.Text, tc.want)
		}
	}
}

// TestBandScale: the frame's pixels per millimetre across a card's band,
// at its bottom (upright) or its top (flip), the shorter of its ends.
func TestBandScale(t *testing.T) {
	// a card 70 x 45 mm seen square at 2 px/mm
	flat := Quad{{100, 100}, {240, 100}, {240, 190}, {100, 190}}
	// the card turned about its short axis: its right end farther
	// (80 px across 45 mm) than its left (100 px); the band box ends
	// 7.5 mm in from each: 82 px at its right end
	turned := Quad{{100, 100}, {240, 110}, {240, 190}, {100, 200}}
	for _, tc := range []struct {
		name string
		q    Quad
		flip bool
		lo   float64
		hi   float64
	}{
		{"flat", flat, false, 1.99, 2.01},
		{"flat flip", flat, true, 1.99, 2.01},
		{"turned", turned, false, 1.82, 1.83},
		{"turned flip", turned, true, 1.82, 1.83},
	} {
		if got := bandScale(tc.q, tc.flip); got < tc.lo || got > tc.hi {
			t.Errorf("%s: bandScale = %.3f, want %.2f..%.2f", tc.name, got, tc.lo, tc.hi)
		}
	}
}

// TestBothEnds: a far card whose band alone is too small for its exact
// read (minScale) but whose two ends each read the word exactly, one way
// up and the other (Matcher.bothEnds): rendered 300622-webcam's GLOBE
// (heldout12, cell 2,1), cut from its frame, with its quad.
func TestBothEnds(t *testing.T) {
	for _, tc := range []struct {
		file string
		quad Quad
		want string
	}{
		{"card-300622-globe.png", Quad{{1416, 638}, {1470, 514}, {1548, 546}, {1496, 670}}, "GLOBE"},
	} {
		r := freshReader(t, "en")
		card := testImage(t, tc.file)
		c := Cell{Quad: tc.quad}
		var calls int
		err := r.readWord(card, false, 0, &c, &calls)
		card.Close()
		if err != nil {
			t.Fatal(err)
		}
		if c.Word != tc.want {
			t.Errorf("readWord(%s) = %q (read %q), want %q", tc.file, c.Word, c.Text, tc.want)
		}
	}
}
