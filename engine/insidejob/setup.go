package insidejob

import (
	"errors"
	"fieldkit/engine"
	"fmt"
	"strings"
)

// Errors that refused events and setups wrap; test for them with errors.Is. The
// wrapping message names the field and the rule.
var (
	ErrSetup = engine.ErrSetup
	ErrEvent = engine.ErrEvent
	ErrOver  = engine.ErrOver
	ErrOrder = engine.ErrOrder
	ErrTurn  = engine.ErrTurn
	ErrCard  = errors.New("card refused")
	ErrWager = errors.New("wager refused")
	ErrVote  = errors.New("vote refused")
)

// Setup is what a "new" event says: the players in clockwise order, the dealer,
// the role deal, the variants and, optionally, the mission deck's order. With the
// setup and the event log a game is rebuilt (Replay).
type Setup struct {
	Players []string  // 2 to 5 names in clockwise order
	Dealer  Seat      // a seat of Players
	Roles   []Role    // one per seat; in a 2-player game a third one, Larry's
	Wagers  bool      // players may raise the stakes with intel
	Risky   bool      // the 4 risky missions are in the deck
	Deck    []Mission // optional: the shuffled mission deck, top first
}

// Rules are the numbers of a game that depend on the player count.
type Rules struct {
	Players   int // 2 to 5
	Seats     int // players, plus Larry in a 2-player game
	Hand      int // cards dealt to each player
	Tricks    int // tricks played before the vote
	Goal      int // missions the Agents need
	Threshold int // intel that forces a reveal (and wins the game for the Insider)
}

// RulesFor returns the numbers of a game with n players (2 to 5). With
// Professor No in play the reveal threshold drops to 4 (4 players) or 3 (5).
func RulesFor(n int, professor bool) (Rules, error) {
	var r Rules
	switch n {
	case 2:
		r = Rules{Players: 2, Seats: 3, Hand: 10, Tricks: 9, Goal: 7, Threshold: 6}
	case 3:
		r = Rules{Players: 3, Seats: 3, Hand: 13, Tricks: 11, Goal: 9, Threshold: 6}
	case 4:
		r = Rules{Players: 4, Seats: 4, Hand: 12, Tricks: 10, Goal: 7, Threshold: 5}
	case 5:
		r = Rules{Players: 5, Seats: 5, Hand: 10, Tricks: 9, Goal: 6, Threshold: 4}
	default:
		return Rules{}, refuse(ErrSetup, "ij.refuse.player_count", fmt.Sprintf("\"players\": %d players; Inside Job is for 3-5 players, or 2 with Larry", n), "n", n)
	}
	if professor {
		r.Threshold = 8 - n // 4 players: 4, 5 players: 3 (002:L404-407)
	}
	return r, nil
}

// Seats returns the number of seats: the players, plus Larry in a 2-player game.
func (s *Setup) Seats() int {
	if len(s.Players) == 2 {
		return 3
	}
	return len(s.Players)
}

// Name returns the name of seat i ("Larry" for Larry).
func (s *Setup) Name(i Seat) string {
	switch {
	case i >= 0 && int(i) < len(s.Players):
		return s.Players[i]
	case i == LarrySeat && len(s.Players) == 2:
		return LarryName
	}
	return ""
}

// Seat returns the seat of the player (or Larry) called name.
func (s *Setup) Seat(name string) (Seat, bool) {
	for i := range s.Seats() {
		if s.Name(Seat(i)) == name {
			return Seat(i), true
		}
	}
	return NoSeat, false
}

// Validate checks the setup against the rulebook: the player count, the role
// deal (one Insider or Professor No; special roles at 4-5 players only, at most
// two, never two revealed at start, never two neutrals), the variants and the
// deck order.
func (s *Setup) Validate() error {
	n := len(s.Players)
	if err := s.validatePlayers(); err != nil {
		return err
	}
	if s.Dealer < 0 || int(s.Dealer) >= n {
		return refuse(ErrSetup, "ij.refuse.dealer", `"dealer": want one of the players`)
	}
	if len(s.Roles) != s.Seats() {
		if n == 2 {
			return refuse(ErrSetup, "ij.refuse.roles_two", fmt.Sprintf("\"roles\": %d roles; a 2-player game deals 3: one to each player and one to %s", len(s.Roles), LarryName), "n", len(s.Roles), "larry", LarryName)
		}
		return refuse(ErrSetup, "ij.refuse.roles_count", fmt.Sprintf("\"roles\": %d roles for %d players; deal one to each", len(s.Roles), n), "n", len(s.Roles), "players", n)
	}
	if err := s.validateRoles(); err != nil {
		return err
	}
	if s.has(RiskTaking) && !s.Risky {
		return refuse(ErrSetup, "ij.refuse.risky_off", `"risky": false, but the Risk-taking agent shuffles the 4 risky missions into the deck (002:L326)`, "role", RiskTaking.Term())
	}
	return s.validateDeck()
}

