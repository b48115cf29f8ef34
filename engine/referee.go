package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Referee is one game in progress as `fieldkit referee` and the table server
// drive it: canonical JSON event lines in, the public state out. A game family
// (engine/codenames, engine/insidejob, ...) implements it over its own value
// state; the neutral code never looks inside.
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
	d := json.NewDecoder(bytes.NewReader(line))
	if err := d.Decode(&h); err != nil {
		return Head{}, fmt.Errorf("not a JSON event object: %w", err)
	}
	if h.Type == "" {
		return Head{}, fmt.Errorf(`event has no "type"; e.g. {"type":"new","game":"duet",...}`)
	}
	return h, nil
}
