package insidejob

import (
	"fmt"

	"fieldkit/engine"
)

// Family is Inside Job as `fieldkit referee` sees it (the table server plays
// the same rules through server/insidejob; docs/games.md): a "new" event with
// "game":"insidejob" starts a Referee.
var Family = engine.Family{
	Name:  GameName,
	Games: []string{GameName},
	New:   func(newEvent []byte) (engine.Referee, error) { return NewReferee(newEvent) },
}

// Referee is one Inside Job game driven by JSON lines: it implements
// engine.Referee over a Game.
type Referee struct {
	setup Setup
	game  Game
}

// NewReferee starts a game from its whole "new" event line.
func NewReferee(newEvent []byte) (*Referee, error) {
	s, err := DecodeSetup(newEvent)
	if err != nil {
		return nil, err
	}
	g, err := NewGame(s)
	if err != nil {
		return nil, err
	}
	return &Referee{setup: s, game: g}, nil
}

// Apply applies one event line; a refused event leaves the game as it was.
func (r *Referee) Apply(line []byte) error {
	e, err := r.setup.DecodeEvent(line)
	if err != nil {
		return err
	}
	g, err := r.game.Apply(e)
	if err != nil {
		return err
	}
	r.game = g
	return nil
}

// State returns the public state line, with err as "error" when not nil.
func (r *Referee) State(err error) []byte {
	v := r.game.View()
	if err != nil {
		v.Error = err.Error()
	}
	return v.JSON()
}

// Game returns the game.
func (r *Referee) Game() Game { return r.game }

// Setup returns the game's setup.
func (r *Referee) Setup() Setup { return r.setup }

// Replay rebuilds a game from its setup and event log: the way to restore a game
// from storage. It stops at the first refused event and says which one it was.
func Replay(s Setup, events []Event) (Game, error) {
	g, err := NewGame(s)
	if err != nil {
		return Game{}, err
	}
	for n, e := range events {
		if g, err = g.Apply(e); err != nil {
			return g, fmt.Errorf("event %d (%s): %w", n+1, e.Type, err)
		}
	}
	return g, nil
}
