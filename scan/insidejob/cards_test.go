package insidejob

import (
	"testing"

	"fieldkit/markers"
	"fieldkit/scan"
)

// TestTwoMarkersTilted: a number card's two markers in a 12 MP photo tilted
// 42 degrees (rendered tuning frame 23-phone, the corners as the shrunk
// first pass found them): seen from the farther, smaller marker, the nearer
// one lies 27 mm from where the card prints it, past twoMarkers; from the
// nearer one, 10 mm. Judged from one marker, the card's "two markers
// disagree" and seat 3's card was not read; judged from both, it is one card.
func TestTwoMarkersTilted(t *testing.T) {
	mk := func(c [4][2]float32) scan.Marker {
		m := scan.Marker{ID: markers.NumberBase + 25}
		for k := range c {
			m.Corners[k].X, m.Corners[k].Y = c[k][0], c[k][1]
		}
		return m
	}
	far := mk([4][2]float32{{2036.6963, 1935.4738}, {2047.6667, 1859.5933}, {2097.3477, 1842.5955}, {2093.131, 1910.2784}})
	near := mk([4][2]float32{{1715.7075, 1780.565}, {1718.3835, 1702.138}, {1790.1145, 1675.9895}, {1793.7314, 1765.5024}})
	for _, g := range [][]scan.Marker{{far, near}, {near, far}} {
		if c := numberCard(g[0].ID, g); !c.ok || len(c.maps) != 1 {
			t.Errorf("markers %v first: ok %v, %d maps; want one card", g[0].Corners[0], c.ok, len(c.maps))
		}
	}
	// The same marker twice, 40 mm apart: no card.
	moved := mk([4][2]float32{{1715.7075, 1580.565}, {1718.3835, 1502.138}, {1790.1145, 1475.9895}, {1793.7314, 1565.5024}})
	if c := numberCard(far.ID, []scan.Marker{far, moved}); c.ok {
		t.Errorf("markers out of place read as one card")
	}
}
