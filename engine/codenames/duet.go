package codenames

import (
	"fmt"

	"fieldkit/keycards"
)

// Per-cell marks of a Duet table cell. "For X" means "as X's side of the key card
// says": a guess by B is judged by A's side, so a bystander it finds is marked for A.
const (
	agentForA     uint8 = 1 << iota // covered by an agent card: green on A's side
	agentForB                       // covered by an agent card: green on B's side
	bystanderForA                   // a timer token: bystander on A's side (B guessed it)
	bystanderForB                   // a timer token: bystander on B's side (A guessed it)
	assassinForA                    // the game ended here: assassin on A's side
	assassinForB                    // the game ended here: assassin on B's side
)

const (
	agentMask     = agentForA | agentForB
	bystanderMask = bystanderForA | bystanderForB
)

// DuetAgents is the number of distinct green words in a Duet game.
const DuetAgents = 15

// Duet is the state of one Codenames Duet game. It is a small value (no pointers
// apart from the last clue's word): copy it freely. Apply returns the next state;
// applying a legal event never allocates.
//
// Start a game with NewDuet, or with a Session for codes and JSON.
type Duet struct {
	sides      [2][25]keycards.Role // [0] side A, [1] side B, both indexed as seen from seat A
	cells      [25]uint8            // marks, see agentForA...
	mission    Mission
	loose      bool // the "looser turn order" variant
	status     Status
	reason     Reason
	result     Result
	phase      Phase
	giver      Player // the clue-giver of this turn (guess phase) or of the last turn
	streak     uint8  // clues in a row given by giver
	clueWord   string
	clueCount  int8
	correct    uint8 // correct guesses this turn
	penalized  bool  // this turn's clue drew a penalty
	check      uint8 // check-face tokens in the bank
	bystander  uint8 // bystander-face tokens in the bank
	taken      uint8 // check tokens in front of the players (stops)
	agentsLeft uint8
	greens     [2]uint8 // uncovered greens on side A and side B
}

// NewDuet starts a Duet game with the given key card and mission. Either player
// may give the first clue. The card must be a valid Duet card (see
// keycards.DuetCard.Validate); Standard is the 9-9 game.
func NewDuet(card keycards.DuetCard, m Mission) (Duet, error) {
	if err := m.Validate(); err != nil {
		return Duet{}, err
	}
	if err := card.Validate(); err != nil {
		return Duet{}, Within(ErrSetup, err)
	}
	g := Duet{mission: m, check: uint8(m.Turns - m.Mistakes), bystander: uint8(m.Mistakes), clueCount: -1}
	for i := range 25 {
		a, b := card.At(i)
		g.sides[0][i], g.sides[1][i] = a, b
		if a == keycards.Agent {
			g.greens[0]++
		}
		if b == keycards.Agent {
			g.greens[1]++
		}
		if a == keycards.Agent || b == keycards.Agent {
			g.agentsLeft++
		}
	}
	return g, nil
}

// WithLooseTurnOrder returns the game with the "looser turn order" variant switched
// on or off: a player may give two clues in a row, never three.
func (g Duet) WithLooseTurnOrder(on bool) Duet { g.loose = on; return g }

// LooseTurnOrder reports whether the "looser turn order" variant is on.
func (g Duet) LooseTurnOrder() bool { return g.loose }

// Card returns the key card.
func (g Duet) Card() keycards.DuetCard {
	var d keycards.DuetCard
	for i := range 25 {
		d.A[i] = g.sides[0][i]
		d.B[keycards.Turn(i)] = g.sides[1][i]
	}
	return d
}

// Mission returns the game's mission.
func (g Duet) Mission() Mission { return g.mission }

// Status says whether the game goes on, is in sudden death, won or lost.
func (g Duet) Status() Status { return g.status }

// Reason says why the game ended, or NoReason.
func (g Duet) Reason() Reason { return g.reason }

// Result is what the last guess found, or NoResult.
func (g Duet) Result() Result { return g.result }

// Phase says whether the game waits for a clue or for guesses. It is CluePhase in
// sudden death; once the game is over it is the phase the game ended in.
func (g Duet) Phase() Phase { return g.phase }

// Giver returns the clue-giver of the current turn, or of the last turn in the
// clue phase; Nobody before the first clue.
func (g Duet) Giver() Player { return g.giver }

// Guesser returns who guesses in the current turn, or Nobody outside the guess phase.
func (g Duet) Guesser() Player {
	if g.status == Playing && g.phase == GuessPhase {
		return g.giver.Partner()
	}
	return Nobody
}

