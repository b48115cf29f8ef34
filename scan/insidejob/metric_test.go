package insidejob

import (
	"math"
	"math/rand"
	"testing"

	"fieldkit/markers"
	"fieldkit/scan"
)

// tilted returns a map from the table (mm, the middle at 0) to a 1920x1080
// frame of a camera tilted about the image's x axis by tilt degrees and
// turned by turn: about 3 px a millimetre at the middle.
func tilted(tilt, turn float64) scan.Homography {
	t, r := tilt*math.Pi/180, turn*math.Pi/180
	c, s := math.Cos(r), math.Sin(r)
	g := math.Sin(t) / 900 // the far side of the table farther from the lens
	const k = 3.0
	turned := scan.Homography{c, -s, 0, s, c, 0, 0, 0, 1}
	seen := scan.Homography{k, 960 * g, 960, 0, k*math.Cos(t) + 540*g, 540, 0, g, 1}
	return seen.Mul(turned)
}

// onTable returns a flat marker of side mm, turned by a, centred at table
// point (x, y), as seen through h.
func onTable(h scan.Homography, id int, x, y, side, a float64) scan.Marker {
	m := scan.Marker{ID: id}
	for k, q := range square(-side/2, -side/2, side) {
		ca, sa := math.Cos(a), math.Sin(a)
		p, _ := h.Apply(scan.Point{X: x + ca*q.X - sa*q.Y, Y: y + sa*q.X + ca*q.Y})
		m.Corners[k].X, m.Corners[k].Y = float32(p.X), float32(p.Y)
	}
	return m
}

// TestTableMetric: distances on the table from the markers lying flat on
// it, through a tilted camera, within 3% of the truth; an intel token shown
// at another size (on a phone's screen) is left out; markers along a line
// or too few give no metric.
func TestTableMetric(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, tc := range []struct {
		tilt, turn float64
	}{{0, 0}, {20, 30}, {35, 100}, {45, 200}} {
		h := tilted(tc.tilt, tc.turn)
		var ms []scan.Marker
		pts := [][2]float64{{0, -150}, {0, 150}, {160, 120}, {-200, 0}, {60, 20}, {-90, -80}}
		ids := []int{markers.SeatTokBase, markers.SeatTokBase + 1, markers.NumberBase, markers.MissionBase, markers.IntelBase, markers.AidBase}
		for i, p := range pts {
			ms = append(ms, onTable(h, ids[i], p[0], p[1], flatSide(ids[i]), 2*math.Pi*rng.Float64()))
		}
		ms = append(ms, onTable(h, markers.LarryID, 150, 160, 10, 0)) // a standee panel: not flat, not used
		echo := onTable(h, markers.IntelBase+1, 120, -60, 5, 0.3)     // on a phone's screen
		tm := newTableMetric(append(ms, echo))
		if !tm.ok {
			t.Fatalf("tilt %v: no metric", tc.tilt)
		}
		for _, pq := range [][2][2]float64{{{0, 150}, {160, 120}}, {{0, -150}, {0, 150}}, {{-200, 0}, {160, 120}}} {
			p, _ := h.Apply(scan.Point{X: pq[0][0], Y: pq[0][1]})
			q, _ := h.Apply(scan.Point{X: pq[1][0], Y: pq[1][1]})
			want := math.Hypot(pq[0][0]-pq[1][0], pq[0][1]-pq[1][1])
			if got := tm.dist(p, q); math.Abs(got-want) > 0.03*want {
				t.Errorf("tilt %v turn %v: %v to %v is %.1f mm, want %.1f", tc.tilt, tc.turn, pq[0], pq[1], got, want)
			}
		}
		// Three markers along a line fix no perspective across it.
		line := []scan.Marker{ms[0], ms[1], onTable(h, markers.NumberBase+1, 0, 10, cardMarker, 1)}
		if newTableMetric(line).ok {
			t.Errorf("tilt %v: a metric from three markers along a line", tc.tilt)
		}
		if newTableMetric(ms[:2]).ok {
			t.Errorf("tilt %v: a metric from two markers", tc.tilt)
		}
	}
}
