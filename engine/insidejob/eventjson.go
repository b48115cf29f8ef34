package insidejob

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// GameName is the value of "game" in a "new" event that starts Inside Job.
const GameName = "insidejob"

// newJSON is the wire form of a "new" event.
type newJSON struct {
	Type    string            `json:"type"`
	Game    string            `json:"game"`
	Players []string          `json:"players"`
	Dealer  *string           `json:"dealer"`
	Roles   map[string]string `json:"roles"`
	Wagers  *bool             `json:"wagers"`
	Risky   *bool             `json:"risky"`
	Deck    []string          `json:"deck"`
}

// DecodeSetup reads a "new" event, e.g.
//
//	{"type":"new","game":"insidejob","players":["Monika","Janek","Krzysiek","Hania"],"dealer":"Hania",
//	 "roles":{"Monika":"agent","Janek":"agent","Krzysiek":"agent","Hania":"insider"}}
//
// "wagers" defaults to true, "risky" to true exactly when a risk_taking role is
// dealt; "deck" (optional) is the shuffled mission deck, top first. The setup is
// validated; errors name the field and the rule, and wrap ErrEvent or ErrSetup.
func DecodeSetup(data []byte) (Setup, error) {
	var j newJSON
	if err := decodeStrict(data, &j); err != nil {
		return Setup{}, err
	}
	if j.Type != "new" {
		return Setup{}, refuse(ErrEvent, "ij.refuse.bad_event", fmt.Sprintf("\"type\" is %q; a game starts with a \"new\" event", j.Type))
	}
	if j.Game != GameName {
		return Setup{}, refuse(ErrEvent, "ij.refuse.bad_event", fmt.Sprintf("\"game\" is %q; want %q", j.Game, GameName))
	}
	s := Setup{Players: j.Players, Dealer: NoSeat, Wagers: true}
	if n := len(j.Players); n < 2 || n > 5 {
		return Setup{}, refuse(ErrSetup, "ij.refuse.player_count", fmt.Sprintf("\"players\": %d names; Inside Job is for 3-5 players, or 2 with Larry", n), "n", n)
	}
	if err := s.validatePlayers(); err != nil {
		return Setup{}, err
	}
	if j.Dealer == nil {
		return Setup{}, refuse(ErrEvent, "ij.refuse.bad_event", "a new event needs \"dealer\": the name of the player who deals (the player after them leads first)")
	}
	for i, p := range j.Players {
		if p == *j.Dealer {
			s.Dealer = Seat(i)
		}
	}
	if s.Dealer == NoSeat {
		return Setup{}, refuse(ErrSetup, "ij.refuse.dealer", fmt.Sprintf("\"dealer\": %q is not one of the players", *j.Dealer))
	}
	if j.Roles == nil {
		return Setup{}, refuse(ErrEvent, "ij.refuse.bad_event", fmt.Sprintf("a new event needs \"roles\": one role per player (and %s in a 2-player game)", LarryName))
	}
	s.Roles = make([]Role, s.Seats())
	for name, rs := range j.Roles {
		i, ok := s.Seat(name)
		if !ok {
			return Setup{}, refuse(ErrSetup, "ij.refuse.bad_setup", fmt.Sprintf("\"roles\": %q is not a player", name))
		}
		r, err := ParseRole(rs)
		if err != nil {
			return Setup{}, refuse(ErrSetup, "ij.refuse.bad_setup", fmt.Sprintf("\"roles\": %s: %v", name, err))
		}
		s.Roles[i] = r
	}
	for i, r := range s.Roles {
		if r == NoRole {
			return Setup{}, refuse(ErrSetup, "ij.refuse.no_role", fmt.Sprintf("\"roles\": no role for %s; deal one to every seat", s.Name(Seat(i))), "name", s.Name(Seat(i)))
		}
	}
	if j.Wagers != nil {
		s.Wagers = *j.Wagers
	}
	s.Risky = s.has(RiskTaking)
	if j.Risky != nil {
		s.Risky = *j.Risky
	}
	if j.Deck != nil {
		s.Deck = make([]Mission, len(j.Deck))
		for i, id := range j.Deck {
			m, err := ParseMission(id)
			if err != nil {
				return Setup{}, refuse(ErrSetup, "ij.refuse.bad_setup", fmt.Sprintf("\"deck\": %v", err))
			}
			s.Deck[i] = m
		}
	}
	if err := s.Validate(); err != nil {
		return Setup{}, err
	}
	return s, nil
}

