package retail

import (
	"testing"

	"fieldkit/wordlists"
)

// TestShortWhole: an exact sharpened read of a short word stands over first
// reads cut to runs of a longer candidate's letters only when the band's
// ink shows the whole word. Synthetic 100001 (cs, 12 MP)'s ZOO read "ZO",
// nothing, then "ZOO": its ink is centred and three letters long, so ZOO
// stands. Rendered 300288's DZIADEK, a hand over its band, left "DZI": a
// read that invented a K would name DZIK, a wrong word; its ink lies 2.6
// letter heights off the band's centre, so an exact "DZIK" must not stand.
func TestShortWhole(t *testing.T) {
	list, err := wordlists.Builtin("cs")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := readWordCard(t, "cs", list.Words, "card-100001-zoo.png", 3)
	t.Logf("ZOO: read %q (%s, text %q)", c.Word, c.Why, c.Text)
	if c.Word != "ZOO" {
		t.Errorf("read %q (%s, text %q), want ZOO", c.Word, c.Why, c.Text)
	}

	pl, err := wordlists.Builtin("pl")
	if err != nil {
		t.Fatal(err)
	}
	c, _ = readWordCard(t, "pl", pl.Words, "card-300288-dziadek.png", 4)
	t.Logf("DZIADEK: read %q (%s, text %q)", c.Word, c.Why, c.Text)
	if c.Word != "" && c.Word != "DZIADEK" {
		t.Errorf("read %q (text %q), want DZIADEK or nothing", c.Word, c.Text)
	}
	// the read inventing the K: exact, over the band's cut first reads
	r, err := NewReader("pl", pl.Words)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	card := testImage(t, "card-300288-dziadek.png")
	defer card.Close()
	w := newWordCrops(card, classify(card).flip)
	defer w.Close()
	m1, m3 := r.match.Match("DZI"), r.match.Match("DZIK")
	if !m1.Cut || m3.Dist != 0 {
		t.Fatalf("DZI %+v, DZIK %+v: want a cut read and an exact one", m1, m3)
	}
	if r.wholeShort(w, m3, m1, Match{}) {
		t.Errorf("an exact DZIK stands over DZIADEK's cut band")
	}
}

// TestCentred: a short word a longer candidate holds near its middle (WÓZ
// in GWÓŹDŹ) may be what hands over both the longer word's ends leave.
func TestCentred(t *testing.T) {
	m := NewMatcher([]string{"GWÓŹDŹ", "WÓZ", "POWÓZ", "ZOO", "LIST", "ČTYŘLÍSTEK", "DZIK", "DZIADEK"})
	for _, tc := range []struct {
		word string
		want bool
	}{{"WÓZ", true}, {"ZOO", false}, {"LIST", false}, {"DZIK", false}} {
		if got := m.Centred(tc.word); got != tc.want {
			t.Errorf("%s: centred %v, want %v", tc.word, got, tc.want)
		}
	}
}

// TestBareCentred: a short word a longer candidate holds centred stands
// only on a band that shows its paper beyond the ink at both ends.
// Synthetic 100016 (pl, 1080p)'s WÓZ read "WÓ", "Ó", then "WÓZ": GWÓŹDŹ
// holds WÓZ centred, but the band is bare (0.99), so WÓZ stands. The hands
// over rendered 300288's DZIADEK, 300172's ARMÁRIO and 300026's card leave
// less paper than minBare beyond their ink.
func TestBareCentred(t *testing.T) {
	pl, err := wordlists.Builtin("pl")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := readWordCard(t, "pl", pl.Words, "card-100016-woz.png", 3)
	if c.Word != "WÓZ" {
		t.Errorf("read %q (%s, text %q), want WÓZ", c.Word, c.Why, c.Text)
	}
	for _, f := range []string{"card-300288-dziadek.png", "card-300172-armario.jpg", "card-300026-hand.jpg"} {
		card := testImage(t, f)
		w := newWordCrops(card, classify(card).flip)
		lo, hi, _ := bandInk(w.band)
		if w.bare(lo, hi) {
			raw := w.grey.Region(bandBox)
			t.Errorf("%s: bare (%.2f), want a hand over the band", f, bandPaper(raw, lo, hi))
			raw.Close()
		}
		w.Close()
		card.Close()
	}
}

// TestWidened: synthetic 100001 (cs, 1080p)'s ZOO read "Z", nothing, then
// "ZO" sharpened: Tesseract ran the two O's into one. The band widened
// (twice as wide again) reads ZOO, and the band's ink shows the whole word
// (wholeShort), so ZOO stands. Rendered 300266 (cs, webcam)'s ZOO read
// nothing twice, then "Z" sharpened and "ZOO" widened: with both first
// reads empty, the third read's cut counts as theirs, and ZOO stands too.
func TestWidened(t *testing.T) {
	cs, err := wordlists.Builtin("cs")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"card-100001-zoo-1080p.png", "card-300266-zoo.png"} {
		c, calls := readWordCard(t, "cs", cs.Words, f, 3)
		t.Logf("%s: read %q (%s, text %q), %d lines", f, c.Word, c.Why, c.Text, calls)
		if c.Word != "ZOO" {
			t.Errorf("%s: read %q (%s, text %q), want ZOO", f, c.Word, c.Why, c.Text)
		}
	}
}

// TestBlankFirst: rendered 300660-webcam's CÃO, a plain band, read ""
// on the band and the copy at lineHeight and "CÃO" exactly on the band
// sharpened twice as large: left in doubt, as the third read stood only
// with a first read to agree with. The sharpened read, sure on its own and
// the band's ink showing the word whole, stands now (blankFirst).
func TestBlankFirst(t *testing.T) {
	pt, err := wordlists.Builtin("pt")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := readWordCard(t, "pt", pt.Words, "card-300660-cao.png", 7)
	if c.Word != "CÃO" {
		t.Errorf("read %q (%s, text %q), want CÃO", c.Word, c.Why, c.Text)
	}
}
