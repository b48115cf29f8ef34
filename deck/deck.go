// Package deck describes a printed set: which word is on which card face, and
// which fiducial marker id each printed piece carries, so that the camera, the
// table server and the printer agree on what an id means.
//
// # Marker ids
//
// Every printed piece carries markers of OpenCV's aruco dictionary
// DICT_5X5_1000 (ids 0..999). The id ranges are fixed by format 1 and never
// move (append only):
//
//	  0..799  word card faces: face f shows word f of the deck (front of card k is
//	          face 2k, its back 2k+1); a deck uses the first len(words) ids
//	800..814  Duet agent cards (green), one id per card, the same on both sides
//	815       Duet assassin card
//	816..826  Duet timer tokens, bystander face (token t: 816+t)
//	827..837  Duet timer tokens, check face (token t: 827+t)
//	838..845  classic red agents
//	846..853  classic blue agents
//	854, 855  classic double agent: red face, blue face
//	856..862  classic innocent bystanders
//	863       classic assassin
//	864..867  guess tokens
//	868       the seat marker: a token laid at seat A's edge of the grid
//	869..999  reserved
//
// Ids outside the deck (word faces beyond its word count, reserved ids) mean
// nothing: a scanner ignores them.
//
// # Decks and their codes
//
// A deck is a word list shuffled by a seed and dealt two words to a card.
// Its code, e.g. "W4NQR-FBS8W-UA", names the list (a built-in language or a
// custom list), the first 20 bits of the list's SHA-256 and the seed; see
// [Code]. A built-in deck can be rebuilt from its code alone; a custom one
// needs its manifest (the JSON form, see [Deck.MarshalJSON]).
package deck

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
)

// Marker id ranges of format 1. Never renumber: ids are printed on cards.
const (
	MaxFaces = 800 // word card faces: ids 0..MaxFaces-1

	DuetAgentBase     = 800 // 15 Duet agent cards
	DuetAgents        = 15
	DuetAssassinID    = 815
	TimerBase         = 816 // 11 timer tokens, bystander face
	TimerCheckBase    = 827 // 11 timer tokens, check face
	TimerTokens       = 11
	RedBase           = 838 // 8 classic red agents
	BlueBase          = 846 // 8 classic blue agents
	ClassicAgents     = 8
	DoubleRedID       = 854
	DoubleBlueID      = 855
	BystanderBase     = 856 // 7 classic innocent bystanders
	Bystanders        = 7
	ClassicAssassinID = 863
	GuessBase         = 864 // 4 guess tokens
	GuessTokens       = 4
	SeatID            = 868 // the seat marker

	// Reserved is the first id no piece of format 1 uses.
	Reserved = 869
)

// Kind is what a marker id is printed on. Values are printed in JSON by name;
// append only.
type Kind uint8

const (
	Unknown          Kind = iota // reserved, or a word face beyond the deck
	Word                         // a word card face
	DuetAgent                    // a green Duet agent card
	DuetAssassin                 // the Duet assassin card
	TimerBystander               // a timer token, bystander face up (a bystander mark on a word)
	TimerCheck                   // a timer token, check face up
	RedAgent                     // a classic red agent cover
	BlueAgent                    // a classic blue agent cover
	DoubleRed                    // the classic double agent, red face up
	DoubleBlue                   // the classic double agent, blue face up
	ClassicBystander             // a classic innocent bystander cover
	ClassicAssassin              // the classic assassin cover
	Guess                        // a guess token
	SeatMarker                   // the seat marker: lies at seat A's edge of the grid
)

var kindNames = [...]string{"unknown", "word", "agent", "assassin", "timer-bystander", "timer-check", "red", "blue", "double-red", "double-blue", "bystander", "classic-assassin", "guess", "seat"}

// String returns the kind's JSON name, e.g. "agent" or "timer-bystander".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// MarshalText implements encoding.TextMarshaler.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (k *Kind) UnmarshalText(b []byte) error {
	for i, n := range kindNames {
		if n == string(b) {
			*k = Kind(i)
			return nil
		}
	}
	return fmt.Errorf("unknown piece kind %q", b)
}

// Range is a run of marker ids of one kind: First..First+Count-1.
type Range struct {
	Kind  Kind `json:"kind"`
	First int  `json:"first"`
	Count int  `json:"count"`
}

