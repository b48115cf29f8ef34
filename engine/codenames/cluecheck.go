package codenames

import (
	"fmt"
	"strings"
	"unicode"
)

// ClueKind says how a clue resembles a visible word. Values appear in JSON: append only.
type ClueKind uint8

// Clue kinds, from the strongest.
const (
	SameWord     ClueKind = iota // the clue is the word (ZOLW = ŻÓŁW)
	ContainsWord                 // the clue contains the word (SOKI contains SOK)
	InsideWord                   // the clue is part of the word (ARCO in ARCO-ÍRIS)
	SameRoot                     // the two share a long beginning (SAŁATKA, SAŁATA): maybe a form of it
)

var clueKindNames = [...]string{"same_word", "contains_word", "inside_word", "same_root"}

// String returns the kind's JSON name.
func (k ClueKind) String() string {
	if int(k) < len(clueKindNames) {
		return clueKindNames[k]
	}
	return fmt.Sprintf("ClueKind(%d)", k)
}

// ClueWarning flags a clue that may break the rule "not a visible word, nor part or
// form of one". It is a warning the table can overrule: groups relax the rules, and
// a containment is sometimes innocent (the Polish rulebook allows WYSOKI next to SOK).
type ClueWarning struct {
	Kind  ClueKind
	Index int    // index of the word in the list given to CheckClue
	Word  string // that word as given
}

// Message says the warning in words, e.g. `"żółwie" contains the visible word "ŻÓŁW"`.
func (w ClueWarning) Message(clue string) string {
	switch w.Kind {
	case SameWord:
		return fmt.Sprintf("%q is the visible word %q", clue, w.Word)
	case ContainsWord:
		return fmt.Sprintf("%q contains the visible word %q", clue, w.Word)
	case InsideWord:
		return fmt.Sprintf("%q is part of the visible word %q", clue, w.Word)
	}
	return fmt.Sprintf("%q may be a form of the visible word %q", clue, w.Word)
}

// clueWarningIDs are the catalog's messages of the warnings, by kind.
var clueWarningIDs = [...]string{"cn.clue.same_word", "cn.clue.contains_word", "cn.clue.inside_word", "cn.clue.same_root"}

// Said returns the warning as a message of the catalog, with the clue and
// the word as its arguments, for the pages to say in their language.
func (w ClueWarning) Said(clue string) Message {
	id := clueWarningIDs[SameRoot]
	if int(w.Kind) < len(clueWarningIDs) {
		id = clueWarningIDs[w.Kind]
	}
	return message(id, "clue", clue, "word", w.Word)
}

// minPart is the shortest folded length (in letters) that counts as a part of a
// word: one- and two-letter clues such as "B" are about meaning far more often.
const minPart = 3

// CheckClue compares a clue with the visible words, ignoring case, diacritics
// and the separators of compound words, and returns a warning per resembling word,
// in the order of words. Empty words are skipped.
func CheckClue(clue string, words []string) []ClueWarning {
	c := Fold(clue)
	if c == "" {
		return nil
	}
	var out []ClueWarning
	for i, w := range words {
		f := Fold(w)
		if f == "" {
			continue
		}
		kind, ok := resemble(c, f)
		if ok {
			out = append(out, ClueWarning{Kind: kind, Index: i, Word: w})
		}
	}
	return out
}

func resemble(clue, word string) (ClueKind, bool) {
	cl, wl := letters(clue), letters(word)
	switch {
	case cl == wl || clue == word:
		return SameWord, true
	case len(wl) >= minPart && strings.Contains(cl, wl):
		return ContainsWord, true
	case len(cl) >= minPart && strings.Contains(word, clue):
		return InsideWord, true // within one part of a compound: ARCO in ARCO-IRIS
	case len(cl) >= minPart && strings.Contains(wl, cl):
		return InsideWord, true
	}
	p := 0
	for p < len(cl) && p < len(wl) && cl[p] == wl[p] {
		p++
	}
	if shorter := min(len(cl), len(wl)); p >= 4 && p >= shorter-2 {
		return SameRoot, true
	}
	return 0, false
}

// letters drops the separators from a folded string.
func letters(s string) string {
	if !strings.ContainsAny(s, "- '") {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r == '-' || r == ' ' || r == '\'' {
			return -1
		}
		return r
	}, s)
}

// Fold returns s in lower case with diacritics removed, so that "ŻÓŁW", "zolw" and
// "Z\u0307O\u0301LW" fold alike. Letters that do not decompose in Unicode are
// mapped explicitly (ł→l, ø→o, đ→d, ß→ss, æ→ae, œ→oe, þ→th, ı→i). Hyphens, spaces
// and apostrophes become single separators; other punctuation is dropped.
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	sep := false
	for _, r := range s {
		if unicode.Is(unicode.Mn, r) { // a combining mark of decomposed text
			continue
		}
		r = unicode.ToLower(r)
		if r < 0x80 {
			switch {
			case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
				if sep && b.Len() > 0 {
					b.WriteByte('-')
				}
				sep = false
				b.WriteRune(r)
			case r == '-' || r == ' ' || r == '\'' || r == '\t' || r == '_':
				sep = true
			}
			continue
		}
		if base, ok := foldTable[r]; ok {
			if sep && b.Len() > 0 {
				b.WriteByte('-')
			}
			sep = false
			b.WriteString(base)
			continue
		}
		switch {
		case r == '\u2019' || r == '\u2010' || r == '\u2011' || r == '\u2013' || unicode.IsSpace(r):
			sep = true
		case unicode.IsLetter(r) || unicode.IsDigit(r): // other scripts: kept as they are
			if sep && b.Len() > 0 {
				b.WriteByte('-')
			}
			sep = false
			b.WriteRune(r)
		}
	}
	return b.String()
}

// foldGroups lists lower-case Latin letters by the plain letters they fold to.
var foldGroups = []struct{ base, letters string }{
	{"a", "àáâãäåāăąǎǟǡǻȁȃȧạảấầẩẫậắằẳẵặ"},
	{"c", "çćĉċč"},
	{"d", "ďđðɖɗḍ"},
	{"e", "èéêëēĕėęěȅȇȩẹẻẽếềểễệ"},
	{"g", "ĝğġģǧǵ"},
	{"h", "ĥħḥ"},
	{"i", "ìíîïĩīĭįıǐȉȋỉị"},
	{"j", "ĵǰ"},
	{"k", "ķĸǩ"},
	{"l", "ĺļľŀłƚ"},
	{"n", "ñńņňŉŋǹ"},
	{"o", "òóôõöøōŏőơǒǫǭǿȍȏȫȭȯȱọỏốồổỗộớờởỡợ"},
	{"r", "ŕŗřȑȓ"},
	{"s", "śŝşšſșṣ"},
	{"t", "ţťŧțṭ"},
	{"u", "ùúûüũūŭůűųưǔǖǘǚǜȕȗụủứừửữự"},
	{"w", "ŵẁẃẅ"},
	{"y", "ýÿŷȳỳỵỷỹ"},
	{"z", "źżžƶẓ"},
	{"ss", "ß"},
	{"ae", "æǣǽ"},
	{"oe", "œ"},
	{"th", "þ"},
	{"ij", "ĳ"},
}

var foldTable = func() map[rune]string {
	m := map[rune]string{}
	for _, g := range foldGroups {
		for _, r := range g.letters {
			m[r] = g.base
		}
	}
	return m
}()
