package codenames

import (
	"errors"
	"fmt"

	"fieldkit/engine"
)

// Message is a message of fieldkit's catalog: its id and its named
// arguments. It crosses the wire as {"id": ..., "args": {...}} and each page
// says it in its own language (catalog.Sayable).
type Message struct {
	ID   string         `json:"id"`
	Args map[string]any `json:"args,omitempty"`
}

// Say returns the message id and its arguments (catalog.Sayable).
func (m Message) Say() (string, map[string]any) { return m.ID, m.Args }

// message returns the message id with its arguments as name, value pairs.
func message(id string, pairs ...any) Message {
	r := engine.Refuse(nil, id, "", pairs...)
	return Message{ID: r.ID, Args: r.Args}
}

// refuse is engine.Refuse: a refusal of kind, said by the catalog's id with
// its arguments; the English is for the command line and the logs.
func refuse(kind error, id, english string, pairs ...any) error {
	return engine.Refuse(kind, id, english, pairs...)
}

// sayer is anything that names a message of the catalog.
type sayer interface {
	Say() (string, map[string]any)
}

// within is kind wrapping cause.
type within struct{ kind, cause error }

// Within returns kind wrapping cause (a refusal of another package, such as
// a key card code's), said as the cause says itself: errors.Is holds for both.
func Within(kind, cause error) error { return within{kind, cause} }

func (w within) Error() string   { return w.kind.Error() + ": " + w.cause.Error() }
func (w within) Unwrap() []error { return []error{w.kind, w.cause} }

// Say returns the cause's message (catalog.Sayable).
func (w within) Say() (string, map[string]any) {
	var s sayer
	if errors.As(w.cause, &s) {
		return s.Say()
	}
	return "cn.refuse.setup", nil
}

// term returns a player as a word of the game's vocabulary: a Duet seat or
// a classic team.
func term(p Player) engine.Term {
	switch p {
	case A:
		return engine.Term("cn.seat.a")
	case B:
		return engine.Term("cn.seat.b")
	case Red:
		return engine.Term("cn.team.red")
	case Blue:
		return engine.Term("cn.team.blue")
	}
	return engine.Term("cn.player.nobody")
}

// pos returns cell i as the pages show a place on the grid: "[row,col]".
func pos(i int) string { return "[" + string(rune('0'+i/5)) + "," + string(rune('0'+i%5)) + "]" }

// overError is the refusal of any event after the end of a game.
func overError(s Status, r Reason) error {
	return over{engine.Refuse(ErrOver, "cn.refuse.over", fmt.Sprintf("(%s: %s): start a new game", s, r))}
}

// over is the refusal of an event after the end of a game, whose English
// reads "the game is over (won: all_agents): start a new game".
type over struct{ *engine.Refusal }

func (o over) Error() string { return o.Kind.Error() + " " + o.English }

// acts are the actions a refusal names, as the catalog says them.
var acts = map[string]engine.Term{
	"give a clue":    "cn.act.clue",
	"guess":          "cn.act.guess",
	"stop":           "cn.act.stop",
	"call a penalty": "cn.act.penalty",
}

// act returns an action of a refusal as a word of the catalog.
func act(what string) engine.Term { return acts[what] }
