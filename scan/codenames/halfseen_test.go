package codenames_test

import (
	"image"
	"testing"

	"fieldkit/markers"
	"fieldkit/scan/codenames"
)

// TestHalfSeenCells: a cell whose card showed one marker and no cover is
// looked at again at full size (a cover lying there, or the card's other
// marker, may be too small for the halved pass); a whole card, or a lone
// marker beside a cover read on its cell, is not.
func TestHalfSeenCells(t *testing.T) {
	var tb table
	for r := range 5 {
		for c := range 5 {
			id, x, y := 5*r+c, 100+80*float64(c), 100+55*float64(r)
			switch id {
			case 12, 7: // one marker only
				tb.square(id, x-25, y, 11, 0)
			default:
				tb.card(id, x, y, 0)
			}
			if id == 7 {
				tb.square(markers.DuetAgentBase, x, y, 16, 0) // a cover, read
			}
		}
	}
	s := &codenames.Scanner{}
	got := s.HalfSeenCells(tb.ms, 2000, 1500)
	if len(got) != 1 {
		t.Fatalf("%d cells looked at again (%v), want 1: the card read by one marker, no cover", len(got), got)
	}
	if mid := (image.Point{X: tablePx * 260, Y: tablePx * 210}); !mid.In(got[0]) {
		t.Errorf("the cell looked at again is %v; it does not hold the half-seen card's centre %v", got[0], mid)
	}
}

// TestHalfSeenSide: in a webcam frame the half-seen cell's look covers only
// the side of the card's other marker (what it looks for hides that marker
// and leaves the one read): the card's centre, a cover's marker up to 10
// mm behind it, and the other marker's place, not the marker read; also
// when the card lies 12 mm off its cell's centre toward the marker read.
func TestHalfSeenSide(t *testing.T) {
	for _, tc := range []struct {
		deg, shift float64
	}{{0, 0}, {180, 0}, {0, -12}, {180, -12}} {
		var tb table
		for r := range 5 {
			for c := range 5 {
				id, x, y := 5*r+c, 100+80*float64(c), 100+55*float64(r)
				if id == 12 {
					tb.square(id, x+tc.shift-25, y, 11, tc.deg) // the card's left marker only
					continue
				}
				tb.card(id, x, y, 0)
			}
		}
		s := &codenames.Scanner{}
		got := s.HalfSeenCells(tb.ms, 1920, 1080)
		if len(got) != 1 {
			t.Fatalf("%+v: %d cells looked at again (%v), want 1", tc, len(got), got)
		}
		pt := func(x float64) image.Point { return image.Pt(int(tablePx*(260+tc.shift+x)), int(tablePx*210)) }
		for _, p := range []struct {
			name string
			at   image.Point
			in   bool
		}{
			{"the card's centre", pt(0), true},
			{"10 mm behind the card's centre", pt(-10), true},
			{"the other marker's place", pt(25), true},
			{"the marker read", pt(-25), false},
		} {
			if p.at.In(got[0]) != p.in {
				t.Errorf("%+v: the look %v holds %s %v: %v, want %v", tc, got[0], p.name, p.at, !p.in, p.in)
			}
		}
	}
}
