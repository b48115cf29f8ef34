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
// places the seats) that is about as near places a and b, or lies by
// Larry's standee standing in front of a player (front; a or b is Larry):
// the place in whose lane it lies, clearly nearer than every other
// place's lane, when that is a or b. The middle is that of the places
// seen (the centre of the circle through them, when they lie about on
// one), or at a table known to be of 2 (larry) whose standee stands in
// front of a player or beside one (larryBeside), the two players'
// midpoint (they sit opposite, 002:L457-461). ok is false when it cannot
// tell.
func laneOwner(seats []piece, a, b int, front, larry bool, card scan.Point, at func(piece) scan.Point) (owner int, ok bool) {
	var places []piece
	for _, s := range seats {
		places = append(places, piece{id: s.id, m: s.m, c: at(s)})
	}
	var p1, p2 *piece
	for i := range places {
		switch places[i].id {
		case 1:
			p1 = &places[i]
		case 2:
			p2 = &places[i]
		}
	}
	var pl *piece
	for i := range places {
		if places[i].id == Larry {
			pl = &places[i]
		}
	}
	var mid scan.Point
	switch {
	case larry && p1 != nil && p2 != nil && (front || pl != nil && math.Min(pl.c.Dist(p1.c), pl.c.Dist(p2.c)) < larryBeside*p1.c.Dist(p2.c)):
		// The rulebook's table of 2: the players opposite, the
		// standee beside one of them (as readMission's middle).
		mid = p1.c.Add(p2.c).Scale(0.5)
	case front || len(places) < 3:
		return -1, false
	default:
		mid = circleCentre(places)
		var mean float64
		for _, p := range places {
			mean += p.c.Dist(mid) / float64(len(places))
		}
		for _, p := range places {
			if r := p.c.Dist(mid); r < roundLo*mean || r > roundHi*mean {
				return -1, false // not round a middle
			}
		}
	}
	owner, near, next := -1, math.Inf(1), math.Inf(1)
	for _, p := range places {
		switch d := laneDist(p.c, mid, card); {
		case d < near:
			owner, near, next = p.id, d, near
		case d < next:
			next = d
		}
	}
	if owner != a && owner != b || near > laneWide || next < seatMargin*near || next < near+laneGap {
		return -1, false
	}
	return owner, true
}

// roundLo, roundHi: the places seen lie round a middle when each lies
// within these times their mean distance from it (an oval table of 44 x
// 30 cm keeps them within 0.8 and 1.2).
const (
	roundLo = 0.7
	roundHi = 1.3
)

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
