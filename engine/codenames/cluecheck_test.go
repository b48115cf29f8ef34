package codenames

import (
	"testing"
	"unicode"
)

func TestFold(t *testing.T) {
	cases := []struct{ in, want string }{
		{"ŻÓŁW", "zolw"},
		{"zolw", "zolw"},
		{"Z\u0307O\u0301LW", "zolw"}, // decomposed: combining dot above, acute
		{"Łódź", "lodz"},
		{"ČTYŘLÍSTEK", "ctyrlistek"},
		{"ARCO-ÍRIS", "arco-iris"},
		{"arco íris", "arco-iris"},
		{"  Ice  Cream ", "ice-cream"},
		{"PREGUIÇA", "preguica"},
		{"Øresund", "oresund"},
		{"Đakovo", "dakovo"},
		{"Straße", "strasse"},
		{"STRASSE", "strasse"},
		{"Œuvre", "oeuvre"},
		{"Þór", "thor"},
		{"İstanbul", "istanbul"},
		{"Ærø", "aero"},
		{"Crêpes!", "crepes"},
		{"rock'n'roll", "rock-n-roll"},
		{"Москва", "москва"}, // other scripts stay, in lower case
		{"", ""},
	}
	for _, c := range cases {
		if got := Fold(c.in); got != c.want {
			t.Errorf("Fold(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestFoldLatin checks that every Latin-1 and Latin Extended-A letter folds to plain ASCII.
func TestFoldLatin(t *testing.T) {
	for r := rune(0xC0); r <= 0x17F; r++ {
		if !unicode.IsLetter(r) || r == 0xD7 || r == 0xF7 {
			continue
		}
		f := Fold(string(r))
		for _, c := range f {
			if c < 'a' || c > 'z' {
				t.Errorf("Fold(%q) = %q, not plain letters", r, f)
				break
			}
		}
		if f == "" {
			t.Errorf("Fold(%q) is empty", r)
		}
	}
}

func TestCheckClue(t *testing.T) {
	words := []string{"ŻÓŁW", "SOK", "ARCO-ÍRIS", "SAŁATA", "KRAJOBRAZ", "BOB", ""}
	cases := []struct {
		clue string
		want []ClueWarning
	}{
		{"zolw", []ClueWarning{{SameWord, 0, "ŻÓŁW"}}},
		{"Żółw", []ClueWarning{{SameWord, 0, "ŻÓŁW"}}},
		{"żółwie", []ClueWarning{{ContainsWord, 0, "ŻÓŁW"}}},
		{"soki", []ClueWarning{{ContainsWord, 1, "SOK"}}},
		{"wysoki", []ClueWarning{{ContainsWord, 1, "SOK"}}}, // a false alarm the table overrules
		{"arco", []ClueWarning{{InsideWord, 2, "ARCO-ÍRIS"}}},
		{"iris", []ClueWarning{{InsideWord, 2, "ARCO-ÍRIS"}}},
		{"arcoiris", []ClueWarning{{SameWord, 2, "ARCO-ÍRIS"}}},
		{"sałatka", []ClueWarning{{SameRoot, 3, "SAŁATA"}}},
		{"obraz", []ClueWarning{{InsideWord, 4, "KRAJOBRAZ"}}},
		{"barco", nil},
		{"B", nil}, // a one-letter clue about meaning
		{"", nil},
		{"jedzenie", nil},
	}
	for _, c := range cases {
		got := CheckClue(c.clue, words)
		if len(got) != len(c.want) {
			t.Errorf("CheckClue(%q) = %v, want %v", c.clue, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("CheckClue(%q)[%d] = %v, want %v", c.clue, i, got[i], c.want[i])
			}
		}
	}
	w := CheckClue("zolw", words)[0]
	if msg := w.Message("zolw"); msg != `"zolw" is the visible word "ŻÓŁW"` {
		t.Errorf("Message = %q", msg)
	}
}
