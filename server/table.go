package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"
)

// table is one table in memory: its seats and its current game. Its state
// only ever changes in update, under the table's lock, after the change is
// committed to the store.
type table struct {
	id        string
	hostToken string

	used uint64 // when the server last handed it out (Server.clock); guarded by the server's mu

	mu    sync.Mutex
	state tableState
	subs  map[*subscriber]struct{}
	gone  bool // put away by the server: a fresh copy is loaded from the store

	picMu   sync.Mutex
	pic     Picture // the last photo scanned, until it is drawn
	picJPEG []byte  // the last photo scanned, drawn for the camera view
	picGame string  // the game it was scanned for
	picGen  int     // photos scanned so far
}

// language returns the table's language, "" when none was chosen.
func (t *table) language() string { return t.snapshot().lang }

// tableState is the value a table's lock guards. update works on a copy; the
// slices in it are never modified in place.
type tableState struct {
	seats []seatState // seat 1 first
	game  *gameState  // the current game, nil before the first
	n     int         // the current game's number at the table
	lang  string      // the table's language (catalog.Langs), "" when none was chosen
}

// seatState is a seat: its secret link token and the device that claimed it.
type seatState struct {
	token  string
	device string // "" while free
}

// gameState is a game at a table: what was stored, its family, its state
// and its log. It is a value; the log is never modified in place.
type gameState struct {
	stored Stored
	family Family
	game   Game
	log    []logEntry
}

// logEntry is one accepted event with when it happened.
type logEntry struct {
	LoggedEvent
	at time.Time
}

// part returns the part seat (1, 2, ...) plays in the game, or "".
func (g *gameState) part(seat int) string {
	if g == nil || seat < 1 || seat > len(g.stored.Parts) {
		return ""
	}
	return g.stored.Parts[seat-1]
}

// seatOf returns the seat that plays part, or 0.
func (g *gameState) seatOf(part string) int {
	if g == nil {
		return 0
	}
	return slices.Index(g.stored.Parts, part) + 1
}

// change is what a caller wants to do to a table: given the current state it
// returns the next one and the store operations that record it. It must not
// modify cur's slices.
type change func(cur tableState) (next tableState, commit func(context.Context, *sql.Tx) error, err error)

// update is the one guarded way a table changes. Under the table's lock it
// computes the next state, commits it to the store in one transaction, and
// only then makes it current and sends it to every subscriber. A refused
// change or a failed commit leaves the table as it was.
func (t *table) update(ctx context.Context, st *Store, c change) (tableState, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.gone {
		return t.state, putAway{}
	}
	next, commit, err := c(t.state)
	if err != nil {
		return t.state, err
	}
	if commit != nil {
		if err := st.tx(ctx, func(tx *sql.Tx) error { return commit(ctx, tx) }); err != nil {
			return t.state, fmt.Errorf("%w: %w", errStorage, err)
		}
	}
	t.state = next
	t.broadcast()
	return next, nil
}

// errStorage wraps failed commits: the change did not happen.
var errStorage = errors.New("not saved")

// errOld refuses a change to a game that is not its table's current game.
var errOld = saidErr(nil, "this game is over and the table has moved on to another: send events to the table's current game", "server.old_game")

// errNoGame refuses a game action at a table that has no game yet.
var errNoGame = saidErr(nil, "this table has no game yet: the host starts one", "server.no_game_yet")

// snapshot returns the current state.
func (t *table) snapshot() tableState {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.state
}

// currentGame checks that id (or "" for any) is the table's current game.
func currentGame(cur tableState, id string) (*gameState, error) {
	if cur.game == nil {
		return nil, errNoGame
	}
	if id != "" && cur.game.stored.ID != id {
		return nil, errOld
	}
	return cur.game, nil
}

