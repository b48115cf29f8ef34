package codenames

import (
	"errors"
	"fieldkit/engine"
	"fmt"

	"fieldkit/keycards"
)

// EventType says what an event is. Values appear in JSON: append only.
type EventType uint8

// Event types.
const (
	NoEvent     EventType = iota
	NewGame               // start a game (Session only)
	ClueGiven             // a clue: word and number
	GuessMade             // a guesser touched a word
	StopGuess             // the guesser stops after a correct guess
	PenaltyCall           // the table calls the last clue invalid
	EnemyCover            // classic solo: the spymaster covers one enemy agent
	OwnCover              // classic teams: after a penalty, the other spymaster covers one of their agents
)

var eventNames = [...]string{"", "new", "clue", "guess", "stop", "penalty", "enemy_cover", "cover"}

// String returns the event type's JSON name.
func (t EventType) String() string {
	if int(t) < len(eventNames) {
		return eventNames[t]
	}
	return fmt.Sprintf("EventType(%d)", t)
}

// NoCell marks an event that names no cell.
const NoCell = -1

// Unlimited is the clue number "unlimited" (classic Codenames).
const Unlimited = -1

// MaxCount is the largest clue number the engine accepts.
const MaxCount = 25

// Event is one thing that happens at the table. Build events with Clue, Guess,
// GuessBy, Stop, Penalty and Cover; a Session also reads them from JSON.
type Event struct {
	Type  EventType
	By    Player // who acts; Nobody when implied by the state
	Cell  int    // row-major cell (Duet: seen from seat A), or NoCell
	Count int    // clue number, or Unlimited
	Word  string // the clue's word; for a guess or cover, the word touched (Session resolves it to Cell)
	Setup *Setup // the game to start, for NewGame only
}

// Setup is what a "new" event says: the game, its key card and its options.
// With the key card code, the setup and the event log a game is reconstructed.
type Setup struct {
	Game    keycards.Game
	Key     string   // the key card code
	Mission Mission  // Duet: turns and mistakes; the zero Mission means Standard
	Loose   bool     // Duet: the "looser turn order" variant
	Variant Variant  // classic: Teams or Solo
	Words   []string // no words, or the 25 words row-major (Duet: as seen from seat A)
}

// New returns the event that starts the game s.
func New(s Setup) Event { return Event{Type: NewGame, Cell: NoCell, Setup: &s} }

// Clue returns the event "by gives the clue word: count". by may be Nobody when
// only one player may give the next clue.
func Clue(by Player, word string, count int) Event {
	return Event{Type: ClueGiven, By: by, Cell: NoCell, Count: count, Word: word}
}

// Guess returns the event "the guesser touches cell" with the guesser implied by the last clue.
func Guess(cell int) Event { return Event{Type: GuessMade, Cell: cell} }

// GuessBy returns the event "by touches cell"; in Duet sudden death the guesser must be named.
func GuessBy(by Player, cell int) Event { return Event{Type: GuessMade, By: by, Cell: cell} }

// Stop returns the event "the guesser stops guessing".
func Stop() Event { return Event{Type: StopGuess, Cell: NoCell} }

// Penalty returns the event "the last clue was invalid".
func Penalty() Event { return Event{Type: PenaltyCall, Cell: NoCell} }

// Cover returns a classic cover event: EnemyCover in the solo variant, OwnCover after
// a penalty in the teams game.
func Cover(t EventType, by Player, cell int) Event { return Event{Type: t, By: by, Cell: cell} }

// Errors that refused events wrap; test for them with errors.Is. The wrapping
// message says what happened and what to do instead.
var (
	ErrSetup    = engine.ErrSetup
	ErrEvent    = engine.ErrEvent
	ErrOver     = engine.ErrOver
	ErrOrder    = engine.ErrOrder
	ErrTurn     = engine.ErrTurn
	ErrCovered  = errors.New("that word is covered")
	ErrKnown    = errors.New("that word is already known")
	ErrNoAgent  = errors.New("no correct guess yet")
	ErrNoGreens = errors.New("no words left to find")
)

func cellName(i int) string { return fmt.Sprintf("cell [%d,%d]", i/5, i%5) }

func checkCell(i int) error {
	if i < 0 || i >= 25 {
		if i == NoCell {
			return refuse(ErrEvent, "cn.refuse.no_cell", "the event names no cell; give \"cell\":[row,col] with row and col 0-4")
		}
		return refuse(ErrEvent, "cn.refuse.off_grid", fmt.Sprintf("cell %d is off the 5x5 grid; rows and columns are 0-4", i))
	}
	return nil
}
