package retail

import (
	"syscall"
	"testing"

	sceneretail "fieldkit/internal/scene/retail"

	"gocv.io/x/gocv"
)

// BenchmarkOCRLine times Tesseract on one word card's band, side by side:
// as the rectified card holds it (50 pixels high) and shrunk to
// lineHeight, as the reader reads it. cpu-ms/op is the process's CPU time
// a line. Run on one core:
//
//	OMP_THREAD_LIMIT=1 go test ./scan/codenames/retail -run XX -bench OCRLine -cpu 1
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
	if _, err := o.line(band, 0); err != nil { // Tesseract starts on its first line
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		maxH int
	}{{"as-is", 0}, {"shrunk", lineHeight}} {
		b.Run(bc.name, func(b *testing.B) {
			cpu := lineCPU()
			for b.Loop() {
				s, err := o.line(band, bc.maxH)
				if err != nil || s != "ŹDŹBŁO" {
					b.Fatal(s, err)
				}
			}
			b.ReportMetric((lineCPU()-cpu)/float64(b.N), "cpu-ms/op")
		})
	}
}

// lineCPU is the process's CPU time so far, in milliseconds.
func lineCPU() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e6
}
