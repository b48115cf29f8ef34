package retail

import (
	"image"
	"math"
	"runtime"
	"testing"

	"gocv.io/x/gocv"
)

// TestFindCloth: on cloths a lamp lights unevenly the cards that differ
// from the cloth's fitted colour where they lie (clothCards) are found,
// enough for the grid (scaled to the detection width, 960 px):
//   - rendered held-out 301027-phone (session 25's set, a tan cloth with
//     a light's pool beside the grid; kept as lossy WebP at 960 px): the
//     pool differs from the cloth's edge, the card mask's table, more
//     than the card mask's 22 and joins the grid's near column to it, so
//     those cards were never alone (14 cards, no grid, before; 12 in the
//     frame as rendered).
func TestFindCloth(t *testing.T) {
	for _, tc := range []struct {
		file string
		min  int
	}{
		{"rendered-301027-pool.webp", 17},
	} {
		t.Run(tc.file, func(t *testing.T) {
			img := testImage(t, tc.file)
			defer img.Close()
			quads, short, cm := findCardsBy(img, true)
			defer cm.Close()
			if len(quads) < tc.min {
				t.Errorf("%d cards found, want at least %d", len(quads), tc.min)
			}
			lt, err := fitGrid(quads, short, cm)
			if err != nil {
				t.Fatalf("no grid from %d cards: %v", len(quads), err)
			}
			if !lt.alone(quads, cm) {
				t.Errorf("the grid of %d cards goes on beyond five lines", len(quads))
			}
		})
	}
}

// TestFitCloth: the cloth's colour is fitted under the cards lying on it:
// a cloth whose lightness, and chroma, a lamp moves across the frame (a
// pool, a falloff), with card-coloured rectangles over a part of it, is
// found within a level or two everywhere, the cards' part too.
func TestFitCloth(t *testing.T) {
	const w, h = 240, 180
	for _, tc := range []struct {
		name  string
		cloth func(x, y float64) [3]float64
		cards float64 // the width of the cards' block, a share of the frame's
	}{
		{"flat", func(x, y float64) [3]float64 { return [3]float64{120, 139, 154} }, 0.35},
		{"falloff", func(x, y float64) [3]float64 { return [3]float64{80 + 90*x, 139, 150 + 10*y} }, 0.35},
		{"pool", func(x, y float64) [3]float64 {
			d := (x-0.3)*(x-0.3) + (y-0.5)*(y-0.5)
			return [3]float64{190 - 150*d, 140 - 10*d, 165 - 40*d}
		}, 0.45},
	} {
		t.Run(tc.name, func(t *testing.T) {
			px := make([]byte, 3*w*h)
			for y := range h {
				for x := range w {
					c := tc.cloth(float64(x)/w, float64(y)/w)
					// cards: a block of rectangles right of the middle
					cx, cy := float64(x)/w-0.45, float64(y)/h
					if cx > 0 && cx < tc.cards && cy > 0.1 && cy < 0.9 && int(cx*w)%30 < 26 && int(cy*h)%20 < 17 {
						c = [3]float64{215, 131, 150}
					}
					i := 3 * (y*w + x)
					px[i], px[i+1], px[i+2] = byte(c[0]), byte(c[1]), byte(c[2])
				}
			}
			fit, ok := fitCloth(px, w, h)
			if !ok {
				t.Fatal("no fit")
			}
			worst := 0.0
			for y := 0; y < h; y += 5 {
				for x := 0; x < w; x += 5 {
					want, got := tc.cloth(float64(x)/w, float64(y)/w), fit.at(float64(x), float64(y), w)
					for ch := range 3 {
						worst = math.Max(worst, math.Abs(got[ch]-want[ch]))
					}
				}
			}
			if worst > 2 {
				t.Errorf("the fit lies %.1f levels off the cloth at worst, want at most 2", worst)
			}
		})
	}
}

