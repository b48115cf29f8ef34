package keycards

import (
	"fieldkit/codes"
	"fieldkit/refusal"

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
		return 0, cells, refusal.New(ErrCodeLength, "cn.code.empty", "the side code is empty")
	}
	var s Side
	switch Alphabet[vals[0]] {
	case 'A':
		s = SideA
	case 'B':
		s = SideB
	default:
		return 0, cells, refusal.New(ErrCodeGame, "cn.code.side_letter", fmt.Sprintf("%q starts with %c; Duet side codes start with A or B", code, Alphabet[vals[0]]), "code", code, "letter", string(Alphabet[vals[0]]))
	}
	if want := sidePayload + 2; len(vals) != want {
		return 0, cells, refusal.New(ErrCodeLength, "cn.code.side_length", fmt.Sprintf("%q has %d characters, a side code has %d", code, len(vals), want), "code", code, "n", len(vals), "want", want)
	}
	if !codes.Checks(vals) {
		return 0, cells, refusal.New(ErrCodeCheck, "cn.code.check", fmt.Sprintf("%q has a wrong character or two swapped characters", code), "code", code)
	}
	var r uint64
	for _, v := range vals[1 : sidePayload+1] {
		r = r*base + uint64(v)
	}
	if r >= SideLayouts {
		return 0, cells, refusal.New(ErrCodeRange, "cn.code.range", fmt.Sprintf("%q is beyond the last Duet side", code), "code", code)
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
		return DuetCard{}, refusal.New(nil, "cn.code.same_side", fmt.Sprintf("both codes are side %s: scan side A and side B of one card", strings.ToUpper(s1.String())), "side", strings.ToUpper(s1.String()))
	}
	d := DuetCard{A: c1, B: c2}
	if s1 == SideB {
		d = DuetCard{A: c2, B: c1}
	}
	if err := d.Validate(); err != nil {
		// Which cell counts are off tells a player nothing: say what to check.
		return DuetCard{}, refusal.New(ErrInvalidLayout, "cn.code.two_cards", fmt.Sprintf("%s and %s are not two sides of one key card: check both codes on the card", code1, code2), "code", code1, "other", code2)
	}
	return d, nil
}
