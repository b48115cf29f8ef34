package wordlists

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"fieldkit/textrule"
)

// MaxFileSize is the largest word list file Parse reads, in bytes. A list of
// a thousand words is about 10 KiB.
const MaxFileSize = 1 << 20

// MaxProblems is the most problems a ParseError lists; it counts the rest.
const MaxProblems = 100

// A Kind is the kind of a Problem. Values are never renumbered.
type Kind int

// The kinds of problem Parse reports.
const (
	InvalidUTF8 Kind = iota + 1 // bytes that are not UTF-8
	Control                     // a control character such as a tab
	Invisible                   // an invisible formatting character such as U+200B
	HashInWord                  // a "#" after a word: comments need their own line
	NoLetters                   // an entry without a single letter
	TooLong                     // longer than MaxLen characters
	Duplicate                   // the same word as an earlier line
	TooFew                      // fewer than MinWords words in the list
	TooLarge                    // a file larger than MaxFileSize
)

var kindNames = [...]string{
	InvalidUTF8: "invalid UTF-8",
	Control:     "control character",
	Invisible:   "invisible character",
	HashInWord:  "# in word",
	NoLetters:   "no letters",
	TooLong:     "too long",
	Duplicate:   "duplicate",
	TooFew:      "too few words",
	TooLarge:    "file too large",
}

// String returns a short name for k.
func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// A Problem is one thing wrong with a word list.
type Problem struct {
	Line int    // 1-based line number; 0 for the list as a whole
	Kind Kind   // what is wrong
	Msg  string // what is wrong and how to fix it, without file or line
}

// A ParseError lists the problems of a word list file.
type ParseError struct {
	Name     string    // the file name given to Parse
	Problems []Problem // in line order, list-wide problems last; at most MaxProblems
	Omitted  int       // problems found beyond MaxProblems
}

// Error returns one problem per line, each as "NAME:LINE: MESSAGE".
func (e *ParseError) Error() string {
	var b strings.Builder
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Name)
		if p.Line > 0 {
			fmt.Fprintf(&b, ":%d", p.Line)
		}
		b.WriteString(": " + p.Msg)
	}
	if e.Omitted > 0 {
		fmt.Fprintf(&b, "\n%s: %d more problems not shown", e.Name, e.Omitted)
	}
	return b.String()
}

// Load reads the word list file at path. Problems are reported with path and
// line number in a *ParseError. The list is named after the file's base name
// without its extension.
func Load(path string) (*List, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("word list: %w", err)
	}
	defer f.Close()
	l, err := Parse(path, f)
	if err != nil {
		return nil, err
	}
	base := filepath.Base(path)
	if n := strings.TrimSuffix(base, filepath.Ext(base)); n != "" {
		base = n
	}
	if c, err := textrule.Clean(base); err == nil {
		base = c // as every screen shows it: NFC (a Mac's file names are NFD), no invisible characters
	}
	l.Name = base
	return l, nil
}

// Parse reads a word list in the format described in the package
// documentation. name is the list's name and the file name used in messages.
// When the list has problems, Parse returns a *ParseError listing all of them
// (up to MaxProblems); an error reading r is returned wrapped.
func Parse(name string, r io.Reader) (*List, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("read word list %s: %w", name, err)
	}
	p := &parser{err: ParseError{Name: name}, seen: map[string]int{}}
	if len(data) > MaxFileSize {
		p.add(0, TooLarge, fmt.Sprintf("file is larger than %d KiB; a word list has one word per line, is this the right file?", MaxFileSize>>10))
		return nil, &p.err
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF")) // a byte order mark some editors write
	for i, line := range bytes.Split(data, []byte("\n")) {
		p.line(i+1, line)
	}
	if n := len(p.words); n < MinWords {
		p.add(0, TooFew, fmt.Sprintf("%d usable words; a game needs at least %d, add %d more", n, MinWords, MinWords-n))
	}
	if len(p.err.Problems) > 0 {
		return nil, &p.err
	}
	return &List{Name: name, Words: p.words}, nil
}

