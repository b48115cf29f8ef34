package retail

import (
	"image"
	"testing"
)

// TestInkSpan: the crop Tesseract reads of a word card's band (inkSpan)
// keeps all its ink (every column with two dark pixels) and half the
// band's height of paper each side of it (less only at the band's ends),
// and so is narrower than the band: Tesseract's time grows with a line's
// width. The paper each side stays half the band's height: half the
// letters' height read 11 of 33 lines otherwise (ZOO as "Z", CLOWN's C
// lost) for 4% less time a line (BenchmarkLineSpan, "Session 21: narrower
// lines" in docs/scan-retail.md).
func TestInkSpan(t *testing.T) {
	for _, f := range []string{
		"card-300026-word.jpg", "card-300165-chapeu.png", "card-300052-tigela.png",
		"card-120019-sip.png", "card-100001-zoo.png", "card-300288-dziadek.png",
		"card-300499-raketa.png", "card-300502-clown.png", "card-300519-mummy.png",
		"card-300644-arco-iris.png", "card-300701-paraquedas.png",
	} {
		t.Run(f, func(t *testing.T) {
			card := testImage(t, f)
			defer card.Close()
			w := newWordCrops(card, classify(card).flip)
			defer w.Close()
			band := w.band
			bw, bh := band.Cols(), band.Rows()
			lo, hi := inkColumns(pixels(band), bw, bh)
			if lo < 0 {
				t.Fatalf("band %d×%d shows no ink", bw, bh)
			}
			want := image.Rect(max(0, lo-bh/2), 0, min(bw, hi+1+bh/2), bh)
			got := inkSpan(band)
			if got != want {
				t.Errorf("inkSpan = %v, want %v (ink columns %d-%d, band %d×%d)", got, want, lo, hi, bw, bh)
			}
			if got.Min.X > lo || got.Max.X <= hi || got.Dx() >= bw {
				t.Errorf("inkSpan = %v: cuts ink columns %d-%d or is the band's width %d", got, lo, hi, bw)
			}
		})
	}
}
