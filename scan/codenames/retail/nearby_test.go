package retail

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"testing"

	sceneretail "fieldkit/internal/scene/retail"

	"gocv.io/x/gocv"
)

// TestWordNearby: the grid alone placed cell 4,4 of rendered held-out
// 300287 (12 MP, session 10) a third of a card off its card, STICK, over
// its plain upper end; the crop there is all tan, was classed a bystander,
// a wrong cover (no longer: it shows no figure). Shifted by a fifth of the
// cell, a crop holds the word card.
// A bystander on a bare table has no word card nearby.
func TestWordNearby(t *testing.T) {
	img := gocv.IMRead("testdata/rendered-300287-stick.jpg", gocv.IMReadColor)
	if img.Empty() {
		t.Fatal("testdata/rendered-300287-stick.jpg: not an image")
	}
	defer img.Close()
	// the reader's cell 4,4, in the crop's pixels (it starts at 2660, 1000)
	stick := Quad{{98.3, 363.3}, {474.9, 282.0}, {466.7, 430.1}, {112.1, 504.7}}
	m := gocv.NewMat()
	defer m.Close()
	rectify(img, stick, &m)
	// all tan with no figure: no bystander by classify itself since
	// session 18 (minBystanderDip); wordNearby still finds the card
	if k := classify(m).kind; k == "bystander" {
		t.Errorf("the misplaced cell, tan with no figure, is classed the bystander")
	}
	if !wordNearby(img, stick, shifted(stick, nearbyShift)) {
		t.Errorf("no word card found a fifth of a cell off the misplaced cell")
	}

	const pxmm = 6.0
	frame := image.NewRGBA(image.Rect(0, 0, 900, 700))
	draw.Draw(frame, frame.Bounds(), &image.Uniform{color.RGBA{200, 200, 196, 255}}, image.Point{}, draw.Src)
	tan, err := sceneretail.CoverFace("bystander", pxmm)
	if err != nil {
		t.Fatal(err)
	}
	at := image.Pt(300, 250)
	draw.Draw(frame, tan.Bounds().Add(at), tan, image.Point{}, draw.Src)
	bare, err := gocv.ImageToMatRGB(frame)
	if err != nil {
		t.Fatal(err)
	}
	defer bare.Close()
	x, y := float64(at.X), float64(at.Y)
	w, h := float64(tan.Bounds().Dx()), float64(tan.Bounds().Dy())
	q := Quad{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}
	if wordNearby(bare, q, shifted(q, nearbyShift)) {
		t.Errorf("a word card found near a bystander on a bare table")
	}
}

// TestOutward: only a cell on the grid's edge is looked at off itself,
// and only away from the grid's middle (toward a neighbour cell a shifted
// crop finds that cell's own card: on synthetic tuning tables, every way
// round cost 5 and 9 grids of 68 and 80).
func TestOutward(t *testing.T) {
	cell := func(k int) Quad {
		x, y := float64(k%5)*100, float64(k/5)*60
		return Quad{{x, y}, {x + 90, y}, {x + 90, y + 50}, {x, y + 50}}
	}
	mid := cell(12).centre()
	for _, tc := range []struct {
		k, n int
	}{
		{12, 0}, {6, 0}, {2, 1}, {10, 1}, {14, 1}, {22, 1}, {0, 2}, {4, 2}, {20, 2}, {24, 2},
	} {
		out := outward(tc.k, cell(tc.k), func(j int) [2]float64 { return cell(j).centre() })
		if len(out) != tc.n {
			t.Errorf("cell %d: %d shifts, want %d", tc.k, len(out), tc.n)
		}
		c := cell(tc.k).centre()
		for _, s := range out {
			sc := s.centre()
			if math.Hypot(sc[0]-mid[0], sc[1]-mid[1]) <= math.Hypot(c[0]-mid[0], c[1]-mid[1]) {
				t.Errorf("cell %d: a shift toward the middle", tc.k)
			}
		}
	}
}
