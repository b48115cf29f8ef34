package photoreal

import (
	"math"

	"fieldkit/internal/scene"
	"fieldkit/markers"
)

// seatDoubt is how much lower in the picture, as a share of the grid's
// span, the middle of the side nearest the picture's bottom must lie than
// the middle of the next side for a person to name seat A's side by the
// picture alone (when no seat marker is legible). The rulebook seats the
// spymasters on one side of the table and the others opposite (003:L11-12):
// which side that is, the grid does not say. A grid standing on a corner
// of the picture, two sides about as low, says nothing about where the
// photographer sat. 7.5% is about 6 degrees of turn either way of that
// tie for a square grid; the scanner refuses within 5% of its own fitted
// lattice (turnedMargin, scan/codenames), which lies up to 1.7% of the
// span off the rendered layout, so its doubt lies inside this one.
const seatDoubt = 0.075

// whySeatDoubt is the Why of a frame unreadable by seatDoubt.
const whySeatDoubt = "no seat marker is legible and two sides of the grid lie about as near the bottom of the picture"

// judgeSeat applies the seat rule to a Codenames truth: a frame whose seat
// marker is not legible, and whose grid's two lowest sides lie within
// seatDoubt of each other, is unreadable. It only ever takes readability
// away, so it serves truth files written before the rule as well.
func judgeSeat(t *scene.Truth) {
	if !t.Readable {
		return
	}
	for _, m := range t.Markers {
		if m.ID == markers.SeatID && m.Legible {
			return
		}
	}
	if seatInDoubt(t.Default.Corners) {
		t.Readable, t.Why = false, whySeatDoubt
	}
}

// seatInDoubt reports whether the two sides of the grid with the given
// image corners (in order round the grid) lie within seatDoubt of each
// other from the picture's bottom, measured at the sides' middles.
func seatInDoubt(corners [4][2]float64) bool {
	mid := sideMiddles(corners)
	best, next := math.Inf(-1), math.Inf(-1)
	for _, p := range mid {
		switch {
		case p[1] > best:
			next, best = best, p[1]
		case p[1] > next:
			next = p[1]
		}
	}
	span := math.Max(math.Hypot(mid[0][0]-mid[2][0], mid[0][1]-mid[2][1]), math.Hypot(mid[1][0]-mid[3][0], mid[1][1]-mid[3][1]))
	return best-next < seatDoubt*span
}

// sideMiddles returns the image points of the middles of the grid's sides
// (side i runs from corner i to corner i+1) under the picture's
// perspective: side i's middle is where the line from the grid's centre
// (the diagonals' crossing) to the vanishing point of the two sides that
// meet side i crosses it. For a planar grid that is the projection of the
// side's true middle, which the halfway point of its ends is not.
func sideMiddles(c [4][2]float64) [4][2]float64 {
	h := func(p [2]float64) [3]float64 { return [3]float64{p[0], p[1], 1} }
	cross := func(a, b [3]float64) [3]float64 {
		return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
	}
	centre := cross(cross(h(c[0]), h(c[2])), cross(h(c[1]), h(c[3])))
	var out [4][2]float64
	for i := range 4 {
		p, q := h(c[i]), h(c[(i+1)%4])
		pr, qs := h(c[(i+3)%4]), h(c[(i+2)%4]) // the far ends of the sides through p and q
		v := cross(cross(p, pr), cross(q, qs))
		m := cross(cross(p, q), cross(centre, v))
		out[i] = [2]float64{m[0] / m[2], m[1] / m[2]}
	}
	return out
}
