package retail

import (
	"math/rand"
	"testing"

	"gocv.io/x/gocv"
)

// TestRefit: rendered 300249's MRÓWKA has no outline of its own (a tan
// table near the cards' beige), and the grid places its quad a third of a
// card off it, the band cut: refit finds the card's four edges and the band
// read there names the word; a patch of plain table has no card to find.
func TestRefit(t *testing.T) {
	img := testImage(t, "refit-300249-mrowka.jpg")
	defer img.Close()
	grid := Quad{{152, 322}, {330, 99}, {445, 205}, {273, 416}}
	want := Quad{{199, 344}, {392, 104}, {518, 215}, {328, 450}}
	table := [3]float64{116, 140, 153}
	q, ok := refit(img, grid, table)
	if !ok {
		t.Fatal("refit found no card")
	}
	cornersNear(t, q, want, 15)
	readsRefitted(t, img, q, "pl", 17, "MRÓWKA")
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

// slowRefitEdges is refitEdges as first written: each pixel looks at the
// 2·refitSlack+1 pixels along its normal.
func slowRefitEdges(off []float64) [4][]bool {
	var edge [4][]bool
	normals := [4][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}}
	for f, nv := range normals {
		base := make([]bool, refitW*refitH)
		for y := refitIn + refitOut; y < refitH-refitIn-refitOut; y++ {
			for x := refitIn + refitOut; x < refitW-refitIn-refitOut; x++ {
				in := off[(y-nv[1]*refitIn)*refitW+x-nv[0]*refitIn]
				out := off[(y+nv[1]*refitOut)*refitW+x+nv[0]*refitOut]
				base[y*refitW+x] = in-out >= minRefitStep
			}
		}
		e := make([]bool, refitW*refitH)
		for y := refitSlack; y < refitH-refitSlack; y++ {
			for x := refitSlack; x < refitW-refitSlack; x++ {
				for d := -refitSlack; d <= refitSlack; d++ {
					if base[(y+d*nv[1])*refitW+x+d*nv[0]] {
						e[y*refitW+x] = true
						break
					}
				}
			}
		}
		edge[f] = e
	}
	return edge
}

// refitOff is a distance map for the edge tests: blocks of random
// distances, sparse or dense by seed.
func refitOff(seed int64) []float64 {
	rng := rand.New(rand.NewSource(seed))
	off := make([]float64, refitW*refitH)
	for i := range off {
		if rng.Intn(int(seed%7)+2) == 0 {
			off[i] = float64(rng.Intn(60))
		}
	}
	return off
}

// TestRefitEdges: the running count gives the maps the pixel-by-pixel
// spread gives, on random distance maps from sparse to dense.
func TestRefitEdges(t *testing.T) {
	for seed := int64(1); seed <= 8; seed++ {
		off := refitOff(seed)
		got, want := refitEdges(off), slowRefitEdges(off)
		for f := range 4 {
			for i := range got[f] {
				if got[f][i] != want[f][i] {
					t.Fatalf("seed %d, map %d: pixel %d,%d is %v, want %v", seed, f, i%refitW, i/refitW, got[f][i], want[f][i])
				}
			}
		}
	}
}

// BenchmarkRefitEdges: the edge maps by running count row after row
// (refitEdges), by running count along each row or column
// (runningRefitEdges, session 23's) and pixel by pixel
// (slowRefitEdges), in one run.
func BenchmarkRefitEdges(b *testing.B) {
	off := refitOff(3)
	b.Run("rows", func(b *testing.B) {
		for range b.N {
			refitEdges(off)
		}
	})
	b.Run("running", func(b *testing.B) {
		for range b.N {
			runningRefitEdges(off)
		}
	})
	b.Run("each", func(b *testing.B) {
		for range b.N {
			slowRefitEdges(off)
		}
	})
}

