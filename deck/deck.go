// Package deck describes a printed Codenames word deck: which word is on which
// card face, so that the camera, the table server and the printer agree on what
// a face's marker id means. The ids of every other printed piece are fixed by
// the one marker-id table in package markers.
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
	"fieldkit/markers"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
)

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
	if len(words) > markers.MaxFaces {
		return nil, fmt.Errorf("%w: the list has %d words, a deck prints at most %d (two per card, one marker id each); shorten the list", ErrTooMany, len(words), markers.MaxFaces)
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
func (d *Deck) Kind(id int) (markers.Kind, int) {
	if id >= 0 && id < markers.MaxFaces {
		if id < len(d.Words) {
			return markers.Word, id
		}
		return markers.Unknown, 0
	}
	if k, i := markers.PieceKind(id); k <= markers.SeatMarker {
		return k, i
	}
	return markers.Unknown, 0 // another game's piece
}
