package insidejob

import (
	"math"

	"fieldkit/scan"
)

// The rulebook's 2-player table (002:L457-461): the second player lays
// Larry's standee in front of themselves, so it stands within reach of
// that player's card, and Larry's card lies before it. The nearest place
// does not tell whose a card by them is; where it lies toward the middle
// does: a player's card lies in front of their token, Larry's before his
// standee.

// Lanes, in millimetres of the table.
const (
	// laneMin: a place's lane starts this far in front of it, toward the
	// middle: half a card's length (a card whose centre is nearer lies
	// beside or under the piece, not before it); it ends at maxReach.
	laneMin = 45.0
	// laneWide: a card is in a lane when its centre lies at most this
	// far from it (a third of a card's width).
	laneWide = 21.0
	// laneGap: the other lane must lie at least this much farther (and
	// seatMargin times as far).
	laneGap = 10.0
)

// laneOwner decides whose is a card centred at card (millimetres, as at
// places the seats) when Larry's standee stands in front of player o (seat
// 1 or 2) at a table of 2: Larry's or o's, by whose lane it lies in,
// clearly nearer than the other's; the other player must lie seatMargin
// times farther than the owner. ok is false when it cannot tell.
func laneOwner(seats []piece, o int, card scan.Point, at func(piece) scan.Point) (owner int, ok bool) {
	var pl [3]*piece // Larry, seat 1, seat 2
	for i := range seats {
		if id := seats[i].id; id >= 0 && id <= 2 {
			pl[id] = &seats[i]
		}
	}
	if pl[0] == nil || pl[1] == nil || pl[2] == nil || o < 1 || o > 2 {
		return -1, false
	}
	// The middle: between the two players, who sit opposite (the
	// standee's own place is off the line between them).
	mid := at(*pl[1]).Add(at(*pl[2])).Scale(0.5)
	dL := laneDist(at(*pl[0]), mid, card)
	dO := laneDist(at(*pl[o]), mid, card)
	owner, near, far := Larry, dL, dO
	if dO < dL {
		owner, near, far = o, dO, dL
	}
	if near > laneWide || far < seatMargin*near || far < near+laneGap {
		return -1, false
	}
	other := at(*pl[3-o]).Dist(card)
	if other < seatMargin*at(*pl[owner]).Dist(card) {
		return -1, false
	}
	return owner, true
}

// laneDist returns how far point c lies from the lane of a place at p:
// the segment from laneMin to maxReach in front of it, toward mid.
func laneDist(p, mid, c scan.Point) float64 {
	d := mid.Sub(p)
	l := d.Norm()
	if l < 1e-9 {
		return math.Inf(1)
	}
	u := d.Scale(1 / l)
	q := c.Sub(p)
	along := q.Dot(u)
	side := math.Abs(q.Cross(u))
	switch {
	case along < laneMin:
		return math.Hypot(laneMin-along, side)
	case along > maxReach:
		return math.Hypot(along-maxReach, side)
	}
	return side
}
