package keycards

import (
	"errors"
	"fieldkit/refusal"
	"fmt"

	"fieldkit/codes"
)

// A key card code is a game letter, the card's rank in base 31, and a check
// character (see package codes), shown in groups of five: Duet "DXXXX-XXXXX-XXXX" (14 characters),
// classic "CXXXX-XXXXX" (10 characters). Reading ignores case, spaces and hyphens.
//
// The check character makes sum((i+1)*value(c_i)) divisible by 31 over the whole
// code. 31 is prime and the weights 1..14 are distinct and non-zero modulo 31, so
// every single wrong character and every swap of two different characters is caught.

// Alphabet is the characters a code uses (package codes).
const Alphabet = codes.Alphabet

const base = codes.Base

type codeFormat struct {
	game    Game
	letter  byte
	payload int    // rank digits
	layouts uint64 // ranks are below this
}

var formats = []codeFormat{
	{Duet, 'D', 12, DuetLayouts},
	{Classic, 'C', 8, ClassicLayouts},
}

func formatFor(g Game) codeFormat {
	for _, f := range formats {
		if f.game == g {
			return f
		}
	}
	panic(fmt.Sprintf("keycards: no code format for %v", g))
}

// Errors that ParseCode wraps; test for them with errors.Is.
var (
	ErrCodeChar   = codes.ErrChar
	ErrCodeLength = errors.New("wrong code length")
	ErrCodeGame   = errors.New("not a key card code")
	ErrCodeCheck  = errors.New("code does not check out")
	ErrCodeRange  = errors.New("code names no key card")
)

// encode writes a code for rank r in format f, grouped in fives.
func encode(f codeFormat, r uint64) string {
	vals := make([]int, f.payload+1)
	vals[0] = codes.Value(f.letter)
	for i := f.payload; i >= 1; i-- {
		vals[i] = int(r % base)
		r /= base
	}
	return codes.Format(vals)
}

// ParseCode reads a key card code and returns its game and rank. It never panics.
func ParseCode(code string) (Game, uint64, error) {
	vals, err := codes.Values(code)
	if err != nil {
		return 0, 0, err
	}
	if len(vals) == 0 {
		return 0, 0, refusal.New(ErrCodeLength, "cn.code.empty", "the code is empty")
	}
	var f codeFormat
	found := false
	for _, cf := range formats {
		if vals[0] == codes.Value(cf.letter) {
			f, found = cf, true
		}
	}
	if !found {
		return 0, 0, refusal.New(ErrCodeGame, "cn.code.letter", fmt.Sprintf("%q starts with %c; Duet codes start with D, classic codes with C", code, Alphabet[vals[0]]), "code", code, "letter", string(Alphabet[vals[0]]))
	}
	if want := f.payload + 2; len(vals) != want {
		return 0, 0, refusal.New(ErrCodeLength, gameLengthIDs[f.game], fmt.Sprintf("%q has %d characters, a %s code has %d", code, len(vals), f.game, want), "code", code, "n", len(vals), "want", want)
	}
	if !codes.Checks(vals) {
		return 0, 0, refusal.New(ErrCodeCheck, "cn.code.check", fmt.Sprintf("%q has a wrong character or two swapped characters", code), "code", code)
	}
	var r uint64
	for _, v := range vals[1 : f.payload+1] {
		if r > (^uint64(0)-uint64(v))/base {
			return 0, 0, refusal.New(ErrCodeRange, "cn.code.range", fmt.Sprintf("%q is beyond the last %s card", code, f.game), "code", code)
		}
		r = r*base + uint64(v)
	}
	if r >= f.layouts {
		return 0, 0, refusal.New(ErrCodeRange, "cn.code.range", fmt.Sprintf("%q is beyond the last %s card", code, f.game), "code", code)
	}
	return f.game, r, nil
}

// Code returns the card's code, e.g. "DKQ7M-2XP9R-TWHA". The card must be valid.
func (d DuetCard) Code() string { return encode(formatFor(Duet), d.Rank()) }

// Code returns the card's code, e.g. "CKQ7M-2XP9R". The card must be valid.
func (c ClassicCard) Code() string { return encode(formatFor(Classic), c.Rank()) }

// Card is a key card of either game.
type Card interface {
	Game() Game
	Code() string
	Validate() error
}

// Game returns Duet.
func (DuetCard) Game() Game { return Duet }

// Game returns Classic.
func (ClassicCard) Game() Game { return Classic }

// Parse reads a code of either game and returns its card: a DuetCard or a ClassicCard.
func Parse(code string) (Card, error) {
	g, r, err := ParseCode(code)
	if err != nil {
		return nil, err
	}
	if g == Duet {
		return DuetFromRank(r), nil
	}
	return ClassicFromRank(r), nil
}

// ParseDuet reads a Duet code.
func ParseDuet(code string) (DuetCard, error) {
	c, err := Parse(code)
	if err != nil {
		return DuetCard{}, err
	}
	d, ok := c.(DuetCard)
	if !ok {
		return DuetCard{}, refusal.New(ErrCodeGame, "cn.code.want_duet", fmt.Sprintf("%q is a %s code, want a Duet code", code, c.Game()), "code", code)
	}
	return d, nil
}

// ParseClassic reads a classic code.
func ParseClassic(code string) (ClassicCard, error) {
	c, err := Parse(code)
	if err != nil {
		return ClassicCard{}, err
	}
	k, ok := c.(ClassicCard)
	if !ok {
		return ClassicCard{}, refusal.New(ErrCodeGame, "cn.code.want_classic", fmt.Sprintf("%q is a %s code, want a classic code", code, c.Game()), "code", code)
	}
	return k, nil
}

// gameLengthIDs are the catalog's messages of a code of the wrong length, by
// the game its letter names.
var gameLengthIDs = map[Game]string{Duet: "cn.code.length_duet", Classic: "cn.code.length_classic"}