// record returns the table after game g took step, and the commit of it.
func record(cur tableState, g *gameState, next Game, step Step, at time.Time) (tableState, func(context.Context, *sql.Tx) error) {
	ng := *g
	ng.game = next
	ng.log = slices.Clip(g.log)
	first := len(g.log) + 1
	for _, e := range step.Events {
		ng.log = append(ng.log, logEntry{LoggedEvent: e, at: at})
	}
	if step.Replace != nil {
		ng.stored.Setup = step.Replace
	}
	out := cur
	out.game = &ng
	id := g.stored.ID
	return out, func(ctx context.Context, tx *sql.Tx) error {
		if step.Replace != nil {
			if err := replaceSetup(ctx, tx, id, step.Replace); err != nil {
				return err
			}
		}
		if step.Commit != nil {
			if err := step.Commit(ctx, tx); err != nil {
				return err
			}
		}
		return appendEvents(ctx, tx, id, first, step.Events, at)
	}
}

// applyEvent is the change "the host (part "") or a seat's part sends event
// to game id at time at".
func applyEvent(id string, event []byte, part string, at time.Time) change {
	return func(cur tableState) (tableState, func(context.Context, *sql.Tx) error, error) {
		g, err := currentGame(cur, id)
		if err != nil {
			return cur, nil, err
		}
		next, step, err := g.game.Apply(event, part, at)
		if err != nil {
			return cur, nil, err
		}
		out, commit := record(cur, g, next, step, at)
		if len(step.Events) == 0 && step.Replace == nil && step.Commit == nil {
			return out, nil, nil
		}
		return out, commit, nil
	}
}

// undo is the change "take back the last event of game id": the game is
// rebuilt from its setup and the rest of its log.
func undo(ctx context.Context, env *Env, id string) change {
	return func(cur tableState) (tableState, func(context.Context, *sql.Tx) error, error) {
		g, err := currentGame(cur, id)
		if err != nil {
			return cur, nil, err
		}
		if len(g.log) == 0 {
			return cur, nil, saidErr(errRefused, "nothing to undo", "server.nothing_to_undo")
		}
		ng, err := replay(ctx, env, g.family, g.stored, g.log[:len(g.log)-1])
		if err != nil {
			return cur, nil, err
		}
		out := cur
		out.game = ng
		seq := len(g.log)
		return out, func(ctx context.Context, tx *sql.Tx) error {
			if err := g.family.Undo(ctx, tx, id); err != nil {
				return err
			}
			return deleteEvent(ctx, tx, id, seq)
		}, nil
	}
}

// errRefused is a request the server itself refuses now (409).
var errRefused = errors.New("not now")

// replay rebuilds a game from what was stored and its log.
func replay(ctx context.Context, env *Env, f Family, st Stored, log []logEntry) (*gameState, error) {
	game, err := f.Load(ctx, env, st)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", st.ID, err)
	}
	g := &gameState{stored: st, family: f}
	for i, l := range log {
		var next Game
		var step Step
		if rp, ok := game.(Replayer); ok {
			next, step, err = rp.Replay(l.Event, l.at)
		} else {
			next, step, err = game.Apply(l.Event, "", l.at)
		}
		if err != nil {
			return nil, fmt.Errorf("game %s: event %d %s: %w", st.ID, i+1, l.Event, err)
		}
		game = next
		for _, e := range step.Events {
			g.log = append(g.log, logEntry{LoggedEvent: e, at: l.at})
		}
	}
	g.game = game
	return g, nil
}

// setSeat is the change "device now holds seat n" (device "" frees it). With
// onlyIfFree it refuses when another device holds the seat.
func setSeat(table string, n int, device string, onlyIfFree bool) change {
	return func(cur tableState) (tableState, func(context.Context, *sql.Tx) error, error) {
		if n < 1 || n > len(cur.seats) {
			return cur, nil, saidErr(errNotFound, fmt.Sprintf("this table has no seat %d", n), "server.no_seat")
		}
		s := cur.seats[n-1]
		if onlyIfFree && s.device != "" && s.device != device {
			return cur, nil, errSeatTaken
		}
		if s.device == device {
			return cur, nil, nil
		}
		next := cur
		next.seats = slices.Clone(cur.seats)
		next.seats[n-1].device = device
		return next, func(ctx context.Context, tx *sql.Tx) error { return setDevice(ctx, tx, table, n, device) }, nil
	}
}

