package codenames

import (
	rules "fieldkit/engine/codenames"
	"fieldkit/keycards"
)

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

// seatKey returns the key that seat p holds.
func seatKey(s rules.Session, p rules.Player) SeatKey {
	var key SeatKey
	cells := s.View().Cells
	switch s.Setup().Game {
	case keycards.Duet:
		side := s.Duet().Card().Side(keycards.SideA)
		if p == rules.B {
			side = s.Duet().Card().Side(keycards.SideB)
		}
		key = SeatKey{Side: p.String(), Cells: make([]KeyCell, 25)}
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
			key.Cells[j] = k
		}
	case keycards.Classic:
		card := s.Classic().Card()
		key = SeatKey{Start: card.Start.String(), Cells: make([]KeyCell, 25)}
		for i := range 25 {
			c := cells[i]
			key.Cells[i] = KeyCell{Cell: c.Cell, Word: c.Word, Role: card.Cells[i].String(), Covered: c.Covered}
		}
	}
	return key
}