// MarshalJSON writes the canonical "new" event of s, the form DecodeSetup reads:
// fields in a fixed order, roles in seat order, wagers and risky always given.
func (s Setup) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"type":"new","game":"insidejob","players":`)
	writeJSON(&b, s.Players)
	b.WriteString(`,"dealer":`)
	writeJSON(&b, s.Name(s.Dealer))
	b.WriteString(`,"roles":{`)
	for i, r := range s.Roles {
		if i > 0 {
			b.WriteByte(',')
		}
		writeJSON(&b, s.Name(Seat(i)))
		b.WriteByte(':')
		writeJSON(&b, r.String())
	}
	fmt.Fprintf(&b, `},"wagers":%t,"risky":%t`, s.Wagers, s.Risky)
	if s.Deck != nil {
		ids := make([]string, len(s.Deck))
		for i, m := range s.Deck {
			ids[i] = m.String()
		}
		b.WriteString(`,"deck":`)
		writeJSON(&b, ids)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// eventJSON is the wire form of every event but "new".
type eventJSON struct {
	Type     string   `json:"type"`
	By       *string  `json:"by,omitempty"`
	Partner  *string  `json:"partner,omitempty"`
	ID       *string  `json:"id,omitempty"`
	Rejected *string  `json:"rejected,omitempty"`
	Card     *string  `json:"card,omitempty"`
	For      []string `json:"for,omitempty"`
}

// eventFields lists the fields each event type carries besides "type"; the
// required ones first, then optional ones after a "?".
var eventFields = map[EventType][]string{
	PartnerChosen: {"by", "partner"},
	MissionChosen: {"id", "?rejected"},
	CardPlayed:    {"by", "card"},
	Wagered:       {"by"},
	TrickResolved: {},
	VoteCast:      {"by", "for"},
}

// DecodeEvent reads one event of this game from its JSON form (any type but
// "new"), with players given by name. It refuses unknown fields, fields that do
// not belong to the event's type, unknown names and malformed cards and mission
// ids, with a message that names the field; it never panics.
func (s *Setup) DecodeEvent(data []byte) (Event, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return Event{}, refuse(ErrEvent, "ij.refuse.bad_event", fmt.Sprintf("not a JSON object: %v", jsonProblem(err)))
	}
	if raw == nil {
		return Event{}, refuse(ErrEvent, "ij.refuse.bad_event", "null is not an event; send an object like {\"type\":\"resolve\"}")
	}
	var j eventJSON
	if t, ok := raw["type"]; ok && string(t) == `"new"` {
		return Event{}, refuse(ErrEvent, "ij.refuse.bad_event", "a \"new\" event starts a game; DecodeSetup reads it")
	}
	if err := decodeStrict(data, &j); err != nil {
		return Event{}, err
	}
	t := NoEvent
	for i, n := range eventNames {
		if n != "" && n == j.Type && EventType(i) != NewEvent {
			t = EventType(i)
		}
	}
	if t == NoEvent {
		if j.Type == "" {
			return Event{}, refuse(ErrEvent, "ij.refuse.bad_event", "missing \"type\" (partner, mission, play, wager, resolve or vote)")
		}
		return Event{}, refuse(ErrEvent, "ij.refuse.bad_event", fmt.Sprintf("unknown \"type\" %q (want new, partner, mission, play, wager, resolve or vote)", j.Type))
	}
	fields := eventFields[t]
	for k := range raw {
		if k != "type" && !slices.Contains(fields, k) && !slices.Contains(fields, "?"+k) {
			if len(fields) == 0 {
				return Event{}, refuse(ErrEvent, "ij.refuse.bad_event", fmt.Sprintf("a %s event has no %q field; send only its type", t, k))
			}
			return Event{}, refuse(ErrEvent, "ij.refuse.bad_event", fmt.Sprintf("a %s event has no %q field (it takes %s)", t, k, strings.ReplaceAll(strings.Join(fields, ", "), "?", "optional ")))
		}
	}
	for _, f := range fields {
		if _, ok := raw[f]; !ok && !strings.HasPrefix(f, "?") {
			return Event{}, refuse(ErrEvent, "ij.refuse.bad_event", fmt.Sprintf("a %s event needs %q", t, f))
		}
	}
	e := Event{Type: t, By: NoSeat, Partner: NoSeat, For: noVotes}
	var err error
	if j.By != nil {
		if e.By, err = s.seatNamed("by", *j.By); err != nil {
			return Event{}, err
		}
	}
	switch t {
	case PartnerChosen:
		e.Partner, err = s.seatNamed("partner", *j.Partner)
	case MissionChosen:
		if e.Mission, err = missionField("id", *j.ID); err == nil && j.Rejected != nil {
			e.Rejected, err = missionField("rejected", *j.Rejected)
		}
	case CardPlayed:
		if e.Card, err = ParseCard(*j.Card); err != nil {
			err = refuse(ErrEvent, "ij.refuse.card_code", fmt.Sprintf("\"card\": %v", err))
		}
	case VoteCast:
		if len(j.For) == 0 || len(j.For) > 2 {
			return Event{}, refuse(ErrEvent, "ij.refuse.vote_names", fmt.Sprintf("\"for\": %d names; a vote names one player (the Paranoid agent two)", len(j.For)), "n", len(j.For), "role", Paranoid.Term())
		}
		for i, name := range j.For {
			if e.For[i], err = s.seatNamed("for", name); err != nil {
				break
			}
		}
	}
	if err != nil {
		return Event{}, err
	}
	return e, nil
}

func (s *Setup) seatNamed(field, name string) (Seat, error) {
	if i, ok := s.Seat(name); ok {
		return i, nil
	}
	names := make([]string, s.Seats())
	for i := range names {
		names[i] = s.Name(Seat(i))
	}
	return NoSeat, refuse(ErrEvent, "ij.refuse.not_at_table", fmt.Sprintf("%q: %q is not at this table (players: %s)", field, name, strings.Join(names, ", ")), "name", name)
}

func missionField(field, id string) (Mission, error) {
	m, err := ParseMission(id)
	if err != nil {
		return NoMission, refuse(ErrEvent, "ij.refuse.mission_id", fmt.Sprintf("%q: %v", field, err))
	}
	return m, nil
}

// EncodeEvent writes the canonical JSON form of e with the players' names, the
// form DecodeEvent reads.
func (s *Setup) EncodeEvent(e Event) ([]byte, error) {
	j := eventJSON{Type: e.Type.String()}
	name := func(field string, i Seat) (*string, error) {
		n := s.Name(i)
		if n == "" {
			return nil, refuse(ErrEvent, "ij.refuse.bad_event", fmt.Sprintf("%q: seat %d is not at this table", field, i))
		}
		return &n, nil
	}
	var err error
	switch e.Type {
	case PartnerChosen:
		if j.By, err = name("by", e.By); err == nil {
			j.Partner, err = name("partner", e.Partner)
		}
	case MissionChosen:
		if !e.Mission.Valid() {
			return nil, refuse(ErrEvent, "ij.refuse.bad_event", "\"id\": no mission")
		}
		id := e.Mission.String()
		j.ID = &id
		if e.Rejected.Valid() {
			r := e.Rejected.String()
			j.Rejected = &r
		}
	case CardPlayed:
		if !e.Card.Valid() {
			return nil, refuse(ErrEvent, "ij.refuse.bad_event", "\"card\": no card")
		}
		c := e.Card.String()
		j.Card = &c
		j.By, err = name("by", e.By)
	case Wagered:
		j.By, err = name("by", e.By)
	case TrickResolved:
	case VoteCast:
		if j.By, err = name("by", e.By); err != nil {
			return nil, err
		}
		for _, t := range e.For[:e.votes()] {
			n, err := name("for", t)
			if err != nil {
				return nil, err
			}
			j.For = append(j.For, *n)
		}
	default:
		return nil, refuse(ErrEvent, "ij.refuse.bad_event", fmt.Sprintf("cannot encode a %s event here", e.Type))
	}
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	writeJSON(&b, j)
	return b.Bytes(), nil
}

// decodeStrict decodes one JSON object into v, refusing unknown fields.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return refuse(ErrEvent, "ij.refuse.bad_event", fmt.Sprintf("%v", jsonProblem(err)))
	}
	if dec.More() {
		return refuse(ErrEvent, "ij.refuse.bad_event", "one event per line; found more after the first object")
	}
	return nil
}

// writeJSON writes v as compact JSON without HTML escaping.
func writeJSON(b *bytes.Buffer, v any) {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic("insidejob: plain data does not encode: " + err.Error())
	}
	b.Truncate(b.Len() - 1) // the encoder's newline
}

// jsonProblem turns encoding/json errors into short messages about the field.
func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field != "" {
			return fmt.Sprintf("%q is a JSON %s; want %s", te.Field, te.Value, kindName(te.Type.Kind().String()))
		}
		return fmt.Sprintf("got a JSON %s; want an object like {\"type\":\"resolve\"}", te.Value)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%v (at byte %d)", strings.TrimPrefix(se.Error(), "json: "), se.Offset)
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return "unexpected end of JSON input"
	}
	if errors.Is(err, io.EOF) {
		return "empty line; want an object like {\"type\":\"resolve\"}"
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

func kindName(k string) string {
	switch k {
	case "slice":
		return "a list"
	case "bool":
		return "true or false"
	case "map":
		return "an object"
	case "ptr":
		return "a string"
	}
	return "a " + k
}
