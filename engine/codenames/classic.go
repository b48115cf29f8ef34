package codenames

import (
	"fmt"

	"fieldkit/keycards"
)

// Variant is a way to play classic Codenames. Values appear in JSON: append only.
type Variant uint8

// Variants.
const (
	Teams Variant = iota // two teams, two spymasters (also: two spymasters sharing one operative)
	Solo                 // one team (2 or 3 players) against a simulated enemy
)

var variantNames = [...]string{"teams", "solo"}

// String returns "teams" or "solo".
func (v Variant) String() string {
	if int(v) < len(variantNames) {
		return variantNames[v]
	}
	return fmt.Sprintf("Variant(%d)", v)
}

// ParseVariant is the inverse of Variant.String.
func ParseVariant(s string) (Variant, error) {
	for i, n := range variantNames {
		if s == n {
			return Variant(i), nil
		}
	}
	return 0, refuse(ErrSetup, "cn.refuse.variant", fmt.Sprintf("unknown variant %q (want teams or solo)", s), "variant", s)
}

// Classic is the state of one classic Codenames game: a value, like Duet.
//
// In the teams game the start team (the card's lights) gives the first clue and
// the teams alternate. In the solo variant the players are the start team; after
// each of their turns the spymaster covers one enemy agent (EnemyCover).
type Classic struct {
	cells     [25]keycards.Role
	covered   [25]bool
	start     Player
	variant   Variant
	status    Status
	reason    Reason
	result    Result
	winner    Player // teams: the winning team
	phase     Phase
	turn      Player // the team that gives the clue, guesses, or covers now
	mayCover  bool   // teams: after a penalty, turn may cover one of its own agents before its clue
	clueWord  string
	clueCount int8 // Unlimited, or 0..MaxCount; -2 before the first clue
	guesses   uint8
	turns     uint8    // clues given
	left      [2]uint8 // uncovered agents: red, blue
}

func teamIndex(p Player) int { return int(p - Red) }

func teamOf(r keycards.Role) Player {
	switch r {
	case keycards.Red:
		return Red
	case keycards.Blue:
		return Blue
	}
	return Nobody
}

// NewClassic starts a classic game with the given key card; the card's start team
// gives the first clue. The card must be valid (keycards.ClassicCard.Validate).
func NewClassic(card keycards.ClassicCard, v Variant) (Classic, error) {
	if err := card.Validate(); err != nil {
		return Classic{}, Within(ErrSetup, err)
	}
	if v != Teams && v != Solo {
		return Classic{}, refuse(ErrSetup, "cn.refuse.variant", fmt.Sprintf("unknown variant %d", v), "variant", fmt.Sprint(int(v)))
	}
	g := Classic{cells: card.Cells, start: teamOf(card.Start), variant: v, clueCount: -2}
	g.turn = g.start
	for _, r := range card.Cells {
		if t := teamOf(r); t != Nobody {
			g.left[teamIndex(t)]++
		}
	}
	return g, nil
}

// Card returns the key card.
func (g Classic) Card() keycards.ClassicCard {
	start := keycards.Red
	if g.start == Blue {
		start = keycards.Blue
	}
	return keycards.ClassicCard{Start: start, Cells: g.cells}
}

// Variant returns the game's variant.
func (g Classic) Variant() Variant { return g.variant }

// Status says whether the game goes on. In the teams game an ended game is Won and
// Winner names the team; in the solo variant it is Won or Lost for the players.
func (g Classic) Status() Status { return g.status }

// Reason says why the game ended, or NoReason.
func (g Classic) Reason() Reason { return g.reason }

// Result is what the last guess found, or NoResult.
func (g Classic) Result() Result { return g.result }

// Winner is the team that won, or Nobody; in the solo variant it is the players'
// team when they won.
func (g Classic) Winner() Player { return g.winner }

// Phase says whether the game waits for a clue, guesses, or a cover.
func (g Classic) Phase() Phase { return g.phase }

// Turn returns the team that acts now.
func (g Classic) Turn() Player { return g.turn }

// LastClue returns the last clue's word and number (Unlimited, or -2 before any clue).
func (g Classic) LastClue() (word string, count int) { return g.clueWord, int(g.clueCount) }

// GuessesLeft is how many more guesses the guessing team may make on this clue, or
// Unlimited (for clues of 0 or "unlimited"); 0 outside the guess phase.
func (g Classic) GuessesLeft() int {
	if g.status != Playing || g.phase != GuessPhase {
		return 0
	}
	if g.clueCount <= 0 {
		return Unlimited
	}
	return int(g.clueCount) + 1 - int(g.guesses)
}

