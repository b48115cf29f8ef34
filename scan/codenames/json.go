package codenames

import (
	"encoding/json"
	"math"

	"fieldkit/scan/codenames/reading"
)

// Reading is the scan JSON form of what the scanner read (package
// reading, which uses no cgo).
type Reading = reading.Reading

// CellReading is one cell of a Reading.
type CellReading = reading.CellReading

func round3(v float64) float64 { return math.Round(v*1000) / 1000 }

// Reading returns the observation in the scan JSON form.
func (o *Observation) Reading() Reading {
	r := Reading{
		OK: o.OK, Reason: o.Reason, Refusal: o.Refusal.String(),
		FitError: round3(o.FitError), MS: round3(float64(o.Elapsed.Microseconds()) / 1000),
		SeatMarker: o.SeatMarker, PriorSeat: o.PriorSeat, Ignored: len(o.Ignored),
	}
	if !o.OK {
		if o.Why.ID != "" {
			m := o.Why
			r.Msg = &m
		}
		return r
	}
	r.SeatAEdge = o.SeatA.String()
	var cs [4][2]float64
	for i, p := range o.Corners {
		cs[i] = [2]float64{math.Round(p.X*10) / 10, math.Round(p.Y*10) / 10}
	}
	r.Corners = &cs
	for row := range 5 {
		for col := range 5 {
			cell := o.Cells[row][col]
			cr := cellReading(row, col, cell.Card, cell.Word, cell.Cover, cell.Timers)
			if cell.Card < 0 {
				cr.Why = cell.Why
			}
			r.Cells = append(r.Cells, cr)
		}
	}
	for _, t := range o.Tokens {
		r.Tokens = append(r.Tokens, [2]int{t.Row, t.Col})
	}
	if len(r.Tokens) > 0 {
		r.Token = &r.Tokens[0]
	}
	if len(r.Tokens) < 2 {
		r.Tokens = nil
	}
	return r
}

// MarshalJSON writes the scan JSON form (see Reading).
func (o Observation) MarshalJSON() ([]byte, error) { return json.Marshal(o.Reading()) }

// Reading returns the tracker's settled view of the table in the scan JSON
// form: what every cell held over the last frames, not one frame. It has no
// image geometry (seat_a_edge and corners are null, fit_error and ms 0).
func (t *Tracker) Reading() Reading {
	r := Reading{OK: true, Refusal: Readable.String()}
	for row := range 5 {
		for col := range 5 {
			cs := t.state[row][col]
			r.Cells = append(r.Cells, cellReading(row, col, cs.Card, cs.Word, cs.Cover, cs.Timers))
		}
	}
	if t.token != nil {
		r.Token = &[2]int{t.token.Row, t.token.Col}
	}
	return r
}

// cellReading builds a cell of the scan JSON form; card is -1 when no word
// card was seen.
func cellReading(row, col, card int, word string, cover Kind, timers int) CellReading {
	c := CellReading{Row: row, Col: col, Timers: timers}
	if card >= 0 {
		id := card
		c.Card = &id
		c.Word = word
	}
	switch {
	case cover != NotInDeck:
		c.Cover = cover.String()
	case timers > 0:
		c.Cover = "timer"
	}
	return c
}