// LastClue returns the last clue's word and number; number is -1 before the first clue.
func (g Duet) LastClue() (word string, count int) { return g.clueWord, int(g.clueCount) }

// TokensLeft is the number of timer tokens in the bank: the turns left.
func (g Duet) TokensLeft() int { return int(g.check) + int(g.bystander) }

// MistakesLeft is the number of bystander-face tokens in the bank.
func (g Duet) MistakesLeft() int { return int(g.bystander) }

// TokensTaken is the number of check tokens in front of the players (one per stop).
func (g Duet) TokensTaken() int { return int(g.taken) }

// AgentsLeft is the number of the 15 green words still to find.
func (g Duet) AgentsLeft() int { return int(g.agentsLeft) }

// GreensLeft is the number of uncovered green words on p's side of the key card:
// the words p's partner must still find. It is 0 for anyone but A and B.
func (g Duet) GreensLeft(p Player) int {
	if p != A && p != B {
		return 0
	}
	return int(g.greens[p-A])
}

// Covered reports whether table cell i (seen from seat A) is covered: by an agent
// card, or by bystander tokens from both directions.
func (g Duet) Covered(i int) bool {
	c := g.cells[i]
	return c&agentMask != 0 || c&bystanderMask == bystanderMask
}

// Scored reports whether the game has a rulebook score: a won game with 9
// timer tokens (the rulebooks score only those, 001:L580-597, 004:L255-262).
func (g Duet) Scored() bool { return g.status == Won && g.mission.Turns == 9 }

// Score is the rulebook's score of a won 9-token game: 3 per token left in the
// bank, 1 per token lying in front of a player, minus 1 for a win in sudden
// death. The winning turn takes its token too: it leaves the bank and lies in
// front of a player (001:L587-593: "musíte vzít žeton času i za poslední,
// vítězné kolo"; 004:L261). It is 0 unless Scored.
func (g Duet) Score() int {
	if !g.Scored() {
		return 0
	}
	if g.phase == GuessPhase { // won during a turn, which takes its token
		if g.TokensLeft() == 0 { // a penalty took the last one: nothing left to take
			return int(g.taken)
		}
		return 3*(g.TokensLeft()-1) + int(g.taken) + 1
	}
	return int(g.taken) - 1 // won in sudden death: the bank was empty
}

// MayClue reports whether p may give the next clue now.
func (g Duet) MayClue(p Player) bool {
	if g.status != Playing || g.phase != CluePhase || (p != A && p != B) {
		return false
	}
	if g.greens[p-A] == 0 { // nothing left for the partner to find on p's side
		return false
	}
	if g.giver == Nobody || p != g.giver || g.greens[p.Partner()-A] == 0 {
		return true
	}
	return g.loose && g.streak < 2
}

// MayStop reports whether the guesser may stop now: a turn is under way and it has
// found at least one agent.
func (g Duet) MayStop() bool { return g.status == Playing && g.phase == GuessPhase && g.correct > 0 }

// MayGuess reports whether p may touch a word now: the guesser of the current
// turn, or in sudden death a player whose partner still has green words.
func (g Duet) MayGuess(p Player) bool {
	switch g.status {
	case Playing:
		return g.phase == GuessPhase && p == g.giver.Partner()
	case SuddenDeath:
		return (p == A || p == B) && g.greens[p.Partner()-A] > 0
	}
	return false
}

// Guessable reports whether p may touch table cell i now and learn something: it
// is p's turn to guess, the cell is not covered, and p's partner has not already
// judged it a bystander.
func (g Duet) Guessable(p Player, i int) bool {
	if !g.MayGuess(p) || i < 0 || i >= 25 || g.Covered(i) {
		return false
	}
	return g.cells[i]&bystanderFor(p.Partner()) == 0
}

func bystanderFor(p Player) uint8 { return bystanderForA << (p - A) }