// AgentsLeft is the number of t's agents still uncovered.
func (g Classic) AgentsLeft(t Player) int {
	if t != Red && t != Blue {
		return 0
	}
	return int(g.left[teamIndex(t)])
}

// Covered reports whether cell i has a cover card on it.
func (g Classic) Covered(i int) bool { return g.covered[i] }

// Revealed returns what cell i's cover card shows, and false while it is uncovered.
func (g Classic) Revealed(i int) (keycards.Role, bool) {
	if !g.covered[i] {
		return 0, false
	}
	return g.cells[i], true
}

// MayCover reports whether the team to play may cover one of its own agents now,
// as the teams game allows after the other team's invalid clue.
func (g Classic) MayCover() bool { return g.status == Playing && g.mayCover && g.phase == CluePhase }

// Score is the solo variant's score of a win: enemy agents still uncovered. It is 0
// otherwise.
func (g Classic) Score() int {
	if g.variant != Solo || g.status != Won {
		return 0
	}
	return g.AgentsLeft(g.start.Partner())
}

// Legal says whether e may happen now; the error says why not and wraps an Err value.
// It consults the key card (cells) only for a spymaster's cover, after every
// public check (legalCover); everything else is answered from what the table
// sees, so that a refusal reveals no hidden cell to the host page.
func (g Classic) Legal(e Event) error {
	if g.status.Over() {
		return overError(g.status, g.reason)
	}
	if e.By != Nobody && e.By != Red && e.By != Blue {
		return refuse(ErrEvent, "cn.refuse.not_team", fmt.Sprintf("%q is not a classic team; say \"red\" or \"blue\"", e.By.String()), "by", e.By.String())
	}
	if e.By != Nobody && e.By != g.turn {
		return refuse(ErrTurn, "cn.refuse.turn", fmt.Sprintf("it is %s's turn", g.turn), "team", term(g.turn))
	}
	switch e.Type {
	case ClueGiven:
		if g.phase != CluePhase {
			return g.phaseError("give a clue")
		}
		if e.Word == "" {
			return refuse(ErrEvent, "cn.refuse.clue_word", "a clue needs a word")
		}
		if e.Count != Unlimited && (e.Count < 0 || e.Count > MaxCount) {
			return refuse(ErrEvent, "cn.refuse.clue_count_classic", fmt.Sprintf("clue number %d; want 0 to %d or \"unlimited\"", e.Count, MaxCount), "count", e.Count, "max", MaxCount)
		}
		return nil
	case GuessMade:
		if g.phase != GuessPhase {
			return g.phaseError("guess")
		}
		if err := checkCell(e.Cell); err != nil {
			return err
		}
		if g.covered[e.Cell] {
			return refuse(ErrCovered, "cn.refuse.covered", fmt.Sprintf("%s is already covered (%s)", cellName(e.Cell), g.cells[e.Cell]), "cell", pos(e.Cell))
		}
		return nil
	case StopGuess:
		if g.phase != GuessPhase {
			return g.phaseError("stop")
		}
		if g.guesses == 0 {
			return refuse(ErrNoAgent, "cn.refuse.stop_unguessed", fmt.Sprintf("%s must make at least one guess before stopping", g.turn), "team", term(g.turn))
		}
		return nil
	case PenaltyCall:
		if g.phase != GuessPhase {
			return refuse(ErrOrder, "cn.refuse.penalty_when", "a penalty follows an invalid clue, during the guessing it started")
		}
		return nil
	case EnemyCover:
		if g.variant != Solo {
			return refuse(ErrEvent, "cn.refuse.enemy_cover_solo", "enemy_cover belongs to the solo variant; in the teams game, after a penalty, use cover")
		}
		if g.phase != CoverPhase {
			return refuse(ErrOrder, "cn.refuse.enemy_cover_when", "the spymaster covers an enemy agent after each of the team's turns")
		}
		return g.legalCover(e.Cell, g.start.Partner())
	case OwnCover:
		if g.variant != Teams {
			return refuse(ErrEvent, "cn.refuse.cover_teams", "cover belongs to the teams game; in the solo variant use enemy_cover")
		}
		if !g.MayCover() {
			return refuse(ErrOrder, "cn.refuse.cover_when", "a spymaster covers one of their own agents only after the other team's invalid clue, before their own clue")
		}
		return g.legalCover(e.Cell, g.turn)
	case NewGame:
		return refuse(ErrOrder, "cn.refuse.running", "a game is already running; a Session starts new games")
	}
	return refuse(ErrEvent, "cn.refuse.event_type", fmt.Sprintf("unknown event type %d", e.Type), "type", fmt.Sprint(int(e.Type)))
}

