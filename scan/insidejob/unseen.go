package insidejob

import (
	"math"
	"sort"

	"fieldkit/scan"
)

// Seats the picture does not show: a token under a hand or out of the
// frame, a seat the player count allows, Larry's place at a table that may
// be of 2. A card is given to a seen seat only when none of them could own
// it (issue 25: seat 5's token under a hand, its card read as seat 4's).

// wild is the place of Larry's standee when nothing proves its role: Larry
// at a 2-player table, or the lead's marker (002:L286) beside a seat token
// that is not seen.
const wild = -1

// unseen is what the table may hold beyond what is seen: the places seen
// around its middle, and how many unseen seats each gap between them may
// hold.
type unseen struct {
	ctr    scan.Point
	places []place // by angle around ctr
	gaps   []int   // unseen seats between places[i] and the next one round
	any    bool    // a seat may be unseen
	// At a table that may be of 2, the standee stands in front of the
	// second player (002:L457): behindStandee says a player is not seen,
	// who may sit right behind it (a card by the standee may be theirs);
	// standeeUnseen that the standee is not seen, whose card, before it,
	// may lie in front of either player.
	behindStandee, standeeUnseen bool
}

// place is a seat (or the standee's place) at an angle around the middle.
type place struct {
	id int // seat number, Larry, or wild
	a  float64
}

// hiddenSeats works out the unseen seats of a table whose seats (the
// standee among them when it may be a place) were seen; players is the
// table's count (the aid's or the caller's), 0 when not known. The standee
// is Larry only at a table known to be of 2; else it is wild, and no place at all where it lies
// beside a seen token (scales[i] is seats[i]'s pixels per millimetre).
func hiddenSeats(seats []piece, players int, scales []float64) unseen {
	var u unseen
	seen := map[int]bool{}
	standee, beside := false, false
	for i, s := range seats {
		seen[s.id] = true
		if s.id == Larry {
			standee = true
			beside = players != 2 && besideToken(seats, i, scales)
		}
	}
	// The places: the tokens, Larry's standee (wild when not proven, and
	// none beside a token).
	var pts []piece
	for _, s := range seats {
		if s.id == Larry && players != 2 {
			if beside {
				continue
			}
			s.id = wild
		}
		pts = append(pts, s)
	}
	switch len(pts) {
	case 0:
		return u
	case 1:
		u.any = true
		return u
	case 2:
		u.ctr = pts[0].c.Add(pts[1].c).Scale(0.5)
	default:
		u.ctr = circleCentre(pts)
	}
	for _, p := range pts {
		d := p.c.Sub(u.ctr)
		u.places = append(u.places, place{p.id, math.Atan2(d.Y, d.X)})
	}
	sort.Slice(u.places, func(i, j int) bool { return u.places[i].a < u.places[j].a })
	u.gaps = make([]int, len(u.places))
	ok := false
	sizes := tableSizes(seen, players)
	if sizes[0] == 2 {
		u.behindStandee = standee && (!seen[1] || !seen[2])
		u.standeeUnseen = !standee
	}
	for _, n := range sizes {
		// The seats round the table in order, Larry among them at 2
		// players (after seat 2: with three places, either order is
		// one of the two ways round). Larry's standee beside a token
		// is no place.
		var cycle []int
		for k := 1; k <= n; k++ {
			cycle = append(cycle, k)
		}
		if n == 2 && !(standee && beside) {
			cycle = append(cycle, Larry)
		}
		for _, k := range cycle {
			if !seen[k] && !(k == Larry && standee) {
				u.any = true
			}
		}
		for _, wildIs := range wildSeats(cycle, seen, standee && !beside) {
			for _, dir := range []int{1, -1} {
				if u.fit(cycle, wildIs, dir) {
					ok = true
				}
			}
		}
	}
	if !ok {
		// No table of 2 to 5 seats in order fits what is seen: any gap
		// may hold any seat.
		u.any = true
		for i := range u.gaps {
			u.gaps[i] = 5
		}
		return u
	}
	u.spaced()
	return u
}

// spaced lowers each gap's count of unseen seats to what fits it: seats
// that share a gap evenly lie at least evenShare times the narrowest gap
// between two neighbours seen (none between them) apart. Three seats a
// third of the table apart are then not taken for five with two hidden
// in one third.
func (u *unseen) spaced() {
	ref := math.Inf(1)
	for i, m := range u.gaps {
		if m == 0 {
			ref = math.Min(ref, turn(u.places[(i+1)%len(u.places)].a-u.places[i].a))
		}
	}
	if math.IsInf(ref, 1) {
		return
	}
	for i := range u.gaps {
		g := turn(u.places[(i+1)%len(u.places)].a - u.places[i].a)
		for u.gaps[i] > 0 && g/float64(u.gaps[i]+1) < evenShare*ref {
			u.gaps[i]--
		}
	}
}

// evenShare: see spaced.
const evenShare = 0.5

// tableSizes returns the seat counts the table may have: the aid's, or
// from the highest seat token seen to 5 (2 only with no token above 2).
func tableSizes(seen map[int]bool, players int) []int {
	if players > 0 {
		return []int{players}
	}
	lo := 2
	for k := 3; k <= 5; k++ {
		if seen[k] {
			lo = k
		}
	}
	var out []int
	for n := lo; n <= 5; n++ {
		out = append(out, n)
	}
	return out
}

// wildSeats returns what the wild place may be in a table of cycle's
// seats: Larry, or an unseen seat whose lead's marker it is; nil without
// a wild place (one entry, -2, that no place has).
func wildSeats(cycle []int, seen map[int]bool, wildPlace bool) []int {
	if !wildPlace {
		return []int{-2}
	}
	var out []int
	for _, k := range cycle {
		if k == Larry || !seen[k] {
			out = append(out, k)
		}
	}
	return out
}

