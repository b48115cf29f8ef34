package retail

import "testing"

// TestSharpenedRival: two cards under -perturb blur whose word the band's
// sharpened read alone settled, a rival one edit off it, both wrong words
// of session 28's held-out read. Rendered 301279-phone's HILL read "TLL",
// "", then "BILL" (cutRival); lamp 301301-phone's FARMÁCIA, upside down
// under a hand's fingers, read the other way up "FAD", "MM", then "FADA",
// its band's ink 9.6 letter heights long (inkBeyond). Each card is the
// reader's rectified crop, read with the cell's quad as the reader read it.
func TestSharpenedRival(t *testing.T) {
	for _, c := range []struct {
		file, lang string
		quad       Quad
	}{
		{"card-301279-blur-hill.png", "en", Quad{{1895.8, 1500}, {2108.3, 1441.7}, {2116.7, 1637.5}, {1900, 1708.3}}},
		{"card-301301-blur-farmacia.png", "pt", Quad{{2426.8, 2896.6}, {2253.6, 2634}, {2430.8, 2523.4}, {2600.4, 2787.6}}},
	} {
		t.Run(c.file, func(t *testing.T) {
			r := freshReader(t, c.lang)
			card := testImage(t, c.file)
			defer card.Close()
			cell := Cell{Quad: c.quad}
			var calls int
			if err := r.readWord(card, classify(card).flip, 0, &cell, &calls); err != nil {
				t.Fatal(err)
			}
			if cell.Word != "" {
				t.Errorf("readWord = %q (read %q, %s), want a doubt", cell.Word, cell.Text, cell.via)
			}
		})
	}
}

// TestCutRival: the sharpened read's word stands over cut first reads
// unless one of them lies as near a rival within two edits of it.
func TestCutRival(t *testing.T) {
	r := freshReader(t, "en")
	for _, c := range []struct {
		m1, m2, m3 string
		want       bool
	}{
		{"TLL", "", "BILL", true},  // 301279-phone: TLL two edits from BILL and HILL
		{"ILL", "", "BILL", false}, // the word's letters in order: its letters lost, no rival's
		{"", "", "BILL", false},    // nothing read: nothing tells
	} {
		m1, m2, m3 := r.match.Match(c.m1), r.match.Match(c.m2), r.match.Match(c.m3)
		if got := r.cutRival(m3, m1, m2); got != c.want {
			t.Errorf("cutRival(%q, %q, %q) = %v, want %v", c.m3, c.m1, c.m2, got, c.want)
		}
	}
}
