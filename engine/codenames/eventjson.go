package codenames

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"fieldkit/keycards"
)

// eventJSON is the wire form of an Event: one JSON object per line.
type eventJSON struct {
	Type     string          `json:"type"`
	Game     string          `json:"game,omitempty"`
	Key      string          `json:"key,omitempty"`
	Turns    *int            `json:"turns,omitempty"`
	Mistakes *int            `json:"mistakes,omitempty"`
	Loose    bool            `json:"loose,omitempty"`
	Variant  string          `json:"variant,omitempty"`
	Words    []string        `json:"words,omitempty"`
	By       string          `json:"by,omitempty"`
	Word     *string         `json:"word,omitempty"`
	Count    json.RawMessage `json:"count,omitempty"`
	Cell     []int           `json:"cell,omitempty"`
}

// MarshalJSON writes the canonical JSON form of e, the form DecodeEvent reads:
// fields in a fixed order, defaults left out.
func (e Event) MarshalJSON() ([]byte, error) {
	j := eventJSON{Type: e.Type.String(), By: e.By.String()}
	switch e.Type {
	case NewGame:
		if e.Setup == nil {
			return nil, refuse(ErrEvent, "cn.refuse.no_setup", "a new event without a setup")
		}
		s := e.Setup
		j.Game, j.Key, j.Words = s.Game.String(), s.Key, s.Words
		if s.Game == keycards.Duet {
			m := s.Mission
			if m == (Mission{}) {
				m = Standard
			}
			j.Turns, j.Mistakes, j.Loose = &m.Turns, &m.Mistakes, s.Loose
		} else {
			j.Variant = s.Variant.String()
		}
	case ClueGiven:
		j.Word = &e.Word
		if e.Count == Unlimited {
			j.Count = json.RawMessage(`"unlimited"`)
		} else {
			j.Count = json.RawMessage(fmt.Sprint(e.Count))
		}
	case GuessMade, EnemyCover, OwnCover:
		if e.Cell != NoCell {
			j.Cell = []int{e.Cell / 5, e.Cell % 5}
		} else {
			j.Word = &e.Word
		}
	case StopGuess, PenaltyCall:
	default:
		return nil, refuse(ErrEvent, "cn.refuse.event_type", fmt.Sprintf("unknown event type %d", e.Type), "type", fmt.Sprint(int(e.Type)))
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads an event with DecodeEvent.
func (e *Event) UnmarshalJSON(b []byte) error {
	v, err := DecodeEvent(b)
	if err != nil {
		return err
	}
	*e = v
	return nil
}

// eventFields lists the fields each event type may carry besides "type".
var eventFields = map[EventType][]string{
	NewGame:     {"game", "key", "turns", "mistakes", "loose", "variant", "words"},
	ClueGiven:   {"by", "word", "count"},
	GuessMade:   {"by", "cell", "word"},
	StopGuess:   {"by"},
	PenaltyCall: {},
	EnemyCover:  {"by", "cell", "word"},
	OwnCover:    {"by", "cell", "word"},
}

// DecodeEvent reads one event from its JSON form. It refuses unknown fields,
// fields that do not belong to the event's type, and values out of range, with a
// message that names the field and what it wants. It never panics.
func DecodeEvent(data []byte) (Event, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return Event{}, refuse(ErrEvent, "cn.refuse.json", "not a JSON object: "+jsonProblem(err))
	}
	if raw == nil {
		return Event{}, refuse(ErrEvent, "cn.refuse.json", "null is not an event; send an object like {\"type\":\"stop\"}")
	}
	var j eventJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return Event{}, refuse(ErrEvent, "cn.refuse.json_field", jsonProblem(err))
	}
	t := NoEvent
	for i, n := range eventNames {
		if n != "" && n == j.Type {
			t = EventType(i)
		}
	}
	if t == NoEvent {
		if j.Type == "" {
			return Event{}, refuse(ErrEvent, "cn.refuse.no_type", "missing \"type\" (new, clue, guess, stop, penalty, enemy_cover or cover)")
		}
		return Event{}, refuse(ErrEvent, "cn.refuse.event_type", fmt.Sprintf("unknown type %q (want new, clue, guess, stop, penalty, enemy_cover or cover)", j.Type), "type", j.Type)
	}
	for k := range raw {
		if k != "type" && !slices.Contains(eventFields[t], k) {
			if len(eventFields[t]) == 0 {
				return Event{}, refuse(ErrEvent, "cn.refuse.field", fmt.Sprintf("a %s event has no %q field; send only its type", t, k), "type", t.String(), "field", k)
			}
			return Event{}, refuse(ErrEvent, "cn.refuse.field", fmt.Sprintf("a %s event has no %q field (it takes %s)", t, k, strings.Join(eventFields[t], ", ")), "type", t.String(), "field", k)
		}
	}
	e := Event{Type: t, Cell: NoCell}
	if j.By != "" {
		p, err := ParsePlayer(j.By)
		if err != nil {
			return Event{}, Within(ErrEvent, err)
		}
		e.By = p
	}
	switch t {
	case NewGame:
		s, err := decodeSetup(&j)
		if err != nil {
			return Event{}, err
		}
		e.Setup = s
	case ClueGiven:
		if j.Word == nil || strings.TrimSpace(*j.Word) == "" {
			return Event{}, refuse(ErrEvent, "cn.refuse.clue_word", "a clue needs a \"word\"")
		}
		if err := checkClue(*j.Word); err != nil {
			return Event{}, err
		}
		e.Word = *j.Word
		n, err := decodeCount(j.Count)
		if err != nil {
			return Event{}, err
		}
		e.Count = n
	case GuessMade, EnemyCover, OwnCover:
		switch {
		case j.Cell != nil && j.Word != nil:
			return Event{}, refuse(ErrEvent, "cn.refuse.cell_and_word", "give either \"cell\" or \"word\", not both")
		case j.Cell != nil:
			if len(j.Cell) != 2 || j.Cell[0] < 0 || j.Cell[0] > 4 || j.Cell[1] < 0 || j.Cell[1] > 4 {
				return Event{}, refuse(ErrEvent, "cn.refuse.off_grid", fmt.Sprintf("\"cell\" %v; want [row,col] with row and col 0-4", j.Cell))
			}
			e.Cell = j.Cell[0]*5 + j.Cell[1]
		case j.Word != nil && *j.Word != "":
			e.Word = *j.Word
		default:
			return Event{}, refuse(ErrEvent, "cn.refuse.no_cell", fmt.Sprintf("a %s event needs \"cell\":[row,col] or \"word\"", t))
		}
	}
	return e, nil
}

