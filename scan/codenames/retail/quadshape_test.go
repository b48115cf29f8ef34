package retail

import (
	"image"
	"math"
	"testing"
)

// TestParallelOutline: rendered 300756-webcam (a grey cloth, the frame as
// rendered): SORVETE's pale band, near the cloth's colour, thins the card
// mask's top left corner to a sliver, and the outline's four-cornered
// polygon put that corner on the card's left side, well below the card's
// corner: a quad whose top edge crossed the upper copy, the band read
// nothing. The outline whose polygon is no near parallelogram now takes
// its rotated box: each corner of the card found there lies within 0.15
// of a card's short side of the card's own corners (the chroma pass's
// outline, checked by eye).
func TestParallelOutline(t *testing.T) {
	img := testImage(t, "rendered-300756-sorvete.jpg")
	defer img.Close()
	quads, short, cm := findCards(img)
	defer cm.Close()
	want := Quad{{1118, 320}, {1338, 354}, {1328, 462}, {1096, 418}}
	var got *Quad
	for i, q := range quads {
		if dist(q.centre(), want.centre()) < 0.3*short {
			got = &quads[i]
		}
	}
	if got == nil {
		t.Fatalf("no card found on SORVETE's cell (%d cards)", len(quads))
	}
	worst := 0.0
	for j := range want {
		worst = max(worst, dist(got[j], want[j])/short)
		if d := dist(got[j], want[j]); d > 0.15*short {
			t.Errorf("corner %d at %.0f, want %.0f: %.2f of a card's short side off", j, got[j], want[j], d/short)
		}
	}
	t.Logf("%.0f: its corners at most %.2f of a card's short side off", *got, worst)
}

// TestParallel: parallel's bound on opposite sides.
func TestParallel(t *testing.T) {
	for _, tc := range []struct {
		name string
		ps   []image.Point
		want bool
	}{
		{"rectangle", []image.Point{{0, 0}, {200, 0}, {200, 100}, {0, 100}}, true},
		{"perspective 0.85", []image.Point{{15, 0}, {185, 0}, {200, 100}, {0, 100}}, true},
		{"left side 0.73", []image.Point{{553, 169}, {667, 177}, {662, 230}, {548, 207}}, false},
		{"top 0.7", []image.Point{{30, 0}, {170, 0}, {200, 100}, {0, 100}}, false},
	} {
		if got := parallel(tc.ps); got != tc.want {
			t.Errorf("%s: parallel(%v) = %v, want %v", tc.name, tc.ps, got, tc.want)
		}
	}
}

// TestLargestQuad: the largest quadrilateral on a convex polygon's corners
// keeps a corner the polygon's sliver holds (300756-webcam's outline, its
// hull's corners in mask pixels), and there is none for three corners.
func TestLargestQuad(t *testing.T) {
	hull := []image.Point{{561, 159}, {548, 204}, {547, 206}, {548, 207}, {660, 228}, {662, 230}, {669, 185}, {670, 179}, {563, 159}}
	got, a := largestQuad(hull)
	want := []image.Point{{561, 159}, {547, 206}, {662, 230}, {670, 179}}
	if len(got) != 4 || a <= 0 {
		t.Fatalf("largestQuad(%v) = %v, %.0f, want %v", hull, got, a, want)
	}
	for j := range want {
		if math.Abs(float64(got[j].X-want[j].X)) > 1 || math.Abs(float64(got[j].Y-want[j].Y)) > 1 {
			t.Errorf("largestQuad(%v) = %v, want %v within a pixel", hull, got, want)
			break
		}
	}
	if got, a := largestQuad(hull[:3]); got != nil || a != 0 {
		t.Errorf("largestQuad(three corners) = %v, %.0f, want nil, 0", got, a)
	}
}