// Legal says whether e may happen now; the error says why not in words a player
// understands, and wraps one of the Err values. It never consults the key card
// (sides): only what the table sees, so that a refusal reveals no hidden cell to
// whoever sends the event (the host page, either seat).
func (g Duet) Legal(e Event) error {
	if g.status.Over() {
		return overError(g.status, g.reason)
	}
	if e.By != Nobody && e.By != A && e.By != B {
		return refuse(ErrEvent, "cn.refuse.not_seat", fmt.Sprintf("%q is not a Duet player; say \"a\" or \"b\"", e.By.String()), "by", e.By.String())
	}
	switch e.Type {
	case ClueGiven:
		return g.legalClue(e)
	case GuessMade:
		return g.legalGuess(e)
	case StopGuess:
		if err := g.inTurn("stop"); err != nil {
			return err
		}
		if e.By != Nobody && e.By != g.giver.Partner() {
			return refuse(ErrTurn, "cn.refuse.stop_other", fmt.Sprintf("%s gave the clue, so only %s can stop", g.giver, g.giver.Partner()), "giver", term(g.giver), "guesser", term(g.giver.Partner()))
		}
		if g.correct == 0 {
			return refuse(ErrNoAgent, "cn.refuse.stop_unfound", fmt.Sprintf("%s must find at least one agent before stopping", g.giver.Partner()), "guesser", term(g.giver.Partner()))
		}
		return nil
	case PenaltyCall:
		if err := g.inTurn("call a penalty"); err != nil {
			return err
		}
		if g.penalized {
			return refuse(ErrOrder, "cn.refuse.penalty_twice", "this clue has already cost a token")
		}
		return nil
	case EnemyCover, OwnCover:
		return refuse(ErrEvent, "cn.refuse.classic_event", fmt.Sprintf("%q is a classic Codenames event, not a Duet one", e.Type.String()), "type", e.Type.String())
	case NewGame:
		return refuse(ErrOrder, "cn.refuse.running", "a game is already running; a Session starts new games")
	}
	return refuse(ErrEvent, "cn.refuse.event_type", fmt.Sprintf("unknown event type %d", e.Type), "type", fmt.Sprint(int(e.Type)))
}

// inTurn checks that a turn is under way.
func (g Duet) inTurn(what string) error {
	if g.status == SuddenDeath {
		return refuse(ErrOrder, "cn.refuse.sudden_death_act", fmt.Sprintf("in sudden death nobody can %s; only guesses are left", what), "act", act(what))
	}
	if g.phase != GuessPhase {
		return refuse(ErrOrder, "cn.refuse.before_clue", fmt.Sprintf("nobody can %s before a clue is given", what), "act", act(what))
	}
	return nil
}

func (g Duet) legalClue(e Event) error {
	if g.status == SuddenDeath {
		return refuse(ErrOrder, "cn.refuse.sudden_death_clue", "the bank is empty, so this is sudden death: no more clues, only guesses")
	}
	if g.phase == GuessPhase {
		return refuse(ErrOrder, "cn.refuse.still_guessing", fmt.Sprintf("%s is still guessing on %s's clue; a turn ends with a bystander or a stop", g.giver.Partner(), g.giver), "guesser", term(g.giver.Partner()), "giver", term(g.giver))
	}
	if e.Word == "" {
		return refuse(ErrEvent, "cn.refuse.clue_word", "a clue needs a word")
	}
	if e.Count == Unlimited {
		return refuse(ErrEvent, "cn.refuse.unlimited_duet", "Duet clues take a number from 0 up; \"unlimited\" is classic Codenames")
	}
	if e.Count < 0 || e.Count > MaxCount {
		return refuse(ErrEvent, "cn.refuse.clue_count", fmt.Sprintf("clue number %d; want 0 to %d", e.Count, MaxCount), "count", e.Count, "max", MaxCount)
	}
	by := e.By
	if by == Nobody {
		a, b := g.MayClue(A), g.MayClue(B)
		if a && b {
			return refuse(ErrEvent, "cn.refuse.clue_who", "either player may give this clue; say who (\"by\": \"a\" or \"b\")")
		}
		return nil // exactly one may (somebody always may while playing)
	}
	if g.MayClue(by) {
		return nil
	}
	other := by.Partner()
	switch {
	case g.greens[by-A] == 0:
		return refuse(ErrTurn, "cn.refuse.clue_no_greens", fmt.Sprintf("all of %s's green words are covered, so %s gives every remaining clue", by, other), "seat", term(by), "other", term(other))
	case g.loose:
		return refuse(ErrTurn, "cn.refuse.clue_two", fmt.Sprintf("%s gave the last two clues; %s gives the next one", by, other), "seat", term(by), "other", term(other))
	default:
		return refuse(ErrTurn, "cn.refuse.clue_alternate", fmt.Sprintf("%s gave the last clue; clue-givers alternate, so %s gives this one", by, other), "seat", term(by), "other", term(other))
	}
}

