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
// pass reads no grid.
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
	smaller := 0
	for _, seed := range seeds {
		sc, err := g.Scene(scene.Wide(seed))
		if err != nil {
			t.Fatal(err)
		}
		obs, err := s.Scan(sc.Frame)
		if err != nil {
			t.Fatal(err)
		}
		_, _, _, _, _, _, _, noGrid := tr.Parts()
		if !noGrid {
			t.Errorf("Wide %d: the first pass read a grid; the test wants a frame without", seed)
		}
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
	if smaller < len(seeds)/2 {
		t.Errorf("the second pass looked at less than the whole frame on %d of %d frames without a grid, want at least half", smaller, len(seeds))
	}
}
