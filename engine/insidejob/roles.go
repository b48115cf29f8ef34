package insidejob

import "fmt"

// Role is a role card. Values appear in JSON: append only.
type Role uint8

// The roles: the Insider, the Agents, the eight special roles and the blank card.
const (
	NoRole      Role = iota
	Agent            // wins with the Agents
	Insider          // the mole: wins at its intel target, need not follow suit
	Wiretapped       // revealed at start; more than 1 intel hands the Insider the win
	Paranoid         // votes for two players
	RiskTaking       // brings the risky missions; its reveal makes the Agents win
	Decoy            // neutral: wins only with the most votes
	Accomplice       // neutral, revealed at start: wins with its partner, never holds intel
	Shady            // neutral: wins if the player to its right loses
	Sleeper          // an Agent until revealed, then on the Insider's side
	ProfessorNo      // replaces the Insider: wins when everyone else is revealed
	Blank            // the group's own role; the engine treats it as an Agent
)

var roleNames = [...]string{"", "agent", "insider", "wiretapped", "paranoid", "risk_taking", "decoy", "accomplice", "shady", "sleeper", "professor_no", "blank"}

// String returns the role's JSON name, e.g. "risk_taking"; "" for NoRole.
func (r Role) String() string {
	if int(r) < len(roleNames) {
		return roleNames[r]
	}
	return fmt.Sprintf("Role(%d)", r)
}

// ParseRole reads a role's JSON name.
func ParseRole(s string) (Role, error) {
	for i, n := range roleNames {
		if n != "" && n == s {
			return Role(i), nil
		}
	}
	return NoRole, fmt.Errorf("unknown role %q; want agent, insider, wiretapped, paranoid, risk_taking, decoy, accomplice, shady, sleeper, professor_no or blank", s)
}

// Special reports whether r is one of the special role cards (the blank card
// and Professor No included), used in 4-5 player games only.
func (r Role) Special() bool { return r >= Wiretapped && r <= Blank }

// Neutral reports whether r is on neither side: Decoy, Accomplice, Shady.
func (r Role) Neutral() bool { return r == Decoy || r == Accomplice || r == Shady }

// RevealedAtStart reports whether r is turned face up when dealt.
func (r Role) RevealedAtStart() bool { return r == Wiretapped || r == Accomplice }

// Mole reports whether r is the Insider or its replacement, Professor No: the
// role that need not follow suit and that the vote hunts.
func (r Role) Mole() bool { return r == Insider || r == ProfessorNo }

// agentSide reports whether r wins when the Agents win, while not revealed.
func (r Role) agentSide() bool {
	switch r {
	case Agent, Wiretapped, Paranoid, RiskTaking, Sleeper, Blank:
		return true
	}
	return false
}