// fit places the places on the cycle of seats (the wild one as seat
// wildIs), going round the way dir: when they lie round the table in that
// order, it raises each gap's count to the cycle's seats between its two
// places and reports true.
func (u *unseen) fit(cycle []int, wildIs, dir int) bool {
	pos := map[int]int{}
	for i, k := range cycle {
		pos[k] = i
	}
	L := len(cycle)
	q := make([]int, len(u.places))
	used := map[int]bool{}
	for i, p := range u.places {
		id := p.id
		if id == wild {
			id = wildIs
		}
		at, ok := pos[id]
		if !ok || used[id] {
			return false
		}
		used[id] = true
		q[i] = ((dir*at)%L + L) % L
	}
	steps := make([]int, len(q))
	lap := 0
	for i := range q {
		steps[i] = ((q[(i+1)%len(q)]-q[i])%L + L) % L
		if steps[i] == 0 {
			return false
		}
		lap += steps[i]
	}
	if lap != L {
		return false
	}
	for i := range steps {
		u.gaps[i] = max(u.gaps[i], steps[i]-1)
	}
	return true
}

// besideToken reports whether the standee seats[i] lies within larryApart
// of a seen seat token (by that token's scale): the lead's marker, or Larry
// in front of the second player (002:L457).
func besideToken(seats []piece, i int, scales []float64) bool {
	for j, s := range seats {
		if j != i && s.id != Larry && scales[j] > 0 && seats[i].c.Dist(s.c)/scales[j] < larryApart {
			return true
		}
	}
	return false
}

// circleCentre returns the centre of the circle through the points (least
// squares), or their centroid when the fit fails or lies far off them: the
// middle of a table whose seats may not all be seen.
func circleCentre(pts []piece) scan.Point {
	var ctr scan.Point
	for _, p := range pts {
		ctr = ctr.Add(p.c.Scale(1 / float64(len(pts))))
	}
	spread := 0.0
	for _, p := range pts {
		spread = math.Max(spread, p.c.Dist(ctr))
	}
	// x² + y² + D x + E y + F = 0, about the centroid.
	var a [3][4]float64
	for _, p := range pts {
		q := p.c.Sub(ctr)
		row := [4]float64{q.X, q.Y, 1, -(q.X*q.X + q.Y*q.Y)}
		for i := range 3 {
			for j := range 4 {
				a[i][j] += row[i] * row[j]
			}
		}
	}
	x, ok := solve3(a)
	if !ok {
		return ctr
	}
	c := scan.Point{X: -x[0] / 2, Y: -x[1] / 2}
	if c.Norm() > spread {
		return ctr // three seats nearly in line: no circle to trust
	}
	return ctr.Add(c)
}

// solve3 solves a 3x3 linear system given as its augmented matrix.
func solve3(a [3][4]float64) ([3]float64, bool) {
	for c := range 3 {
		p := c
		for r := c + 1; r < 3; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-9 {
			return [3]float64{}, false
		}
		a[c], a[p] = a[p], a[c]
		for r := range 3 {
			if r != c {
				k := a[r][c] / a[c][c]
				for j := c; j < 4; j++ {
					a[r][j] -= k * a[c][j]
				}
			}
		}
	}
	return [3]float64{a[0][3] / a[0][0], a[1][3] / a[1][1], a[2][3] / a[2][2]}, true
}

// mayOwn reports whether a seat that is not seen may own a card whose
// centre lies at c in the image and which is nearest seen seat s: the card
// lies on the side of s toward a gap between places that may hold unseen
// seats, and not seatMargin times nearer s, by angle around the middle,
// than the nearest of them can be (the gap shared evenly, hiddenShare of
// an even share at the least). At a table that may be of 2, a card by the
// standee may be an unseen player's, and a card by a player Larry's when
// the standee is not seen (behindStandee, standeeUnseen).
func (u *unseen) mayOwn(c scan.Point, s int) bool {
	if s == Larry && u.behindStandee || s != Larry && u.standeeUnseen {
		return true
	}
	if !u.any {
		return false
	}
	if len(u.places) < 2 {
		return true
	}
	k := -1
	for i, p := range u.places {
		if p.id == s {
			k = i
		}
	}
	if k < 0 {
		return true
	}
	d := c.Sub(u.ctr)
	a := u.places[k].a
	delta := angleDiff(math.Atan2(d.Y, d.X), a)
	// The neighbouring place on the card's side, and the gap to it.
	n := u.places[(k+1)%len(u.places)]
	gap := turn(n.a - a)
	if delta < 0 {
		n = u.places[(k+len(u.places)-1)%len(u.places)]
		gap = turn(a - n.a)
	}
	m := u.gaps[k]
	if delta < 0 {
		m = u.gaps[(k+len(u.places)-1)%len(u.places)]
	}
	if m == 0 {
		return false
	}
	nearest := hiddenShare * gap / float64(m+1)
	return math.Abs(delta)*(1+seatMargin) >= nearest
}

// hiddenShare: an unseen seat in a gap between two places lies at least
// this share of an even share of the gap from either end.
const hiddenShare = 0.8

// turn returns the angle a in (0, 2pi]: how far round from one place to
// the next.
func turn(a float64) float64 {
	a = math.Mod(a, 2*math.Pi)
	if a <= 0 {
		a += 2 * math.Pi
	}
	return a
}

// angleDiff returns a - b in (-pi, pi].
func angleDiff(a, b float64) float64 {
	d := math.Mod(a-b, 2*math.Pi)
	switch {
	case d > math.Pi:
		d -= 2 * math.Pi
	case d <= -math.Pi:
		d += 2 * math.Pi
	}
	return d
}
