package codenames

import (
	"context"
	"database/sql"
	"encoding/json"
	"fieldkit/catalog"
	"fmt"
	"slices"
	"strings"
	"time"

	rules "fieldkit/engine/codenames"
	"fieldkit/keycards"
	"fieldkit/server"
	"fieldkit/textrule"
)

// game is one Codenames game at a table: the referee's session and what
// the camera last said. It is a value (server.Game): every method leaves the
// receiver as it was, and its slices are never modified in place.
type game struct {
	fam      *Family
	id       string
	setup    rules.Setup
	sess     rules.Session
	info     gameInfo
	events   []rules.Event // applied so far, to replay on words read off the table
	warnings []catalog.Msg // from the camera: what it saw that the referee does not agree with
	scan     *ScanReport
	timer    *Timer // the table's sand timer, when somebody turned it over
}

// maxWarnings is how many camera warnings a game keeps.
const maxWarnings = 10

// Apply implements server.Game. The host sends any event but "new" and the
// covers that need the key; a seat's phone sends only what its part may do,
// for itself.
func (g game) Apply(line []byte, part string, at time.Time) (server.Game, server.Step, error) {
	if t, ok, err := timerEvent(line, at); ok || err != nil {
		if err != nil {
			return g, server.Step{}, err
		}
		g.timer = t
		return g, server.Step{}, nil // not a move: nothing to log or undo
	}
	line, err := cleanWord(line)
	if err != nil {
		return g, server.Step{}, err
	}
	e, err := rules.DecodeEvent(line)
	if err != nil {
		return g, server.Step{}, err
	}
	if e.Type == rules.NewGame {
		return g, server.Step{}, refuse(rules.ErrOrder, "cn.refuse.running", "a game is running; start the table's next game with POST /api/tables/{id}/games")
	}
	if part == "" {
		if err := hostMay(e); err != nil {
			return g, server.Step{}, err
		}
	} else if err := seatMay(g.setup.Game, part, &e); err != nil {
		return g, server.Step{}, err
	}
	return g.apply(e, at)
}

// Replay implements server.Replayer: it applies an event of the game's log,
// which was accepted from whoever sent it (a spymaster's cover from a phone).
func (g game) Replay(line []byte, at time.Time) (server.Game, server.Step, error) {
	e, err := rules.DecodeEvent(line)
	if err != nil {
		return g, server.Step{}, err
	}
	return g.apply(e, at)
}

// errNeedsKey refuses a spymaster's cover from the host. Whether a cell may
// be covered depends on the key, which the host screen (public at the table)
// does not hold: the refusal is the same for every cell and every state, so
// that probing cells and undoing learns nothing.
var errNeedsKey = refuse(rules.ErrTurn, "cn.refuse.needs_key", "a spymaster's cover needs the key card, so only the spymaster's phone sends it: tap the word on that phone")

// hostMay checks an event sent by the host page: everything but what needs
// the key.
func hostMay(e rules.Event) error {
	if e.Type == rules.OwnCover || e.Type == rules.EnemyCover {
		return errNeedsKey
	}
	return nil
}

// apply applies an engine event and returns the step that logs it.
func (g game) apply(e rules.Event, at time.Time) (game, server.Step, error) {
	sess, err := g.sess.Apply(e)
	if err != nil {
		return g, server.Step{}, err
	}
	if e.Type == rules.GuessMade && e.Cell == rules.NoCell {
		e = resolveWord(g.sess, e)
	}
	b, err := json.Marshal(e)
	if err != nil {
		return g, server.Step{}, err
	}
	step := server.Step{Events: []server.LoggedEvent{{Event: b, Result: resultOf(sess, e)}}}
	if done := g.finished(g.sess, sess, at); done != nil {
		step.Commit = func(ctx context.Context, tx *sql.Tx) error { return insertResult(ctx, tx, done) }
	}
	g.sess = sess
	g.events = append(slices.Clip(g.events), e)
	return g, step, nil
}

