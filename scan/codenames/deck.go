package codenames

import (
	"fmt"

	"fieldkit/deck"
	"fieldkit/markers"
)

// Kind is what a marker id is printed on, as far as the scanner cares.
type Kind uint8

// Kinds of printed pieces. Covers lie on a cell and hide its word card;
// timer and guess tokens lie on a word card between its two markers.
const (
	NotInDeck Kind = iota // an id the deck does not use: ignored
	WordFace              // a word card face
	Agent                 // a Duet agent card (green)
	Assassin              // an assassin card (Duet or classic)
	Bystander             // a classic innocent bystander card
	Red                   // a classic red agent card
	Blue                  // a classic blue agent card
	Double                // the classic double agent card, either face
	Timer                 // a Duet timer token, either face (a bystander mark on a word)
	Guess                 // a guess token
	Seat                  // a seat marker: lies at seat A's edge of the grid
)

var kindNames = [...]string{"none", "word", "agent", "assassin", "bystander", "red", "blue", "double", "timer", "guess", "seat"}

// String returns the kind's name as the scan JSON prints it, e.g. "agent".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// isCover reports whether a piece of kind k covers the word card under it.
func (k Kind) isCover() bool {
	switch k {
	case Agent, Assassin, Bystander, Red, Blue, Double:
		return true
	}
	return false
}

// Deck says what each marker id is printed on: the scanner's view of a deck
// manifest. Lookup returns the kind of piece id is printed on and, for word
// faces, the word (empty when the deck does not know it).
type Deck interface {
	Lookup(id int) (Kind, string)
}

// pieceKind returns the scanner's kind of a format-1 piece id.
func pieceKind(id int) Kind {
	k, _ := markers.PieceKind(id)
	return kindOf(k)
}

// kindOf maps package deck's kinds to the scanner's.
func kindOf(k markers.Kind) Kind {
	switch k {
	case markers.Word:
		return WordFace
	case markers.DuetAgent:
		return Agent
	case markers.DuetAssassin, markers.ClassicAssassin:
		return Assassin
	case markers.TimerBystander, markers.TimerCheck:
		return Timer
	case markers.RedAgent:
		return Red
	case markers.BlueAgent:
		return Blue
	case markers.DoubleRed, markers.DoubleBlue:
		return Double
	case markers.ClassicBystander:
		return Bystander
	case markers.Guess:
		return Guess
	case markers.SeatMarker:
		return Seat
	}
	return NotInDeck
}

// Words is a Deck of printed format-1 pieces whose word faces carry the given
// words: face id shows Words[id]. A nil or empty Words treats every id of the
// word range (0..markers.MaxFaces-1) as a word face with an unknown word, which
// is what the scanner assumes without a manifest.
type Words []string

// Lookup implements Deck.
func (w Words) Lookup(id int) (Kind, string) {
	if id >= 0 && id < markers.MaxFaces {
		switch {
		case len(w) == 0:
			return WordFace, ""
		case id < len(w):
			return WordFace, w[id]
		}
		return NotInDeck, ""
	}
	return pieceKind(id), ""
}

// FromDeck returns the scanner's view of a printed deck (its manifest).
func FromDeck(d *deck.Deck) Deck { return Words(d.Words) }
