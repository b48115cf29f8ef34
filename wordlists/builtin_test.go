package wordlists

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// alphabets lists the letters each built-in list may use, besides A-Z.
var alphabets = map[string]struct {
	extra   string // letters beyond A-Z
	without string // letters of A-Z the language does not use
	hyphen  bool   // compound nouns are written with a hyphen
	must    string // diacritic letters that must occur somewhere in the list
}{
	"en": {},
	"pl": {extra: "ĄĆĘŁŃÓŚŹŻ", without: "QVX", must: "ĄĆĘŁŃÓŚŹŻ"},
	"cs": {extra: "ÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ", must: "ÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ"},
	"pt": {extra: "ÁÂÃÀÇÉÊÍÓÔÕÚ", hyphen: true, must: "ÁÂÃÇÉÊÍÓÔÚ"},
}

// samples are words each list must have; the printing tests check they render.
var samples = map[string][]string{
	"en": {"KEY", "CRANE"},
	"pl": {"ŻÓŁW", "ŹRÓDŁO", "GWÓŹDŹ", "KOŚĆ"},
	"cs": {"ČTYŘLÍSTEK", "KŮŇ", "LOĎ", "LABUŤ"},
	"pt": {"CORAÇÃO", "AVÔ", "PÊSSEGO", "GUARDA-CHUVA"},
}

func TestLanguages(t *testing.T) {
	want := []string{"cs", "en", "pl", "pt"}
	if got := Languages(); !slices.Equal(got, want) {
		t.Fatalf("Languages() = %q, want %q", got, want)
	}
}

func TestBuiltinUnknown(t *testing.T) {
	for _, lang := range []string{"", "de", "english", "p"} {
		l, err := Builtin(lang)
		if err == nil || !errors.Is(err, ErrUnknownLanguage) {
			t.Errorf("Builtin(%q) = %v, %v; want ErrUnknownLanguage", lang, l, err)
			continue
		}
		if !strings.Contains(err.Error(), "cs, en, pl, pt") {
			t.Errorf("Builtin(%q) error %q does not name the known languages", lang, err)
		}
	}
}

func TestBuiltinCaseAndCopy(t *testing.T) {
	a, err := Builtin(" PL ")
	if err != nil {
		t.Fatalf("Builtin(%q): %v", " PL ", err)
	}
	if a.Lang != "pl" || a.Name != "Polski" {
		t.Errorf("Builtin(PL) = %q %q, want pl Polski", a.Lang, a.Name)
	}
	first := a.Words[0]
	a.Words[0] = "CHANGED"
	b, err := Builtin("pl")
	if err != nil {
		t.Fatal(err)
	}
	if b.Words[0] != first {
		t.Errorf("changing a returned list changed the built-in list: first word %q, want %q", b.Words[0], first)
	}
}

func TestBuiltinLists(t *testing.T) {
	for _, lang := range Languages() {
		t.Run(lang, func(t *testing.T) {
			l, err := Builtin(lang)
			if err != nil {
				t.Fatal(err)
			}
			if n := len(l.Words); n < 400 {
				t.Errorf("%d words, want at least 400", n)
			}
			alpha, ok := alphabets[lang]
			if !ok {
				t.Fatalf("no alphabet for %q in the test", lang)
			}
			letters := map[rune]bool{}
			for r := 'A'; r <= 'Z'; r++ {
				letters[r] = !strings.ContainsRune(alpha.without, r)
			}
			for _, r := range alpha.extra {
				letters[r] = true
			}
			seen := map[string]string{}
			used := map[rune]bool{}
			for _, w := range l.Words {
				if n := Len(w); n > MaxLen || n < 2 {
					t.Errorf("%s has %d characters, want 2 to %d", w, n, MaxLen)
				}
				if k := Normalize(w); seen[k] != "" {
					t.Errorf("%s and %s are the same word", seen[k], w)
				} else {
					seen[k] = w
				}
				if w != Upper(w) {
					t.Errorf("%s is not upper-case NFC; want %s", w, Upper(w))
				}
				for i, r := range w {
					used[r] = true
					switch {
					case letters[r]:
					case r == '-' && alpha.hyphen && i > 0 && i < len(w)-1 && w[i-1] != '-' && w[i+1] != '-':
					default:
						t.Errorf("%s: %q at byte %d is not a letter of the %s alphabet", w, r, i, lang)
					}
				}
			}
			for _, r := range alpha.must {
				if !used[r] {
					t.Errorf("no word uses %c", r)
				}
			}
			for _, s := range samples[lang] {
				if !slices.Contains(l.Words, s) {
					t.Errorf("list lacks %s", s)
				}
			}
		})
	}
}

