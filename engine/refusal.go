package engine

import "fieldkit/refusal"

// Refusal is a refused event or setup as the players are told it (see
// package refusal): its kind (ErrTurn, ErrEvent, ...), a message id of
// fieldkit's catalog with named arguments, and the English text for the
// command line and the logs.
type Refusal = refusal.Refusal

// Term is a word of a game's vocabulary given as an argument of a message.
type Term = refusal.Term

// Refuse returns a Refusal of kind with the message id, its English text,
// and its arguments as name, value pairs (refusal.New).
func Refuse(kind error, id, english string, pairs ...any) *Refusal {
	return refusal.New(kind, id, english, pairs...)
}
