package keycards

import (
	"fieldkit/codes"

	"fmt"
	"strings"
)

// A side code names one side of a Duet key card and nothing of the other
// side, so that it can be printed (and put in a QR code) on that side:
// reading side A's code tells nothing about side B.
//
// It is the side letter (A or B), the side's rank among all layouts of 9
// agents, 3 assassins and 13 bystanders (as seen from its own seat, row-major,
// lexicographic in the order agent < assassin < bystander) in seven base-31
// characters, and a check character with the same rule as key card codes:
// "AXXXX-XXXX". Two side codes, A and B, give the whole card back when they
// belong together (see JoinSides).

// SideLayouts is the number of possible Duet sides: 25!/(9! 3! 13!).
var SideLayouts = layoutCount(sideCounts)

var sideCats = [3]Role{Agent, Assassin, Bystander}
var sideCounts = []int{DuetAgents, DuetAssassins, DuetBystanders}

const sidePayload = 7

// SideCode returns the code of one side of the card. The card must be valid.
func (d DuetCard) SideCode(s Side) string {
	side := d.Side(s)
	var cats [Cells]uint8
	for i, r := range side {
		for k, c := range sideCats {
			if c == r {
				cats[i] = uint8(k)
			}
		}
	}
	letter := byte('A')
	if s == SideB {
		letter = 'B'
	}
	return encode(codeFormat{letter: letter, payload: sidePayload}, rankLayout(&cats, sideCounts, SideLayouts))
}

// ParseSideCode reads a side code and returns which side it is and the side's
// cells as seen from its own seat. It never panics.
func ParseSideCode(code string) (Side, [Cells]Role, error) {
	var cells [Cells]Role
	vals, err := codes.Values(code)
	if err != nil {
		return 0, cells, err
	}
	if len(vals) == 0 {
		return 0, cells, fmt.Errorf("%w: the side code is empty", ErrCodeLength)
	}
	var s Side
	switch Alphabet[vals[0]] {
	case 'A':
		s = SideA
	case 'B':
		s = SideB
	default:
		return 0, cells, fmt.Errorf("%w: %q starts with %c; Duet side codes start with A or B", ErrCodeGame, code, Alphabet[vals[0]])
	}
	if want := sidePayload + 2; len(vals) != want {
		return 0, cells, fmt.Errorf("%w: %q has %d characters, a side code has %d", ErrCodeLength, code, len(vals), want)
	}
	if !codes.Checks(vals) {
		return 0, cells, fmt.Errorf("%w: %q has a wrong character or two swapped characters", ErrCodeCheck, code)
	}
	var r uint64
	for _, v := range vals[1 : sidePayload+1] {
		r = r*base + uint64(v)
	}
	if r >= SideLayouts {
		return 0, cells, fmt.Errorf("%w: %q is beyond the last Duet side", ErrCodeRange, code)
	}
	var cats [Cells]uint8
	unrankLayout(r, sideCounts, SideLayouts, &cats)
	for i, k := range cats {
		cells[i] = sideCats[k]
	}
	return s, cells, nil
}

// JoinSides reads the side codes of both sides of a Duet card, in either order,
// and returns the card. It fails when they are the same side or do not make a
// valid card together (then they come from different cards).
func JoinSides(code1, code2 string) (DuetCard, error) {
	s1, c1, err := ParseSideCode(code1)
	if err != nil {
		return DuetCard{}, err
	}
	s2, c2, err := ParseSideCode(code2)
	if err != nil {
		return DuetCard{}, err
	}
	if s1 == s2 {
		return DuetCard{}, fmt.Errorf("both codes are side %s: scan side A and side B of one card", strings.ToUpper(s1.String()))
	}
	d := DuetCard{A: c1, B: c2}
	if s1 == SideB {
		d = DuetCard{A: c2, B: c1}
	}
	if err := d.Validate(); err != nil {
		// Which cell counts are off tells a player nothing: say what to check.
		return DuetCard{}, fmt.Errorf("%s and %s are not two sides of one key card (%w): check both codes on the card", code1, code2, ErrInvalidLayout)
	}
	return d, nil
}
