package retail_test

import (
	"testing"

	"fieldkit/internal/photoreal"
	"fieldkit/scan"
	"fieldkit/scan/codenames/retail"

	"gocv.io/x/gocv"
)

// BenchmarkObserveRendered reads the 1080p webcam frames of the rendered
// retail set -rendered (by default the committed regression set) as
// BenchmarkObserve1080p reads its one synthetic frame, two ways: "list",
// each frame with a fresh reader of its language's whole built-in list
// (`fieldkit scan-retail` without words), and "board", with a fresh reader
// of the frame's own 25 words (the table server's and the webcam loop's
// case: a boxed game's reader knows the board's words). A rendered table
// (bent cards, glare, hands, piles) costs more OCR lines than a synthetic
// one. An op is one read of every frame; cpu-ms/frame is the process's CPU
// time a frame, lines/frame the OCR lines a frame, words/frame the
// legible uncovered words each names. Run on one core:
//
//	OMP_THREAD_LIMIT=1 go test ./scan/codenames/retail -run XX -bench ObserveRendered -cpu 1 -benchtime 3x
func BenchmarkObserveRendered(b *testing.B) {
	scan.SetNumThreads(1)
	defer scan.SetNumThreads(-1)
	frames, err := photoreal.Load(*rendered)
	if err != nil {
		b.Fatal(err)
	}
	type frame struct {
		img         gocv.Mat
		list, board *retail.Reader
		truth       map[string]bool // the legible uncovered words
	}
	var fs []frame
	readers := langReaders{}
	defer func() {
		for _, f := range fs {
			f.img.Close()
			f.board.Close()
		}
		readers.close()
	}()
	for _, f := range frames {
		rt := f.Retail
		if rt == nil || f.Width != 1920 {
			continue
		}
		board, err := retail.NewReader(rt.Lang, rt.Words)
		if err != nil {
			b.Fatal(err)
		}
		board.Fresh = true
		img := gocv.IMRead(f.Path, gocv.IMReadColor)
		if img.Empty() {
			b.Fatalf("%s: not an image", f.Path)
		}
		truth := map[string]bool{}
		for _, c := range rt.Truth.Cells {
			if c.Cover == "" && c.Legible {
				truth[c.Word] = true
			}
		}
		fs = append(fs, frame{img, readers.get(b, rt.Lang), board, truth})
		// Tesseract loads its model on a reader's first line: not timed
		for _, r := range []*retail.Reader{fs[len(fs)-1].list, board} {
			if _, err := r.Read(img); err != nil {
				b.Fatal(err)
			}
		}
	}
	if len(fs) == 0 {
		b.Skipf("no 1080p rendered retail frames in %s", *rendered)
	}
	for _, way := range []struct {
		name   string
		reader func(frame) *retail.Reader
	}{
		{"list", func(f frame) *retail.Reader { return f.list }},
		{"board", func(f frame) *retail.Reader { return f.board }},
	} {
		b.Run(way.name, func(b *testing.B) {
			lines, words := 0, 0
			cpu := cpuTime()
			for b.Loop() {
				lines, words = 0, 0
				for _, f := range fs {
					o, err := way.reader(f).Read(f.img)
					if err != nil {
						b.Fatal(err)
					}
					lines += o.OCRCalls
					for _, c := range o.Cells {
						if f.truth[c.Word] {
							words++
						}
					}
				}
			}
			n := float64(len(fs))
			b.ReportMetric((cpuTime()-cpu)/float64(b.N)/n, "cpu-ms/frame")
			b.ReportMetric(float64(lines)/n, "lines/frame")
			b.ReportMetric(float64(words)/n, "words/frame")
		})
	}
}