// Public is the family's part of the public state of a game.
type Public struct {
	State    rules.View    `json:"state"`              // the referee's public view
	Warnings []catalog.Msg `json:"warnings,omitempty"` // the camera saw something the referee does not agree with
	Scan     *ScanReport   `json:"scan,omitempty"`     // the last scan
	Deck     string        `json:"deck,omitempty"`     // the printed deck's code
	Boxed    string        `json:"boxed,omitempty"`    // the language of the boxed set's cards the table lays (read by their words)
	Camera   *catalog.Msg  `json:"camera,omitempty"`   // how the camera reads this table, when the host should know (a boxed set's cards: by their words)
	Campaign string        `json:"campaign,omitempty"`
	Mission  string        `json:"mission_id,omitempty"`
	Timer    *Timer        `json:"timer,omitempty"`  // the sand timer, once turned over
	Reveal   *Reveal       `json:"reveal,omitempty"` // the key card, once the game is over
}

// Reveal is the key card of a game that is over: it is no longer secret,
// and the host screen shows it. Roles are named as in SeatKey, table cell by
// table cell, row by row (Duet: seen from seat A).
type Reveal struct {
	A     []string `json:"a,omitempty"`     // Duet: side A's roles
	B     []string `json:"b,omitempty"`     // Duet: side B's roles
	Teams []string `json:"teams,omitempty"` // classic: red, blue, bystander, assassin
}

// Public implements server.Game.
func (g game) Public() any {
	p := Public{State: g.sess.View(), Warnings: g.warnings, Scan: g.scan, Campaign: g.info.campaign, Mission: g.info.mission, Timer: g.timer}
	if g.info.deck != nil {
		p.Deck = g.info.deck.Code()
	}
	p.Boxed, p.Camera = g.info.boxed, g.cameraMsg()
	p.Reveal = reveal(g.sess)
	return p
}

// reveal returns the key card of a game that is over, or nil while it goes on.
func reveal(s rules.Session) *Reveal {
	switch s.Setup().Game {
	case keycards.Duet:
		if !s.Duet().Status().Over() {
			return nil
		}
		card := s.Duet().Card()
		r := &Reveal{A: make([]string, 25), B: make([]string, 25)}
		for i := range 25 {
			a, b := card.At(i)
			r.A[i], r.B[i] = a.String(), b.String()
		}
		return r
	case keycards.Classic:
		if !s.Classic().Status().Over() {
			return nil
		}
		r := &Reveal{Teams: make([]string, 25)}
		for i, c := range s.Classic().Card().Cells {
			r.Teams[i] = c.String()
		}
		return r
	}
	return nil
}

// Timer is the table's sand timer (the rulebook's: any player may turn it
// over to hurry a slow one). The host screen shows it; the phones ring when
// it runs out.
type Timer struct {
	Seconds int       `json:"seconds"` // how long it runs
	Ends    time.Time `json:"ends"`    // when it runs out, by the server's clock
}

// maxTimer is the longest timer: ten minutes.
const maxTimer = 600

// timerEvent reads {"type":"timer","seconds":N}: turn the timer over for N
// seconds (60 when absent), or take it off the table with 0. ok is false
// for any other event.
func timerEvent(line []byte, at time.Time) (t *Timer, ok bool, err error) {
	var e struct {
		Type    string `json:"type"`
		Seconds *int   `json:"seconds"`
	}
	if json.Unmarshal(line, &e) != nil || e.Type != "timer" {
		return nil, false, nil
	}
	n := 60
	if e.Seconds != nil {
		n = *e.Seconds
	}
	if n < 0 || n > maxTimer {
		return nil, true, refuse(rules.ErrEvent, "cn.refuse.timer", fmt.Sprintf("a timer runs 1 to %d seconds (0 takes it away), not %d", maxTimer, n), "max", maxTimer, "n", n)
	}
	if n == 0 {
		return nil, true, nil
	}
	return &Timer{Seconds: n, Ends: at.Add(time.Duration(n) * time.Second).UTC().Truncate(time.Millisecond)}, true, nil
}

// Secret implements server.Game: a Duet seat's side of the key card, or the
// whole key for a classic spymaster.
func (g game) Secret(part string) any {
	if part == "" {
		return nil
	}
	p, err := rules.ParsePlayer(part)
	if err != nil {
		return nil
	}
	return struct {
		Key SeatKey `json:"key"`
	}{seatKey(g.sess, p)}
}

