// Package reading is the scan JSON form of an Inside Job trick (Reading):
// what `fieldkit scan --json` prints for a photo of the trick and what the
// table server keeps, referees and sends. It uses no cgo, so that the table
// server's Inside Job referee (server/insidejob) builds without OpenCV;
// package scan/insidejob makes Readings.
package reading

import "fieldkit/catalog"

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
	Refusal  string        `json:"refusal"` // "readable", or the refusal's name (NoSeats)
	Msg      *catalog.Msg  `json:"msg,omitempty"`
	Seats    []int         `json:"seats"` // seat tokens seen, in order (Larry aside)
	Larry    bool          `json:"larry"`
	Plays    []PlayReading `json:"plays"`
	Mission  *string       `json:"mission"`
	Players  *int          `json:"players"`
	Intel    int           `json:"intel"` // intel tokens seen on no card
	Warnings []string      `json:"warnings"`
	Notes    []catalog.Msg `json:"notes,omitempty"`
	MS       float64       `json:"ms"`
}

// NoSeats is the refusal of an image in which no seat token (nor Larry) is
// seen.
const NoSeats = "no-seats"

// PlayReading is one play of a Reading.
type PlayReading struct {
	Seat  *int   `json:"seat"` // nil for Larry
	Card  string `json:"card"`
	ID    int    `json:"id"`
	Wager *bool  `json:"wager"`
	Token *int   `json:"token"`
}

// Larry is the seat number of the Larry standee in a camera's play order
// (seat tokens are 1..5).
const Larry = 0

// SeatNumber is the play's seat token, or Larry.
func (p PlayReading) SeatNumber() int {
	if p.Seat == nil {
		return Larry
	}
	return *p.Seat
}

// Wager says whether an intel token lies on a played card.
type Wager uint8

// Wager states.
const (
	WagerUnknown Wager = iota // a token may lie on the card, or may not: in doubt
	NoWager                   // the card's middle is seen bare
	Wagered                   // an intel token's centre lies on the card
)

// WagerState is the play's wager as one of three states.
func (p PlayReading) WagerState() Wager {
	switch {
	case p.Wager == nil:
		return WagerUnknown
	case *p.Wager:
		return Wagered
	}
	return NoWager
}

// MissionName is the mission face read in the middle ("M07"), or "" for
// none.
func (r *Reading) MissionName() string {
	if r.Mission == nil {
		return ""
	}
	return *r.Mission
}

// DropMission forgets the mission read: the caller knows it is not the
// active mission, so the face in the middle may be a secret (the mission the
// lead rejected, laid there by mistake).
func (r *Reading) DropMission() { r.Mission = nil }
