package codenames

import (
	"context"
	"encoding/json"
	"fieldkit/catalog"
	"fieldkit/scan/codenames/reading"
	"time"

	"fieldkit/deck"
	"fieldkit/server"
)

// Scanner reads photos of the table. Photos of package camera/codenames,
// handed in by cmd/fieldkit, is the real one; tests may use a stand-in.
type Scanner interface {
	// Scan reads one photo, JPEG or PNG bytes whose type and size the server
	// has already checked, with the game's printed deck (nil when the game
	// has none: the scanner then reads positions, covers and the token, but
	// not words). An error means the photo could not be decoded; a photo
	// without a readable grid is an reading.Reading with OK false. The Picture,
	// which may be nil, draws what the scanner saw.
	Scan(ctx context.Context, photo []byte, d *deck.Deck) (reading.Reading, server.Picture, error)
}

// ScanReport is what one scan did: the observation, the events it caused, the
// covers it confirmed, and what it saw that the referee does not agree with.
// The camera never changes the game silently: a contradiction is a warning
// for the host, never an event.
type ScanReport struct {
	Source      string            `json:"source"` // "upload" or "camera"
	At          time.Time         `json:"at"`
	Observation reading.Reading   `json:"observation"`
	Events      []json.RawMessage `json:"events"`              // events the scan caused, in their canonical JSON
	Confirmed   [][2]int          `json:"confirmed,omitempty"` // new covers that match the referee
	Warnings    []catalog.Msg     `json:"warnings,omitempty"`  // messages of the catalog
	Refused     *catalog.Msg      `json:"refused,omitempty"`   // why the engine refused what the scan suggested
	Words       []string          `json:"words,omitempty"`     // the game's words, read from the table by this scan

	// unsettled are the cells whose cover this scan saw but the referee
	// did not agree with: the next scan checks them again.
	unsettled [25]bool
}