// BenchmarkClothCards times, in turns within each op, findCards (the
// finding every frame gets, without the cloth pass) and clothCards alone
// on each 1080p webcam frame of -rendered at the detection width, and
// reports the cloth pass's time over findCards' (what a refused frame the
// reader finds again with the pass pays: cardsOnGrid). Run on one core:
//
//	go test ./scan/codenames/retail -run XX -bench ClothCards -cpu 1 -rendered DIR
func BenchmarkClothCards(b *testing.B) {
	imgs := oneCoreFrames(b)
	var smalls, labs []gocv.Mat
	var fs []float64
	for _, img := range imgs {
		f := math.Min(1, detectWidth/float64(img.Cols()))
		small, lab := gocv.NewMat(), gocv.NewMat()
		gocv.Resize(img, &small, image.Pt(int(float64(img.Cols())*f), int(float64(img.Rows())*f)), 0, 0, gocv.InterpolationArea)
		gocv.CvtColor(small, &lab, gocv.ColorBGRToLab)
		smalls, labs, fs = append(smalls, small), append(labs, lab), append(fs, f)
	}
	defer func() {
		for i := range smalls {
			smalls[i].Close()
			labs[i].Close()
		}
	}()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var all, cloth float64
	for b.Loop() {
		for i, img := range imgs {
			start := threadCPU()
			_, _, cm := findCards(img)
			all += threadCPU() - start
			cm.Close()
			start = threadCPU()
			clothCards(smalls[i], labs[i], fs[i])
			cloth += threadCPU() - start
		}
	}
	n := float64(b.N * len(imgs))
	b.ReportMetric(all/n, "find-cpu-ms/frame")
	b.ReportMetric(cloth/n, "cloth-cpu-ms/frame")
	b.ReportMetric(cloth/all, "cloth/find")
}

// TestClothOutlinesAdded: two frames whose grid has a line added
// (fitGraphShort; TestAddedUnderHand, TestGraphShortTinted) have that
// line's cards outlined by the cloth pass: the grid stands on the truth's
// cells with no line added. The reader asks the pass only of a frame
// refused without it (cardsOnGrid), so these two are read with the line
// added (TestClothAskedRefused).
func TestClothOutlinesAdded(t *testing.T) {
	for _, tc := range []struct {
		file  string
		truth [25][2]float64
	}{
		{"rendered-301162-hand.jpg", [25][2]float64{{335, 767}, {414, 583}, {472, 433}, {523, 296}, {573, 177}, {474, 797}, {529, 621}, {587, 457}, {628, 321}, {668, 203}, {603, 829}, {659, 647}, {700, 480}, {740, 341}, {780, 222}, {751, 861}, {793, 678}, {820, 507}, {859, 365}, {887, 241}, {884, 899}, {924, 704}, {948, 534}, {964, 394}, {984, 260}}},
		{"rendered-300934-pool.jpg", [25][2]float64{{957, 746}, {1035, 568}, {1112, 416}, {1176, 287}, {1222, 174}, {1087, 771}, {1155, 592}, {1227, 439}, {1275, 306}, {1319, 196}, {1211, 811}, {1278, 624}, {1343, 463}, {1389, 332}, {1420, 212}, {1351, 850}, {1414, 659}, {1464, 492}, {1493, 349}, {1529, 230}, {1506, 898}, {1549, 687}, {1583, 520}, {1614, 373}, {1640, 254}}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			img := testImage(t, tc.file)
			defer img.Close()
			quads, short, cm := findCardsBy(img, true)
			defer cm.Close()
			lt, err := fitGrid(quads, short, cm)
			if err != nil {
				t.Fatalf("no grid from %d cards: %v", len(quads), err)
			}
			onTruth(t, lt, tc.truth, short)
			if lt.added != [2]int{} {
				t.Errorf("the line added: %v, want none", lt.added)
			}
			if !lt.alone(quads, cm) {
				t.Errorf("the grid refused")
			}
		})
	}
}
