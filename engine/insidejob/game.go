package insidejob

import (
	"fmt"
)

// Phase is what a game waits for. Values appear in JSON: append only.
type Phase uint8

// Phases.
const (
	PartnerPhase Phase = iota // the Accomplice picks a partner
	MissionPhase              // the lead keeps one of two missions
	TrickPhase                // cards and wagers; a complete trick waits to be resolved
	VotePhase                 // the tricks are over: everybody votes
	OverPhase                 // somebody won
)

var phaseNames = [...]string{"partner", "mission", "trick", "vote", "over"}

// String returns the phase's JSON name.
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", p)
}

// Reason says why a game ended. Values appear in JSON: append only.
type Reason uint8

// Reasons.
const (
	NoReason           Reason = iota
	InsiderIntel              // the Insider reached the intel target and was revealed
	MissionsDone              // the Agents completed enough missions
	ByVote                    // the vote decided
	WiretappedIntel           // the Wiretapped agent held more than 1 intel
	RiskTakingRevealed        // the Risk-taking agent was revealed: the Agents win
	ProfessorWins             // everyone but Professor No was revealed
	DecoyVoted                // the Decoy got the most votes (alone, or tied with the Insider)
	ProfessorRevealed         // Professor No was revealed: the Agents win
)

var reasonNames = [...]string{"", "insider_intel", "missions", "vote", "wiretapped", "risk_taking_revealed", "professor_no", "decoy", "professor_no_revealed"}

// String returns the reason's JSON name, or "" for NoReason.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", r)
}

// Tokens is the number of intel tokens in the box.
const Tokens = 14

// seatSet is a set of seats, one bit per seat.
type seatSet uint8

func (s seatSet) has(i Seat) bool { return s&(1<<uint(i)) != 0 }
func (s *seatSet) add(i Seat)     { *s |= 1 << uint(i) }

// Last is the outcome of the trick just resolved.
type Last struct {
	Trick     Trick
	Mission   Mission
	Winner    Seat
	Completed bool
}

// Game is the state of one Inside Job game. It is a value without pointers or
// slices: copy it freely. Apply returns the next state; applying an event never
// allocates.
//
// Start a game with NewGame.
type Game struct {
	rules      Rules
	names      [MaxSeats]string
	roles      [MaxSeats]Role
	intel      [MaxSeats]uint8
	supply     uint8
	revealed   seatSet
	wagersOn   bool
	risky      bool
	phase      Phase
	reason     Reason
	winners    seatSet
	dealer     Seat
	lead       Seat // the lead of the current trick, or of the next one
	partner    Seat // the Accomplice's partner, or NoSeat
	accomplice Seat // the Accomplice's seat, or NoSeat
	completed  uint8
	trick      uint8 // tricks resolved
	mission    Mission
	cur        Trick
	last       Last
	hasLast    bool
	played     cardSet
	used       [Missions + 1]bool // mission cards drawn (kept or rejected, when said)
	deck       [Missions]Mission  // the deck order, when given
	deckLen    uint8
	votes      [MaxSeats][2]Seat
	voted      seatSet
	// showedOut[s][c] is the trick (1-based) where s first played off colour c
	// led; revoked[s][c] the first later trick where s played c anyway.
	showedOut [MaxSeats][Colours]uint8
	revoked   [MaxSeats][Colours]uint8
}

// NewGame starts a game from a valid setup: roles dealt, 1 intel to each player
// (3 to Larry, none to the Accomplice, who puts it back), the first lead left of
// the dealer, and the Wiretapped agent and the Accomplice revealed.
func NewGame(s Setup) (Game, error) {
	if err := s.Validate(); err != nil {
		return Game{}, err
	}
	r, err := RulesFor(len(s.Players), s.has(ProfessorNo))
	if err != nil {
		return Game{}, err
	}
	g := Game{rules: r, supply: Tokens, wagersOn: s.Wagers, risky: s.Risky, dealer: s.Dealer, partner: NoSeat, accomplice: NoSeat, phase: MissionPhase}
	for i := range r.Seats {
		g.names[i] = s.Name(Seat(i))
		g.roles[i] = s.Roles[i]
		g.intel[i] = 1
		if Seat(i) == LarrySeat && g.larry() {
			g.intel[i] = 3
		}
		if g.roles[i] == Accomplice {
			g.intel[i] = 0 // 002:L362
			g.accomplice = Seat(i)
			g.phase = PartnerPhase
		}
		if g.roles[i].RevealedAtStart() {
			g.revealed.add(Seat(i))
		}
		g.supply -= g.intel[i]
	}
	g.lead = (s.Dealer + 1) % Seat(r.Players)
	for i, m := range s.Deck {
		g.deck[i] = m
	}
	g.deckLen = uint8(len(s.Deck))
	for i := range g.votes {
		g.votes[i] = noVotes
	}
	return g, nil
}