func decodeCount(raw json.RawMessage) (int, error) {
	if raw == nil {
		return 0, refuse(ErrEvent, "cn.refuse.no_count", "a clue needs a \"count\": a number, or \"unlimited\" in classic")
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if s == "unlimited" {
			return Unlimited, nil
		}
		return 0, refuse(ErrEvent, "cn.refuse.bad_count", fmt.Sprintf("\"count\" %q; want a number or \"unlimited\"", s), "count", s, "max", MaxCount)
	}
	var n int
	if err := json.Unmarshal(raw, &n); err != nil || n < 0 || n > MaxCount {
		return 0, refuse(ErrEvent, "cn.refuse.bad_count", fmt.Sprintf("\"count\" %s; want a whole number 0-%d or \"unlimited\"", raw, MaxCount), "count", string(raw), "max", MaxCount)
	}
	return n, nil
}

func decodeSetup(j *eventJSON) (*Setup, error) {
	s := &Setup{Key: j.Key, Words: j.Words, Loose: j.Loose}
	if j.Game == "" {
		return nil, refuse(ErrEvent, "cn.refuse.no_game", "a new event needs \"game\": \"duet\" or \"classic\"")
	}
	g, err := keycards.ParseGame(j.Game)
	if err != nil {
		return nil, refuse(ErrEvent, "cn.refuse.game", fmt.Sprintf("\"game\": %v", err), "game", j.Game)
	}
	s.Game = g
	if j.Key == "" {
		return nil, refuse(ErrEvent, "cn.refuse.no_key", "a new event needs \"key\": the key card code (fieldkit keycard new)")
	}
	if j.Words != nil && len(j.Words) != 25 {
		return nil, refuse(ErrEvent, "cn.refuse.words_count", fmt.Sprintf("\"words\" has %d words; give all 25, row by row, or none", len(j.Words)), "n", len(j.Words))
	}
	if g == keycards.Duet {
		if j.Variant != "" {
			return nil, refuse(ErrEvent, "cn.refuse.variant_duet", "\"variant\" is for classic games; Duet takes \"turns\", \"mistakes\" and \"loose\"")
		}
		s.Mission = Standard
		if j.Turns != nil {
			s.Mission = Mission{Turns: *j.Turns, Mistakes: *j.Turns}
		}
		if j.Mistakes != nil {
			s.Mission.Mistakes = *j.Mistakes
		}
		if err := s.Mission.Validate(); err != nil {
			return nil, Within(ErrEvent, err)
		}
		return s, nil
	}
	if j.Turns != nil || j.Mistakes != nil || j.Loose {
		return nil, refuse(ErrEvent, "cn.refuse.mission_classic", "\"turns\", \"mistakes\" and \"loose\" are for Duet; classic takes \"variant\"")
	}
	if j.Variant != "" {
		v, err := ParseVariant(j.Variant)
		if err != nil {
			return nil, Within(ErrEvent, err)
		}
		s.Variant = v
	}
	return s, nil
}

