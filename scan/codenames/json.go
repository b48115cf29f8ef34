package codenames

import (
	"encoding/json"
	"math"
)

// The scan JSON form of an observation:
//
//	{"ok": true, "reason": "", "refusal": "readable",
//	 "cells": [{"row": 0, "col": 0, "card": 17, "word": "APPLE", "cover": "agent", "timers": 0}, ...],
//	 "token": [2, 3], "seat_a_edge": "bottom", "seat_marker": false,
//	 "corners": [[x, y], ...], "fit_error": 0.031, "ms": 4.2}
//
// cells lists the 25 cells row by row as seen from seat A (empty when ok is
// false); card, word and cover are null when nothing was seen; token is
// null when no guess token lies on the grid (and the first one when several
// do: "tokens" then lists all).
type jsonObservation struct {
	OK         bool           `json:"ok"`
	Reason     string         `json:"reason"`
	Refusal    string         `json:"refusal"`
	Cells      []jsonCell     `json:"cells"`
	Token      *[2]int        `json:"token"`
	Tokens     [][2]int       `json:"tokens,omitempty"`
	SeatAEdge  *string        `json:"seat_a_edge"`
	SeatMarker bool           `json:"seat_marker"`
	Corners    *[4][2]float64 `json:"corners"`
	FitError   float64        `json:"fit_error"`
	MS         float64        `json:"ms"`
}

type jsonCell struct {
	Row    int     `json:"row"`
	Col    int     `json:"col"`
	Card   *int    `json:"card"`
	Word   *string `json:"word"`
	Cover  *string `json:"cover"`
	Timers int     `json:"timers"`
}

func round3(v float64) float64 { return math.Round(v*1000) / 1000 }

// MarshalJSON writes the scan JSON form.
func (o Observation) MarshalJSON() ([]byte, error) {
	j := jsonObservation{
		OK: o.OK, Reason: o.Reason, Refusal: o.Refusal.String(), Cells: []jsonCell{},
		FitError: round3(o.FitError), MS: round3(float64(o.Elapsed.Microseconds()) / 1000),
		SeatMarker: o.SeatMarker,
	}
	if o.OK {
		edge := o.SeatA.String()
		j.SeatAEdge = &edge
		var cs [4][2]float64
		for i, p := range o.Corners {
			cs[i] = [2]float64{math.Round(p.X*10) / 10, math.Round(p.Y*10) / 10}
		}
		j.Corners = &cs
		for r := range 5 {
			for c := range 5 {
				cell := o.Cells[r][c]
				jc := jsonCell{Row: r, Col: c, Timers: cell.Timers}
				if cell.Card >= 0 {
					id := cell.Card
					jc.Card = &id
					if cell.Word != "" {
						w := cell.Word
						jc.Word = &w
					}
				}
				cover := ""
				switch {
				case cell.Cover != NotInDeck:
					cover = cell.Cover.String()
				case cell.Timers > 0:
					cover = "timer"
				}
				if cover != "" {
					jc.Cover = &cover
				}
				j.Cells = append(j.Cells, jc)
			}
		}
		for _, t := range o.Tokens {
			j.Tokens = append(j.Tokens, [2]int{t.Row, t.Col})
		}
		if len(j.Tokens) > 0 {
			j.Token = &j.Tokens[0]
		}
		if len(j.Tokens) < 2 {
			j.Tokens = nil
		}
	}
	return json.Marshal(j)
}