// errSeatTaken is returned when another device holds a seat.
var errSeatTaken = saidErr(nil, "this seat is taken by another device; the host can release it", "server.seat_taken")

// GameState is the public state of a table's game: the body of GET
// /api/games/{id}, of every answer that changes a game, and of every message
// of the public streams. The family's public fields (Codenames: "state",
// "warnings", "scan", ...) are merged into it. It never holds a secret.
type GameState struct {
	ID      string            `json:"id"`     // the game
	Table   string            `json:"table"`  // its table
	Number  int               `json:"number"` // the game's number at the table: 1, 2, ...
	Family  string            `json:"family"`
	Seq     int               `json:"seq"`   // events accepted so far
	Seats   map[string]string `json:"seats"` // part -> "free" or "taken"
	History []HistoryEntry    `json:"history"`

	// Lang is the table's language, if one was chosen: a page that speaks
	// another follows it (app.js), unless its device chose its own.
	Lang string `json:"table_lang,omitempty"`
}

// HistoryEntry is one accepted event in the public history.
type HistoryEntry struct {
	Seq    int             `json:"seq"`
	Event  json.RawMessage `json:"event"`            // the event's canonical JSON
	Result string          `json:"result,omitempty"` // what it led to
	At     time.Time       `json:"at"`
}

// publicJSON encodes the public state of the table's current game.
func (t *table) publicJSON(s tableState) []byte {
	if s.game == nil {
		return mustJSON(struct {
			Table string `json:"table"`
			Lang  string `json:"table_lang,omitempty"`
			Game  any    `json:"game"`
		}{t.id, s.lang, nil})
	}
	g := s.game
	pub := GameState{ID: g.stored.ID, Table: t.id, Number: s.n, Family: g.family.Name(), Lang: s.lang, Seq: len(g.log),
		Seats: map[string]string{}, History: make([]HistoryEntry, len(g.log))}
	for i, p := range g.stored.Parts {
		pub.Seats[p] = "free"
		if i < len(s.seats) && s.seats[i].device != "" {
			pub.Seats[p] = "taken"
		}
	}
	if sl, ok := g.game.(SealedLog); ok && sl.HistorySealed() {
		pub.History = pub.History[:0]
	}
	for i := range pub.History {
		l := g.log[i]
		pub.History[i] = HistoryEntry{Seq: i + 1, Event: l.Event, Result: l.Result, At: l.at}
	}
	return mergeObjects(mustJSON(pub), mustJSON(g.game.Public()))
}

// seatJSON encodes what seat n sees: the public state and the secret of the
// part it plays.
func (t *table) seatJSON(s tableState, n int) []byte {
	return t.seatJSONWith(s, n, t.publicJSON(s))
}

// seatJSONWith is seatJSON with the public state already encoded (pub is
// t.publicJSON(s)): a broadcast encodes it, history and all, once for all
// the table's screens.
func (t *table) seatJSONWith(s tableState, n int, pub []byte) []byte {
	part := s.game.part(n)
	head := mustJSON(struct {
		Seat   string `json:"seat"`    // the part it plays, "" for none
		Number int    `json:"seat_no"` // the seat: 1, 2, ...
	}{part, n})
	out := mergeObjects(head, pub)
	if s.game != nil {
		out = mergeObjects(out, mustJSON(s.game.game.Secret(part)))
	}
	return out
}

// putAway is a change refused because the server put the table away
// meanwhile: errRefused (409) and errPutAway both.
type putAway struct{}

func (putAway) Error() string                 { return errRefused.Error() + ": " + errPutAway.Error() }
func (putAway) Unwrap() []error               { return []error{errRefused, errPutAway} }
func (putAway) Say() (string, map[string]any) { return "server.put_away", nil }