// Playing implements server.Game.
func (g game) Playing() bool {
	st := g.sess.View().Status
	return st == "playing" || st == "sudden_death"
}

// seatMay checks an event sent from a seat's phone and names the seat as its
// actor. Duet seats give clues, guess and stop for themselves; classic
// spymasters give their team's clues and covers.
func seatMay(g keycards.Game, part string, e *rules.Event) error {
	seat, err := rules.ParsePlayer(part)
	if err != nil {
		return refuse(rules.ErrEvent, "cn.refuse.no_seat", fmt.Sprintf("no seat %q", part), "seat", part)
	}
	allowed := []rules.EventType{rules.ClueGiven, rules.GuessMade, rules.StopGuess}
	if g == keycards.Classic {
		allowed = []rules.EventType{rules.ClueGiven, rules.EnemyCover, rules.OwnCover}
	}
	ok := false
	for _, a := range allowed {
		ok = ok || e.Type == a
	}
	if !ok {
		return refuse(rules.ErrEvent, seatEventIDs[e.Type], fmt.Sprintf("a seat's phone cannot send a %s event; the host page can", e.Type))
	}
	if e.By != rules.Nobody && e.By != seat {
		return refuse(rules.ErrTurn, "cn.refuse.seat_other", fmt.Sprintf("this phone is seat %s; it cannot act for %s", seat, e.By), "seat", partTerm(seat.String()), "other", partTerm(e.By.String()))
	}
	e.By = seat
	return nil
}

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

// GameState is the public state of a Codenames game as the API and the
// streams send it: the table server's fields and the family's.
type GameState struct {
	server.GameState
	Public
}

// SeatState is what a seat's phone gets: the public state and the seat's key.
type SeatState struct {
	Seat   string `json:"seat"`    // the part it plays: a, b, red, blue
	Number int    `json:"seat_no"` // the seat at the table: 1, 2, ...
	GameState
	Key SeatKey `json:"key"`
}

// ScanAnswer is the answer to a photo upload: what the scan did and the
// state after it.
type ScanAnswer struct {
	Scan  ScanReport `json:"scan"`
	State GameState  `json:"state"`
}

// seatEventIDs are the refusals of an event a seat's phone may not send, by
// its type: the host page sends it.
var seatEventIDs = map[rules.EventType]string{
	rules.GuessMade:   "cn.refuse.seat_guess",
	rules.StopGuess:   "cn.refuse.seat_stop",
	rules.PenaltyCall: "cn.refuse.seat_penalty",
	rules.EnemyCover:  "cn.refuse.seat_cover",
	rules.OwnCover:    "cn.refuse.seat_cover",
	rules.ClueGiven:   "cn.refuse.seat_clue",
	rules.NewGame:     "cn.refuse.seat_new",
}

// cleanWord cleans the "word" of an event as every screen shows it
// (textrule): the invisible characters of a clue typed on a phone go, and
// a clue with a character no screen shows the same is refused. A guess's or
// cover's word is cleaned when it can be; the engine finds it or not. Any
// other line comes back as it is, for DecodeEvent to judge.
func cleanWord(line []byte) ([]byte, error) {
	var e map[string]json.RawMessage
	if json.Unmarshal(line, &e) != nil || e["word"] == nil {
		return line, nil
	}
	var typ, word string
	if json.Unmarshal(e["type"], &typ) != nil || json.Unmarshal(e["word"], &word) != nil || strings.TrimSpace(word) == "" {
		return line, nil
	}
	clean, err := textrule.Check(rules.ErrEvent, catalog.M("text.field.clue"), word)
	switch {
	case err != nil && typ == rules.ClueGiven.String():
		return nil, err
	case err != nil || clean == word:
		return line, nil
	}
	b, err := json.Marshal(clean)
	if err != nil {
		return line, nil
	}
	e["word"] = b
	out, err := json.Marshal(e)
	if err != nil {
		return line, nil
	}
	return out, nil
}
