package retail

import "testing"

// TestLongInk: a band whose ink, clear of its ends, runs longer than the
// word read could: a piece of a longer word.
func TestLongInk(t *testing.T) {
	for _, tc := range []struct {
		file string
		flip bool
		word string
		want bool
	}{
		// rendered 301024-webcam under -perturb blur: FORTEPIAN, fingers'
		// shadows over its end, read "PORT"
		{"card-301024-fortepian.png", true, "PORT", true},
		{"card-301024-fortepian.png", true, "FORTEPIAN", false},
		{"card-301173-saia.png", false, "SAIA", false},
		{"card-301173-saia.png", false, "SAL", false},
	} {
		card := testImage(t, tc.file)
		w := newWordCrops(card, tc.flip)
		if got := w.longInk(tc.word); got != tc.want {
			lo, hi, h := bandInk(w.band)
			t.Errorf("%s: longInk(%q) = %v, want %v (ink %d-%d of %d, height %d)", tc.file, tc.word, got, tc.want, lo, hi, w.band.Cols(), h)
		}
		w.Close()
		card.Close()
	}
}

// TestLone: a band's exact read with a rival within two edits and the
// copy blank is one witness; a copy that saw letters, or a margin of two,
// is not lone.
func TestLone(t *testing.T) {
	for _, tc := range []struct {
		m     Match
		other string
		want  bool
	}{
		{Match{Word: "SAL", Text: "SAL", Margin: 1}, "", true}, // lamp 301173-phone's SAIA under dark (SOL an edit off)
		{Match{Word: "SAL", Text: "SAL", Margin: 1.5}, "", true},
		{Match{Word: "SAL", Text: "SAL", Margin: 2}, "", false},
		{Match{Word: "SAL", Text: "SAL", Margin: 1}, "SA", false},
	} {
		if got := lone(tc.m, Match{Text: tc.other}); got != tc.want {
			t.Errorf("lone(%+v, %q) = %v, want %v", tc.m, tc.other, got, tc.want)
		}
	}
}

// TestOneWitness: word cards whose band's one read named a wrong word
// alone: rendered 301024-webcam's FORTEPIAN under -perturb blur, read
// "PORT" on its band, sure, fingers' shadows over the rest (longInk);
// lamp 301173-phone's SAIA under -perturb dark, read "SAL", a rival an
// edit off, its copy blank, then "" sharpened (lone). Both doubts.
func TestOneWitness(t *testing.T) {
	checkWordCards(t, []wordCardCase{
		{"pl", "card-301024-fortepian.png", ""},
		{"pt", "card-301173-saia.png", ""},
	})
}

// TestLoneAccentless: a band's exact read held back (lone) whose
// sharpened read has its letters without their diacritics: rendered
// 301012-webcam's CÃO under -perturb warm ("CÃO", "", "CAO") and lamp
// 301147-phone's MÍČ under -perturb blur ("MÍČ", "", "MIC") stand.
func TestLoneAccentless(t *testing.T) {
	checkWordCards(t, []wordCardCase{
		{"pt", "card-301012-cao.png", "CÃO"},
		{"cs", "card-301147-mic.png", "MÍČ"},
	})
}

// TestOtherWordRun: a copy read alone as a word while the other copy's
// read is a run of another candidate's letters (aloneRead's
// contradictedBy): drawn-lamp 301204-webcam's MACARRÃO, its band read
// "ARRÃO" and its copy "MAGO" exactly, MAGO a wrong word on the copy
// alone; now a doubt.
func TestOtherWordRun(t *testing.T) {
	checkWordCards(t, []wordCardCase{
		{"pt", "card-301204-macarrao.png", ""},
	})
}

// TestShortOfInk: a word one letter short of another candidate, read on
// one copy alone, whose band's ink runs longer than its letters could
// (shortOfInk): held-out 301047-phone's CARD, its D pale under a glare,
// read "CAR" on the band and sharpened, the copy blank, its ink 1.21
// letter heights a letter of CAR; now a doubt.
func TestShortOfInk(t *testing.T) {
	checkWordCards(t, []wordCardCase{
		{"en", "card-301047-card.png", ""},
	})
}
