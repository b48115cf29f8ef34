package retail

import (
	"testing"

	sceneretail "fieldkit/internal/scene/retail"

	"gocv.io/x/gocv"
)

// BenchmarkOCRLine times Tesseract on one word card's band.
func BenchmarkOCRLine(b *testing.B) {
	face, err := sceneretail.WordFace("ŹDŹBŁO", pxmm)
	if err != nil {
		b.Fatal(err)
	}
	card, err := gocv.ImageToMatRGB(face)
	if err != nil {
		b.Fatal(err)
	}
	defer card.Close()
	band, small := crops(card, false)
	defer band.Close()
	defer small.Close()
	o, err := newOCR([]string{"pol"}, NewMatcher([]string{"ŹDŹBŁO", "KOT", "PIES"}).Letters())
	if err != nil {
		b.Fatal(err)
	}
	defer o.Close()
	for b.Loop() {
		s, err := o.line(band)
		if err != nil || s == "" {
			b.Fatal(s, err)
		}
	}
}
