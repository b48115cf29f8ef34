package retail

import (
	"testing"

	"fieldkit/wordlists"
)

// TestNearest: a read names the word it lies nearer than any other, or
// the longer word a cut read is a run of; a read as near two words names
// neither.
func TestNearest(t *testing.T) {
	list, err := wordlists.Builtin("pl")
	if err != nil {
		t.Fatal(err)
	}
	m := NewMatcher(list.Words)
	for _, tc := range []struct {
		read, word string
		want       bool
	}{
		{"KOZA", "KOZA", true},
		{"KOZY", "KOZA", true},
		// lamp 301185-phone's RÓŻA under -perturb warm: two edits from
		// both KOZA and RÓŻA
		{"PROZA", "KOZA", false},
		{"PROZA", "RÓŻA", false},
		// a cut read: the longer word's run
		{"NIEMC", "NIEMOWLĘ", true},
		{"", "KOZA", false},
	} {
		if got := nearest(m.Match(tc.read), tc.word); got != tc.want {
			t.Errorf("nearest(%q, %q) = %v, want %v (%+v)", tc.read, tc.word, got, tc.want, m.Match(tc.read))
		}
	}
}

// TestTiedRead: rendered lamp 301185-phone's RÓŻA under -perturb warm,
// its band read "PROZA" (KOZA and RÓŻA two edits off each), its copy,
// beside a token, nothing, then "KOZA" sharpened: KOZA, a wrong word,
// stood as the word the band's first read was nearest. A doubt.
func TestTiedRead(t *testing.T) {
	checkWordCards(t, []wordCardCase{
		{"pl", "card-301185-roza.png", ""},
	})
}
