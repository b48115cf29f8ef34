// Package wordlists holds the words printed on Codenames word cards: the
// built-in lists (English, Polish, Czech, Portuguese, written for fieldkit)
// and custom lists read from a text file.
//
// A word list file is UTF-8 text with one word per line. Surrounding space is
// trimmed, blank lines are ignored and a line whose first non-space character
// is "#" is a comment. An entry may be several words ("ICE CREAM"): runs of
// space inside it count as one space. Words may be written in any case; they
// are stored and printed upper-cased with Unicode's full case mapping (so
// "straße" becomes "STRASSE"), in Unicode normalisation form NFC.
//
// Parse reports every problem of a list with its line number: duplicates
// (compared with [Normalize], so case and the way accents are encoded do not
// matter), words longer than [MaxLen], invalid UTF-8, control and invisible
// characters, and lists shorter than [MinWords].
package wordlists

import (
	"io"
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/language"
	"golang.org/x/text/unicode/norm"
)

// MaxLen is the longest word, in characters (see [Len]), that fits a word card.
//
// A word card is about 70 x 45 mm and prints its word in a box about 55 mm
// wide. Printing shrinks long words, but not below a minimum size that can be
// read across a table: 14 pt, where capitals of the Go Bold font are 3.6 mm
// tall and on average 0.695 em = 3.4 mm wide. Fifteen average capitals take
// 52 mm there; a sixteenth would not fit. Words of many wide letters (W, M)
// are printed a little smaller still.
const MaxLen = 15

// MinWords is the fewest words a list may have: one game lays out 25 cards.
const MinWords = 25

// A List is a named word list. Words are upper-case, NFC-normalised and
// distinct under [Normalize], in the order of the file.
type List struct {
	Name  string   // shown on the deck sheet: a built-in list's language name, or a file's base name
	Lang  string   // language code ("en", "pl", "cs", "pt"); empty when unknown
	Words []string // the words as printed on cards
}

// WriteTo writes l in the file format Parse reads: a comment line naming the
// list, then one word per line. Parsing the output gives the same words.
func (l *List) WriteTo(w io.Writer) (int64, error) {
	var b strings.Builder
	if name := strings.Join(strings.Fields(l.Name), " "); name != "" {
		b.WriteString("# " + name + "\n")
	}
	for _, word := range l.Words {
		b.WriteString(word)
		b.WriteByte('\n')
	}
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}

// Normalize returns the key two words are compared by: word with surrounding
// space trimmed and inner runs of space made one, case-folded with Unicode's
// full case folding, in normalisation form NFC. "Żółw", "ŻÓŁW" and "z\u0307o\u0301łw"
// have the same key; so have "STRASSE" and "Straße".
func Normalize(word string) string {
	s := collapseSpace(norm.NFC.String(word))
	return norm.NFC.String(cases.Fold().String(s))
}

// Upper returns word as printed on a card: space collapsed as in Normalize,
// upper-cased with Unicode's full, language-neutral case mapping, in
// normalisation form NFC.
func Upper(word string) string {
	s := collapseSpace(norm.NFC.String(word))
	return norm.NFC.String(cases.Upper(language.Und).String(s))
}

// Len returns the number of characters in word as a reader counts them: a
// letter with its accents counts once, whether the accents are precomposed or
// combining marks.
func Len(word string) int {
	n := 0
	for _, r := range word {
		if !unicode.In(r, unicode.Mn, unicode.Me) {
			n++
		}
	}
	return n
}

// collapseSpace trims s and replaces each inner run of white space with one space.
func collapseSpace(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
