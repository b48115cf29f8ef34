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

// TestHalfSeenWebcam: a webcam frame's half-seen cell is not looked at
// again: what that look found there was the read card's other marker
// (halfSeenCells); a phone photo's is (TestHalfSeenCells).
func TestHalfSeenWebcam(t *testing.T) {
	var tb table
	for r := range 5 {
		for c := range 5 {
			id, x, y := 5*r+c, 100+80*float64(c), 100+55*float64(r)
			if id == 12 {
				tb.square(id, x-25, y, 11, 0) // the card's left marker only
				continue
			}
			tb.card(id, x, y, 0)
		}
	}
	s := &codenames.Scanner{}
	if got := s.HalfSeenCells(tb.ms, 1920, 1080); len(got) != 0 {
		t.Errorf("%d cells of a 1080p frame looked at again (%v), want none", len(got), got)
	}
	if got := s.HalfSeenCells(tb.ms, 4000, 3000); len(got) != 1 {
		t.Errorf("%d cells of a 12 MP photo looked at again (%v), want 1", len(got), got)
	}
}
