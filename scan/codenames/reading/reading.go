// Package reading is the scan JSON form of a Codenames table (Reading):
// what `fieldkit scan --json` prints and what the table server keeps and
// sends. It uses no cgo, so that the table server's Codenames referee
// (server/codenames) builds without OpenCV; package scan/codenames makes
// Readings.
package reading

import (
	"encoding/json"

	"fieldkit/catalog"
)

// Reading is the scan JSON form of what the scanner read: what `fieldkit
// scan --json` prints for an image and what the table server sends for an
// uploaded photo or the camera's view of the table.
//
//	{"ok": true, "reason": "", "refusal": "readable",
//	 "cells": [{"row": 0, "col": 0, "card": 17, "word": "APPLE", "cover": "agent", "timers": 0}, ...],
//	 "token": [2, 3], "seat_a_edge": "bottom", "seat_marker": false,
//	 "corners": [[x, y], ...], "fit_error": 0.031, "ms": 4.2}
//
// A refused image's reading has "msg", the reason as a message of the
// catalog ({"id": "cn.scan.few_cards", "args": {"n": 6, "need": 8}}), which
// a page says in its own language ("reason" is the English).
//
// cells lists the 25 cells row by row as seen from seat A (empty when ok is
// false); card, word and cover are null when nothing was seen; token is
// null when no guess token lies on the grid (and the first one when several
// do: "tokens" then lists all); seat_a_edge and corners are null when no
// grid was read, or when the reading is a tracker's settled view of many
// frames rather than one image.
type Reading struct {
	OK      bool   `json:"ok"`
	Reason  string `json:"reason"`  // why no grid was read; "" when OK
	Refusal string `json:"refusal"` // the reason's name, e.g. "too-few-cards"; "readable" when OK
	// Msg is the reason as a message of the catalog ("cn.scan.*": what a
	// page shows in its language); none when OK.
	Msg *catalog.Msg `json:"msg,omitempty"`
	// Cells are the 25 cells row by row, as seen from seat A; none when not OK.
	Cells      []CellReading  `json:"cells"`
	Token      *[2]int        `json:"token"`                // the guess token's cell (row, col), or nil
	Tokens     [][2]int       `json:"tokens,omitempty"`     // every guess token's cell, when there are several
	SeatAEdge  string         `json:"seat_a_edge"`          // the image edge seat A sits at; "" (null) when unknown
	SeatMarker bool           `json:"seat_marker"`          // a seat marker chose seat A's edge
	PriorSeat  bool           `json:"prior_seat,omitempty"` // no seat marker now: an earlier photo's seat marker kept the orientation
	Ignored    int            `json:"ignored,omitempty"`    // pieces seen but left off the grid (spare cards, piles, doubts)
	Corners    *[4][2]float64 `json:"corners"`              // the grid's outer corners in the image (see Observation.Corners)
	FitError   float64        `json:"fit_error"`            // cells, RMS
	MS         float64        `json:"ms"`                   // the scan's time in milliseconds
}

// CellReading is one cell of a Reading.
type CellReading struct {
	Row    int    `json:"row"`
	Col    int    `json:"col"`
	Card   *int   `json:"card"`          // the word face's marker id, nil when no word card marker is seen
	Word   string `json:"word"`          // its word when the deck knows it; "" (null) otherwise
	Cover  string `json:"cover"`         // agent, assassin, bystander, red, blue, double, or timer for a cell marked only by timer tokens; "" (null) for none
	Timers int    `json:"timers"`        // timer tokens seen on the cell
	Why    string `json:"why,omitempty"` // why card is null: covered, unseen, doubt, disagree, turned (see Cell.Why)
}

// readingJSON and cellJSON are the scan JSON form as written: Reading and
// CellReading with null for an unknown edge, word or cover.
type readingJSON struct {
	OK         bool           `json:"ok"`
	Reason     string         `json:"reason"`
	Refusal    string         `json:"refusal"`
	Msg        *catalog.Msg   `json:"msg,omitempty"`
	Cells      []cellJSON     `json:"cells"`
	Token      *[2]int        `json:"token"`
	Tokens     [][2]int       `json:"tokens,omitempty"`
	SeatAEdge  *string        `json:"seat_a_edge"`
	SeatMarker bool           `json:"seat_marker"`
	PriorSeat  bool           `json:"prior_seat,omitempty"`
	Ignored    int            `json:"ignored,omitempty"`
	Corners    *[4][2]float64 `json:"corners"`
	FitError   float64        `json:"fit_error"`
	MS         float64        `json:"ms"`
}

type cellJSON struct {
	Row    int     `json:"row"`
	Col    int     `json:"col"`
	Card   *int    `json:"card"`
	Word   *string `json:"word"`
	Cover  *string `json:"cover"`
	Timers int     `json:"timers"`
	Why    string  `json:"why,omitempty"`
}

// MarshalJSON writes the scan JSON form: an empty seat_a_edge, word or cover
// is null, and cells are [] when there are none.
func (r Reading) MarshalJSON() ([]byte, error) {
	j := readingJSON{
		OK: r.OK, Reason: r.Reason, Refusal: r.Refusal, Msg: r.Msg, Cells: make([]cellJSON, len(r.Cells)),
		Token: r.Token, Tokens: r.Tokens, SeatAEdge: orNull(r.SeatAEdge), SeatMarker: r.SeatMarker, PriorSeat: r.PriorSeat, Ignored: r.Ignored,
		Corners: r.Corners, FitError: r.FitError, MS: r.MS,
	}
	for i, c := range r.Cells {
		j.Cells[i] = c.json()
	}
	return json.Marshal(j)
}

// MarshalJSON writes a cell of the scan JSON form.
func (c CellReading) MarshalJSON() ([]byte, error) { return json.Marshal(c.json()) }

func (c CellReading) json() cellJSON {
	return cellJSON{Row: c.Row, Col: c.Col, Card: c.Card, Word: orNull(c.Word), Cover: orNull(c.Cover), Timers: c.Timers, Why: c.Why}
}

func orNull(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
