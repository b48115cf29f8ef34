package insidejob

import (
	"fmt"
	"strconv"
)

// Colour is the printed colour of a number card, or a mission's trump. Values
// appear in card codes and JSON: never renumber.
type Colour uint8

// The four colours, in the order of the printed deck.
const (
	Yellow Colour = iota
	Pink
	Green
	Blue
)

// Colours is the number of colours.
const Colours = 4

const colourLetters = "YPGB"

// String returns the colour's letter: "Y", "P", "G" or "B".
func (c Colour) String() string {
	if c < Colours {
		return colourLetters[c : c+1]
	}
	return fmt.Sprintf("Colour(%d)", c)
}

// ParseColour reads a colour letter, upper or lower case.
func ParseColour(s string) (Colour, error) {
	if len(s) == 1 {
		for i := range Colours {
			if s[0] == colourLetters[i] || s[0] == colourLetters[i]+'a'-'A' {
				return Colour(i), nil
			}
		}
	}
	return 0, fmt.Errorf("colour %q: want Y (yellow), P (pink), G (green) or B (blue)", s)
}

// Values are the number cards' values: 1 to MaxValue in every colour.
const MaxValue = 13

// Cards is the number of number cards in the box.
const Cards = Colours * MaxValue

// Card is one of the 52 number cards; the zero Card is no card. Card c of colour
// k and value v is 1 + 13k + (v-1).
type Card uint8

// NoCard is the zero Card.
const NoCard Card = 0

// NewCard returns the card of colour c and value v (1-13), or NoCard.
func NewCard(c Colour, v int) Card {
	if c >= Colours || v < 1 || v > MaxValue {
		return NoCard
	}
	return Card(1 + int(c)*MaxValue + v - 1)
}

// Valid reports whether c is one of the 52 cards.
func (c Card) Valid() bool { return c >= 1 && c <= Cards }

// Colour returns the card's printed colour.
func (c Card) Colour() Colour { return Colour((c - 1) / MaxValue) }

// Value returns the card's value, 1-13.
func (c Card) Value() int { return int(c-1)%MaxValue + 1 }

// index is the card's bit in a set of cards.
func (c Card) index() uint { return uint(c - 1) }

// String returns the card's code: colour letter and value, e.g. "P8"; "" for NoCard.
func (c Card) String() string {
	if !c.Valid() {
		if c == NoCard {
			return ""
		}
		return fmt.Sprintf("Card(%d)", c)
	}
	return c.Colour().String() + strconv.Itoa(c.Value())
}

// ParseCard reads a card code like "P8" or "b13": a colour letter (Y, P, G, B)
// and a value 1-13.
func ParseCard(s string) (Card, error) {
	if len(s) < 2 || len(s) > 3 {
		return NoCard, fmt.Errorf("card %q: want a colour letter (Y, P, G, B) and a value 1-13, like \"P8\"", s)
	}
	col, err := ParseColour(s[:1])
	if err != nil {
		return NoCard, fmt.Errorf("card %q: colour %q is not Y, P, G or B", s, s[:1])
	}
	v, err := strconv.Atoi(s[1:])
	if err != nil || v < 1 || v > MaxValue || s[1] == '0' || s[1] == '+' {
		return NoCard, fmt.Errorf("card %q: value %q is not 1-13; the deck has values 1 to 13 in each colour", s, s[1:])
	}
	return NewCard(col, v), nil
}

// cardSet is a set of cards, one bit per card.
type cardSet uint64

func (s cardSet) has(c Card) bool { return s&(1<<c.index()) != 0 }
func (s *cardSet) add(c Card)     { *s |= 1 << c.index() }
func (s cardSet) count() (n int) {
	for ; s != 0; s &= s - 1 {
		n++
	}
	return n
}