// jsonProblem turns encoding/json errors into short messages about the field.
func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field != "" {
			return fmt.Sprintf("%q is %s; want %s", te.Field, article(te.Value), article(jsonKind(te.Type.Kind().String())))
		}
		return fmt.Sprintf("got %s; want an object like {\"type\":\"stop\"}", article(te.Value))
	}
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return "unknown field " + f + " (fields: type, game, key, turns, mistakes, loose, variant, words, by, word, count, cell)"
	}
	return strings.TrimPrefix(msg, "json: ")
}

// article puts "a" or "an" before a noun.
func article(s string) string {
	if s != "" && strings.ContainsRune("aeiou", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}

func jsonKind(k string) string {
	switch k {
	case "int":
		return "whole number"
	case "slice":
		return "list"
	case "bool":
		return "true or false"
	}
	return k
}

// maxClue is the longest clue word, in characters.
const maxClue = 64

// checkClue refuses a clue word that every screen could not show as the
// word the spymaster said: one with control or invisible (format)
// characters or line breaks, one with nothing visible, or one over
// maxClue characters.
func checkClue(w string) error {
	if !utf8.ValidString(w) {
		return refuse(ErrEvent, "cn.refuse.clue_text", "the clue is not valid UTF-8 text")
	}
	if utf8.RuneCountInString(w) > maxClue {
		return refuse(ErrEvent, "cn.refuse.clue_long", fmt.Sprintf("the clue is over %d characters; a clue is one word", maxClue), "n", maxClue)
	}
	visible := false
	for _, r := range w {
		switch {
		case r == utf8.RuneError: // also what JSON decoding makes of bytes that are not UTF-8
			return refuse(ErrEvent, "cn.refuse.clue_text", "the clue is not valid text (U+FFFD); type the word itself")
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r), unicode.Is(unicode.Zl, r), unicode.Is(unicode.Zp, r):
			return refuse(ErrEvent, "cn.refuse.clue_invisible", fmt.Sprintf("the clue holds the invisible or control character %U; type the word itself", r), "char", fmt.Sprintf("%U", r))
		case unicode.IsLetter(r), unicode.IsNumber(r), unicode.IsPunct(r), unicode.IsSymbol(r):
			visible = true
		}
	}
	if !visible {
		return refuse(ErrEvent, "cn.refuse.clue_blank", "the clue has nothing visible; type the word itself")
	}
	return nil
}
