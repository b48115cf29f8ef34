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
