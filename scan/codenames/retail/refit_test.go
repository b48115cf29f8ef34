package retail

import (
	"testing"

	"gocv.io/x/gocv"
)

// TestRefit: rendered 300249's MRÓWKA has no outline of its own (a tan
// table near the cards' beige), and the grid places its quad a third of a
// card off it, the band cut: refit finds the card's four edges and the band
// read there names the word; a patch of plain table has no card to find.
func TestRefit(t *testing.T) {
	img := gocv.IMRead("testdata/refit-300249-mrowka.jpg", gocv.IMReadColor)
	if img.Empty() {
		t.Fatal("no image")
	}
	defer img.Close()
	grid := Quad{{152, 322}, {330, 99}, {445, 205}, {273, 416}}
	want := Quad{{199, 344}, {392, 104}, {518, 215}, {328, 450}}
	table := [3]float64{116, 140, 153}
	q, ok := refit(img, grid, table)
	if !ok {
		t.Fatal("refit found no card")
	}
	for i := range q {
		if d := dist(q[i], want[i]); d > 15 {
			t.Errorf("corner %d at %.0f, want %.0f (%.0f px off)", i, q[i], want[i], d)
		}
	}
	r := freshReader(t, "pl")
	card := gocv.NewMat()
	defer card.Close()
	rectify(img, q, &card)
	lk := classify(card)
	if lk.kind != "word" {
		t.Fatalf("refitted card classed %q", lk.kind)
	}
	var c Cell
	c.Quad = q
	calls := 0
	if err := r.readWord(card, lk.flip, 17, &c, &calls); err != nil {
		t.Fatal(err)
	}
	if c.Word != "MRÓWKA" {
		t.Errorf("refitted card read %q (%q), want MRÓWKA", c.Word, c.Text)
	}
	// plain table: the crop's colour everywhere
	plain := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(90, 140, 190, 0), img.Rows(), img.Cols(), gocv.MatTypeCV8UC3)
	defer plain.Close()
	if _, ok := refit(plain, grid, table); ok {
		t.Error("refit found a card on a plain table")
	}
}

// BenchmarkRefit is the search for one cell's card (300249's MRÓWKA crop)
// beside the rectification of the grid's quad every cell costs anyway.
func BenchmarkRefit(b *testing.B) {
	img := gocv.IMRead("testdata/refit-300249-mrowka.jpg", gocv.IMReadColor)
	defer img.Close()
	grid := Quad{{152, 322}, {330, 99}, {445, 205}, {273, 416}}
	b.Run("refit", func(b *testing.B) {
		for range b.N {
			refit(img, grid, [3]float64{116, 140, 153})
		}
	})
	b.Run("rectify", func(b *testing.B) {
		card := gocv.NewMat()
		defer card.Close()
		for range b.N {
			rectify(img, grid, &card)
		}
	})
}
