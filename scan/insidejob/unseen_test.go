package insidejob

import (
	"math"
	"slices"
	"testing"

	"fieldkit/markers"
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// round places the tests' tables: a point at angle deg (clockwise on the
// screen, y down) and r millimetres from the middle (400, 400).
func round(deg, r float64) (float64, float64) {
	a := deg * math.Pi / 180
	return 400 + r*math.Cos(a), 400 + r*math.Sin(a)
}

// roundSeat is seat token n at angle deg on a table of radius 190 mm.
func roundSeat(n int, deg float64) scan.Marker {
	x, y := round(deg, 190)
	return token(markers.SeatTokBase+n-1, x, y)
}

// roundCard is number card k (0..51) lying at angle deg, 125 mm from the
// middle: in front of a seat at about that angle.
func roundCard(k int, deg float64) []scan.Marker {
	x, y := round(deg, 125)
	return upright(markers.NumberBase+k, x, y)
}

// TestUnprovenStandee: seat tokens 1 and 2 and Larry's standee, with no
// player aid in view, may be a 2-player table with Larry, or a 3-5 player
// table whose higher seat tokens are hidden and whose standee marks the lead
// (002:L286). Only the 2-player aid proves Larry's place (the rulebook lays
// it beside the mission deck, 002:L452). Issue 25's held-out seeds 1348709
// and 1349359 (3 players, seat 3 under a hand) were read as 2-player tables
// with Larry: "seat 0 is not on the table".
func TestUnprovenStandee(t *testing.T) {
	gray := gocv.NewMatWithSize(800, 800, gocv.MatTypeCV8UC1) // no colour: a bare middle is not seen
	defer gray.Close()
	standee := func(deg, r float64) []scan.Marker { x, y := round(deg, r); return larry(x, y) }
	aid2 := token(markers.AidBase, 700, 760)
	for _, tc := range []struct {
		name    string
		ms      [][]scan.Marker
		larry   bool // Larry's place and card read
		mission bool
		told    int // the player count the caller knows (Reader.Players)
	}{
		{"a third place, no aid", [][]scan.Marker{standee(150, 195)}, false, true, 0},
		{"beside seat 1, no aid", [][]scan.Marker{standee(250, 200)}, false, false, 0},
		{"a third place and the 2-player aid", [][]scan.Marker{standee(150, 195), {aid2}}, true, true, 0},
		{"a third place, the referee says 2 players", [][]scan.Marker{standee(150, 195)}, true, true, 2},
		{"a third place, the referee says 3 players", [][]scan.Marker{standee(150, 195)}, false, false, 3},
	} {
		ms := []scan.Marker{roundSeat(1, 270), roundSeat(2, 30)}
		ms = append(ms, roundCard(3, 270)...)
		ms = append(ms, roundCard(17, 30)...)
		ms = append(ms, roundCard(40, 150)...) // in front of the standee's place
		ms = append(ms, upright(markers.MissionBase+5, 400, 400)...)
		for _, m := range tc.ms {
			ms = append(ms, m...)
		}
		obs := readTable(ms, gray, tc.told)
		hasLarry := false
		for _, s := range obs.Seats {
			hasLarry = hasLarry || s.Seat == Larry
		}
		_, larryPlays := obs.Play(Larry)
		if obs.Larry != tc.larry || hasLarry != tc.larry || larryPlays != tc.larry {
			t.Errorf("%s: Larry %v, among the seats %v, plays %v; want %v (seats %+v, plays %+v)", tc.name, obs.Larry, hasLarry, larryPlays, tc.larry, obs.Seats, obs.Plays)
		}
		for _, p := range obs.Plays {
			if p.ID == markers.NumberBase+40 && p.Seat != Larry {
				t.Errorf("%s: the card by the standee read as seat %d's", tc.name, p.Seat)
			}
		}
		if got := obs.Mission >= 0; got != tc.mission {
			t.Errorf("%s: mission read %v, want %v", tc.name, got, tc.mission)
		}
		if tc.mission {
			// Where the standee is a place, the players' cards in front
			// of their tokens are theirs either way.
			for _, s := range []int{1, 2} {
				if _, ok := obs.Play(s); !ok {
					t.Errorf("%s: seat %d's card not read (plays %+v, warnings %q)", tc.name, s, obs.Plays, obs.Warnings)
				}
			}
		}
	}
}

// TestHiddenSeatCard: a card may be given to a seat only when no seat that
// may be on the table, unseen, could own it. Rendered held-out frame 100074
// (issue 25): seat 5's token under a hand, seat 5's card nearest seat 4's
// token, and read as seat 4's. Here seats sit around a round table, seat
// 4 has not played, and the card lies in front of an unseen seat.
func TestHiddenSeatCard(t *testing.T) {
	gray := gocv.NewMatWithSize(800, 800, gocv.MatTypeCV8UC1)
	defer gray.Close()
	at := map[int]float64{1: 270, 2: 340, 3: 50, 4: 135, 5: 180}
	for _, tc := range []struct {
		name   string
		seen   []int
		aid    int     // the aid's player count, 0 for none
		card   float64 // the lone card's angle
		owner  int     // the seat it lies in front of
		nearby int     // the seen seat nearest it
		read   bool    // it is read as nearby's
	}{
		{"seat 5 unseen", []int{1, 2, 3, 4}, 0, 172, 5, 4, false},
		{"seats 1 and 5 unseen", []int{2, 3, 4}, 0, 172, 5, 4, false},
		{"seat 3 unseen", []int{1, 2, 4, 5}, 0, 20, 3, 2, false},
		{"the aid says 4: no seat 5", []int{1, 2, 3, 4}, 4, 145, 4, 4, true},
		{"seat 4's own card, seat 5 may be unseen", []int{1, 2, 3, 4}, 0, 133, 4, 4, true},
	} {
		var ms []scan.Marker
		for _, s := range tc.seen {
			ms = append(ms, roundSeat(s, at[s]))
		}
		if tc.aid > 0 {
			ms = append(ms, token(markers.AidBase+tc.aid-2, 700, 760))
		}
		// Seats 1 and 2 played in front of their tokens (but the seat
		// nearest the lone card, which has not played).
		own := map[int]int{1: 3, 2: 17}
		for s, k := range own {
			if s != tc.nearby && slices.Contains(tc.seen, s) {
				ms = append(ms, roundCard(k, at[s]+2)...)
			}
		}
		ms = append(ms, roundCard(40, tc.card)...)
		obs := read(ms, gray)
		p, ok := obs.Play(tc.nearby)
		switch {
		case tc.read && (!ok || p.ID != markers.NumberBase+40):
			t.Errorf("%s: seat %d's card not read: plays %+v, warnings %q", tc.name, tc.nearby, obs.Plays, obs.Warnings)
		case !tc.read && ok && p.ID == markers.NumberBase+40:
			t.Errorf("%s: seat %d's card read as seat %d's", tc.name, tc.owner, tc.nearby)
		}
		for s := range own {
			if _, ok := obs.Play(s); !ok && s != tc.nearby && slices.Contains(tc.seen, s) {
				t.Errorf("%s: seat %d's own card not read: plays %+v, warnings %q", tc.name, s, obs.Plays, obs.Warnings)
			}
		}
	}
}

// TestEvenTable: three seats a third of the table apart, no aid: seats 4
// and 5 may be unseen, but not both in one third (unseen.spaced), so a card
// 15 degrees off its seat toward the widest gap is still that seat's. Tuning
// seeds 201 and 247 lost such a card before the spacing rule.
func TestEvenTable(t *testing.T) {
	gray := gocv.NewMatWithSize(800, 800, gocv.MatTypeCV8UC1)
	defer gray.Close()
	var ms []scan.Marker
	for s, deg := range map[int]float64{1: 270, 2: 30, 3: 150} {
		ms = append(ms, roundSeat(s, deg))
	}
	ms = append(ms, roundCard(8, 165)...)
	obs := read(ms, gray)
	if p, ok := obs.Play(3); !ok || p.ID != markers.NumberBase+8 {
		t.Errorf("seat 3's card not read: plays %+v, warnings %q", obs.Plays, obs.Warnings)
	}
	// Seats 1 to 3 of five, 72 degrees apart, seats 4 and 5 unseen: a
	// card 30 degrees from seat 3 toward seat 4's place is not seat 3's.
	ms = ms[:0]
	for s, deg := range map[int]float64{1: 6, 2: 78, 3: 150} {
		ms = append(ms, roundSeat(s, deg))
	}
	ms = append(ms, roundCard(8, 180)...)
	obs = read(ms, gray)
	if p, ok := obs.Play(3); ok && p.ID == markers.NumberBase+8 {
		t.Errorf("a card 30 degrees toward an unseen seat's place read as seat 3's")
	}
}