// TestRefitShaped: rendered 300678-webcam's far column of cards no pass
// outlined, added by fitGraphShort; its first cell's quad, extrapolated,
// is about a tenth off the card's height over its width, so no quad of
// its shape has four edges (refit finds none) and the cell was unseen.
// With the shape free by addedShape, refitShaped finds the card, and its
// band reads PUZZLE; on a plain table it finds nothing.
func TestRefitShaped(t *testing.T) {
	img := testImage(t, "refit-300678-puzzle.png")
	defer img.Close()
	// the frame's quads, less the crop's corner (991, 0)
	grid := Quad{{122.235, 175.707}, {150.869, 71.857}, {244.287, 82.440}, {223.098, 186.528}}
	want := Quad{{115, 166}, {141, 47}, {237, 56}, {214, 175}}
	table := [3]float64{166, 133, 130}
	if _, ok := refit(img, grid, table); ok {
		t.Fatal("refit found the card in its cell's shape")
	}
	q, ok := refitShaped(img, grid, table, addedShape, false)
	if !ok {
		t.Fatal("refitShaped found no card")
	}
	cornersNear(t, q, want, 8)
	readsRefitted(t, img, q, "en", 4, "PUZZLE")
	plain := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(130, 130, 160, 0), img.Rows(), img.Cols(), gocv.MatTypeCV8UC3)
	defer plain.Close()
	if _, ok := refitShaped(plain, grid, table, addedShape, false); ok {
		t.Error("refitShaped found a card on a plain table")
	}
}

// TestRefitLargest: rendered 300633-phone's AUTOBUS, on the far row
// fitGraphShort added (the crop halved): the quads of the best score
// include the card's printed frame inside its edges, and refit keeps the
// smallest, the frame (0.70 of the card addedSize expects there, so the
// cell was unseen); with largest, refitShaped keeps the card's edges, and
// its band reads AUTOBUS.
func TestRefitLargest(t *testing.T) {
	img := testImage(t, "refit-300633-autobus.jpg")
	defer img.Close()
	// the frame's quad, less the crop's corner (1891, 2338), halved
	grid := Quad{{268.732, 130.4305}, {461.8985, 153.7375}, {418.562, 260.733}, {231.097, 241.2975}}
	want := Quad{{271, 141}, {484, 156}, {451, 257}, {240, 244}}
	table := [3]float64{87, 141, 150}
	for _, largest := range []bool{false, true} {
		q, ok := refitShaped(img, grid, table, addedShape, largest)
		if !ok {
			t.Fatalf("largest %v: no card found", largest)
		}
		off := 0.0
		for i := range q {
			off = max(off, dist(q[i], want[i]))
		}
		t.Logf("largest %v: %.0f, a corner %.0f px off the card's", largest, q, off)
		if largest && off > 8 {
			t.Errorf("largest: a corner %.0f px off the card's, want the card's edges", off)
		}
		if largest {
			readsRefitted(t, img, q, "pl", 24, "AUTOBUS")
		}
	}
}

// cornersNear fails t for each corner of q more than tol pixels off want's.
func cornersNear(t *testing.T, q, want Quad, tol float64) {
	t.Helper()
	for i := range q {
		if d := dist(q[i], want[i]); d > tol {
			t.Errorf("corner %d at %.0f, want %.0f (%.0f px off)", i, q[i], want[i], d)
		}
	}
}

// readsRefitted fails t unless the card on q in img is classed a word card
// and its band, read at a capital height of capPx, names word.
func readsRefitted(t *testing.T, img gocv.Mat, q Quad, lang string, capPx int, word string) {
	t.Helper()
	r := freshReader(t, lang)
	card := gocv.NewMat()
	defer card.Close()
	rectify(img, q, &card)
	lk := classify(card)
	if lk.kind != "word" {
		t.Fatalf("refitted card classed %q", lk.kind)
	}
	c := Cell{Quad: q}
	calls := 0
	if err := r.readWord(card, lk.flip, capPx, &c, &calls); err != nil {
		t.Fatal(err)
	}
	if c.Word != word {
		t.Errorf("refitted card read %q (%q), want %s", c.Word, c.Text, word)
	}
}
