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
// and leaves the one read): the card's centre and the other marker's
// place, not the marker read.
func TestHalfSeenSide(t *testing.T) {
	for _, deg := range []float64{0, 180} {
		var tb table
		for r := range 5 {
			for c := range 5 {
				id, x, y := 5*r+c, 100+80*float64(c), 100+55*float64(r)
				if id == 12 {
					tb.square(id, x-25, y, 11, deg) // the card's left marker only
					continue
				}
				tb.card(id, x, y, 0)
			}
		}
		s := &codenames.Scanner{}
		got := s.HalfSeenCells(tb.ms, 1920, 1080)
		if len(got) != 1 {
			t.Fatalf("marker turned %g: %d cells looked at again (%v), want 1", deg, len(got), got)
		}
		pt := func(x, y float64) image.Point { return image.Pt(int(tablePx*x), int(tablePx*y)) }
		for _, p := range []struct {
			name string
			at   image.Point
			in   bool
		}{{"the card's centre", pt(260, 210), true}, {"the other marker's place", pt(285, 210), true}, {"the marker read", pt(235, 210), false}} {
			if p.at.In(got[0]) != p.in {
				t.Errorf("marker turned %g: the look %v holds %s %v: %v, want %v", deg, got[0], p.name, p.at, !p.in, p.in)
			}
		}
	}
}
