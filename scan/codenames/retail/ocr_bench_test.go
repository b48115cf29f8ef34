package retail

import (
	"fmt"
	"image"
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
		band := drawnBand(b, w)
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

// letterSpan is inkSpan with a margin of half the line's letters' height
// (the rows dark in a twentieth of the ink's columns, inkRows) each side,
// no less than a quarter of the line's height, where inkSpan keeps half
// the line's height: a narrower line for Tesseract, tried in session 21 and
// not kept (docs/scan-retail.md, "Session 21: narrower lines").
func letterSpan(m gocv.Mat) image.Rectangle {
	w, h := m.Cols(), m.Rows()
	lo, hi := inkColumns(pixels(m), w, h)
	if lo < 0 {
		return image.Rectangle{}
	}
	margin := h / 2
	if top, bottom := inkRows(m, lo, hi); top >= 0 {
		margin = max(h/4, min(h/2, (bottom-top+1)/2))
	}
	return image.Rect(max(0, lo-margin), 0, min(w, hi+1+margin), h)
}

// BenchmarkLineSpan times Tesseract on word cards' lines cut two ways in
// turns within each op (which way goes first alternates from op to op):
// the reader's (inkSpan: the ink and half the line's height each side) and
// letterSpan's (half the letters' height). The lines are the bands and
// copies of committed word cards (cut as the reader cuts them) and the
// bands of five drawn Polish cards. old-ms/line and new-ms/line are the
// process's CPU time a line each way, new/old their ratio, old-px and
// new-px the mean width Tesseract is handed (lineImage), differ the lines
// read otherwise (logged). Run on one core:
//
//	OMP_THREAD_LIMIT=1 go test ./scan/codenames/retail -run XX -bench LineSpan -cpu 1 -benchtime 5x -v
func BenchmarkLineSpan(b *testing.B) {
	type line struct {
		name string
		o    *ocr
		m    gocv.Mat
	}
	var lines []line
	for _, lang := range []string{"pt", "cs", "en", "pl"} {
		list, err := wordlists.Builtin(lang)
		if err != nil {
			b.Fatal(err)
		}
		drawn := map[string][]string{"pl": {"PRZEDSZKOLE", "ŹDŹBŁO", "KAPELUSZ", "ZOO", "LIST"}}[lang]
		o, err := newOCR([]string{TessLang(lang)}, NewMatcher(append(list.Words, drawn...)).Letters())
		if err != nil {
			b.Fatal(err)
		}
		defer o.Close()
		for _, f := range map[string][]string{
			"pt": {"card-300165-chapeu.png", "card-300052-tigela.png", "card-300501-cacto.png",
				"card-300644-arco-iris.png", "card-300701-paraquedas.png", "card-300484-mascara.png"},
			"cs": {"card-300499-raketa.png", "card-300499-koste.png", "card-300138-hlava.jpg"},
			"en": {"card-300502-clown.png", "card-300519-mummy.png"},
			"pl": {"card-300288-dziadek.png", "card-300475-miska.png", "card-300504-latarka.png"},
		}[lang] {
			card := gocv.IMRead("testdata/"+f, gocv.IMReadColor)
			if card.Empty() {
				b.Fatalf("testdata/%s: not an image", f)
			}
			w := newWordCrops(card, classify(card).flip)
			card.Close()
			defer w.Close()
			lines = append(lines, line{f + " band", o, w.band}, line{f + " copy", o, w.copy()})
		}
		for _, word := range drawn {
			band := drawnBand(b, word)
			defer band.Close()
			lines = append(lines, line{word + " drawn", o, band})
		}
	}
	width := func(m gocv.Mat, r image.Rectangle) int {
		if r.Empty() {
			return 0
		}
		region := m.Region(r)
		defer region.Close()
		dst := gocv.NewMat()
		defer dst.Close()
		sized := lineImage(region, lineHeight, &dst)
		return sized.Cols()
	}
	oldPx, newPx := 0, 0
	for _, l := range lines {
		oldPx += width(l.m, inkSpan(l.m))
		newPx += width(l.m, letterSpan(l.m))
		if _, err := l.o.line(l.m, lineHeight); err != nil { // Tesseract starts on its first line
			b.Fatal(err)
		}
	}
	var cpu [2]float64
	spans := [2]func(gocv.Mat) image.Rectangle{inkSpan, letterSpan}
	var differ []string
	op := 0
	for b.Loop() {
		differ = differ[:0]
		for _, l := range lines {
			var got [2]string
			for k := range 2 {
				way := (k + op) % 2
				c := lineCPU()
				s, err := l.o.lineAt(l.m, spans[way](l.m), lineHeight)
				cpu[way] += lineCPU() - c
				if err != nil {
					b.Fatal(err)
				}
				got[way] = s
			}
			if got[0] != got[1] {
				differ = append(differ, fmt.Sprintf("%s %q, at half the letters' height %q", l.name, got[0], got[1]))
			}
		}
		op++
	}
	for _, d := range differ {
		b.Log(d)
	}
	n := float64(b.N * len(lines))
	b.ReportMetric(cpu[0]/n, "old-ms/line")
	b.ReportMetric(cpu[1]/n, "new-ms/line")
	b.ReportMetric(cpu[1]/cpu[0], "new/old")
	b.ReportMetric(float64(oldPx)/float64(len(lines)), "old-px")
	b.ReportMetric(float64(newPx)/float64(len(lines)), "new-px")
	b.ReportMetric(float64(len(differ)), "differ")
}

// drawnBand returns the band crop of a word card drawn with word (the
// caller closes it).
func drawnBand(b *testing.B, word string) gocv.Mat {
	card := wordCard(b, word)
	defer card.Close()
	band, small := crops(card, false)
	small.Close()
	return band
}
