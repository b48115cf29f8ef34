package codenames

import (
	"math"
	"testing"

	"fieldkit/scan"
)

// TestSeatTurned turns an oblong grid (cells 300 x 200 px, square on) in
// the picture. Without a seat marker, seat A is the side nearest the
// image's bottom; where two sides lie about as near (at tan = 200/300,
// 33.7 degrees, and its mirror), that side would be a guess and orient
// says the grid is turned, so the scanner refuses (a rendered phone photo
// turned near the tie had all 25 cells read turned from the truth's side).
// A seat marker decides at any angle.
func TestSeatTurned(t *testing.T) {
	const w, h = 300.0, 200.0
	tie := math.Atan2(h, w) * 180 / math.Pi
	for _, tc := range []struct {
		deg    float64
		seat   bool
		turned bool
	}{
		{0, false, false}, {20, false, false}, {45, false, false}, {90, false, false}, {160, false, false},
		{tie, false, true}, {tie - 1.5, false, true}, {tie + 1.5, false, true}, {180 - tie, false, true},
		{tie, true, false},
	} {
		a := tc.deg * math.Pi / 180
		c, s := math.Cos(a), math.Sin(a)
		toImage := scan.Homography{
			w * c, -h * s, 2000 - 2*w*c + 2*h*s,
			w * s, h * c, 1500 - 2*w*s - 2*h*c,
			0, 0, 1,
		}
		toGrid, ok := toImage.Inverse()
		if !ok {
			t.Fatal("not invertible")
		}
		var ev []*evidence
		if tc.seat {
			at, _ := toImage.Apply(scan.Point{X: 2, Y: 5.2}) // beyond the row 4 side
			ev = append(ev, &evidence{kind: Seat, c: at})
		}
		_, _, seat, turned := orient(&lattice{toGrid: toGrid}, ev)
		if seat != tc.seat || turned != tc.turned {
			t.Errorf("turned %.1f degrees, seat marker %v: orient says seat %v, turned %v; want turned %v", tc.deg, tc.seat, seat, turned, tc.turned)
		}
	}
}
