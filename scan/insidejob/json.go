package insidejob

import (
	"encoding/json"
	"math"

	"fieldkit/catalog"
)

// Reading is the scan JSON form of what the reader read: what `fieldkit scan
// --json` prints for an Inside Job photo and what the table server keeps.
//
//	{"ok": true, "reason": "", "refusal": "readable",
//	 "seats": [1, 2, 3], "larry": false,
//	 "plays": [{"seat": 1, "card": "P8", "id": 888, "wager": true, "token": 4}, ...],
//	 "mission": "M07", "players": 3, "intel": 9, "warnings": [], "ms": 4.2}
//
// seat is null for Larry's play; wager is null when the reader cannot tell
// (a card seen by one marker, a token at a card's edge, a covered middle),
// token null without a wager; mission is null when no mission, or two, lie
// in the middle; players is null when no player aid is read. A refused
// image's reading has "msg", the reason as a message of the catalog, and
// "notes" are the warnings as messages, one for one ("reason" and
// "warnings" are the English).
type Reading struct {
	OK       bool          `json:"ok"`
	Reason   string        `json:"reason"`
	Refusal  string        `json:"refusal"`
	Msg      *catalog.Msg  `json:"msg,omitempty"`
	Seats    []int         `json:"seats"` // seat tokens seen, in order (Larry aside)
	Larry    bool          `json:"larry"`
	Plays    []PlayReading `json:"plays"`
	Mission  *string       `json:"mission"`
	Players  *int          `json:"players"`
	Intel    int           `json:"intel"` // intel tokens seen on no card
	Warnings []string      `json:"warnings"`
	Notes    []Note        `json:"notes,omitempty"`
	MS       float64       `json:"ms"`
}

// PlayReading is one play of a Reading.
type PlayReading struct {
	Seat  *int   `json:"seat"` // nil for Larry
	Card  string `json:"card"`
	ID    int    `json:"id"`
	Wager *bool  `json:"wager"`
	Token *int   `json:"token"`
}

// Reading returns the observation in the scan JSON form.
func (o *Observation) Reading() Reading {
	r := Reading{
		OK: o.OK, Reason: o.Reason, Refusal: o.Refusal.String(), Larry: o.Larry,
		Seats: []int{}, Plays: []PlayReading{}, Warnings: append([]string{}, o.Warnings...), Intel: o.Intel,
		MS: math.Round(float64(o.Elapsed.Microseconds())) / 1000,
	}
	if !o.OK && o.Why.ID != "" {
		m := o.Why
		r.Msg = &m
	}
	if len(o.Notes) > 0 {
		r.Notes = append([]Note{}, o.Notes...)
	}
	for _, s := range o.Seats {
		if s.Seat != Larry {
			r.Seats = append(r.Seats, s.Seat)
		}
	}
	for _, p := range o.Plays {
		pr := PlayReading{Card: p.Card, ID: p.ID}
		if p.Seat != Larry {
			s := p.Seat
			pr.Seat = &s
		}
		if p.Wager != WagerUnknown {
			w := p.Wager == Wagered
			pr.Wager = &w
		}
		if p.Wager == Wagered {
			t := p.Token
			pr.Token = &t
		}
		r.Plays = append(r.Plays, pr)
	}
	if o.Mission >= 0 {
		m := o.MissionName
		r.Mission = &m
	}
	if o.Players > 0 {
		n := o.Players
		r.Players = &n
	}
	return r
}

// MarshalJSON writes the scan JSON form (see Reading).
func (o Observation) MarshalJSON() ([]byte, error) { return json.Marshal(o.Reading()) }
