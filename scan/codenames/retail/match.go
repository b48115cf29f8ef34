package retail

import (
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// A Match is what an OCR text says about the candidate words: the nearest
// candidate, its distance and the margin over the runner-up.
type Match struct {
	Word   string  // the nearest candidate; "" when there is none
	Dist   float64 // edit distance to it (a diacritic alone costs 0.5)
	Margin float64 // the runner-up's distance minus Dist
	Base   float64 // edit distance to it with diacritics ignored
	Text   string  // the OCR text, normalised
	// Part: the word is a run of another candidate's letters, diacritics
	// ignored (RIO of ARMÁRIO, RAK of MRAK): a card half under a hand
	// shows it.
	Part bool
	// Cut: the text is nearer a run of a longer candidate's letters than
	// the nearest whole word (DZI, nearer DZIADEK's first letters than
	// DZIK): a hand or the picture's edge may hide the rest of the card.
	// Word is then that candidate, Margin 0: not OK.
	Cut bool
}

// OK reports whether m names its word beyond doubt: at least one whole
// edit nearer than any other candidate (a diacritic counting half), and
// within a quarter of the word's letters when diacritics are ignored (none
// for words of up to three letters).
func (m Match) OK() bool {
	if m.Word == "" {
		return false
	}
	n := len([]rune(Normalize(m.Word)))
	limit := float64(n / 4)
	return m.Base <= limit && m.Margin >= 1
}

// Strong reports whether m is enough on its own, without the card's second
// copy: the word read exactly (a diacritic's half edit at most), two edits
// nearer than any other candidate, and no part of another candidate. One
// whole edit off is not enough: Tesseract read a blurred SLUNCE's band as
// "EINCE", one edit from MINCE and three from SLUNCE (rendered 300138), and
// only the copy, which read SLUNCE, tells them apart.
func (m Match) Strong() bool {
	return m.OK() && !m.Part && m.Dist <= maxStrongDist && m.Margin >= 2
}

// maxStrongDist is the most a Strong match is off: half an edit, a letter
// differing only by its diacritic.
const maxStrongDist = 0.5

// Matcher matches OCR texts against a fixed set of candidate words.
type Matcher struct {
	words []string // as given
	runes [][]rune // normalised
	base  [][]rune // without diacritics
	part  []bool   // a run of another word's letters (Match.Part)
}

// NewMatcher returns a matcher of words (duplicates after normalisation
// are kept once).
func NewMatcher(words []string) *Matcher {
	m := &Matcher{}
	seen := map[string]bool{}
	for _, w := range words {
		n := Normalize(w)
		if n == "" || seen[n] {
			continue
		}
		seen[n] = true
		r := []rune(n)
		m.words = append(m.words, w)
		m.runes = append(m.runes, r)
		m.base = append(m.base, baseRunes(r))
	}
	m.part = make([]bool, len(m.base))
	for i, b := range m.base {
		for j, o := range m.base {
			if j != i && len(o) > len(b) && strings.Contains(string(o), string(b)) {
				m.part[i] = true
				break
			}
		}
	}
	return m
}

// Letters returns every letter the candidates use, for the OCR engine's
// whitelist.
func (m *Matcher) Letters() string {
	set := map[rune]bool{}
	var b strings.Builder
	for _, r := range m.runes {
		for _, c := range r {
			if !set[c] {
				set[c] = true
				b.WriteRune(c)
			}
		}
	}
	return b.String()
}

// Match matches the OCR text s: the nearest whole word, or the longer
// candidate a cut-off read is a part of (Match.Cut).
func (m *Matcher) Match(s string) Match {
	res := m.whole(s)
	if res.Dist > 0 && len(m.runes) > 1 {
		t := []rune(res.Text)
		tb := baseRunes(t)
		var rows [2][]float64
		for i, w := range m.runes {
			if len(w) > len(t) && m.words[i] != res.Word {
				if d := infixIn(&rows, t, tb, w, m.base[i]); d < res.Dist {
					res.Word, res.Dist, res.Margin, res.Cut, res.Part = m.words[i], d, 0, true, m.part[i]
					res.Base = distance(tb, tb, m.base[i], m.base[i])
				}
			}
		}
	}
	return res
}

// Centred reports whether a longer candidate holds word's letters
// (diacritics ignored) near its middle: as many letters before them as
// after, give or take one (WÓZ in GWÓŹDŹ), so that hands over both its
// ends could leave them centred on the card.
func (m *Matcher) Centred(word string) bool {
	b := baseRunes([]rune(Normalize(word)))
	for _, o := range m.base {
		for i := 0; i+len(b) < len(o)+1 && len(o) > len(b); i++ {
			if slices.Equal(o[i:i+len(b)], b) && abs(i-(len(o)-i-len(b))) < 2 {
				return true
			}
		}
	}
	return false
}

// whole matches the OCR text s against the whole words.
func (m *Matcher) whole(s string) Match {
	t := []rune(Normalize(s))
	res := Match{Text: string(t), Dist: -1, Margin: 0}
	if len(t) == 0 || len(m.runes) == 0 {
		return Match{Text: string(t)}
	}
	tb := baseRunes(t)
	best, second := 1e9, 1e9
	var rows [2][]float64
	for i, w := range m.runes {
		// a word whose length alone puts it no nearer than the runner-up
		// changes neither best nor runner-up: skip its table
		if float64(abs(len(w)-len(t))) >= second {
			continue
		}
		d := distanceIn(&rows, t, tb, w, m.base[i])
		switch {
		case d < best:
			second, best = best, d
			res.Word, res.Part = m.words[i], m.part[i]
		case d < second:
			second = d
		}
	}
	res.Dist, res.Margin = best, second-best
	bw := baseRunes([]rune(Normalize(res.Word)))
	res.Base = distance(tb, tb, bw, bw)
	if len(m.runes) == 1 {
		res.Margin = float64(len(t) + len(m.runes[0]))
	}
	return res
}

// Normalize is the form texts and words are compared in: NFC, upper case,
// letters only.
func Normalize(s string) string {
	s = norm.NFC.String(s)
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) {
			b.WriteRune(unicode.ToUpper(r))
		}
	}
	return b.String()
}

