package keycards

import (
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	card := NewDuet(SeededSource("7"))
	a, b := card.SideCode(SideA), card.SideCode(SideB)
	other := NewDuet(SeededSource("8"))
	classic := NewClassic(SeededSource("9"))
	for _, tc := range []struct {
		name, in string
		want     Card   // nil: an error
		err      string // what the error says
	}{
		{"duet code", card.Code(), card, ""},
		{"classic code", classic.Code(), classic, ""},
		{"sides A B", a + " " + b, card, ""},
		{"sides B A", b + ", " + a, card, ""},
		{"sides lower case, no separator", strings.ToLower(a + b), card, ""},
		{"QR addresses", "http://192.168.1.20:8080/k/" + a + "\nhttp://192.168.1.20:8080/k/" + b, card, ""},
		{"one side", a, nil, "give side B's code too"},
		{"one side B", b, nil, "give side A's code too"},
		{"same side twice", a + " " + a, nil, "both codes are side A"},
		{"sides of two cards", a + " " + other.SideCode(SideB), nil, "are not two sides of one key card"},
		{"a typo", a[:len(a)-1] + "2 " + b, nil, "does not check out"},
		{"three codes", a + " " + b + " " + a, nil, "3 codes"},
		{"nothing", "  ", nil, "no code"},
	} {
		got, err := Read(tc.in)
		switch {
		case tc.want != nil && (err != nil || got != tc.want):
			t.Errorf("%s: Read(%q) = %v, %v; want %v", tc.name, tc.in, got, err, tc.want)
		case tc.want == nil && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: Read(%q) = %v, %v; want an error with %q", tc.name, tc.in, got, err, tc.err)
		}
	}
}

func FuzzRead(f *testing.F) {
	card := NewDuet(SeededSource("7"))
	for _, s := range []string{card.Code(), card.SideCode(SideA) + " " + card.SideCode(SideB), "A", "/k/", ",,", "AAAAAAAAABBBBBBBBB"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Read(s)
		if err == nil && c.Validate() != nil {
			t.Fatalf("Read(%q) gave an invalid card", s)
		}
	})
}
