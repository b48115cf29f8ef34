package insidejob

import (
	"encoding/json"
	"math"

	"fieldkit/scan/insidejob/reading"
)

// Reading is the scan JSON form of an observation (reading.Reading, which
// the table server uses without cgo).
type Reading = reading.Reading

// PlayReading is one play of a Reading.
type PlayReading = reading.PlayReading

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
