package scene_test

import (
	"testing"

	"fieldkit/internal/scene"
)

// TestReadableEdgeLines: a scene counts as readable only when each edge line
// of the grid (first and last row and column) shows at least 2 cells with a
// legible card or cover, since one card alone there looks like a spare card
// beside a hidden line. Wide seeds 62 and 319 show every row and column but
// one edge line with a single legible cell.
func TestReadableEdgeLines(t *testing.T) {
	g, _ := newGenerator(t)
	defer g.Close()
	bitten := 0
	for _, seed := range []int64{62, 319} {
		sc, err := g.Scene(scene.Wide(seed).Uncluttered())
		if err != nil {
			t.Fatal(err)
		}
		var rows, cols [5]int
		for r := range 5 {
			for c := range 5 {
				if cl := sc.Truth.Cells[r][c]; cl.CardLegible || cl.CoverLegible {
					rows[r]++
					cols[c]++
				}
			}
		}
		sc.Close()
		least := min(rows[0], rows[4], cols[0], cols[4])
		if sc.Truth.Readable && least < 2 {
			t.Errorf("seed %d: readable, but an edge line shows %d legible cells", seed, least)
		}
		if least == 1 && sc.Truth.Why == "an edge line of the grid shows one legible card or cover" {
			bitten++
		}
	}
	if bitten == 0 {
		t.Errorf("no scene was unreadable for an edge line with one legible cell; the seeds no longer test the rule")
	}
}
