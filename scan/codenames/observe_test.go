package codenames_test

import (
	"testing"

	"fieldkit/internal/scene"
	"fieldkit/scan"
	"fieldkit/scan/codenames"
)

// TestPriorGrid: a frame showing too few pieces to fit a grid is refused
// alone, and read with the grid of an earlier frame.
func TestPriorGrid(t *testing.T) {
	p := scene.Params{Seed: 5, Size: scene.Size1080p, Fill: 0.95, Tilt: 20, Gap: 8, Covers: 4, Duet: true}
	s, full := scanScene(t, p)
	// Keep the markers of five cells only.
	var few []scan.Marker
	keep := map[int]bool{}
	for r := range 5 {
		if id := full.Cells[r][r].Card; id >= 0 {
			keep[id] = true
		}
	}
	for _, m := range full.Markers {
		if keep[m.ID] {
			few = append(few, m)
		}
	}
	alone := s.ReadMarkers(few, nil)
	if alone.OK || alone.Refusal != codenames.TooFewCards {
		t.Fatalf("ReadMarkers(5 cards, no prior) = ok %v, %v; want too-few-cards", alone.OK, alone.Refusal)
	}
	with := s.ReadMarkers(few, full.Grid())
	if !with.OK || !with.PriorGrid {
		t.Fatalf("ReadMarkers(5 cards, prior) = ok %v, prior %v, %q; want read by the prior grid", with.OK, with.PriorGrid, with.Reason)
	}
	for r := range 5 {
		for c := range 5 {
			want := -1
			if r == c {
				want = full.Cells[r][c].Card
			}
			if got := with.Cells[r][c].Card; got != want {
				t.Errorf("[%d,%d] card %d, want %d", r, c, got, want)
			}
		}
	}
	// A stray marker that fits no cell of the prior grid is not forced onto it.
	// Move one card (both its markers) half a cell along a row.
	moved := append([]scan.Marker(nil), few...)
	a, b := full.CellCenter(0, 0), full.CellCenter(0, 1)
	dx, dy := float32((b.X-a.X)/2), float32((b.Y-a.Y)/2)
	for i := range moved {
		if moved[i].ID == moved[0].ID {
			for k := range moved[i].Corners {
				moved[i].Corners[k].X += dx
				moved[i].Corners[k].Y += dy
			}
		}
	}
	if o := s.ReadMarkers(moved, full.Grid()); o.OK {
		t.Errorf("ReadMarkers(a card between cells, prior) read a grid; want a refusal")
	}
}

// scanScene generates the scene p with the test deck, scans it, and fails the
// test unless the scanner reads a grid. It returns the scanner and what it read.
func scanScene(t *testing.T, p scene.Params) (*codenames.Scanner, codenames.Observation) {
	t.Helper()
	d := testDeck(t)
	g := scene.NewGenerator(d)
	defer g.Close()
	sc, err := g.Scene(p)
	if err != nil {
		t.Fatal(err)
	}
	defer sc.Close()
	s := &codenames.Scanner{Deck: codenames.FromDeck(d)}
	obs, err := s.Scan(sc.Frame)
	if err != nil || !obs.OK {
		t.Fatalf("Scan(scene %d) = %q, %v; want a grid", p.Seed, obs.Reason, err)
	}
	return s, obs
}
