package retail

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"fieldkit/wordlists"

	"gocv.io/x/gocv"
)

// The two benchmarks here time Tesseract on the bands of the committed
// word cards (testdata/card-*.png at the card's size, classed word cards,
// rectified as the reader rectifies them), all read with the Polish model
// and the Polish list's letters: what a line's time is made of, not how
// each card's language reads. Session 25 (docs/scan-retail.md, "Session
// 25: where a line's time goes").

// committedBands returns the band of each committed word card (the
// caller closes them).
func committedBands(b *testing.B) []gocv.Mat {
	fs, err := filepath.Glob("testdata/card-*.png")
	if err != nil {
		b.Fatal(err)
	}
	var bands []gocv.Mat
	for _, f := range fs {
		card := gocv.IMRead(f, gocv.IMReadColor)
		lk := look{}
		if card.Rows() == cardH && card.Cols() == cardW {
			lk = classify(card)
		}
		if lk.kind == "word" {
			w := newWordCrops(card, lk.flip)
			bands = append(bands, w.band.Clone())
			w.Close()
		}
		card.Close()
	}
	if len(bands) == 0 {
		b.Fatal("no committed word cards")
	}
	return bands
}

// noDictionaries is a Tesseract config file turning its dictionaries off:
// settings read only at Init, so set through a file given to Init.
const noDictionaries = `load_system_dawg F
load_freq_dawg F
load_unambig_dawg F
load_punc_dawg F
load_number_dawg F
load_bigram_dawg F
`

// BenchmarkTessDictionaries reads each committed word card's band with
// two Tesseract clients in turns within each op (which goes first
// alternates from op to op): the reader's (newOCR) and one started with
// its dictionaries off (noDictionaries). old-ms/line and new-ms/line are
// the process's CPU time a line each way, new/old their ratio, differ the
// lines read otherwise (logged), old-start-ms and new-start-ms the CPU
// time of each client's first line (Tesseract's Init: loading the
// dictionaries or not). Run on one core:
//
//	OMP_THREAD_LIMIT=1 go test ./scan/codenames/retail -run XX -bench TessDictionaries -cpu 1 -benchtime 5x -v
func BenchmarkTessDictionaries(b *testing.B) {
	list, err := wordlists.Builtin("pl")
	if err != nil {
		b.Fatal(err)
	}
	letters := NewMatcher(list.Words).Letters()
	var os2 [2]*ocr
	for k := range os2 {
		if os2[k], err = newOCR([]string{"pol"}, letters); err != nil {
			b.Fatal(err)
		}
		defer os2[k].Close()
	}
	cfg := filepath.Join(b.TempDir(), "nodict")
	if err := os.WriteFile(cfg, []byte(noDictionaries), 0o644); err != nil {
		b.Fatal(err)
	}
	// Tesseract starts on a client's first line: the file is read then
	if err := os2[1].client.SetConfigFile(cfg); err != nil {
		b.Fatal(err)
	}
	bands := committedBands(b)
	defer func() {
		for _, m := range bands {
			m.Close()
		}
	}()
	var start [2]float64
	for k, o := range os2 {
		c := lineCPU()
		if _, err := o.line(bands[0], lineHeight); err != nil {
			b.Fatal(err)
		}
		start[k] = lineCPU() - c
	}
	var cpu [2]float64
	var differ []string
	op := 0
	for b.Loop() {
		differ = differ[:0]
		for i, m := range bands {
			var got [2]string
			for k := range 2 {
				way := (k + op) % 2
				c := lineCPU()
				s, err := os2[way].line(m, lineHeight)
				cpu[way] += lineCPU() - c
				if err != nil {
					b.Fatal(err)
				}
				got[way] = s
			}
			if got[0] != got[1] {
				differ = append(differ, fmt.Sprintf("band %d %q, without dictionaries %q", i, got[0], got[1]))
			}
		}
		op++
	}
	for _, d := range differ {
		b.Log(d)
	}
	n := float64(b.N * len(bands))
	b.ReportMetric(cpu[0]/n, "old-ms/line")
	b.ReportMetric(cpu[1]/n, "new-ms/line")
	b.ReportMetric(cpu[1]/cpu[0], "new/old")
	b.ReportMetric(float64(len(bands)), "lines")
	b.ReportMetric(float64(len(differ)), "differ")
	b.ReportMetric(start[0], "old-start-ms")
	b.ReportMetric(start[1], "new-start-ms")
}

// BenchmarkTessTwoLines reads the committed word cards' bands two at a
// time, each pair two ways in one op: as two calls (the reader's way), and
// as one call on the two lines side by side, a gap of the line's height
// of white between them. Were a call's cost partly fixed (Tesseract's
// set-up of a page, its layout), one call would cost less than two: it
// does not (two-ms against pair-ms, the CPU time a pair each way; two-px
// and pair-px the widths handed to Tesseract). Run on one core:
//
//	OMP_THREAD_LIMIT=1 go test ./scan/codenames/retail -run XX -bench TessTwoLines -cpu 1 -benchtime 5x
func BenchmarkTessTwoLines(b *testing.B) {
	list, err := wordlists.Builtin("pl")
	if err != nil {
		b.Fatal(err)
	}
	o, err := newOCR([]string{"pol"}, NewMatcher(list.Words).Letters())
	if err != nil {
		b.Fatal(err)
	}
	defer o.Close()
	bands := committedBands(b)
	// each band as the reader hands it to Tesseract: cut to its ink,
	// shrunk and narrowed (lineImage)
	var lines []gocv.Mat
	for _, m := range bands {
		r := m.Region(inkSpan(m))
		dst := gocv.NewMat()
		sized := lineImage(r, lineHeight, &dst)
		lines = append(lines, sized.Clone())
		dst.Close()
		r.Close()
		m.Close()
	}
	defer func() {
		for _, m := range lines {
			m.Close()
		}
	}()
	var pairs []gocv.Mat
	defer func() {
		for _, m := range pairs {
			m.Close()
		}
	}()
	twoPx, pairPx := 0, 0
	for i := 0; i+1 < len(lines); i += 2 {
		gap := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(255, 0, 0, 0), lineHeight, lineHeight, gocv.MatTypeCV8U)
		left, pair := gocv.NewMat(), gocv.NewMat()
		gocv.Hconcat(lines[i], gap, &left)
		gocv.Hconcat(left, lines[i+1], &pair)
		gap.Close()
		left.Close()
		pairs = append(pairs, pair)
		twoPx += lines[i].Cols() + lines[i+1].Cols()
		pairPx += pair.Cols()
	}
	if _, err := o.read(pairs[0]); err != nil { // Tesseract starts on its first line
		b.Fatal(err)
	}
	var two, one float64
	for b.Loop() {
		for i, p := range pairs {
			c := lineCPU()
			for _, m := range lines[2*i : 2*i+2] {
				if _, err := o.read(m); err != nil {
					b.Fatal(err)
				}
			}
			two += lineCPU() - c
			c = lineCPU()
			if _, err := o.read(p); err != nil {
				b.Fatal(err)
			}
			one += lineCPU() - c
		}
	}
	n := float64(b.N * len(pairs))
	b.ReportMetric(two/n, "two-ms")
	b.ReportMetric(one/n, "pair-ms")
	b.ReportMetric(one/two, "pair/two")
	b.ReportMetric(float64(twoPx)/float64(len(pairs)), "two-px")
	b.ReportMetric(float64(pairPx)/float64(len(pairs)), "pair-px")
}