// Pieces lists the marker id ranges of every piece of format 1, in id order.
var Pieces = []Range{
	{DuetAgent, DuetAgentBase, DuetAgents},
	{DuetAssassin, DuetAssassinID, 1},
	{TimerBystander, TimerBase, TimerTokens},
	{TimerCheck, TimerCheckBase, TimerTokens},
	{RedAgent, RedBase, ClassicAgents},
	{BlueAgent, BlueBase, ClassicAgents},
	{DoubleRed, DoubleRedID, 1},
	{DoubleBlue, DoubleBlueID, 1},
	{ClassicBystander, BystanderBase, Bystanders},
	{ClassicAssassin, ClassicAssassinID, 1},
	{Guess, GuessBase, GuessTokens},
	{SeatMarker, SeatID, 1},
}

// PieceKind returns the kind of piece marker id is printed on, and its index
// within its range (token 3, red agent 5). Word faces are not pieces: for ids
// below MaxFaces it returns Unknown; use [Deck.Kind].
func PieceKind(id int) (Kind, int) {
	for _, r := range Pieces {
		if id >= r.First && id < r.First+r.Count {
			return r.Kind, id - r.First
		}
	}
	return Unknown, 0
}

// Deck is a shuffled word list dealt onto word cards. Words[f] is printed on
// face f, whose marker id is f.
type Deck struct {
	Name     string   // the list's name, e.g. "Polski" or a file's base name
	Lang     string   // the list's language code; empty for a custom list
	ListHash [32]byte // SHA-256 of the list (see ListHash)
	Seed     uint32   // below SeedLimit
	Words    []string // in face order: the shuffled list
}

// SeedLimit bounds seeds: they are five base-31 characters of the code.
const SeedLimit = 31 * 31 * 31 * 31 * 31

// Errors callers may test for with errors.Is.
var (
	ErrTooMany = errors.New("too many words for one deck")
	ErrTooFew  = errors.New("too few words for one deck")
)

// ListHash returns SHA-256 of words as they are printed, one per line, in list order.
func ListHash(words []string) [32]byte {
	return sha256.Sum256([]byte(strings.Join(words, "\n") + "\n"))
}

// SeedFromText maps any text to a seed, so that `--seed picnic` always makes the same deck.
func SeedFromText(s string) uint32 {
	h := sha256.Sum256([]byte("fieldkit deck seed v1\x00" + s))
	return uint32(binary.BigEndian.Uint64(h[:8]) % SeedLimit)
}

// New deals words (a list in its file order) into a deck shuffled by seed.
// name and lang describe the list; lang is empty for a custom list.
func New(name, lang string, words []string, seed uint32) (*Deck, error) {
	if len(words) > MaxFaces {
		return nil, fmt.Errorf("%w: the list has %d words, a deck prints at most %d (two per card, one marker id each); shorten the list", ErrTooMany, len(words), MaxFaces)
	}
	if len(words) < 25 {
		return nil, fmt.Errorf("%w: the list has %d words, a game needs 25", ErrTooFew, len(words))
	}
	if seed >= SeedLimit {
		return nil, fmt.Errorf("deck seed %d is not below %d", seed, SeedLimit)
	}
	d := &Deck{Name: name, Lang: lang, ListHash: ListHash(words), Seed: seed, Words: append([]string(nil), words...)}
	shuffle(d.Words, seed)
	return d, nil
}

// shuffle permutes words with a Fisher-Yates shuffle driven by a ChaCha8
// stream keyed by the seed; bounded numbers come by multiply-and-reject. Both
// are fixed here, so a seed deals the same deck in every future version.
func shuffle(words []string, seed uint32) {
	key := sha256.Sum256(fmt.Appendf(nil, "fieldkit deck shuffle v1\x00%d", seed))
	r := rand.NewChaCha8(key)
	below := func(n uint64) uint64 {
		hi, lo := bits.Mul64(r.Uint64(), n)
		if lo < n {
			reject := -n % n
			for lo < reject {
				hi, lo = bits.Mul64(r.Uint64(), n)
			}
		}
		return hi
	}
	for i := len(words) - 1; i > 0; i-- {
		j := int(below(uint64(i + 1)))
		words[i], words[j] = words[j], words[i]
	}
}

// Cards returns the number of word cards: two faces each, the last card's back
// left blank when the deck has an odd number of words.
func (d *Deck) Cards() int { return (len(d.Words) + 1) / 2 }

// Face returns the word on face id, or false when id is not one of the deck's faces.
func (d *Deck) Face(id int) (string, bool) {
	if id < 0 || id >= len(d.Words) {
		return "", false
	}
	return d.Words[id], true
}

// Kind returns what marker id is printed on in this deck, and the index within
// its kind (the face number for words).
func (d *Deck) Kind(id int) (Kind, int) {
	if id >= 0 && id < MaxFaces {
		if id < len(d.Words) {
			return Word, id
		}
		return Unknown, 0
	}
	return PieceKind(id)
}
