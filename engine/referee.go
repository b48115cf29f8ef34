package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// The kinds of refusal every game's rules share; each family wraps them (its
// own ErrSetup etc. are these), so that callers test for them with errors.Is
// whatever the game.
var (
	ErrSetup = errors.New("bad game setup")
	ErrEvent = errors.New("malformed event")
	ErrOver  = errors.New("the game is over")
	ErrOrder = errors.New("not now")
	ErrTurn  = errors.New("not your turn")
)

// Referee is one game in progress as `fieldkit referee` drives it: canonical
// JSON event lines in, the public state out. (The table server drives the same
// rules through server.Game, which also knows senders, secrets and storage;
// docs/games.md.) A game family (engine/codenames, engine/insidejob, ...)
// implements it over its own value state; the neutral code never looks inside.
type Referee interface {
	// Apply applies one event line. A refused event leaves the referee as it
	// was and returns an error that names the field and the rule.
	Apply(line []byte) error
	// State returns the public state as one line of canonical JSON (no
	// trailing newline). With a non-nil err the line carries it as "error".
	State(err error) []byte
}

// Family is a game family as the neutral code sees it: the names a "new" event
// may give as "game", and how to start one of them.
type Family struct {
	// Name names the family, e.g. "codenames".
	Name string
	// Games are the values of "game" in a "new" event that start this family's
	// games, e.g. "duet" and "classic".
	Games []string
	// New starts a game from its whole "new" event line.
	New func(newEvent []byte) (Referee, error)
}

// Families is a set of registered game families, looked up by game name.
type Families []Family

// Find returns the family that starts game name.
func (fs Families) Find(name string) (Family, bool) {
	for _, f := range fs {
		for _, g := range f.Games {
			if g == name {
				return f, true
			}
		}
	}
	return Family{}, false
}

// Names lists every game name of every family, in registration order.
func (fs Families) Names() []string {
	var names []string
	for _, f := range fs {
		names = append(names, f.Games...)
	}
	return names
}

// Head is what every event line says about itself: its type and, for a "new"
// event, the game. Families decode the rest.
type Head struct {
	Type string `json:"type"`
	Game string `json:"game"`
}

// ReadHead decodes the type and game of an event line.
func ReadHead(line []byte) (Head, error) {
	var h Head
	if err := json.Unmarshal(line, &h); err != nil {
		return Head{}, fmt.Errorf("%w: not a JSON object: %w", ErrEvent, err)
	}
	if h.Type == "" {
		return Head{}, fmt.Errorf(`%w: no "type"; every event names its type, e.g. {"type":"new","game":NAME,...}`, ErrEvent)
	}
	return h, nil
}

// Briefer is a Referee whose state lines can leave bulky detail out (the 25
// cells of a Codenames board): `fieldkit referee -brief`.
type Briefer interface {
	SetBrief(brief bool)
}

// NoGame is the referee before the first "new" event: it refuses every event
// and shows {"game":""}. Games lists the games a "new" event may start.
type NoGame struct {
	Games []string
}

// Apply implements Referee: there is no game to apply an event to.
func (n NoGame) Apply(line []byte) error {
	if _, err := ReadHead(line); err != nil {
		return err
	}
	return fmt.Errorf(`%w: no game yet; start one with {"type":"new","game":NAME,...}, NAME one of %s`, ErrOrder, strings.Join(n.Games, ", "))
}

// State implements Referee.
func (NoGame) State(err error) []byte {
	v := struct {
		Error string `json:"error,omitempty"`
		Game  string `json:"game"`
	}{Game: ""}
	if err != nil {
		v.Error = err.Error()
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(v) // plain strings always encode
	return bytes.TrimRight(b.Bytes(), "\n")
}

// Start applies a "new" event line: it starts the game it names, or returns
// the error that says why not (an unknown game lists the known ones).
func (fs Families) Start(h Head, line []byte) (Referee, error) {
	f, ok := fs.Find(h.Game)
	if !ok {
		return nil, fmt.Errorf("%w: \"game\" %q; want one of %s", ErrEvent, h.Game, strings.Join(fs.Names(), ", "))
	}
	return f.New(line)
}
