package retail

import (
	"testing"

	"gocv.io/x/gocv"
)

// TestFindMerged: on a photoreal rendered table (the tuning frame
// retail-59-phone scaled to the detection width, 960 px) the tilt shrinks
// some gaps between cards to a pixel and the card mask joins them into
// blobs; eroded further, the blobs fall apart into their cards, enough of
// them for the grid.
func TestFindMerged(t *testing.T) {
	img := gocv.IMRead("testdata/rendered-59-merged.jpg", gocv.IMReadColor)
	if img.Empty() {
		t.Fatal("testdata/rendered-59-merged.jpg: not an image")
	}
	defer img.Close()
	quads, short, cm := findCards(img)
	defer cm.m.Close()
	if len(quads) < 18 {
		t.Errorf("%d cards found, want at least 18", len(quads))
	}
	if _, err := fitLattice(quads, short); err != nil {
		t.Errorf("no grid from %d cards: %v", len(quads), err)
	}
}