// parser holds the state of one Parse.
type parser struct {
	words []string
	seen  map[string]int // Normalize(word) -> line
	err   ParseError
}

func (p *parser) add(line int, k Kind, msg string) {
	if len(p.err.Problems) >= MaxProblems {
		p.err.Omitted++
		return
	}
	p.err.Problems = append(p.err.Problems, Problem{Line: line, Kind: k, Msg: msg})
}

// line checks one line of the file and keeps its word if it is good.
func (p *parser) line(n int, raw []byte) {
	raw = bytes.TrimSuffix(raw, []byte("\r")) // Windows line endings
	if i := invalidUTF8(raw); i >= 0 {
		p.add(n, InvalidUTF8, fmt.Sprintf("invalid UTF-8: byte %d of the line is 0x%02X; save the file as UTF-8", i+1, raw[i]))
		return
	}
	line := string(raw)
	s := strings.TrimSpace(line)
	if s == "" || s[0] == '#' {
		return
	}
	lead := utf8.RuneCountInString(line[:strings.Index(line, s)])
	if bad := p.characters(n, s, lead); bad {
		return
	}
	if strings.Contains(s, "#") {
		p.add(n, HashInWord, fmt.Sprintf("%q has a \"#\" after the word; a comment needs its own line starting with \"#\"", s))
		return
	}
	word := Upper(s)
	if !strings.ContainsFunc(word, unicode.IsLetter) {
		p.add(n, NoLetters, fmt.Sprintf("%q has no letters; to keep it as a note, start the line with \"#\"", s))
		return
	}
	// A word repeats an earlier one when it folds to the same word, or
	// when the two look alike on a card (textrule: fullwidth letters,
	// invisible joiners).
	key, look := Normalize(word), "\x00"+textrule.Key(word)
	for _, k := range []string{key, look} {
		if first, ok := p.seen[k]; ok && k != "\x00" {
			p.add(n, Duplicate, fmt.Sprintf("%s repeats line %d; delete one of them", word, first))
			return
		}
	}
	p.seen[key], p.seen[look] = n, n
	if l := Len(word); l > MaxLen {
		p.add(n, TooLong, fmt.Sprintf("%s has %d characters, a card fits at most %d; choose a shorter word", word, l, MaxLen))
		return
	}
	p.words = append(p.words, word)
}

// characters reports the first control, invisible or replacement character
// in the entry s of line n, whose first character is character lead+1 of the
// line, and counts the others; it reports whether it found any.
func (p *parser) characters(n int, s string, lead int) bool {
	col, found, more := lead, Problem{}, 0
	for _, r := range s {
		col++
		var k Kind
		var msg string
		switch {
		case r == '\r':
			k, msg = Control, fmt.Sprintf("carriage return (U+000D) at character %d; save the file with Unix or Windows line endings", col)
		case r == '\t':
			k, msg = Control, fmt.Sprintf("tab (U+0009) at character %d; put one word per line, or a space between the parts of one", col)
		case unicode.IsControl(r):
			k, msg = Control, fmt.Sprintf("control character U+%04X at character %d; delete it", r, col)
		case unicode.Is(unicode.Cf, r) && r != '\u200C' && r != '\u200D':
			// Zero-width (non-)joiners are part of spelling in some scripts.
			k, msg = Invisible, fmt.Sprintf("invisible character U+%04X at character %d; delete it", r, col)
		case r == utf8.RuneError:
			k, msg = InvalidUTF8, fmt.Sprintf("replacement character U+FFFD at character %d: a conversion from another encoding lost a letter here; retype the word", col)
		default:
			continue
		}
		if found.Kind == 0 {
			found = Problem{Line: n, Kind: k, Msg: msg}
		} else {
			more++
		}
	}
	if found.Kind == 0 {
		return false
	}
	if more > 0 {
		found.Msg += fmt.Sprintf(" (and %d more such characters on this line)", more)
	}
	p.add(n, found.Kind, found.Msg)
	return true
}

// invalidUTF8 returns the index of the first byte of b that is not valid
// UTF-8, or -1.
func invalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1
}
