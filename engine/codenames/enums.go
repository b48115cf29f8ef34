package codenames

import (
	"fmt"
)

// Player names who acts: a Duet seat or a classic team. Values appear in JSON:
// append only.
type Player uint8

// Players. Nobody is the zero value: "not said".
const (
	Nobody Player = iota
	A             // Duet seat A
	B             // Duet seat B
	Red           // classic red team
	Blue          // classic blue team
)

var playerNames = [...]string{"", "a", "b", "red", "blue"}

// String returns the player's JSON name: "a", "b", "red", "blue", or "" for Nobody.
func (p Player) String() string {
	if int(p) < len(playerNames) {
		return playerNames[p]
	}
	return fmt.Sprintf("Player(%d)", p)
}

// ParsePlayer is the inverse of Player.String; it also accepts upper case.
func ParsePlayer(s string) (Player, error) {
	switch s {
	case "a", "A":
		return A, nil
	case "b", "B":
		return B, nil
	case "red", "RED", "Red":
		return Red, nil
	case "blue", "BLUE", "Blue":
		return Blue, nil
	}
	return Nobody, refuse(nil, "cn.refuse.player", fmt.Sprintf("unknown player %q (want a or b in Duet, red or blue in classic)", s), "by", s)
}

// Partner returns the other Duet seat or the other classic team.
func (p Player) Partner() Player {
	switch p {
	case A:
		return B
	case B:
		return A
	case Red:
		return Blue
	case Blue:
		return Red
	}
	return Nobody
}

// Status says whether a game goes on. Values appear in JSON: append only.
type Status uint8

// Statuses.
const (
	Playing     Status = iota // clues and guesses
	SuddenDeath               // Duet: the bank is empty, guessing without clues
	Won                       // Duet: both players won; classic: see Winner
	Lost                      // Duet, or classic solo: the players lost
)

var statusNames = [...]string{"playing", "sudden_death", "won", "lost"}

// String returns "playing", "sudden_death", "won" or "lost".
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", s)
}

// Over reports whether the game has ended.
func (s Status) Over() bool { return s == Won || s == Lost }

// Reason says why a game ended. Values appear in JSON: append only.
type Reason uint8

// Reasons.
const (
	NoReason        Reason = iota
	AllAgents              // every agent of the winning side is covered
	AssassinHit            // somebody touched an assassin
	OutOfTime              // a turn needed more timer tokens than the bank held
	SuddenDeathMiss        // a wrong guess in sudden death
	EnemyFound             // classic solo: every enemy agent got covered
)

var reasonNames = [...]string{"", "all_agents", "assassin", "time", "sudden_death_miss", "enemy_found"}

// String returns the reason's JSON name, or "" for NoReason.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", r)
}

// Result is what the last guess found. Values appear in JSON: append only.
type Result uint8

// Results.
const (
	NoResult   Result = iota
	AgentFound        // the guesser found one of their own agents
	Bystander         // an innocent bystander
	Assassin          // the assassin
	EnemyAgent        // classic: the other team's agent
)

var resultNames = [...]string{"", "agent", "bystander", "assassin", "enemy_agent"}

// String returns the result's JSON name, or "" for NoResult.
func (r Result) String() string {
	if int(r) < len(resultNames) {
		return resultNames[r]
	}
	return fmt.Sprintf("Result(%d)", r)
}

// Phase is the part of a turn a game waits for. Values appear in JSON: append only.
type Phase uint8

// Phases.
const (
	CluePhase  Phase = iota // waiting for a clue
	GuessPhase              // a clue was given; waiting for guesses or a stop
	CoverPhase              // classic: waiting for a spymaster to cover an agent
)

var phaseNames = [...]string{"clue", "guess", "cover"}

// String returns "clue", "guess" or "cover".
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", p)
}

// Mission is a Duet mission: how many timer tokens go into the bank (turns) and
// how many of them lie bystander face up (mistakes); the rest lie check face up.
// The standard game is 9-9; the 10th and 11th tokens make it 10-10 or 11-11.
type Mission struct {
	Turns    int
	Mistakes int
}

// Standard is the standard Duet game: 9 turns, 9 mistakes allowed (Prague on the mission map).
var Standard = Mission{Turns: 9, Mistakes: 9}

// MaxTokens is the number of timer tokens in the box.
const MaxTokens = 11

// String returns the mission as the map prints it, e.g. "9-5".
func (m Mission) String() string { return fmt.Sprintf("%d-%d", m.Turns, m.Mistakes) }

// Validate checks that the box holds the mission's tokens.
func (m Mission) Validate() error {
	if m.Turns < 1 || m.Turns > MaxTokens {
		return refuse(ErrSetup, "cn.refuse.mission_turns", fmt.Sprintf("mission %s has %d turns; the box holds 1 to %d timer tokens", m, m.Turns, MaxTokens), "n", m.Turns, "max", MaxTokens)
	}
	if m.Mistakes < 0 || m.Mistakes > m.Turns {
		return refuse(ErrSetup, "cn.refuse.mission_mistakes", fmt.Sprintf("mission %s allows %d mistakes; want 0 to %d (no more than its turns)", m, m.Mistakes, m.Turns), "n", m.Mistakes, "max", m.Turns)
	}
	return nil
}
