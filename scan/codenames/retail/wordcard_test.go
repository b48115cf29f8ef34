package retail

import (
	"testing"

	sceneretail "fieldkit/internal/scene/retail"

	"gocv.io/x/gocv"
)

// wordCard returns word's face as the scene generator draws it, at pxmm
// pixels a millimetre, as a BGR image (the caller closes it).
func wordCard(tb testing.TB, word string) gocv.Mat {
	tb.Helper()
	face, err := sceneretail.WordFace(word, pxmm)
	if err != nil {
		tb.Fatal(err)
	}
	card, err := gocv.ImageToMatRGB(face)
	if err != nil {
		tb.Fatal(err)
	}
	return card
}
