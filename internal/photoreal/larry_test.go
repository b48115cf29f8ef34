package photoreal

import (
	"os"
	"path/filepath"
	"testing"

	"fieldkit/markers"
)

// TestLarryStandsClear: at 2 players Larry's pawn stands on the table in
// front of the second player, never on that player's card or any other
// piece: its footprint overlaps no other piece's in a range of seeds.
func TestLarryStandsClear(t *testing.T) {
	if testing.Short() {
		t.Skip("exports the printed faces (slow on a fresh machine)")
	}
	fs, err := InsideJobFaces(filepath.Join(os.TempDir(), "photoreal-faces", "insidejob"))
	if err != nil {
		t.Fatal(err)
	}
	twoPlayer := 0
	for seed := int64(200000); seed < 200200; seed++ {
		c, err := ComposeInsideJob(fs, seed, Phone)
		if err != nil {
			t.Fatal(err)
		}
		if c.players != 2 {
			continue
		}
		twoPlayer++
		pawn := -1
		for i, p := range c.Spec.Pieces {
			if p.Shape == "tent" && len(p.Markers) > 0 && p.Markers[0].ID == markers.LarryID {
				pawn = i
				break
			}
		}
		if pawn < 0 {
			t.Fatalf("seed %d: 2 players and no Larry's pawn", seed)
		}
		f := footprint(c.Spec.Pieces[pawn])
		for i, p := range c.Spec.Pieces {
			if i != pawn && convexOverlap(f, footprint(p)) {
				t.Errorf("seed %d: Larry's pawn stands on piece %d (%s, %s)", seed, i, p.Kind, p.Texture)
			}
		}
	}
	if twoPlayer < 40 {
		t.Errorf("%d two-player scenes in 200 seeds, want 40 or more", twoPlayer)
	}
}
