package server

import (
	"encoding/json"
	"time"

	rules "fieldkit/engine/codenames"
	"fieldkit/keycards"
)

// GameState is the public state of a game: the body of GET /api/games/{id},
// of every answer that changes a game, and of every message of the public
// stream. It never holds the key card or the colour of a cell that is not
// revealed.
type GameState struct {
	ID       string            `json:"id"`
	Seq      int               `json:"seq"`   // events accepted so far
	Seats    map[string]string `json:"seats"` // seat -> "free" or "taken"
	State    rules.View        `json:"state"` // the referee's public view
	History  []HistoryEntry    `json:"history"`
	Warnings []string          `json:"warnings,omitempty"` // the camera saw something the engine does not agree with
	Scan     *ScanReport       `json:"scan,omitempty"`     // the last scan
	Deck     string            `json:"deck,omitempty"`     // the printed deck's code
	Campaign string            `json:"campaign,omitempty"`
	Mission  string            `json:"mission_id,omitempty"`
}

// HistoryEntry is one accepted event in the public history.
type HistoryEntry struct {
	Seq    int             `json:"seq"`
	Event  json.RawMessage `json:"event"`            // the event's canonical JSON
	Result string          `json:"result,omitempty"` // what a guess found
	At     time.Time       `json:"at"`
}

// SeatState is what a seat's phone sees: the public state and that seat's
// secret. It is the body of GET /s/{token}/state and of the seat's stream.
type SeatState struct {
	Seat string `json:"seat"`
	GameState
	Key SeatKey `json:"key"`
}

// SeatKey is the secret a seat holds. Duet: that seat's side of the key card,
// as seen from the seat. Classic: the whole key card (spymasters).
type SeatKey struct {
	Side  string    `json:"side,omitempty"`  // Duet: "a" or "b"
	Start string    `json:"start,omitempty"` // classic: the team that starts
	Cells []KeyCell `json:"cells"`           // 25, row by row as seen from the seat
}

// KeyCell is one cell of a seat's key.
type KeyCell struct {
	Cell    [2]int `json:"cell"` // the table cell as the API names it (Duet: seen from seat A)
	Word    string `json:"word,omitempty"`
	Role    string `json:"role"` // agent, bystander, assassin (Duet); red, blue, bystander, assassin (classic)
	Covered bool   `json:"covered,omitempty"`
	Mark    string `json:"mark,omitempty"` // Duet: "agent", "bystander" (a token on it), "assassin"
}

// public returns the public state.
func (t *table) public(s tableState) GameState {
	g := GameState{ID: t.id, Seq: len(s.log), Seats: map[string]string{}, State: s.sess.View(),
		History: make([]HistoryEntry, len(s.log)), Warnings: s.warnings, Scan: s.scan,
		Campaign: t.campaign, Mission: t.mission}
	if t.deck != nil {
		g.Deck = t.deck.Code()
	}
	for p, st := range s.seats {
		g.Seats[p.String()] = "free"
		if st.device != "" {
			g.Seats[p.String()] = "taken"
		}
	}
	for i, l := range s.log {
		b, _ := json.Marshal(l.e) // events in the log were accepted, so they encode
		g.History[i] = HistoryEntry{Seq: i + 1, Event: b, Result: l.result, At: l.at}
	}
	return g
}

// seatView returns what seat p sees.
func (t *table) seatView(s tableState, p rules.Player) SeatState {
	v := SeatState{Seat: p.String(), GameState: t.public(s)}
	cells := v.State.Cells
	switch s.setup.Game {
	case keycards.Duet:
		side := s.sess.Duet().Card().Side(keycards.SideA)
		if p == rules.B {
			side = s.sess.Duet().Card().Side(keycards.SideB)
		}
		v.Key = SeatKey{Side: p.String(), Cells: make([]KeyCell, 25)}
		for j := range 25 {
			i := j // the table cell, seen from A, under the seat's cell j
			if p == rules.B {
				i = keycards.Turn(j)
			}
			c := cells[i]
			k := KeyCell{Cell: c.Cell, Word: c.Word, Role: side[j].String(), Covered: c.Covered}
			switch {
			case c.AssassinFor != "":
				k.Mark = "assassin"
			case c.AgentFor != "":
				k.Mark = "agent"
			case len(c.BystanderFor) > 0:
				k.Mark = "bystander"
			}
			v.Key.Cells[j] = k
		}
	case keycards.Classic:
		card := s.sess.Classic().Card()
		v.Key = SeatKey{Start: card.Start.String(), Cells: make([]KeyCell, 25)}
		for i := range 25 {
			c := cells[i]
			v.Key.Cells[i] = KeyCell{Cell: c.Cell, Word: c.Word, Role: card.Cells[i].String(), Covered: c.Covered}
		}
	}
	return v
}

// seatsOf returns the seats of a game: a and b (Duet), red and blue (classic spymasters).
func seatsOf(g keycards.Game) []rules.Player {
	if g == keycards.Classic {
		return []rules.Player{rules.Red, rules.Blue}
	}
	return []rules.Player{rules.A, rules.B}
}
