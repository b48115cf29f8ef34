package insidejob

import (
	"encoding/json"

	"fieldkit/engine"
)

// Refusals and the game words they name. Every refusal a player can meet is
// an engine.Refusal: its kind (ErrCard, ErrVote, ...), a message id of
// fieldkit's catalog ("ij.refuse.*", catalog/insidejob/refusals.LANG.json)
// with named arguments, and the English text for the command line and the
// logs. An argument that is a game word (a role, a colour, a card) is a
// Term or a Phrase, said in the players' language; rulebook lines stay in
// the English only.

// refuse returns the refusal of kind with the message id, its English text
// and its arguments as name, value pairs.
func refuse(kind error, id, english string, pairs ...any) *engine.Refusal {
	return engine.Refuse(kind, id, english, pairs...)
}

// Phrase is a message with arguments given as an argument of another one
// (a card: its colour and value; a list of roles): its catalog id and
// arguments. It crosses the wire as {"id": ..., "args": {...}}, as
// catalog.Msg does.
type Phrase struct {
	ID   string         `json:"id"`
	Args map[string]any `json:"args,omitempty"`
}

// Say returns the message id and its arguments (catalog.Sayable).
func (p Phrase) Say() (string, map[string]any) { return p.ID, p.Args }

// MarshalJSON writes the phrase as {"id": ..., "args": {...}}.
func (p Phrase) MarshalJSON() ([]byte, error) {
	type plain Phrase
	return json.Marshal(plain(p))
}

// phrase returns the message id with its arguments as name, value pairs.
func phrase(id string, pairs ...any) Phrase {
	p := Phrase{ID: id, Args: map[string]any{}}
	for i := 0; i+1 < len(pairs); i += 2 {
		p.Args[pairs[i].(string)] = pairs[i+1]
	}
	return p
}

// Words returns the card in words, its colour and value ("pink 8"): a
// message per colour, so that the colour agrees with the word for a card
// (pl "różowa 8": karta is feminine, where the colour alone, kolor, says
// "różowy"). A card's code ("P8") is never what a player reads.
func (c Card) Words() Phrase {
	id := [...]string{"ij.card.yellow", "ij.card.pink", "ij.card.green", "ij.card.blue"}[c.Colour()]
	return phrase(id, "value", c.Value())
}

// And joins words as a list: "a", "a and b", "a, b and c" (the messages
// "ij.and" and "ij.list"). It returns nil for no words.
func And[T any](words []T) any {
	switch len(words) {
	case 0:
		return nil
	case 1:
		return words[0]
	case 2:
		return phrase("ij.and", "a", words[0], "b", words[1])
	}
	return phrase("ij.list", "first", words[0], "rest", And(words[1:]))
}

// roleWords returns the roles as a list in words.
func roleWords(rs []Role) any {
	ts := make([]engine.Term, len(rs))
	for i, r := range rs {
		ts[i] = r.Term()
	}
	return And(ts)
}
