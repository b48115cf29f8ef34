// Package insidejob is Inside Job ("Krecia robota") at fieldkit's table
// server: how a game starts (players in seat order, the dealer, the variants,
// the special roles, the role deal and the mission deck drawn with the
// server's random source), what each seat's phone may send and sees (its
// role, the lead's two drawn missions, the Accomplice's partner's role, its
// own vote), the public table of the host screen, and the pages. It plugs
// into package server as a server.Family; the rules are engine/insidejob's.
//
// The mission the lead rejects is a secret kept in one place only, the deck
// order of the stored setup, which is never served: the logged mission event
// carries the kept card alone, and no state, stream, error or replay names
// the other card. Only the lead's phone chooses between the two drawn; the
// stored setup remembers the card kept, so that after an undo the host may
// enter that card again and no other.
package insidejob

import (
	"bytes"
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"

	rules "fieldkit/engine/insidejob"
	"fieldkit/server"
)

// assets are the Inside Job pages: templates and static files, built in.
//
//go:embed assets
var assets embed.FS

// Family is Inside Job as the table server plays it. The zero value is ready.
type Family struct {
	// Scanner reads photos of the trick (camera/insidejob.Photos, handed in by
	// cmd/fieldkit); nil for a server without the camera scanner.
	Scanner Scanner
	// Track returns a tracker that follows the trick through the camera
	// (camera/insidejob.NewTracker) at a table of players players; nil for
	// a server whose camera does not watch Inside Job tables.
	Track func(hold, players int) Tracker
	// fix, in tests, changes the setup the server dealt (roles, deck order)
	// before the game starts.
	fix func(*rules.Setup)
}

// New returns the Inside Job family with a scanner (or nil for none).
func New(sc Scanner) *Family { return &Family{Scanner: sc} }

var _ server.Family = (*Family)(nil)

// Name implements server.Family.
func (f *Family) Name() string { return "insidejob" }

// Games implements server.Family.
func (f *Family) Games() []string { return []string{rules.GameName} }

// Schema implements server.Family: Inside Job keeps nothing beyond the
// server's games and events.
func (f *Family) Schema() string { return "" }

// Migrate implements server.Family.
func (f *Family) Migrate(context.Context, *sql.Tx) error { return nil }

// Undo implements server.Family.
func (f *Family) Undo(context.Context, *sql.Tx, string) error { return nil }

// Home implements server.Family.
func (f *Family) Home(context.Context, *server.Env) any { return nil }

// Routes implements server.Family: no endpoints of its own.
func (f *Family) Routes(*http.ServeMux, *server.Env) {}

// Assets implements server.Family.
func (f *Family) Assets() fs.FS {
	sub, err := fs.Sub(assets, "assets")
	if err != nil {
		panic("insidejob: assets: " + err.Error()) // the folder is embedded
	}
	return sub
}

// Status implements server.Family: 400 for a malformed event or setup, 409
// for an event the rules refuse now.
func (f *Family) Status(err error) int {
	switch {
	case errors.Is(err, rules.ErrEvent), errors.Is(err, rules.ErrSetup):
		return http.StatusBadRequest
	case errors.Is(err, rules.ErrOver), errors.Is(err, rules.ErrOrder), errors.Is(err, rules.ErrTurn),
		errors.Is(err, rules.ErrCard), errors.Is(err, rules.ErrWager), errors.Is(err, rules.ErrVote):
		return http.StatusConflict
	}
	return 0
}

// Load implements server.Family: the stored setup is the engine's "new"
// event, roles and deck order included, and the missions the leads kept on
// their phones (storedSetup).
func (f *Family) Load(ctx context.Context, env *server.Env, st server.Stored) (server.Game, error) {
	s, kept, err := decodeStored(st.Setup)
	if err != nil {
		return nil, err
	}
	g, err := newGame(s)
	g.sc, g.track = f.Scanner, f.Track
	g.kept = kept
	return g, err
}

// storedSetup is what the server stores of a game: the engine's "new" event
// and, once a lead kept a mission on the phone, "kept": the card kept for
// each trick ("" for none yet). It is never served.
func storedSetup(s rules.Setup, kept []rules.Mission) ([]byte, error) {
	b, err := s.MarshalJSON()
	if err != nil || len(kept) == 0 {
		return b, err
	}
	ids := make([]string, len(kept))
	for i, m := range kept {
		if m.Valid() {
			ids[i] = m.String()
		}
	}
	k, err := json.Marshal(ids)
	if err != nil {
		return nil, err
	}
	out := append(bytes.TrimSuffix(bytes.Clone(b), []byte("}")), `,"kept":`...)
	return append(append(out, k...), '}'), nil
}

// decodeStored reads what storedSetup wrote.
func decodeStored(b []byte) (rules.Setup, []rules.Mission, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		s, err := rules.DecodeSetup(b)
		return s, nil, err
	}
	k, ok := raw["kept"]
	if !ok {
		s, err := rules.DecodeSetup(b)
		return s, nil, err
	}
	var ids []string
	if err := json.Unmarshal(k, &ids); err != nil {
		return rules.Setup{}, nil, fmt.Errorf("stored setup: \"kept\": %w", err)
	}
	delete(raw, "kept")
	rest, err := json.Marshal(raw)
	if err != nil {
		return rules.Setup{}, nil, err
	}
	s, err := rules.DecodeSetup(rest)
	if err != nil {
		return s, nil, err
	}
	kept := make([]rules.Mission, len(ids))
	for i, id := range ids {
		kept[i] = rules.NoMission
		if id != "" {
			if kept[i], err = rules.ParseMission(id); err != nil {
				return rules.Setup{}, nil, fmt.Errorf("stored setup: \"kept\": %w", err)
			}
		}
	}
	return s, kept, nil
}
