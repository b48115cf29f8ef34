package retail

import (
	"testing"

	"gocv.io/x/gocv"
)

// TestClassifyRendered: the word cards of a photoreal rendered table
// (a crop of the tuning frame retail-18-webcam, blue table: four word
// cards whose beige, V about 198 and S about 80, is darker and more
// saturated than the synthetic faces') are word cards, not doubts.
func TestClassifyRendered(t *testing.T) {
	img := gocv.IMRead("testdata/rendered-18-beige.jpg", gocv.IMReadColor)
	if img.Empty() {
		t.Fatal("testdata/rendered-18-beige.jpg: not an image")
	}
	defer img.Close()
	quads, _, cm := findCards(img)
	defer cm.m.Close()
	if len(quads) != 4 {
		t.Fatalf("%d cards found, want 4", len(quads))
	}
	card := gocv.NewMat()
	defer card.Close()
	for i, q := range quads {
		rectify(img, q, &card)
		if lk := classify(card); lk.kind != "word" {
			t.Errorf("card %d at %.0f: classed %q, want word", i, q.centre(), lk.kind)
		}
	}
}
