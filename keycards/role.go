// Package keycards models Codenames and Codenames Duet key cards: their layouts,
// uniform random generation, validation, and short codes a person can read aloud.
//
// A key card's code is not a seed: it is the card's rank among all valid layouts
// of its kind, so a code names exactly one layout for as long as the format lives.
package keycards

import "fmt"

// Role is what a key card says about one cell.
// Duet cards use Agent, Bystander and Assassin; classic cards use Red, Blue,
// Bystander and Assassin. Values are printed in codes and JSON: append only.
type Role uint8

const (
	Bystander Role = iota
	Agent
	Assassin
	Red
	Blue
)

var roleNames = [...]string{"bystander", "agent", "assassin", "red", "blue"}

// String returns the role's JSON name: "agent", "bystander", "assassin", "red" or "blue".
func (r Role) String() string {
	if int(r) < len(roleNames) {
		return roleNames[r]
	}
	return fmt.Sprintf("Role(%d)", r)
}

// ParseRole is the inverse of Role.String.
func ParseRole(s string) (Role, error) {
	for i, n := range roleNames {
		if n == s {
			return Role(i), nil
		}
	}
	return 0, fmt.Errorf("unknown role %q (want agent, bystander, assassin, red or blue)", s)
}

// MarshalText implements encoding.TextMarshaler.
func (r Role) MarshalText() ([]byte, error) {
	if int(r) >= len(roleNames) {
		return nil, fmt.Errorf("invalid role %d", r)
	}
	return []byte(r.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (r *Role) UnmarshalText(b []byte) error {
	v, err := ParseRole(string(b))
	if err != nil {
		return err
	}
	*r = v
	return nil
}

// Game says which game a key card belongs to.
type Game uint8

const (
	Duet Game = iota
	Classic
)

// String returns "duet" or "classic".
func (g Game) String() string {
	switch g {
	case Duet:
		return "duet"
	case Classic:
		return "classic"
	}
	return fmt.Sprintf("Game(%d)", g)
}

// ParseGame is the inverse of Game.String.
func ParseGame(s string) (Game, error) {
	switch s {
	case "duet":
		return Duet, nil
	case "classic":
		return Classic, nil
	}
	return 0, fmt.Errorf("unknown game %q (want duet or classic)", s)
}

// Side names one side of a Duet key card: the side seen from seat A or from seat B.
type Side uint8

const (
	SideA Side = iota
	SideB
)

// String returns "a" or "b".
func (s Side) String() string {
	if s == SideB {
		return "b"
	}
	return "a"
}

// ParseSide accepts "a" or "b" (either case).
func ParseSide(s string) (Side, error) {
	switch s {
	case "a", "A":
		return SideA, nil
	case "b", "B":
		return SideB, nil
	}
	return 0, fmt.Errorf("unknown side %q (want a or b)", s)
}

// Cells is the number of cells on a key card: a 5x5 grid, indexed row-major (row*5+col).
const Cells = 25

// Turn maps a cell index as seen from one seat to the same table cell as seen from
// the opposite seat: (r, c) becomes (4-r, 4-c).
func Turn(i int) int { return Cells - 1 - i }
