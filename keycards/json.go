package keycards

import (
	"encoding/json"
	"fmt"
)

// The JSON forms of key cards (one object per card):
//
//	Duet:    {"code": "...", "game": "duet", "sides": {"a": [25 roles], "b": [25 roles]}}
//	Classic: {"code": "...", "game": "classic", "start": "red", "cells": [25 roles]}
//
// Roles are row-major; each Duet side is as seen from its own seat.

type duetJSON struct {
	Code  string `json:"code"`
	Game  string `json:"game"`
	Sides struct {
		A []Role `json:"a"`
		B []Role `json:"b"`
	} `json:"sides"`
}

type classicJSON struct {
	Code  string `json:"code"`
	Game  string `json:"game"`
	Start Role   `json:"start"`
	Cells []Role `json:"cells"`
}

// MarshalJSON writes the Duet JSON form. The card must be valid.
func (d DuetCard) MarshalJSON() ([]byte, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	var j duetJSON
	j.Code, j.Game = d.Code(), Duet.String()
	j.Sides.A, j.Sides.B = d.A[:], d.B[:]
	return json.Marshal(j)
}

// MarshalJSON writes the classic JSON form. The card must be valid.
func (c ClassicCard) MarshalJSON() ([]byte, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return json.Marshal(classicJSON{Code: c.Code(), Game: Classic.String(), Start: c.Start, Cells: c.Cells[:]})
}

// UnmarshalJSON reads the Duet JSON form, validates the layout, and checks that
// the code, when given, names the same card.
func (d *DuetCard) UnmarshalJSON(b []byte) error {
	var j duetJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return fmt.Errorf("duet key card: %w", err)
	}
	if j.Game != Duet.String() {
		return fmt.Errorf("duet key card: game is %q, want \"duet\"", j.Game)
	}
	var c DuetCard
	if err := copyCells(&c.A, j.Sides.A, "sides.a"); err != nil {
		return err
	}
	if err := copyCells(&c.B, j.Sides.B, "sides.b"); err != nil {
		return err
	}
	if err := checkJSON(c, j.Code); err != nil {
		return err
	}
	*d = c
	return nil
}

// UnmarshalJSON reads the classic JSON form, validates the layout, and checks that
// the code, when given, names the same card.
func (c *ClassicCard) UnmarshalJSON(b []byte) error {
	var j classicJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return fmt.Errorf("classic key card: %w", err)
	}
	if j.Game != Classic.String() {
		return fmt.Errorf("classic key card: game is %q, want \"classic\"", j.Game)
	}
	k := ClassicCard{Start: j.Start}
	if err := copyCells(&k.Cells, j.Cells, "cells"); err != nil {
		return err
	}
	if err := checkJSON(k, j.Code); err != nil {
		return err
	}
	*c = k
	return nil
}

func copyCells(dst *[Cells]Role, src []Role, field string) error {
	if len(src) != Cells {
		return fmt.Errorf("key card: %s has %d cells, want %d", field, len(src), Cells)
	}
	copy(dst[:], src)
	return nil
}

func checkJSON(c Card, code string) error {
	if err := c.Validate(); err != nil {
		return err
	}
	if code == "" {
		return nil
	}
	g, r, err := ParseCode(code)
	if err != nil {
		return fmt.Errorf("key card: code: %w", err)
	}
	if want := c.Code(); g != c.Game() || encode(formatFor(g), r) != want {
		return fmt.Errorf("key card: code %q does not match the cells, which are card %s", code, want)
	}
	return nil
}

// ParseJSON reads one key card in either JSON form.
func ParseJSON(b []byte) (Card, error) {
	var head struct {
		Game string `json:"game"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return nil, fmt.Errorf("key card: %w", err)
	}
	switch head.Game {
	case "duet":
		var d DuetCard
		err := d.UnmarshalJSON(b)
		return d, err
	case "classic":
		var c ClassicCard
		err := c.UnmarshalJSON(b)
		return c, err
	}
	return nil, fmt.Errorf("key card: game is %q, want \"duet\" or \"classic\"", head.Game)
}