func (g *Game) larry() bool { return g.rules.Players == 2 }

// Rules returns the numbers of this game.
func (g Game) Rules() Rules { return g.rules }

// Phase says what the game waits for.
func (g Game) Phase() Phase { return g.phase }

// Over reports whether the game has ended.
func (g Game) Over() bool { return g.phase == OverPhase }

// Reason says why the game ended, or NoReason.
func (g Game) Reason() Reason { return g.reason }

// Winner reports whether seat s is among the winners of a finished game.
func (g Game) Winner(s Seat) bool { return g.phase == OverPhase && g.winners.has(s) }

// Name returns the name of seat s.
func (g Game) Name(s Seat) string {
	if s < 0 || int(s) >= g.rules.Seats {
		return ""
	}
	return g.names[s]
}

// Role returns the role of seat s. It is a secret: the public state shows it
// only once revealed.
func (g Game) Role(s Seat) Role { return g.roles[s] }

// Revealed reports whether seat s's role is face up.
func (g Game) Revealed(s Seat) bool { return g.revealed.has(s) }

// Intel returns the intel tokens in front of seat s (not those on cards).
func (g Game) Intel(s Seat) int { return int(g.intel[s]) }

// Supply returns the intel tokens in the supply.
func (g Game) Supply() int { return int(g.supply) }

// OnCards returns the intel tokens lying on cards in the current trick.
func (g Game) OnCards() int { return g.cur.wagers() }

// Completed returns the number of missions completed.
func (g Game) Completed() int { return int(g.completed) }

// Tricks returns the number of tricks resolved.
func (g Game) Tricks() int { return int(g.trick) }

// Lead returns the lead of the current trick, or of the next one once a trick
// is resolved.
func (g Game) Lead() Seat { return g.lead }

// LarryController returns who plays Larry's cards (2 players: the player who is
// not the lead), or NoSeat.
func (g Game) LarryController() Seat {
	if !g.larry() {
		return NoSeat
	}
	return 1 - g.lead
}

// Mission returns the mission of the current trick, or NoMission.
func (g Game) Mission() Mission { return g.mission }

// Trick returns the current trick (its plays so far).
func (g Game) Trick() Trick { return g.cur }

// Last returns the trick just resolved; ok is false before the first one and
// once the next mission is chosen.
func (g Game) Last() (l Last, ok bool) { return g.last, g.hasLast }

// Partner returns the Accomplice and its partner, or NoSeat twice.
func (g Game) Partner() (accomplice, partner Seat) { return g.accomplice, g.partner }

// Wagers reports whether players may raise the stakes in this game.
func (g Game) Wagers() bool { return g.wagersOn }

// Risky reports whether the risky missions are in the deck.
func (g Game) Risky() bool { return g.risky }

// Played reports whether card c has been played in this game.
func (g Game) Played(c Card) bool { return c.Valid() && g.played.has(c) }

// Used reports whether mission m has been drawn (kept, or rejected when the
// table said so).
func (g Game) Used(m Mission) bool { return m.Valid() && g.used[m] }

// Drawn returns the two mission cards the lead draws for the next trick when the
// setup gave the deck order; ok is false without a deck order or outside the
// mission phase. It is a secret of the lead's.
func (g Game) Drawn() (a, b Mission, ok bool) {
	t := int(g.trick)
	if g.trickComplete() {
		t++ // the next mission resolves the trick first
	}
	i := 2 * t
	if g.deckLen == 0 || i+1 >= int(g.deckLen) || (g.phase != MissionPhase && !g.trickComplete()) {
		return NoMission, NoMission, false
	}
	return g.deck[i], g.deck[i+1], true
}

// next returns who plays next in the current trick: clockwise from the lead; in
// a 2-player game the lead, Larry, then the other player.
func (g *Game) next() Seat {
	return g.order(int(g.cur.N))
}

// order returns who plays the i-th card of a trick.
func (g *Game) order(i int) Seat {
	if g.larry() {
		switch i {
		case 0:
			return g.lead
		case 1:
			return LarrySeat
		}
		return 1 - g.lead
	}
	return (g.lead + Seat(i)) % Seat(g.rules.Seats)
}

func (g *Game) trickComplete() bool {
	return g.phase == TrickPhase && int(g.cur.N) == g.rules.Seats
}

// rightOf returns the player to the right of s: the one before s clockwise.
func (g *Game) rightOf(s Seat) Seat {
	n := Seat(g.rules.Seats)
	return (s - 1 + n) % n
}

// String is a short summary for logs, e.g. "insidejob 4p trick 3/10 (2 missions)".
func (g Game) String() string {
	return fmt.Sprintf("insidejob %dp %s %d/%d (%d missions)", g.rules.Players, g.phase, g.trick, g.rules.Tricks, g.completed)
}
