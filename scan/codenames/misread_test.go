package codenames_test

import (
	"testing"

	"fieldkit/internal/scene"
	"fieldkit/scan"
)

// TestMisreadMarkers: markers the detector misreads as word ids must not put
// a card on a cell. A cover's or a token's marker lies at a cell's centre,
// where no word card has one; the edge of a card or a half-hidden marker
// comes out as a thin quadrilateral. Both were seen in typical-table scenes
// (seeds 352, 363, 667, 765 of scene.Typical), each as a wrong card id.
func TestMisreadMarkers(t *testing.T) {
	// Wide gaps put a word card's marker about 0.28 of a cell from the card's
	// centre: a marker at a cell's centre then looks like one within reach.
	s, full := scanScene(t, scene.Params{Seed: 9, Size: scene.Size1080p, Fill: 0.95, Tilt: 10, Gap: 20})
	onTable := map[int]bool{}
	for r := range 5 {
		for c := range 5 {
			onTable[full.Cells[r][c].Card] = true
		}
	}
	stray := 0
	for onTable[stray] {
		stray++
	}
	// Cell [2,2] shows its card by one marker only; the other is hidden.
	target := full.Cells[2][2].Card
	if target < 0 {
		t.Fatal("the scene's middle cell shows no card")
	}
	var rest []scan.Marker
	var sample scan.Marker
	kept := false
	for _, m := range full.Markers {
		if m.ID == target {
			if !kept {
				sample, kept = m, true
			}
			continue
		}
		rest = append(rest, m)
	}
	read := func(extra scan.Marker) int {
		o := s.ReadMarkers(append(append([]scan.Marker(nil), rest...), extra), nil)
		if !o.OK {
			t.Fatalf("ReadMarkers refused: %s", o.Reason)
		}
		return o.Cells[2][2].Card
	}
	// The one marker in its place reads the card.
	if got := read(sample); got != target {
		t.Fatalf("one marker of card %d in its place: cell reads card %d, want %d", target, got, target)
	}
	// A word-sized marker with another id at the cell's centre is not a card.
	centre := full.CellCenter(2, 2)
	mc := sample.Center()
	atCentre := sample
	atCentre.ID = stray
	for k := range atCentre.Corners {
		atCentre.Corners[k].X += float32(centre.X - float64(mc.X))
		atCentre.Corners[k].Y += float32(centre.Y - float64(mc.Y))
	}
	if got := read(atCentre); got >= 0 {
		t.Errorf("a word id misread at the cell's centre: cell reads card %d, want none", got)
	}
	// A thin sliver with another id where the card's marker was is not a card.
	sliver := sample
	sliver.ID = stray
	for k := range sliver.Corners {
		// Squash the outline to a third across its first side's direction.
		a, b := sample.Corners[0], sample.Corners[1]
		ax, ay := float64(b.X-a.X), float64(b.Y-a.Y)
		px, py := float64(sample.Corners[k].X-mc.X), float64(sample.Corners[k].Y-mc.Y)
		along := (px*ax + py*ay) / (ax*ax + ay*ay)
		sliver.Corners[k].X = mc.X + float32(px-along*ax*2/3)
		sliver.Corners[k].Y = mc.Y + float32(py-along*ay*2/3)
	}
	if got := read(sliver); got >= 0 {
		t.Errorf("a sliver read as word %d: cell reads card %d, want none", stray, got)
	}
}
