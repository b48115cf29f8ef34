// Package refusal is a refused request as the players are told it: its
// kind, a message id of fieldkit's catalog with named arguments, and the
// English text for the command line and the logs. It uses the standard
// library only, so that the rules (engine, keycards, codes) refuse with it;
// the table server sends the id and the arguments, and each page says them
// in its own language (catalog.Sayable).
package refusal

import (
	"encoding/json"
	"fmt"
)

// Refusal is a refused event or setup as the players are told it: its kind
// (ErrTurn, ErrEvent, ...), a message id of fieldkit's catalog with named
// arguments, and the English text for the command line and the logs. The
// table server sends the id and the arguments, and each page says them in
// its own language; the English never reaches a player.
type Refusal struct {
	Kind    error
	ID      string
	Args    map[string]any
	English string
}

// New returns a Refusal of kind with the message id, its English text, and
// its arguments as name, value pairs. A value that is a Term (a team, a
// role, a card) is said in the players' language too.
func New(kind error, id, english string, pairs ...any) *Refusal {
	r := &Refusal{Kind: kind, ID: id, English: english}
	if len(pairs) > 0 {
		r.Args = make(map[string]any, len(pairs)/2)
		for i := 0; i+1 < len(pairs); i += 2 {
			r.Args[fmt.Sprint(pairs[i])] = pairs[i+1]
		}
	}
	return r
}

// Error returns the kind and the English text, as "not your turn: it is
// red's turn".
func (r *Refusal) Error() string {
	if r.Kind == nil {
		return r.English
	}
	return r.Kind.Error() + ": " + r.English
}

// Unwrap returns the kind, so errors.Is(err, ErrTurn) holds.
func (r *Refusal) Unwrap() error { return r.Kind }

// Say returns the message id and its arguments (catalog.Sayable).
func (r *Refusal) Say() (string, map[string]any) { return r.ID, r.Args }

// Term is a word of a game's vocabulary given as an argument of a message
// (a team, a role, a colour): its catalog id.
type Term string

// Say returns the term's id and no arguments (catalog.Sayable).
func (t Term) Say() (string, map[string]any) { return string(t), nil }

// MarshalJSON writes the term as a message: {"id": ...}.
func (t Term) MarshalJSON() ([]byte, error) { return json.Marshal(map[string]string{"id": string(t)}) }