func (g Classic) phaseError(what string) error {
	switch g.phase {
	case CluePhase:
		return refuse(ErrOrder, "cn.refuse.phase_clue", fmt.Sprintf("%s cannot %s now; %s's spymaster gives a clue first", g.turn, what, g.turn), "act", act(what), "team", term(g.turn))
	case CoverPhase:
		return refuse(ErrOrder, "cn.refuse.phase_cover", fmt.Sprintf("cannot %s now; the spymaster covers one enemy agent first (enemy_cover)", what), "act", act(what))
	}
	return refuse(ErrOrder, "cn.refuse.phase_guess", fmt.Sprintf("cannot %s now; %s is guessing (a turn ends with a miss, the last allowed guess, or a stop)", what, g.turn), "act", act(what), "team", term(g.turn))
}

func (g Classic) legalCover(i int, team Player) error {
	if err := checkCell(i); err != nil {
		return err
	}
	if g.covered[i] {
		return refuse(ErrCovered, "cn.refuse.covered", fmt.Sprintf("%s is already covered", cellName(i)), "cell", pos(i))
	}
	if teamOf(g.cells[i]) != team {
		return refuse(ErrEvent, "cn.refuse.cover_not_agent", fmt.Sprintf("%s is not one of %s's agents; cover one of them", cellName(i), team), "cell", pos(i), "team", term(team))
	}
	return nil
}

// Apply returns the state after e, or the unchanged state and the error from Legal.
func (g Classic) Apply(e Event) (Classic, error) {
	if err := g.Legal(e); err != nil {
		return g, err
	}
	switch e.Type {
	case ClueGiven:
		g.phase = GuessPhase
		g.clueWord, g.clueCount = e.Word, int8(e.Count)
		g.guesses, g.mayCover, g.result = 0, false, NoResult
		g.turns++
	case GuessMade:
		g.guess(e.Cell)
	case StopGuess:
		g.endTurn()
	case PenaltyCall:
		g.endTurn()
		g.mayCover = g.variant == Teams
	case EnemyCover:
		g.cover(e.Cell)
		if g.status == Playing {
			g.phase = CluePhase
		}
	case OwnCover:
		g.cover(e.Cell)
		g.mayCover = false
	}
	return g, nil
}

// cover puts an agent card on cell i and ends the game if it was the team's last.
func (g *Classic) cover(i int) {
	g.covered[i] = true
	t := teamOf(g.cells[i])
	g.left[teamIndex(t)]--
	if g.left[teamIndex(t)] == 0 {
		g.finish(t, AllAgents)
	}
}

// finish ends the game: team t has won (teams), or in the solo variant the players
// won or lost.
func (g *Classic) finish(t Player, r Reason) {
	g.reason = r
	if g.variant == Solo {
		if t == g.start {
			g.status, g.winner = Won, g.start
		} else {
			g.status = Lost
			if r == AllAgents {
				g.reason = EnemyFound
			}
		}
		return
	}
	g.status, g.winner = Won, t
}

func (g *Classic) guess(i int) {
	g.guesses++
	role := g.cells[i]
	team := teamOf(role)
	switch {
	case role == keycards.Assassin:
		g.covered[i] = true
		g.result = Assassin
		g.finish(g.turn.Partner(), AssassinHit)
	case role == keycards.Bystander:
		g.covered[i] = true
		g.result = Bystander
		g.endTurn()
	case team == g.turn:
		g.result = AgentFound
		g.cover(i)
		if g.status == Playing && g.clueCount > 0 && int(g.guesses) >= int(g.clueCount)+1 {
			g.endTurn()
		}
	default:
		g.result = EnemyAgent
		g.cover(i)
		if g.status == Playing {
			g.endTurn()
		}
	}
}

func (g *Classic) endTurn() {
	g.guesses = 0
	if g.variant == Solo {
		g.phase = CoverPhase
		return
	}
	g.phase = CluePhase
	g.turn = g.turn.Partner()
}
