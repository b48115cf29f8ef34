package retail

import (
	"syscall"
	"testing"

	"fieldkit/wordlists"

	"gocv.io/x/gocv"
)

// BenchmarkOCRLine times Tesseract on word cards' bands, side by side: the
// band cut to its ink only, as the rectified card holds it (40 pixels
// high), and the line the reader hands Tesseract (lineImage: shrunk to
// lineHeight and narrowed). Each op reads one long and one short word,
// each of which must match its word among the Polish list's as the
// reader matches (ŹDŹBŁO comes back as ZDZBŁO when narrowed); cpu-ms/op is the process's CPU time an op. Run on one
// core:
//
//	OMP_THREAD_LIMIT=1 go test ./scan/codenames/retail -run XX -bench OCRLine -cpu 1
func BenchmarkOCRLine(b *testing.B) {
	words := []string{"PRZEDSZKOLE", "ŹDŹBŁO"}
	list, err := wordlists.Builtin("pl")
	if err != nil {
		b.Fatal(err)
	}
	m := NewMatcher(append(list.Words, words...))
	o, err := newOCR([]string{"pol"}, m.Letters())
	if err != nil {
		b.Fatal(err)
	}
	defer o.Close()
	var bands []gocv.Mat
	for _, w := range words {
		card := wordCard(b, w)
		band, small := crops(card, false)
		card.Close()
		small.Close()
		defer band.Close()
		bands = append(bands, band)
	}
	if _, err := o.line(bands[0], 0); err != nil { // Tesseract starts on its first line
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		read func(m gocv.Mat) (string, error)
	}{
		{"ink-only", func(m gocv.Mat) (string, error) {
			r := m.Region(inkSpan(m))
			defer r.Close()
			return o.read(r)
		}},
		{"reader", func(m gocv.Mat) (string, error) { return o.line(m, lineHeight) }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			cpu := lineCPU()
			for b.Loop() {
				for i, band := range bands {
					s, err := bc.read(band)
					if mt := m.Match(s); err != nil || !mt.OK() || mt.Word != words[i] {
						b.Fatal(s, err)
					}
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