// TestBuiltinFiles checks the embedded files as written: NFC, upper case, no
// trailing space, and the words of each category in no particular order but
// never twice.
func TestBuiltinFiles(t *testing.T) {
	for _, lang := range Languages() {
		data, err := builtinFS.ReadFile("lists/" + lang + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		if !utf8.Valid(data) || !norm.NFC.IsNormal(data) {
			t.Errorf("%s.txt is not NFC UTF-8", lang)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if line != strings.TrimSpace(line) {
				t.Errorf("%s.txt:%d: space around %q", lang, i+1, line)
			}
			if line != "" && line[0] != '#' && line != Upper(line) {
				t.Errorf("%s.txt:%d: %q is not written upper case", lang, i+1, line)
			}
		}
	}
}

// stems maps a word to a key shared by its singular and plural, and by its
// masculine and feminine forms, for the near-duplicate test.
var stems = map[string]func(string) string{
	"en": func(w string) string {
		switch {
		case strings.HasSuffix(w, "IES"):
			return strings.TrimSuffix(w, "IES") + "Y"
		case strings.HasSuffix(w, "SES"), strings.HasSuffix(w, "XES"), strings.HasSuffix(w, "CHES"), strings.HasSuffix(w, "SHES"):
			return strings.TrimSuffix(w, "ES")
		case strings.HasSuffix(w, "S") && !strings.HasSuffix(w, "SS"):
			return strings.TrimSuffix(w, "S")
		}
		return w
	},
	"pl": trimLast("AEIOUYĄĘ"),
	"cs": trimLast("AEIOUYÁÉÍÝĚŮ"),
	"pt": func(w string) string {
		for _, r := range [][2]string{{"ÕES", "ÃO"}, {"ÃES", "ÃO"}, {"ÃOS", "ÃO"}, {"NS", "M"}, {"AIS", "AL"}, {"ÉIS", "EL"}, {"ÓIS", "OL"}, {"RES", "R"}, {"ZES", "Z"}, {"S", ""}} {
			if strings.HasSuffix(w, r[0]) {
				w = strings.TrimSuffix(w, r[0]) + r[1]
				break
			}
		}
		return trimLast("AEO")(w)
	},
}

// trimLast returns a function that removes one final letter from the set.
func trimLast(set string) func(string) string {
	return func(w string) string {
		r, size := utf8.DecodeLastRuneInString(w)
		if strings.ContainsRune(set, r) {
			return w[:len(w)-size]
		}
		return w
	}
}

// distinct lists pairs the stem test pairs up that are different words.
var distinct = map[string][][2]string{
	"pt": {{"BOLA", "BOLO"}, {"PRATA", "PRATO"}, {"PORTA", "PORTO"}, {"TESOURA", "TESOURO"}},
}

func TestBuiltinNearDuplicates(t *testing.T) {
	for _, lang := range Languages() {
		t.Run(lang, func(t *testing.T) {
			l, err := Builtin(lang)
			if err != nil {
				t.Fatal(err)
			}
			stem := stems[lang]
			if stem == nil {
				t.Fatalf("no stemmer for %q in the test", lang)
			}
			allowed := map[[2]string]bool{}
			for _, p := range distinct[lang] {
				if !slices.Contains(l.Words, p[0]) || !slices.Contains(l.Words, p[1]) {
					t.Errorf("allowed pair %s/%s is not in the list any more; remove it from the test", p[0], p[1])
				}
				allowed[p] = true
			}
			byStem := map[string]string{}
			for _, w := range l.Words {
				s := stem(w)
				if prev, ok := byStem[s]; ok {
					p := [2]string{min(prev, w), max(prev, w)}
					if !allowed[p] {
						t.Errorf("%s and %s look like forms of one word", p[0], p[1])
					}
					continue
				}
				byStem[s] = w
			}
		})
	}
}