func (g Duet) legalGuess(e Event) error {
	if err := checkCell(e.Cell); err != nil {
		return err
	}
	by := e.By
	switch {
	case g.status == SuddenDeath:
		if by == Nobody {
			return refuse(ErrEvent, "cn.refuse.sudden_death_who", "in sudden death say who guesses (\"by\": \"a\" or \"b\")")
		}
		if g.greens[by.Partner()-A] == 0 {
			return refuse(ErrNoGreens, "cn.refuse.sudden_death_greens", fmt.Sprintf("all of %s's green words are covered, so only %s guesses in sudden death", by.Partner(), by.Partner()), "seat", term(by.Partner()))
		}
	case g.phase != GuessPhase:
		return refuse(ErrOrder, "cn.refuse.guess_before_clue", "a guess needs a clue first")
	default:
		if by == Nobody {
			by = g.giver.Partner()
		} else if by != g.giver.Partner() {
			return refuse(ErrTurn, "cn.refuse.guess_other", fmt.Sprintf("%s gave the clue, so %s guesses", g.giver, g.giver.Partner()), "giver", term(g.giver), "guesser", term(g.giver.Partner()))
		}
	}
	c := g.cells[e.Cell]
	if g.Covered(e.Cell) {
		return refuse(ErrCovered, "cn.refuse.covered", fmt.Sprintf("%s is already covered and cannot be guessed again", cellName(e.Cell)), "cell", pos(e.Cell))
	}
	if judge := by.Partner(); c&bystanderFor(judge) != 0 {
		return refuse(ErrKnown, "cn.refuse.known", fmt.Sprintf("%s already touched %s and it was a bystander for %s; only %s can still guess it (on %s's clues)", by, cellName(e.Cell), judge, judge, by), "seat", term(by), "cell", pos(e.Cell), "other", term(judge))
	}
	return nil
}

// Apply returns the state after e, or the unchanged state and the error from Legal.
func (g Duet) Apply(e Event) (Duet, error) {
	if err := g.Legal(e); err != nil {
		return g, err
	}
	switch e.Type {
	case ClueGiven:
		by := e.By
		if by == Nobody {
			by = A
			if !g.MayClue(A) {
				by = B
			}
		}
		if by == g.giver {
			g.streak++
		} else {
			g.giver, g.streak = by, 1
		}
		g.phase = GuessPhase
		g.clueWord, g.clueCount = e.Word, int8(e.Count)
		g.correct, g.penalized, g.result = 0, false, NoResult
	case GuessMade:
		g.guess(e)
	case StopGuess:
		switch {
		case g.check > 0:
			g.check--
			g.taken++
		case g.bystander > 0:
			g.bystander-- // flipped to its check face
			g.taken++
		default:
			// A penalty took the last token: there is none to take, and
			// the rulebooks lose at once only for a bystander on the last
			// token (001:L750-755, 004:L305), so sudden death follows.
		}
		g.endTurn()
	case PenaltyCall:
		g.penalized = true
		if g.check > 0 {
			g.check--
		} else {
			g.bystander--
		}
	}
	return g, nil
}

func (g *Duet) guess(e Event) {
	by := e.By
	if by == Nobody {
		by = g.giver.Partner()
	}
	judge := by.Partner()
	i := e.Cell
	switch g.sides[judge-A][i] {
	case keycards.Agent:
		g.result = AgentFound
		g.cells[i] |= agentForA << (judge - A)
		g.agentsLeft--
		for s := range 2 {
			if g.sides[s][i] == keycards.Agent {
				g.greens[s]--
			}
		}
		g.correct++
		if g.agentsLeft == 0 {
			g.status, g.reason = Won, AllAgents
		}
	case keycards.Assassin:
		g.result = Assassin
		g.cells[i] |= assassinForA << (judge - A)
		g.status, g.reason = Lost, AssassinHit
	default:
		g.result = Bystander
		g.cells[i] |= bystanderFor(judge)
		if g.status == SuddenDeath {
			g.status, g.reason = Lost, SuddenDeathMiss
			return
		}
		switch {
		case g.bystander > 0:
			g.bystander--
		case g.check >= 2:
			g.check -= 2 // two check tokens turned over, stacked as one mark
		case g.check == 1:
			// One check token left, and a miss costs two: the turn needs
			// more tokens than the bank holds, the one way to lose on time
			// (001:L750-755, 004:L305).
			g.status, g.reason = Lost, OutOfTime
			return
		default:
			// A penalty took the last token: the miss is marked, and
			// sudden death follows.
		}
		g.endTurn()
	}
}

// endTurn closes a turn that used its token(s).
func (g *Duet) endTurn() {
	g.phase = CluePhase
	if g.check+g.bystander == 0 {
		g.status = SuddenDeath
	}
}
