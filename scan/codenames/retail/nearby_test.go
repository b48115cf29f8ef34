package retail

import (
	"image"
	"image/color"
	"image/draw"
	"testing"

	sceneretail "fieldkit/internal/scene/retail"

	"gocv.io/x/gocv"
)

// TestWordNearby: the grid alone placed cell 4,4 of rendered held-out
// 300287 (12 MP, session 10) a third of a card off its card, STICK, over
// its plain upper end; the crop there is all tan, classed a bystander, a
// wrong cover. Shifted by a fifth of the cell, a crop holds the word card.
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
	if k := classify(m).kind; k != "bystander" {
		t.Fatalf("the misplaced cell is classed %q: the case this test guards is gone", k)
	}
	if !wordNearby(img, stick) {
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
	if wordNearby(bare, Quad{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}) {
		t.Errorf("a word card found near a bystander on a bare table")
	}
}
