package retail

import (
	"testing"

	"fieldkit/wordlists"

	"gocv.io/x/gocv"
)

// TestTallestMark: the tallest mark of a band's or a copy's crop (flattened,
// as wordCrops cuts them), and whether its ink could be printed letters
// (wordCrops.letters: no taller than maxMark).
func TestTallestMark(t *testing.T) {
	for _, c := range []struct {
		file    string
		lo, hi  float64 // tallestMark's range
		letters bool
	}{
		// lamp-tune 935020-webcam's LARANJA under a hand's fingers, the
		// balance at the paper's tuning range's edge: the copy's crop
		// holds the fingers' outlines, read "MESA"
		{"line-935020-hand-copy.png", 0.99, 1, false},
		// rendered 300551-phone's MEDAL, read on its copy alone, a token's
		// ring at its edge: among the tallest marks of the copies read
		// alone on the tuning sets (0.48)
		{"line-300551-medal-copy.png", 0.4, 0.5, true},
		// rendered 300517-phone's ESTAÇÃO, its band sure alone: its Ç
		// with the cedilla below the letters' rows, the tallest mark
		{"line-300517-estacao-band.png", 0.75, 0.85, true},
		// rendered 300500-webcam's PASTEL, a token's ring over its band's
		// end from its top row to its bottom
		{"line-300500-pastel-band.png", 0.99, 1, false},
	} {
		t.Run(c.file, func(t *testing.T) {
			m := gocv.IMRead("testdata/"+c.file, gocv.IMReadGrayScale)
			if m.Empty() {
				t.Fatalf("testdata/%s: not an image", c.file)
			}
			defer m.Close()
			got := tallestMark(m)
			if got < c.lo || got > c.hi {
				t.Errorf("tallestMark(%s) = %.2f, want %.2f to %.2f", c.file, got, c.lo, c.hi)
			}
			if l := got <= maxMark; l != c.letters {
				t.Errorf("tallestMark(%s) = %.2f <= maxMark (%.2f): %v, want %v", c.file, got, maxMark, l, c.letters)
			}
		})
	}
}

// TestHandOverCopy: lamp-tune 935020-webcam's LARANJA under a hand, its
// frame balanced at the edge of the paper's tuning range: the band read
// "VAR", the copy "MESA" exactly on the fingers' outlines, and MESA, a wrong
// word, stood on the copy's read alone. The copy's ink is no letters: a
// doubt.
func TestHandOverCopy(t *testing.T) {
	list, err := wordlists.Builtin("pt")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := readWordCard(t, "pt", list.Words, "card-935020-hand-mesa.png", 0)
	if c.Word != "" {
		t.Errorf("readWord(card-935020-hand-mesa.png) = %q (read %q), want a doubt", c.Word, c.Text)
	}
}

// BenchmarkLetters times wordCrops.letters, which every word a band's read
// names alone now asks, beside one Tesseract read of the same band (the
// cost of a line), in the same run: the check is a small share of a line.
//
//	OMP_THREAD_LIMIT=1 go test ./scan/codenames/retail -run XX -bench Letters -cpu 1
func BenchmarkLetters(b *testing.B) {
	card := testImage(b, "card-300052-tigela.png")
	defer card.Close()
	w := newWordCrops(card, false)
	defer w.Close()
	list, err := wordlists.Builtin("pt")
	if err != nil {
		b.Fatal(err)
	}
	o, err := newOCR([]string{"por"}, NewMatcher(list.Words).Letters())
	if err != nil {
		b.Fatal(err)
	}
	defer o.Close()
	b.Run("letters", func(b *testing.B) {
		for range b.N {
			w.letters(false)
		}
	})
	b.Run("ocr-line", func(b *testing.B) {
		for range b.N {
			if _, err := o.line(w.band, lineHeight); err != nil {
				b.Fatal(err)
			}
		}
	})
}
