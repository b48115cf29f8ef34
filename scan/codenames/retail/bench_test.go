package retail_test

import (
	"image"
	"math"
	"slices"
	"strings"
	"syscall"
	"testing"

	sceneretail "fieldkit/internal/scene/retail"
	"fieldkit/scan"
	"fieldkit/scan/codenames/retail"
	"fieldkit/wordlists"

	"github.com/otiai10/gosseract/v2"
	"gocv.io/x/gocv"
)

// BenchmarkObserve1080p reads one 1080p frame of a Polish table five
// ways, side by side: the reader afresh (a photo) with the whole Polish
// list, the same with the game's 25 words only, the reader again on the
// same frame (a webcam on a still table: lines taken from the last
// frame), Tesseract unaided on every card (each card's bounding box as
// the reader outlined it, sparse text) and Tesseract unaided on the whole
// frame (sparse text, the obvious alternative). words/op counts the table's uncovered words each
// found; cpu-ms/op is the process's CPU time a read (user and system),
// which a busy machine does not inflate as it does the wall time. Run on
// one core:
//
//	OMP_THREAD_LIMIT=1 go test ./scan/codenames/retail -run XX -bench Observe1080p -cpu 1
func BenchmarkObserve1080p(b *testing.B) {
	// one core: OpenCV's own threads off too, as the other scanners'
	// benchmarks do (Tesseract's by OMP_THREAD_LIMIT=1)
	scan.SetNumThreads(1)
	defer scan.SetNumThreads(-1)
	list, err := wordlists.Builtin("pl")
	if err != nil {
		b.Fatal(err)
	}
	sc, err := sceneretail.Generate(sceneretail.Params{Seed: 100, Lang: "pl", Width: 1920, Height: 1080})
	if err != nil {
		b.Fatal(err)
	}
	defer sc.Close()
	uncovered := map[string]bool{}
	for _, c := range sc.Truth.Cells {
		if c.Cover == "" {
			uncovered[c.Word] = true
		}
	}
	r, err := retail.NewReader("pl", list.Words)
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	read := func(b *testing.B) {
		// Tesseract loads its model on a reader's first line: not timed
		if _, err := r.Read(sc.Frame); err != nil {
			b.Fatal(err)
		}
		found, lines := 0, 0
		cpu := cpuTime()
		for b.Loop() {
			o, err := r.Read(sc.Frame)
			if err != nil || !o.OK {
				b.Fatal(o.Reason, err)
			}
			lines += o.OCRCalls
			found = 0
			for _, c := range o.Cells {
				if uncovered[c.Word] {
					found++
				}
			}
		}
		b.ReportMetric(float64(found), "words/op")
		b.ReportMetric(float64(lines)/float64(b.N), "lines/op")
		b.ReportMetric((cpuTime()-cpu)/float64(b.N), "cpu-ms/op")
	}
	b.Run("reader", func(b *testing.B) {
		r.Fresh = true
		read(b)
	})
	b.Run("reader-25-words", func(b *testing.B) {
		r25, err := retail.NewReader("pl", sc.Words)
		if err != nil {
			b.Fatal(err)
		}
		defer r25.Close()
		r25.Fresh = true
		r, r25 = r25, r
		defer func() { r = r25 }()
		read(b)
	})
	b.Run("reader-again", func(b *testing.B) {
		r.Fresh = false
		if _, err := r.Read(sc.Frame); err != nil {
			b.Fatal(err)
		}
		read(b)
	})
	b.Run("tesseract-every-card", func(b *testing.B) {
		// Tesseract unaided on each card the reader outlined (its
		// bounding box in the frame, as it lies: no rectifying, no band,
		// no way up), sparse text, the Polish model
		o, err := r.Read(sc.Frame)
		if err != nil || !o.OK {
			b.Fatal(o.Reason, err)
		}
		c := gosseract.NewClient()
		defer c.Close()
		if err := c.SetLanguage("pol"); err != nil {
			b.Fatal(err)
		}
		if err := c.SetVariable("tessedit_pageseg_mode", "11"); err != nil {
			b.Fatal(err)
		}
		var pngs [][]byte
		for _, cell := range o.Cells {
			x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
			for _, p := range cell.Quad {
				x0, y0, x1, y1 = math.Min(x0, p[0]), math.Min(y0, p[1]), math.Max(x1, p[0]), math.Max(y1, p[1])
			}
			rect := image.Rect(max(0, int(x0)), max(0, int(y0)), min(sc.Frame.Cols(), int(x1)+1), min(sc.Frame.Rows(), int(y1)+1))
			roi := sc.Frame.Region(rect)
			buf, err := gocv.IMEncode(gocv.PNGFileExt, roi)
			roi.Close()
			if err != nil {
				b.Fatal(err)
			}
			pngs = append(pngs, slices.Clone(buf.GetBytes()))
			buf.Close()
		}
		found := 0
		cpu := cpuTime()
		for b.Loop() {
			seen := map[string]bool{}
			found = 0
			for _, png := range pngs {
				found += tesseractWords(b, c, png, uncovered, seen)
			}
		}
		b.ReportMetric(float64(found), "words/op")
		b.ReportMetric((cpuTime()-cpu)/float64(b.N), "cpu-ms/op")
	})
	b.Run("tesseract-whole-frame", func(b *testing.B) {
		c := gosseract.NewClient()
		defer c.Close()
		if err := c.SetLanguage("pol"); err != nil {
			b.Fatal(err)
		}
		if err := c.SetVariable("tessedit_pageseg_mode", "11"); err != nil { // sparse text
			b.Fatal(err)
		}
		buf, err := gocv.IMEncode(gocv.PNGFileExt, sc.Frame)
		if err != nil {
			b.Fatal(err)
		}
		defer buf.Close()
		png := buf.GetBytes()
		found := 0
		cpu := cpuTime()
		for b.Loop() {
			found = tesseractWords(b, c, png, uncovered, map[string]bool{})
		}
		b.ReportMetric(float64(found), "words/op")
		b.ReportMetric((cpuTime()-cpu)/float64(b.N), "cpu-ms/op")
	})
}

// tesseractWords reads png with c and counts the words of uncovered it names
// that seen does not hold yet, adding them to seen.
func tesseractWords(b *testing.B, c *gosseract.Client, png []byte, uncovered, seen map[string]bool) int {
	if err := c.SetImageFromBytes(png); err != nil {
		b.Fatal(err)
	}
	text, err := c.Text()
	if err != nil {
		b.Fatal(err)
	}
	found := 0
	for _, w := range strings.Fields(text) {
		w = retail.Normalize(w)
		if uncovered[w] && !seen[w] {
			seen[w] = true
			found++
		}
	}
	return found
}

// cpuTime is the process's user and system CPU time so far, in ms.
func cpuTime() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e6
}
