package retail

import (
	"image"
	"os"
	"path/filepath"
	"testing"

	"gocv.io/x/gocv"
)

// slowInkBelow is inkBelow as it was before session 27: the whole card
// turned grey and closed, each rectangle counted on it; kept to compare
// with.
func slowInkBelow(card gocv.Mat, pct int, mm float64, ceil int, rs ...image.Rectangle) []int {
	grey := gocv.NewMat()
	defer grey.Close()
	gocv.CvtColor(card, &grey, gocv.ColorBGRToGray)
	k := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(int(mm*pxmm)|1, int(mm*pxmm)|1))
	defer k.Close()
	bg := gocv.NewMat()
	defer bg.Close()
	gocv.MorphologyEx(grey, &bg, gocv.MorphClose, k)
	px, bp := pixels(grey), pixels(bg)
	out := make([]int, len(rs))
	for j, r := range rs {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				i := y*cardW + x
				if 100*int(px[i]) < pct*int(bp[i]) && int(px[i]) < ceil {
					out[j]++
				}
			}
		}
	}
	return out
}

// rectifiedCards returns the committed rectified cards (testdata's
// cardW × cardH images).
func rectifiedCards(tb testing.TB) []gocv.Mat {
	files, err := filepath.Glob("testdata/*.png")
	if err != nil {
		tb.Fatal(err)
	}
	var cards []gocv.Mat
	for _, f := range files {
		if st, err := os.Stat(f); err != nil || st.Size() == 0 {
			continue
		}
		m := gocv.IMRead(f, gocv.IMReadColor)
		if m.Cols() == cardW && m.Rows() == cardH {
			cards = append(cards, m)
		} else {
			m.Close()
		}
	}
	if len(cards) == 0 {
		tb.Fatal("no rectified cards in testdata")
	}
	return cards
}

// inkRects are the rectangles inkBelow is asked about (the bands' two
// places, the card's inside) and others at the card's edges and corners,
// the whole card, a pixel and a line.
var inkRects = []image.Rectangle{bandTop, bandBox, innerBox, image.Rect(0, 0, cardW, cardH),
	image.Rect(0, 0, 40, 30), image.Rect(cardW-25, cardH-33, cardW, cardH), image.Rect(0, 70, 12, 110),
	image.Rect(cardW-3, 0, cardW, cardH), image.Rect(140, 90, 141, 91), image.Rect(20, 179, 260, 180),
	image.Rect(100, 60, 180, 120)}

// TestInkBelowBoxes: inkBelow, closing each rectangle's box alone, counts
// what closing the whole card counted (slowInkBelow) on every committed
// rectified card, for the reader's levels, widths and ceilings.
func TestInkBelowBoxes(t *testing.T) {
	cards := rectifiedCards(t)
	defer func() {
		for _, c := range cards {
			c.Close()
		}
	}()
	inked := 0
	for i, card := range cards {
		for _, a := range []struct {
			pct  int
			mm   float64
			ceil int
		}{{60, 5, 256}, {75, 2.5, 256}, {85, 2.5, 256}, {60, 5, 60}, {90, 1, 256}, {75, 8, 256}} {
			got := inkBelow(card, a.pct, a.mm, a.ceil, inkRects...)
			want := slowInkBelow(card, a.pct, a.mm, a.ceil, inkRects...)
			for j := range want {
				if got[j] != want[j] {
					t.Errorf("card %d, %d%% %.1f mm under %d, rectangle %v: %d ink pixels, want %d", i, a.pct, a.mm, a.ceil, inkRects[j], got[j], want[j])
				}
				if want[j] > 0 {
					inked++
				}
			}
		}
	}
	if inked == 0 {
		t.Errorf("%d cards: no ink anywhere", len(cards))
	}
	t.Logf("%d cards, %d counts with ink", len(cards), inked)
}

// BenchmarkInkBelow counts the ink of the committed rectified cards as
// the reader asks for it (inkAt's 60% at 5 mm and faint's 75% at 2.5 mm,
// both bands) both ways in turns within each op (which goes first
// alternates from op to op): each band's box closed alone (inkBelow) and
// the whole card (slowInkBelow). new-ms and old-ms are the process's CPU
// time an op each way, new/old their ratio. Run on one core:
//
//	OMP_THREAD_LIMIT=1 go test ./scan/codenames/retail -run XX -bench InkBelow -cpu 1 -benchtime 20x
func BenchmarkInkBelow(b *testing.B) {
	cards := rectifiedCards(b)
	defer func() {
		for _, c := range cards {
			c.Close()
		}
	}()
	way := func(count func(gocv.Mat, int, float64, int, ...image.Rectangle) []int) func() {
		return func() {
			for _, card := range cards {
				count(card, 60, 5, 256, bandTop, bandBox)
				count(card, 75, 2.5, 256, bandTop, bandBox)
			}
		}
	}
	inTurns(b, way(slowInkBelow), way(inkBelow))
}
