package photoreal

import (
	"encoding/json"
	"math"
	"testing"

	"fieldkit/internal/scene"
	"fieldkit/markers"
)

// turnedSquare is a grid 1,000 px across turned deg degrees in the
// picture, its corners in order round it.
func turnedSquare(deg float64) [4][2]float64 {
	var c [4][2]float64
	s, co := math.Sincos(deg * math.Pi / 180)
	for i, q := range [4][2]float64{{-500, -500}, {500, -500}, {500, 500}, {-500, 500}} {
		c[i] = [2]float64{2000 + co*q[0] - s*q[1], 1500 + s*q[0] + co*q[1]}
	}
	return c
}

// perspective is a square 0..1 seen through a homography, as a phone
// tilted toward the grid's far side sees it.
func perspective(x, y float64) [2]float64 {
	h := [9]float64{1800, 600, 1000, -300, 1500, 700, -0.1, 0.35, 1}
	w := h[6]*x + h[7]*y + h[8]
	return [2]float64{(h[0]*x + h[1]*y + h[2]) / w, (h[3]*x + h[4]*y + h[5]) / w}
}

func TestSideMiddles(t *testing.T) {
	c := [4][2]float64{perspective(0, 0), perspective(1, 0), perspective(1, 1), perspective(0, 1)}
	want := [4][2]float64{perspective(0.5, 0), perspective(1, 0.5), perspective(0.5, 1), perspective(0, 0.5)}
	got := sideMiddles(c)
	for i := range 4 {
		if d := math.Hypot(got[i][0]-want[i][0], got[i][1]-want[i][1]); d > 1e-6 {
			t.Errorf("side %d: middle %v, want %v", i, got[i], want[i])
		}
	}
}

func TestSeatInDoubt(t *testing.T) {
	for _, tc := range []struct {
		name    string
		corners [4][2]float64
		doubt   bool
	}{
		{"square to the picture", turnedSquare(0), false},
		{"turned 30 degrees", turnedSquare(30), false},
		{"turned 38 degrees", turnedSquare(38), false},
		{"on a corner", turnedSquare(45), true},
		{"3 degrees off the corner", turnedSquare(42), true},
		{"5 degrees off the corner", turnedSquare(50), true},
		{"turned 53 degrees", turnedSquare(53), false},
		// Rendered phone photo 200005 (seat marker under a pile): the
		// halfway points of the lowest two sides' ends lie 72 px apart,
		// their true middles 3 px.
		{"rendered 200005", [4][2]float64{{2284.1, 269.7}, {3664.0, 1504.2}, {3037.4, 2512.8}, {1384.0, 1359.7}}, true},
		{"a tilted grid, plainly turned", [4][2]float64{perspective(0, 0), perspective(1, 0), perspective(1, 1), perspective(0, 1)}, false},
	} {
		if got := seatInDoubt(tc.corners); got != tc.doubt {
			t.Errorf("%s: in doubt %v, want %v", tc.name, got, tc.doubt)
		}
	}
}

func TestJudgeSeat(t *testing.T) {
	tie := turnedSquare(44)
	seat := func(legible bool) []scene.MarkerTruth {
		return []scene.MarkerTruth{{ID: 7, Legible: true}, {ID: markers.SeatID, Legible: legible}}
	}
	for _, tc := range []struct {
		name     string
		corners  [4][2]float64
		markers  []scene.MarkerTruth
		readable bool // before
		want     bool
		why      string
	}{
		{"tie, no seat marker", tie, seat(false)[:1], true, false, whySeatDoubt},
		{"tie, seat marker illegible", tie, seat(false), true, false, whySeatDoubt},
		{"tie, seat marker legible", tie, seat(true), true, true, ""},
		{"one side lowest", turnedSquare(10), seat(false), true, true, ""},
		{"unreadable already", tie, seat(false), false, false, "fewer than 12 cells"},
	} {
		tr := scene.Truth{Readable: tc.readable, Markers: tc.markers}
		if !tc.readable {
			tr.Why = "fewer than 12 cells"
		}
		tr.Default.Corners = tc.corners
		judgeSeat(&tr)
		if tr.Readable != tc.want || tr.Why != tc.why {
			t.Errorf("%s: readable %v (%q), want %v (%q)", tc.name, tr.Readable, tr.Why, tc.want, tc.why)
		}
	}
}

// TestParseSeatRule: a truth file written before the seat rule, readable
// with its grid on a corner and no seat marker, is unreadable once read.
func TestParseSeatRule(t *testing.T) {
	f := validCodenames()
	f.Codenames.Default.Corners = turnedSquare(45)
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if g.Codenames.Readable || g.Codenames.Why != whySeatDoubt {
		t.Errorf("readable %v (%q), want unreadable by the seat rule", g.Codenames.Readable, g.Codenames.Why)
	}
}
