package codenames

import (
	"context"
	"encoding/json"
	"time"

	"fieldkit/deck"
	"fieldkit/server"
)

// Scanner reads photos of the table. PhotoScanner (package scan) is the
// real one; tests may use a stand-in.
type Scanner interface {
	// Scan reads one photo, JPEG or PNG bytes whose type and size the server
	// has already checked, with the game's printed deck (nil when the game
	// has none: the scanner then reads positions, covers and the token, but
	// not words). An error means the photo could not be decoded; a photo
	// without a readable grid is an Observation with OK false. The Picture,
	// which may be nil, draws what the scanner saw.
	Scan(ctx context.Context, photo []byte, d *deck.Deck) (Observation, server.Picture, error)
}

// Observation is what the scanner read from one image of the table, in the
// form of `fieldkit scan --json`. Cells are seen from seat A, like the API's.
type Observation struct {
	OK        bool           `json:"ok"`
	Reason    string         `json:"reason,omitempty"`  // why the grid is not readable
	Refusal   string         `json:"refusal,omitempty"` // the reason's name, e.g. "too-few-cards"
	Cells     []ObservedCell `json:"cells,omitempty"`
	Token     *[2]int        `json:"token"`                 // the guess token's cell, or null
	SeatAEdge string         `json:"seat_a_edge,omitempty"` // the image edge seat A sits at
	FitError  float64        `json:"fit_error,omitempty"`
	MS        float64        `json:"ms,omitempty"` // the scanner's time
}

// ObservedCell is one cell as the scanner saw it.
type ObservedCell struct {
	Row    int    `json:"row"`
	Col    int    `json:"col"`
	Card   *int   `json:"card"`             // the word card face's marker id, null if not seen
	Word   string `json:"word,omitempty"`   // its word, from the game's deck
	Cover  string `json:"cover,omitempty"`  // agent, bystander, assassin, red, blue, double, timer; "" for none seen
	Timers int    `json:"timers,omitempty"` // timer tokens seen on the card
}

// ScanReport is what one scan did: the observation, the events it caused, the
// covers it confirmed, and what it saw that the referee does not agree with.
// The camera never changes the game silently: a contradiction is a warning
// for the host, never an event.
type ScanReport struct {
	Source      string            `json:"source"` // "upload" or "camera"
	At          time.Time         `json:"at"`
	Observation Observation       `json:"observation"`
	Events      []json.RawMessage `json:"events"`              // events the scan caused, in their canonical JSON
	Confirmed   [][2]int          `json:"confirmed,omitempty"` // new covers that match the referee
	Warnings    []string          `json:"warnings,omitempty"`
	Refused     string            `json:"refused,omitempty"` // why the engine refused what the scan suggested
	Words       []string          `json:"words,omitempty"`   // the game's words, read from the table by this scan

	// unsettled are the cells whose cover this scan saw but the referee
	// did not agree with: the next scan checks them again.
	unsettled [25]bool
}
