package codenames_test

import (
	"testing"

	"fieldkit/internal/scene"
	"fieldkit/scan"
	"fieldkit/scan/codenames"
)

// TestNoGridLookConfined: a 1080p frame whose halved first pass reads
// markers but no grid is looked at again at full size only in the box
// around what that pass saw (piecesRect), and the observation still holds
// every legible marker that the first pass and a full-size look over the
// whole frame find together. The seeds are scene.Wide frames whose first
// pass read no grid when the test was written; one that reads a grid since
// session 10's other merges (Wide 133: the bare-table rules or the first
// pass's outline limit) is skipped, and at most one may be.
func TestNoGridLookConfined(t *testing.T) {
	d := testDeck(t)
	g := scene.NewGenerator(d)
	defer g.Close()
	tr := codenames.ScanTrace{}
	s := (&codenames.Scanner{Deck: codenames.FromDeck(d)}).Traced(&tr)
	seeds := []int64{15, 27, 29, 65, 101, 133}
	if testing.Short() {
		seeds = seeds[:3]
	}
	smaller, checked := 0, 0
	for _, seed := range seeds {
		sc, err := g.Scene(scene.Wide(seed))
		if err != nil {
			t.Fatal(err)
		}
		obs, err := s.Scan(sc.Frame)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, _, _, _, _, _, noGrid := tr.Parts(); !noGrid {
			t.Logf("Wide %d: the first pass reads a grid: skipped", seed)
			sc.Close()
			continue
		}
		checked++
		if share := tr.NoGridShare(); share < 1 {
			smaller++
		}
		first, err := scan.DetectMarkers(sc.Frame, codenames.FirstPass)
		if err != nil {
			t.Fatal(err)
		}
		whole, err := scan.DetectMarkers(sc.Frame, codenames.FullFrame)
		if err != nil {
			t.Fatal(err)
		}
		var legible []scene.MarkerTruth
		for _, m := range sc.Truth.Markers {
			if m.Legible {
				legible = append(legible, m)
			}
		}
		f := benchFrame{legible: legible}
		if got, want := f.found(obs.Markers), f.found(append(first, whole...)); got < want {
			t.Errorf("Wide %d: the observation holds %d legible markers, the whole frame's looks %d", seed, got, want)
		}
		sc.Close()
	}
	if checked < len(seeds)-1 {
		t.Fatalf("only %d of the %d frames read no grid in the first pass", checked, len(seeds))
	}
	if smaller < checked/2 {
		t.Errorf("the second pass looked at less than the whole frame on %d of %d frames without a grid, want at least half", smaller, checked)
	}
}
