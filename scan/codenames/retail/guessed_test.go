package retail

import (
	"testing"

	"fieldkit/wordlists"
)

// TestBandGuessed: two reads of a word card's band that each miss the word
// they name by an edit, and differ from each other, do not make the word
// without the copy: rendered 300622-webcam's MILL, a far card under sensor
// noise (TestRendered -perturb noise), read "MLE", "P", "MELE" and was
// MOLE, a wrong word. Two reads agreeing letter for letter, or one of them
// exact, or the copy naming the word still stand.
func TestBandGuessed(t *testing.T) {
	list, err := wordlists.Builtin("en")
	if err != nil {
		t.Fatal(err)
	}
	m := NewMatcher(list.Words)
	for _, tc := range []struct {
		band, copy, again string
		want              bool
	}{
		{"MLE", "P", "MELE", true}, // 300622-webcam under noise
		{"MLE", "", "MLE", false},  // the same letters twice
		{"MOLE", "P", "MELE", false},
		{"MLE", "MOLE", "MELE", false}, // the copy names it
	} {
		m1, m2, m3 := m.Match(tc.band), m.Match(tc.copy), m.Match(tc.again)
		if got := bandGuessed(m3, m1, m2); got != tc.want {
			t.Errorf("bandGuessed(%q, band %q, copy %q) = %v, want %v (%s %.1f, %s %.1f)", tc.again, tc.band, tc.copy, got, tc.want, m3.Word, m3.Dist, m1.Word, m1.Dist)
		}
	}
	checkWordCards(t, []wordCardCase{{"en", "card-300622-mill-noise.png", ""}})
}

// TestCopyRun: the copy's read shows a run of the word's letters.
func TestCopyRun(t *testing.T) {
	for _, tc := range []struct {
		word, text string
		want       bool
	}{
		{"LÓD", "ÓD", true}, // 300513-phone
		{"LÓD", "OD", true}, // diacritics ignored
		{"ARCO", "", false}, // 300644-webcam blurred: nothing
		{"ARCO", "O", false},
		{"ARCO", "IS", false},
	} {
		if got := copyRun(tc.word, tc.text); got != tc.want {
			t.Errorf("copyRun(%q, %q) = %v, want %v", tc.word, tc.text, got, tc.want)
		}
	}
}

// TestOneReadShown: a word named by the sharpened band's read alone (the
// band's first read not sure of it, the copy not naming it) stands only
// when the band's ink shows it: rendered 300672-webcam under -perturb dark,
// a far card's quad half off it, read "ÓŃ", "W", then "KOŃ", a wrong word.
func TestOneReadShown(t *testing.T) {
	checkWordCards(t, []wordCardCase{{"pl", "card-300672-dark-edge.png", ""}})
}
