// Package textrule is the one rule for the free text a player types and
// the other players read: player names, clues, the words of a table, a
// campaign's team name. Two texts that look the same on a screen must be
// the same text, so that "Ada" and "Ada" with a zero-width space, or "adA"
// turned around by a direction override, cannot sit at one table as two
// players.
//
// The rule is the IETF PRECIS Nickname profile (RFC 8266, through
// golang.org/x/text/secure/precis), after taking out the characters that
// show nothing:
//
//   - Invisible characters are removed: format characters (Unicode category
//     Cf: zero-width space and joiners, direction marks, embeddings,
//     overrides and isolates, the soft hyphen, the byte order mark, tags),
//     variation selectors and the other default-ignorable code points (the
//     Hangul fillers, the combining grapheme joiner). An emoji typed with
//     a variation selector keeps its picture; an emoji joined with
//     zero-width joiners becomes its parts side by side.
//   - Every kind of space becomes one ASCII space; spaces at either end go,
//     and runs of spaces become one.
//   - Width and compatibility forms are folded (NFKC): fullwidth "Ａｄａ"
//     is "Ada", a decomposed "Zoë" is the composed one. Case and
//     diacritics are kept: "Łucja", "Řehoř", "São" stay as typed.
//   - What is left must be allowed by PRECIS's FreeformClass: no control
//     characters (line breaks, tabs), no unassigned or private-use code
//     points; and something in it must be visible (a letter, digit,
//     punctuation or symbol).
//
// Two texts look alike when their PRECIS comparison keys are equal: the
// cleaned texts, lower-cased. "Ada" and "ada" look alike.
//
// The engine packages use the standard library only, so the server (and
// whatever else reads typed text) cleans it here before the engine sees it.
package textrule

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"

	"fieldkit/catalog"
	"fieldkit/engine"
)

// profile is the PRECIS profile of every typed text.
var profile = precis.Nickname

// invisible reports whether r shows nothing and is removed before PRECIS.
// The prepended concatenation marks (Arabic number signs) are format
// characters that show; PRECIS refuses them.
func invisible(r rune) bool {
	switch {
	case unicode.Is(unicode.Prepended_Concatenation_Mark, r):
		return false
	case unicode.Is(unicode.Cf, r),
		unicode.Is(unicode.Variation_Selector, r),
		unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r):
		return true
	}
	return false
}

// visible reports whether r is visible: a letter, digit, punctuation or a
// symbol other than the blank Braille pattern.
func visible(r rune) bool {
	return r != '\u2800' && (unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsPunct(r) || unicode.IsSymbol(r))
}

// Problem is why a text cannot be cleaned: its message (catalog id and
// arguments) without the field it is in.
type Problem struct {
	ID   string // "text.blank" or "text.char"
	Char rune   // text.char: the character refused
}

func (p *Problem) Error() string {
	if p.ID == "text.char" {
		return fmt.Sprintf("the character %U cannot be shown on every screen", p.Char)
	}
	return "nothing in it can be seen"
}

// Clean returns s as every screen shows it, by the package's rule, or a
// *Problem: a character PRECIS refuses, or nothing visible.
func Clean(s string) (string, error) {
	if !utf8.ValidString(s) {
		return "", &Problem{ID: "text.char", Char: utf8.RuneError}
	}
	s = strings.Map(func(r rune) rune {
		if invisible(r) {
			return -1
		}
		return r
	}, s)
	out, err := enforce(norm.NFKC.String(s))
	if errors.Is(err, errPanic) {
		return "", &Problem{ID: "text.char", Char: firstLong(s)}
	}
	if err != nil {
		return "", problemOf(s)
	}
	if strings.IndexFunc(out, visible) < 0 {
		return "", &Problem{ID: "text.blank"}
	}
	return out, nil
}

// enforce applies the profile to s. The text is in NFKC already: x/text's
// PRECIS transformer (v0.28.0) panics on text that NFKC lengthens a lot,
// e.g. "㌉㌉" (FuzzClean found it). A panic left anyway is a refusal, never
// a crash of the request that sent the text.
func enforce(s string) (string, error) { return safely(profile.String, s) }

// safely calls f on s, and turns a panic into an error.
func safely(f func(string) (string, error), s string) (out string, err error) {
	defer func() {
		if recover() != nil {
			out, err = "", errPanic
		}
	}()
	return f(s)
}

var errPanic = errors.New("textrule: the PRECIS transformer failed")

// firstLong returns the first character of s that NFKC lengthens most.
func firstLong(s string) rune {
	best, grow := utf8.RuneError, 0
	for _, r := range s {
		if g := len(norm.NFKC.String(string(r))) - utf8.RuneLen(r); g > grow {
			best, grow = r, g
		}
	}
	return best
}

// problemOf names the first character of s that PRECIS refuses.
func problemOf(s string) *Problem {
	allowed := profile.Allowed()
	for _, r := range s {
		if unicode.Is(unicode.Zs, r) {
			continue // mapped to a space
		}
		if !allowed.Contains(r) {
			// A character of a compatibility form may be refused alone
			// and allowed after NFKC; say the first one refused after.
			if k, err := enforce(string(r)); err == nil && k != "" {
				continue
			}
			return &Problem{ID: "text.char", Char: r}
		}
	}
	return &Problem{ID: "text.blank"}
}

// Key returns the text two lookalike texts share: s cleaned and
// lower-cased. A text Clean refuses has the key "".
func Key(s string) string {
	c, err := Clean(s)
	if err != nil {
		return ""
	}
	k, err := safely(profile.CompareKey, c)
	if err != nil {
		return ""
	}
	return k
}

// Alike reports whether a and b look the same: both clean to texts with
// the same key.
func Alike(a, b string) bool {
	ka := Key(a)
	return ka != "" && ka == Key(b)
}

// Check cleans s, the text of field (a message naming it, as "text.field.clue"),
// and returns it, or a refusal of kind naming the field and the fix.
func Check(kind error, field catalog.Msg, s string) (string, error) {
	c, err := Clean(s)
	if err == nil {
		return c, nil
	}
	p := err.(*Problem)
	switch p.ID {
	case "text.char":
		return "", engine.Refuse(kind, "text.char", fmt.Sprintf("%s: %v; type it without that character", field, p), "field", field, "char", fmt.Sprintf("%U", p.Char))
	default:
		return "", engine.Refuse(kind, "text.blank", fmt.Sprintf("%s: %v; type letters or digits", field, p), "field", field)
	}
}

// Distinct returns the indexes i < j of the first two texts that look
// alike, or ok false when all differ.
func Distinct(texts []string) (i, j int, ok bool) {
	seen := make(map[string]int, len(texts))
	for j, t := range texts {
		k := Key(t)
		if k == "" {
			continue
		}
		if i, dup := seen[k]; dup {
			return i, j, false
		}
		seen[k] = j
	}
	return 0, 0, true
}