// validatePlayers checks the player count and names.
func (s *Setup) validatePlayers() error {
	n := len(s.Players)
	if _, err := RulesFor(n, false); err != nil {
		return err
	}
	seen := map[string]bool{}
	for i, p := range s.Players {
		switch {
		case strings.TrimSpace(p) == "":
			return refuse(ErrSetup, "ij.refuse.player_no_name", fmt.Sprintf("\"players\": player %d has no name", i+1), "n", i+1)
		case seen[p]:
			return refuse(ErrSetup, "ij.refuse.player_twice", fmt.Sprintf("\"players\": %q twice; every player needs a different name", p), "name", p)
		case n == 2 && p == LarryName:
			return refuse(ErrSetup, "ij.refuse.player_larry", fmt.Sprintf("\"players\": %q is the virtual third player's name in a 2-player game; call the player something else", p), "name", p)
		}
		seen[p] = true
	}
	return nil
}

func (s *Setup) has(r Role) bool {
	for _, x := range s.Roles {
		if x == r {
			return true
		}
	}
	return false
}

func (s *Setup) validateRoles() error {
	n := len(s.Players)
	var count [len(roleNames)]int
	for i, r := range s.Roles {
		if r == NoRole || int(r) >= len(roleNames) {
			return refuse(ErrSetup, "ij.refuse.no_role", fmt.Sprintf("\"roles\": %s has no role", s.Name(Seat(i))), "name", s.Name(Seat(i)))
		}
		count[r]++
	}
	moles := count[Insider] + count[ProfessorNo]
	switch {
	case n == 2 && (count[Insider] != 1 || count[Agent] != 2):
		return refuse(ErrSetup, "ij.refuse.roles_two_player", fmt.Sprintf("\"roles\": a 2-player game deals 2 agents and 1 insider among the players and %s (002:L463); no special roles", LarryName), "larry", LarryName)
	case moles != 1:
		return refuse(ErrSetup, "ij.refuse.insiders", fmt.Sprintf("\"roles\": %d insiders; deal exactly one insider (or Professor No in its place)", moles), "n", moles)
	case count[Agent] > 4:
		return refuse(ErrSetup, "ij.refuse.agents", fmt.Sprintf("\"roles\": %d agents; the box has 4 agent cards", count[Agent]), "n", int(count[Agent]))
	}
	var specials, atStart, neutrals []string
	var specialRoles, atStartRoles, neutralRoles []Role
	for r := Wiretapped; r <= Blank; r++ {
		if count[r] == 0 {
			continue
		}
		if count[r] > 1 {
			return refuse(ErrSetup, "ij.refuse.role_twice", fmt.Sprintf("\"roles\": %s dealt %d times; the box has one card of each special role", r, count[r]), "role", r.Term(), "n", int(count[r]))
		}
		specials, specialRoles = append(specials, r.String()), append(specialRoles, r)
		if r.RevealedAtStart() {
			atStart, atStartRoles = append(atStart, r.String()), append(atStartRoles, r)
		}
		if r.Neutral() {
			neutrals, neutralRoles = append(neutrals, r.String()), append(neutralRoles, r)
		}
	}
	switch {
	case len(specials) > 0 && n < 4:
		return refuse(ErrSetup, "ij.refuse.specials_few", fmt.Sprintf("\"roles\": %s: special roles are for 4-5 players only (002:L292)", strings.Join(specials, ", ")), "roles", roleWords(specialRoles))
	case len(specials) > 2:
		return refuse(ErrSetup, "ij.refuse.specials_many", fmt.Sprintf("\"roles\": %s: use at most two special roles (002:L425)", strings.Join(specials, ", ")), "roles", roleWords(specialRoles))
	case len(atStart) > 1:
		return refuse(ErrSetup, "ij.refuse.revealed_two", fmt.Sprintf("\"roles\": %s: never two roles revealed at the start (002:L425)", strings.Join(atStart, " and ")), "roles", roleWords(atStartRoles))
	case len(neutrals) > 1:
		return refuse(ErrSetup, "ij.refuse.neutral_two", fmt.Sprintf("\"roles\": %s: never two neutral roles (002:L425)", strings.Join(neutrals, " and ")), "roles", roleWords(neutralRoles))
	}
	return nil
}

func (s *Setup) validateDeck() error {
	if s.Deck == nil {
		return nil
	}
	want := Deck(s.Wagers, s.Risky)
	var seen [Missions + 1]bool
	for _, m := range s.Deck {
		switch {
		case !m.Valid():
			return refuse(ErrSetup, "ij.refuse.deck_not_mission", fmt.Sprintf("\"deck\": %d is not a mission", m), "n", int(m))
		case seen[m]:
			return refuse(ErrSetup, "ij.refuse.deck_twice", fmt.Sprintf("\"deck\": %s twice; every mission card exists once", m), "mission", m.String())
		case !inDeck(m, s.Wagers, s.Risky) && m.Risky():
			return refuse(ErrSetup, "ij.refuse.deck_risky", fmt.Sprintf("\"deck\": %s is a risky mission, but the risky missions are out of this game", m), "mission", m.String())
		case !inDeck(m, s.Wagers, s.Risky):
			return refuse(ErrSetup, "ij.refuse.deck_wagers", fmt.Sprintf("\"deck\": %s needs wagers, and wagers are off: it leaves the deck", m), "mission", m.String())
		}
		seen[m] = true
	}
	if len(s.Deck) != len(want) {
		return refuse(ErrSetup, "ij.refuse.deck_size", fmt.Sprintf("\"deck\": %d missions; give the whole shuffled deck of this game (%d cards) or none", len(s.Deck), len(want)), "n", len(s.Deck), "want", len(want))
	}
	return nil
}
