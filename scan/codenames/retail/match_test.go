package retail

import (
	"math/rand/v2"
	"slices"
	"testing"
	"unicode/utf8"

	"fieldkit/wordlists"
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

// TestMatchStrong: only exact reads (a diacritic off at most) with a wide
// margin stand alone; one whole edit off does not (TestOneEditOff).
func TestMatchStrong(t *testing.T) {
	m := NewMatcher([]string{"DELFIN", "DOKTOR", "KOT", "ŽÁBA"})
	if !m.Match("DELFIN").Strong() || !m.Match("ŽABA").Strong() {
		t.Error("DELFIN, ŽABA not strong")
	}
	if m.Match("DELFLN").Strong() || m.Match("DEXXIN").Strong() {
		t.Error("DELFLN or DEXXIN strong")
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

// TestMatchSkips: skipping the words whose length alone puts them no
// nearer than the runner-up gives what comparing with every word gives,
// for a whole list and texts one to four edits off its words.
func TestMatchSkips(t *testing.T) {
	list, err := wordlists.Builtin("pl")
	if err != nil {
		t.Fatal(err)
	}
	m := NewMatcher(list.Words)
	rng := rand.New(rand.NewPCG(1, 2))
	letters := []rune(m.Letters())
	for n := range 3000 {
		w := []rune(Normalize(list.Words[rng.IntN(len(list.Words))]))
		for range 1 + n%4 {
			switch i := rng.IntN(len(w) + 1); rng.IntN(3) {
			case 0:
				w = slices.Insert(w, i, letters[rng.IntN(len(letters))])
			case 1:
				if i < len(w) {
					w = slices.Delete(w, i, i+1)
				}
			default:
				if i < len(w) {
					w[i] = letters[rng.IntN(len(letters))]
				}
			}
		}
		text := string(w)
		got := m.whole(text)
		tr := []rune(Normalize(text))
		if len(tr) == 0 {
			continue
		}
		tb := baseRunes(tr)
		best, second, word := 1e9, 1e9, ""
		for i, r := range m.runes {
			switch d := distance(tr, tb, r, m.base[i]); {
			case d < best:
				second, best, word = best, d, m.words[i]
			case d < second:
				second = d
			}
		}
		if got.Word != word || got.Dist != best || got.Margin != second-best {
			t.Fatalf("Match(%q) = %q %.1f margin %.1f, every word compared: %q %.1f margin %.1f",
				text, got.Word, got.Dist, got.Margin, word, best, second-best)
		}
	}
}

// BenchmarkMatch matches OCR texts against the whole Polish list, side by
// side: Match (skipping words whose length alone rules them out) and every
// word's table computed.
//
//	go test ./scan/codenames/retail -run XX -bench Match -cpu 1
func BenchmarkMatch(b *testing.B) {
	list, err := wordlists.Builtin("pl")
	if err != nil {
		b.Fatal(err)
	}
	m := NewMatcher(list.Words)
	texts := []string{"ŹDŹBŁO", "ZDZBLO", "PRZEDSZKOLE", "KOT", "TVEVUVÊVVA", "ŻABA"}
	b.Run("skipping", func(b *testing.B) {
		for b.Loop() {
			for _, s := range texts {
				m.Match(s)
			}
		}
	})
	b.Run("every-word", func(b *testing.B) {
		for b.Loop() {
			for _, s := range texts {
				t := []rune(Normalize(s))
				tb := baseRunes(t)
				for i, r := range m.runes {
					distance(t, tb, r, m.base[i])
				}
			}
		}
	})
}

// TestCutWord: a hand over the end of DZIADEK's band left "DZI", one edit
// from DZIK and a run of DZIADEK's own letters; its upside-down copy, cut
// by the same hand, read "DZIŚ". Both named DZIK, a wrong word (rendered
// held-out 300288, session 10). A text nearer a run of a longer
// candidate's letters than any whole word is no word; an exact read
// still is, and so is a copy no run explains better.
func TestCutWord(t *testing.T) {
	m := NewMatcher([]string{"DZIK", "DZIADEK", "KOT", "KOTWICA", "ŻABA"})
	for _, tc := range []struct {
		text string
		ok   bool
		word string
		cut  bool
	}{
		{"DZI", false, "DZIADEK", true},
		{"DZIAD", false, "DZIADEK", true},
		{"DZIK", true, "DZIK", false},
		{"DZIŚ", true, "DZIK", false},
		{"KOT", true, "KOT", false},
		{"KOTW", false, "KOTWICA", true},
		{"ZABA", true, "ŻABA", false},
	} {
		got := m.Match(tc.text)
		if got.OK() != tc.ok || got.Word != tc.word || got.Cut != tc.cut {
			t.Errorf("%s: %s (ok %v, cut %v, dist %.1f, margin %.1f), want %s (ok %v, cut %v)",
				tc.text, got.Word, got.OK(), got.Cut, got.Dist, got.Margin, tc.word, tc.ok, tc.cut)
		}
	}
}
