package insidejob

import (
	"testing"

	"fieldkit/scan/insidejob/reading"
)

// TestReadingNames checks that the cgo-free reading says the reader's
// refusals and wagers as the reader does.
func TestReadingNames(t *testing.T) {
	if NoSeats.String() != reading.NoSeats {
		t.Errorf("NoSeats is %q here, %q in package reading", NoSeats, reading.NoSeats)
	}
	if Larry != reading.Larry {
		t.Errorf("Larry is seat %d here, %d in package reading", Larry, reading.Larry)
	}
	for _, w := range []Wager{WagerUnknown, NoWager, Wagered} {
		o := Observation{OK: true, Mission: -1, Plays: []Play{{Seat: 2, Card: "Y3", ID: 870, Wager: w, Token: 1}, {Seat: Larry, Card: "B7", ID: 914, Wager: w}}}
		r := o.Reading()
		for i, p := range r.Plays {
			if got := p.WagerState(); int(got) != int(w) {
				t.Errorf("wager %v: the reading says %d", w, got)
			}
			if got := p.SeatNumber(); got != o.Plays[i].Seat {
				t.Errorf("seat %d: the reading says %d", o.Plays[i].Seat, got)
			}
		}
	}
	o := Observation{OK: true, Mission: 7, MissionName: "M07"}
	r := o.Reading()
	if r.MissionName() != "M07" {
		t.Errorf("MissionName = %q", r.MissionName())
	}
	r.DropMission()
	if r.MissionName() != "" || r.Mission != nil {
		t.Errorf("after DropMission: %q", r.MissionName())
	}
}
