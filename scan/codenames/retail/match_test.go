package retail

import (
	"testing"
	"unicode/utf8"
)

// TestMatch: the nearest word with a margin, or no match; a missing
// diacritic never picks another word that has it.
func TestMatch(t *testing.T) {
	words := []string{"ZÁMEK", "ZAMEK", "ŘEKA", "ŘEKY", "ŻÓŁW", "CORAÇÃO", "KOT", "KOC", "JELEŃ", "ČTYŘLÍSTEK", "LÁSKA"}
	m := NewMatcher(words)
	for _, tc := range []struct {
		text string
		want string // "" for no OK match
	}{
		{"ZÁMEK", ""}, // half an edit from ZAMEK: one read cannot tell them apart
		{"ZAMEK", ""},
		{"ZÂMEK", ""}, // as near ZÁMEK as ZAMEK
		{"REKA", "ŘEKA"},
		{"REKX", ""}, // ŘEKA or ŘEKY
		{"ZOLW", "ŻÓŁW"},
		{"ŻÓŁW", "ŻÓŁW"},
		{"CORACAO", "CORAÇÃO"},
		{"coração", "CORAÇÃO"},
		{"KOT", "KOT"},
		{"KOX", ""}, // KOT or KOC
		{"JELEN", "JELEŃ"},
		{"CTYRLISTEK", "ČTYŘLÍSTEK"},
		{"CTYRL1STEK", "ČTYŘLÍSTEK"},
		{"LASKA", "LÁSKA"},
		{"", ""},
		{"XYZXYZ", ""},
		{"  Ř E K A ", "ŘEKA"},
	} {
		got := m.Match(tc.text)
		w := ""
		if got.OK() {
			w = got.Word
		}
		if w != tc.want {
			t.Errorf("Match(%q) = %+v (OK %v), want %q", tc.text, got, got.OK(), tc.want)
		}
	}
}

// TestMatchStrong: only exact or one-off reads with a wide margin stand
// alone.
func TestMatchStrong(t *testing.T) {
	m := NewMatcher([]string{"DELFIN", "DOKTOR", "KOT"})
	if !m.Match("DELFIN").Strong() || !m.Match("DELFLN").Strong() {
		t.Error("DELFIN, DELFLN not strong")
	}
	if m.Match("DEXXIN").Strong() {
		t.Error("DEXXIN strong")
	}
}

// FuzzMatch: any text matches a candidate or none, the margin is never
// negative, and every candidate matches itself.
func FuzzMatch(f *testing.F) {
	for _, s := range []string{"ŻÓŁW", "CORACAO", "", "ř", "\xff", "A B", "ČTYŘLÍSTEK"} {
		f.Add(s)
	}
	words := []string{"ŻÓŁW", "KOT", "CORAÇÃO", "ČTYŘLÍSTEK", "A"}
	m := NewMatcher(words)
	f.Fuzz(func(t *testing.T, s string) {
		got := m.Match(s)
		if got.Margin < 0 || got.Dist < 0 && got.Word != "" {
			t.Fatalf("Match(%q) = %+v", s, got)
		}
		if got.Word != "" && !contains(words, got.Word) {
			t.Fatalf("Match(%q) = %q, not a candidate", s, got.Word)
		}
		if !utf8.ValidString(got.Text) {
			t.Fatalf("Match(%q).Text = %q, not UTF-8", s, got.Text)
		}
		for _, w := range words {
			if r := m.Match(w); !r.OK() || r.Word != w {
				t.Fatalf("Match(%q) = %+v", w, r)
			}
		}
	})
}

func contains(ws []string, w string) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}