// baseRunes returns each letter without its diacritics (Ř → R, Ł → L).
func baseRunes(r []rune) []rune {
	out := make([]rune, len(r))
	for i, c := range r {
		out[i] = baseLetter(c)
	}
	return out
}

// strokes are letters whose diacritic NFD does not split off.
var strokes = map[rune]rune{'Ł': 'L', 'Đ': 'D', 'Ø': 'O', 'Ħ': 'H'}

func baseLetter(c rune) rune {
	if b, ok := strokes[c]; ok {
		return b
	}
	d := []rune(norm.NFD.String(string(c)))
	if len(d) > 0 {
		return d[0]
	}
	return c
}

// distance is the edit distance of a and b where substituting a letter by
// the same letter with other diacritics costs 0.5 and any other edit 1.
func distance(a, ab, b, bb []rune) float64 {
	var rows [2][]float64
	return distanceIn(&rows, a, ab, b, bb)
}

// infixIn is distanceIn of a and the run of b's letters nearest it: b's
// letters before and after the run cost nothing.
func infixIn(rows *[2][]float64, a, ab, b, bb []rune) float64 {
	return editIn(rows, a, ab, b, bb, true)
}

// distanceIn is distance with its two rows of the table kept in rows, grown
// when needed.
func distanceIn(rows *[2][]float64, a, ab, b, bb []rune) float64 {
	return editIn(rows, a, ab, b, bb, false)
}

// editIn is distanceIn, or infixIn when infix is true.
func editIn(rows *[2][]float64, a, ab, b, bb []rune, infix bool) float64 {
	for i := range rows {
		if cap(rows[i]) < len(b)+1 {
			rows[i] = make([]float64, len(b)+1, 2*len(b)+2)
		}
	}
	prev, cur := rows[0][:len(b)+1], rows[1][:len(b)+1]
	for j := range prev {
		prev[j] = float64(j)
		if infix {
			prev[j] = 0
		}
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = float64(i)
		for j := 1; j <= len(b); j++ {
			sub := 1.0
			switch {
			case a[i-1] == b[j-1]:
				sub = 0
			case ab[i-1] == bb[j-1]:
				sub = 0.5
			}
			cur[j] = min(prev[j-1]+sub, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	if infix {
		return slices.Min(prev)
	}
	return prev[len(b)]
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
