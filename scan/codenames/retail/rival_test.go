package retail

import (
	"testing"

	"fieldkit/wordlists"
)

func TestContested(t *testing.T) {
	m := NewMatcher([]string{"PANELA", "PANDA", "FERRADURA", "FECHADURA", "MICROSCÓPIO", "PÁ", "PÉ", "PEIXE", "MÍČ", "MEČ", "KARETKA", "KARTA", "KURTKA"})
	for _, c := range []struct {
		read, other, word string
		want              bool
	}{
		// rendered 300444: the band three edits from both PANDA and PANELA
		{"PANDA", "FANTIA", "PANDA", true},
		// the band nearer the copy's word
		{"PANDA", "PANDI", "PANDA", false},
		// the band nearer the rival: contested too
		{"PANDA", "PANEIA", "PANDA", true},
		// no rival within two edits of the read: the band's letters do not matter
		{"FERRADURA", "GCRDS", "FERRADURA", false},
		// a diacritic's half edit tells PÁ from PÉ
		{"PÁ", "PA", "PÁ", false},
		{"PÉ", "PE", "PÉ", false},
		{"PÁ", "PE", "PÁ", true},
		{"PÁ", "P", "PÁ", false},
		// letters of the word alone, in order: the word with letters lost
		{"MÍČ", "MČ", "MÍČ", false},
		{"MÍČ", "EČ", "MÍČ", true},
		// an empty band, or a piece of one, contests nothing
		{"PANDA", "", "PANDA", false},
		{"PANDA", "PA", "PANDA", false},
		{"FERRADURA", "GCRDS", "FERRADURA", false},
		// garbage as far from the rival as from the word: no rival's misread
		{"KARETKA", "WAŃBPTYA", "KARETKA", false},
		// a word not among the candidates
		{"PANDA", "FANTIA", "ZEBRA", false},
	} {
		if got := m.Contested(c.read, c.other, c.word); got != c.want {
			t.Errorf("Contested(%q, %q, %q) = %v, want %v", c.read, c.other, c.word, got, c.want)
		}
	}
}

// TestPartWordWhole: held-out 300496's EKRAN, a hand over all but its
// band's "KRAN" (the E under a finger), read "KRAN" on the band and "M" on
// the copy: KRAN, another word of the Polish list and a run of EKRAN's
// letters, stood on the band alone, a wrong word. A run of a longer word's
// letters read by one copy alone now needs the band's ink to show it whole
// (Reader.whole).
func TestPartWordWhole(t *testing.T) {
	list, err := wordlists.Builtin("pl")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := readWordCard(t, "pl", list.Words, "card-300496-ekran.png", 0)
	if c.Word != "" && c.Word != "EKRAN" {
		t.Errorf("read %q (text %q), want EKRAN or a doubt", c.Word, c.Text)
	}
}

// TestRulesOut: the other copy's read shows letters of the word that no
// rival within two edits of the read holds.
func TestRulesOut(t *testing.T) {
	m := NewMatcher([]string{"STŮL", "SŮL", "VRTULNÍK", "HILL", "MILL", "MILK", "PIRATA", "PRATA"})
	for _, c := range []struct {
		read, other, word string
		want              bool
	}{
		// rendered 300962-webcam: SŮL holds no "TUL"; VRTULNÍK does,
		// but lies far from "STŮL"
		{"STŮL", "TUL", "STŮL", true},
		// a blank copy, or letters every rival holds too, rule nothing out
		{"MILL", "", "MILL", false},
		{"MILL", "ILL", "MILL", false},
		// too few letters
		{"STŮL", "TU", "STŮL", false},
		// letters that are no run of the word's
		{"STŮL", "TLU", "STŮL", false},
		{"MILL", "MIK", "MILL", false},
		// a letter only the word has among its rivals (MILK, HILL)
		{"MILL", "MILL", "MILL", true},
		// the rival within two edits holds the copy's letters
		{"PRATA", "ATA", "PRATA", false},
		// a word not among the candidates
		{"STŮL", "TUL", "STOL", false},
	} {
		if got := m.RulesOut(c.read, c.other, c.word); got != c.want {
			t.Errorf("RulesOut(%q, %q, %q) = %v, want %v", c.read, c.other, c.word, got, c.want)
		}
	}
}

// TestGuessedRuledOut: a far band read twice an edit or more off, unlike
// each other (bandGuessed), stands when the copy shows letters of the word
// that no rival of the sharpened read holds (Matcher.RulesOut): rendered
// lamp 301128-webcam's NIEMOWLĘ (cell 3,1), read "NIEMC", "OWLĘ", then
// "NIEMÓWLI" sharpened.
func TestGuessedRuledOut(t *testing.T) {
	card := testImage(t, "card-301128-niemowle.png")
	defer card.Close()
	r := freshReader(t, "pl")
	c := Cell{Quad: Quad{{342, 586}, {574, 586}, {574, 730}, {342, 730}}}
	var calls int
	if err := r.readWord(card, false, 0, &c, &calls); err != nil {
		t.Fatal(err)
	}
	if c.Word != "NIEMOWLĘ" {
		t.Errorf("readWord = %q (read %q, %s), want NIEMOWLĘ", c.Word, c.Text, c.Why)
	}
}
