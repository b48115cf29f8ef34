package deck

import (
	"encoding/binary"
	"errors"
	"fieldkit/engine"
	"fmt"
	"strings"

	"fieldkit/codes"
)

// A deck code is printed on the deck sheet and in its QR code, e.g.
// "W4NQR-FBS8W-UA": twelve characters of the key card alphabet
// (codes.Alphabet: no 0/O, no 1/I/L), read case-, space- and
// hyphen-insensitively:
//
//	W       format 1 deck code
//	L       the list: 2 = a custom list, 3 = en, 4 = pl, 5 = cs, 6 = pt (append only)
//	HHHH    the list's SHA-256, its first 8 bytes as a number, modulo 31^4
//	SSSSS   the seed, 0..31^5-1
//	C       a check character: sum((i+1)*value(c_i)) over all 12 is divisible by 31
//
// The code does not carry the words. For a built-in list the words are in the
// program, and the hash tells whether they are still the words the deck was
// printed with; a custom list's words are in the deck's manifest.
const codeLetter = 'W'

// langSlots numbers the built-in lists in codes; slot 0 is a custom list. Append only.
var langSlots = []string{"", "en", "pl", "cs", "pt"}

const (
	codeLen   = 12
	hashLimit = 31 * 31 * 31 * 31
)

// Errors ParseCode wraps; test for them with errors.Is.
var (
	ErrCode      = errors.New("not a deck code")
	ErrCodeCheck = errors.New("deck code does not check out")
)

// CodeInfo is what a deck code says.
type CodeInfo struct {
	Lang string // a built-in list's language code; empty for a custom list
	Hash uint32 // the list hash as the code carries it (below 31^4)
	Seed uint32
}

func codeHash(h [32]byte) uint32 { return uint32(binary.BigEndian.Uint64(h[:8]) % hashLimit) }

func langSlot(lang string) int {
	for i, l := range langSlots {
		if i > 0 && l == lang {
			return i
		}
	}
	return 0
}

// Code returns the deck's code. A deck whose Lang is not a built-in list's
// gets the custom slot.
func (d *Deck) Code() string {
	vals := make([]int, 0, codeLen)
	vals = append(vals, strings.IndexByte(codes.Alphabet, codeLetter), langSlot(d.Lang))
	vals = appendDigits(vals, uint64(codeHash(d.ListHash)), 4)
	vals = appendDigits(vals, uint64(d.Seed), 5)
	return codes.Format(vals)
}

func appendDigits(vals []int, n uint64, digits int) []int {
	start := len(vals)
	vals = append(vals, make([]int, digits)...)
	for i := digits - 1; i >= 0; i-- {
		vals[start+i] = int(n % 31)
		n /= 31
	}
	return vals
}

// ParseCode reads a deck code. It never panics.
func ParseCode(code string) (CodeInfo, error) {
	vals, err := codes.Values(code)
	if err != nil {
		return CodeInfo{}, codeError{ErrCode, err}
	}
	if len(vals) == 0 || codes.Alphabet[vals[0]] != codeLetter {
		return CodeInfo{}, engine.Refuse(ErrCode, "cn.deck.letter", fmt.Sprintf("%q does not start with %c", code, codeLetter), "code", code, "letter", string(codeLetter))
	}
	if len(vals) != codeLen {
		return CodeInfo{}, engine.Refuse(ErrCode, "cn.deck.length", fmt.Sprintf("%q has %d characters, a deck code has %d", code, len(vals), codeLen), "code", code, "n", len(vals), "want", codeLen)
	}
	if !codes.Checks(vals) {
		return CodeInfo{}, engine.Refuse(ErrCodeCheck, "cn.deck.check", fmt.Sprintf("%q has a wrong character or two swapped characters", code), "code", code)
	}
	if vals[1] >= len(langSlots) {
		return CodeInfo{}, engine.Refuse(ErrCode, "cn.deck.list", fmt.Sprintf("%q names list %d, which this version of fieldkit does not know", code, vals[1]), "code", code)
	}
	var info CodeInfo
	info.Lang = langSlots[vals[1]]
	for _, v := range vals[2:6] {
		info.Hash = info.Hash*31 + uint32(v)
	}
	for _, v := range vals[6:11] {
		info.Seed = info.Seed*31 + uint32(v)
	}
	return info, nil
}

// FromCode rebuilds a built-in deck from its code. words is the built-in list
// for info.Lang in file order (the caller looks it up, e.g. with package
// wordlists); name is its name. It fails when the list is not the one the deck
// was printed from.
func FromCode(info CodeInfo, name string, words []string) (*Deck, error) {
	if info.Lang == "" {
		return nil, engine.Refuse(nil, "cn.deck.custom", "the deck uses a custom word list, which its code does not carry: load the deck's manifest (deck.json) instead")
	}
	if got := codeHash(ListHash(words)); got != info.Hash {
		return nil, engine.Refuse(nil, "cn.deck.version", fmt.Sprintf("the deck was printed from another version of the %s word list (list hash %d, this program's %d): load its manifest (deck.json) instead", info.Lang, info.Hash, got))
	}
	return New(name, info.Lang, words, info.Seed)
}

// codeError is kind wrapping cause (a character codes do not use), said as
// the cause says itself.
type codeError struct{ kind, cause error }

func (e codeError) Error() string   { return e.kind.Error() + ": " + e.cause.Error() }
func (e codeError) Unwrap() []error { return []error{e.kind, e.cause} }

// Say returns the cause's message (catalog.Sayable).
func (e codeError) Say() (string, map[string]any) {
	if s, ok := e.cause.(interface {
		Say() (string, map[string]any)
	}); ok {
		return s.Say()
	}
	return "cn.deck.letter", nil
}
