package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"

	"fieldkit/deck"
	rules "fieldkit/engine/codenames"
)

// table is one game in memory. Its state only ever changes in update, under
// the table's lock, after the change is committed to the store.
type table struct {
	id        string
	hostToken string
	campaign  string
	mission   string
	deck      *deck.Deck // the printed deck the game is played with, or nil

	mu    sync.Mutex
	state tableState
	subs  map[*subscriber]struct{}

	picMu   sync.Mutex
	pic     Picture // the last photo scanned, until it is drawn
	picJPEG []byte  // the last photo scanned, drawn for the camera view
	picGen  int     // photos scanned so far
}

// tableState is the value a table's lock guards. update works on a copy; the
// slices and maps in it are never modified in place.
type tableState struct {
	setup    rules.Setup
	sess     rules.Session
	log      []logEntry
	seats    map[rules.Player]seatState
	warnings []string // from the camera: what it saw that the engine does not agree with
	scan     *ScanReport
}

// logEntry is one accepted event with what it led to.
type logEntry struct {
	e      rules.Event
	at     time.Time
	result string // what a guess found
}

// seatState is a seat: its secret link token and the device that claimed it.
type seatState struct {
	token  string
	device string // "" while free
}

// change is what a caller wants to do to a table: given the current state it
// returns the next one and the store operation that records it. It must not
// modify cur's slices or maps.
type change func(cur tableState) (next tableState, commit func(context.Context, *Store) error, err error)

// update is the one guarded way a table changes. Under the table's lock it
// computes the next state, commits it to the store, and only then makes it
// current and sends it to every subscriber. A refused change or a failed
// commit leaves the table as it was.
func (t *table) update(ctx context.Context, st *Store, c change) (tableState, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	next, commit, err := c(t.state)
	if err != nil {
		return t.state, err
	}
	if commit != nil {
		if err := commit(ctx, st); err != nil {
			return t.state, fmt.Errorf("%w: %w", errStorage, err)
		}
	}
	t.state = next
	t.broadcast()
	return next, nil
}

// errStorage wraps failed commits: the change did not happen.
var errStorage = errors.New("not saved")

// snapshot returns the current state.
func (t *table) snapshot() tableState {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.state
}

// applyEvent is the change "event e happens at time at".
func (t *table) applyEvent(e rules.Event, at time.Time) change {
	return func(cur tableState) (tableState, func(context.Context, *Store) error, error) {
		if e.Type == rules.NewGame {
			return cur, nil, fmt.Errorf("%w: a game is running; start another with POST /api/games", rules.ErrOrder)
		}
		sess, err := cur.sess.Apply(e)
		if err != nil {
			return cur, nil, err
		}
		if e.Type == rules.GuessMade && e.Cell == rules.NoCell {
			e = resolveWord(cur.sess, e)
		}
		next := cur
		next.sess = sess
		next.log = append(slices.Clip(cur.log), logEntry{e: e, at: at, result: resultOf(sess, e)})
		seq := len(next.log)
		done := t.finished(cur.sess, sess, at)
		return next, func(ctx context.Context, st *Store) error {
			return st.appendEvents(ctx, t.id, seq, []rules.Event{e}, at, done)
		}, nil
	}
}

// undo is the change "take back the last event".
func (t *table) undo() change {
	return func(cur tableState) (tableState, func(context.Context, *Store) error, error) {
		if len(cur.log) == 0 {
			return cur, nil, fmt.Errorf("%w: nothing to undo", rules.ErrOrder)
		}
		log := cur.log[: len(cur.log)-1 : len(cur.log)-1]
		sess, err := replay(cur.setup, log)
		if err != nil {
			return cur, nil, err
		}
		next := cur
		next.sess, next.log = sess, log
		seq := len(cur.log)
		return next, func(ctx context.Context, st *Store) error { return st.deleteEvent(ctx, t.id, seq) }, nil
	}
}

// setSeat is the change "device now holds seat p" (device "" frees it). With
// onlyIfFree it refuses when another device holds the seat.
func (t *table) setSeat(p rules.Player, device string, onlyIfFree bool) change {
	return func(cur tableState) (tableState, func(context.Context, *Store) error, error) {
		s, ok := cur.seats[p]
		if !ok {
			return cur, nil, fmt.Errorf("%w: this game has no seat %q", errNotFound, p)
		}
		if onlyIfFree && s.device != "" && s.device != device {
			return cur, nil, errSeatTaken
		}
		if s.device == device {
			return cur, nil, nil
		}
		next := cur
		next.seats = maps.Clone(cur.seats)
		s.device = device
		next.seats[p] = s
		return next, func(ctx context.Context, st *Store) error { return st.setDevice(ctx, t.id, p, device) }, nil
	}
}

// errSeatTaken is returned when another device holds a seat.
var errSeatTaken = errors.New("this seat is taken by another device; the host can release it")

// maxWarnings is how many camera warnings a table keeps.
const maxWarnings = 10

// resolveWord names the cell of a guess given by its word, so the log holds cells.
func resolveWord(s rules.Session, e rules.Event) rules.Event {
	f := rules.Fold(e.Word)
	for i, w := range s.Words() {
		if w != "" && rules.Fold(w) == f {
			e.Cell, e.Word = i, ""
		}
	}
	return e
}

// resultOf returns what a guess found, from the state after it.
func resultOf(s rules.Session, e rules.Event) string {
	if e.Type != rules.GuessMade {
		return ""
	}
	return s.View().Result
}

// replay rebuilds a session from its setup and log.
func replay(setup rules.Setup, log []logEntry) (rules.Session, error) {
	events := make([]rules.Event, len(log))
	for i, l := range log {
		events[i] = l.e
	}
	return rules.Replay(setup, events)
}

// newTable builds a table from a stored game, replaying its events.
func newTable(g *storedGame) (*table, error) {
	t := &table{id: g.id, hostToken: g.hostToken, campaign: g.campaign, mission: g.mission, deck: g.deck, subs: map[*subscriber]struct{}{}}
	s, err := rules.Replay(g.setup, nil)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", g.id, err)
	}
	st := tableState{setup: g.setup, seats: map[rules.Player]seatState{}}
	for _, e := range g.events {
		if s, err = s.Apply(e.e); err != nil {
			return nil, fmt.Errorf("game %s: event %d (%s): %w", g.id, len(st.log)+1, e.e.Type, err)
		}
		st.log = append(st.log, logEntry{e: e.e, at: e.at, result: resultOf(s, e.e)})
	}
	st.sess = s
	for _, x := range g.seats {
		st.seats[x.seat] = seatState{token: x.token, device: x.device}
	}
	t.state = st
	return t, nil
}

// publicJSON encodes the public state of a table: what every screen may see.
func (t *table) publicJSON(s tableState) []byte {
	b, err := json.Marshal(t.public(s))
	if err != nil {
		panic("server: public state does not encode: " + err.Error()) // plain data
	}
	return b
}
