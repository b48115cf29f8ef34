package retail

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"

	"gocv.io/x/gocv"
)

// TestDimmedLight: a bystander of a weak figure must be as bright as the
// frame's paper allows (dimmed, weakFigureBound), under any light. The
// hand of rendered 300762-webcam outlined as a card (a wrong cover on
// session 19's fresh set: its figure 6, its mean V 172.7, its frame's
// paper level 205.5) stays out under a lamp 15% brighter, where session
// 19's absolute bound (178) took it for the bystander; the bystander of
// 300693-phone's cell 4,2 (its figure 3, V 183.0, its frame's paper
// 198.7) stays in under a lamp 20% dimmer, where that bound left it in
// doubt. Each card and its frame's paper level are scaled alike.
func TestDimmedLight(t *testing.T) {
	for _, tc := range []struct {
		file  string
		paper float64 // its frame's paperLevel
		want  string
	}{
		{"card-300762-hand.png", 205.5, ""},
		{"card-300693-weak-bystander.png", 198.7, "bystander"},
	} {
		card := testImage(t, tc.file)
		for _, gain := range []float64{0.8, 1, 1.15} {
			t.Run(fmt.Sprintf("%s-x%.2f", tc.file, gain), func(t *testing.T) {
				lit := gocv.NewMat()
				defer lit.Close()
				card.ConvertToWithParams(&lit, gocv.MatTypeCV8U, float32(gain), 0)
				lk := classify(lit)
				if !lk.weak {
					t.Fatalf("classify = %+v, want a bystander of a weak figure (the case the test is for)", lk)
				}
				if got := dimmed(lk, lit, minWeakFigureLevel*tc.paper*gain); got.kind != tc.want {
					t.Errorf("dimmed = %q, want %q", got.kind, tc.want)
				}
			})
		}
		card.Close()
	}
}

// TestPaperLevel: the paper's level is the median of the paper-like
// cards' brightest tenth (their brightest channel); an agent's red or
// blue and the assassin's black count for none, and a frame with fewer
// than minPaperCards paper-like cards has no level (weakFigureBound then
// falls back to minWeakFigureV).
func TestPaperLevel(t *testing.T) {
	// cards 100 px apart on a dark table: their colours, left to right
	paper := []color.RGBA{
		{R: 210, G: 190, B: 160}, {R: 200, G: 185, B: 150}, {R: 220, G: 200, B: 170},
		{R: 205, G: 190, B: 160}, {R: 215, G: 195, B: 165},
	}
	agents := []color.RGBA{{R: 230, G: 40, B: 40}, {R: 40, G: 60, B: 235}, {R: 30, G: 30, B: 30}}
	for _, tc := range []struct {
		name   string
		cards  []color.RGBA
		want   float64
		wantOK bool
	}{
		{"five papers", paper, 210, true},
		{"five papers and three agents", append(append([]color.RGBA{}, paper...), agents...), 210, true},
		{"four papers and three agents", append(append([]color.RGBA{}, paper[:4]...), agents...), 0, false},
	} {
		img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(20, 20, 20, 0), 100, 100*len(tc.cards), gocv.MatTypeCV8UC3)
		var quads []Quad
		for i, c := range tc.cards {
			r := image.Rect(100*i+10, 10, 100*i+90, 60)
			gocv.Rectangle(&img, r, c, -1)
			x0, y0, x1, y1 := float64(r.Min.X), float64(r.Min.Y), float64(r.Max.X), float64(r.Max.Y)
			quads = append(quads, Quad{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}})
		}
		got, ok := paperLevel(img, quads)
		if got != tc.want || ok != tc.wantOK {
			t.Errorf("%s: paperLevel = %v, %v, want %v, %v", tc.name, got, ok, tc.want, tc.wantOK)
		}
		img.Close()
	}
}

// TestDimmedNoisy: under `-perturb dark` (x0.55 with sensor noise, then
// brought up by exposure.go) the hand of rendered 300762-webcam lost its
// tan share (0.56) and came to glaredTan's dim branch (its figure 7),
// which marked no weak figure: read as the bystander again. With the
// noise of a frame brought up from x0.55 (sigma 4/0.55), the hand stays
// out whichever branch takes it.
func TestDimmedNoisy(t *testing.T) {
	card := testImage(t, "card-300762-hand.png")
	defer card.Close()
	for seed := range uint64(6) {
		noisy := noisyCard(t, card, 4/0.55, rand.New(rand.NewPCG(seed, 20)))
		lk := classify(noisy)
		if got := dimmed(lk, noisy, minWeakFigureLevel*205.5); got.kind != "" {
			t.Errorf("seed %d: classify %+v, dimmed %q, want no class", seed, lk, got.kind)
		}
		noisy.Close()
	}
}

// noisyCard returns a copy of card with Gaussian noise of sigma added to
// every channel of every pixel (as -perturb noise adds it to a frame).
func noisyCard(t *testing.T, card gocv.Mat, sigma float64, rng *rand.Rand) gocv.Mat {
	t.Helper()
	noisy := card.Clone()
	px, err := noisy.DataPtrUint8()
	if err != nil {
		t.Fatal(err)
	}
	for i := range px {
		px[i] = uint8(max(0, min(255, math.Round(float64(px[i])+sigma*rng.NormFloat64()))))
	}
	return noisy
}

// TestTanPaper: under drawn-lamp 301168-webcam's orange lamp (rendered
// lamp24, the frame halved, JPEG quality 75) every card's paper is tan
// (tanPaper), and a tan card's weak figure is no evidence of the
// bystander: its far card KAWA under `-perturb noise` (rectified as the
// reader does; its band's letters blurred under faint's bound, figureDip
// 5) was read as the bystander, and must be no cover. 300979-phone's grid
// (TestSleeveNotRed's frame, under the renderer's fixed lamp) keeps
// minWeakFigureLevel of its paper's level.
func TestTanPaper(t *testing.T) {
	for _, tc := range []struct {
		frame string
		tan   bool
	}{
		{"rendered-301168-tanlamp.jpg", true},
		{"rendered-300979-sleeve.jpg", false},
	} {
		t.Run(tc.frame, func(t *testing.T) {
			img := testImage(t, tc.frame)
			defer img.Close()
			quads, _, cm := findCards(img)
			cm.Close()
			if got := tanPaper(img, quads); got != tc.tan {
				t.Errorf("tanPaper = %v, want %v (%d cards)", got, tc.tan, len(quads))
			}
			if got := math.IsInf(weakFigureBound(img, quads), 1); got != tc.tan {
				t.Errorf("weakFigureBound infinite: %v, want %v", got, tc.tan)
			}
			if !tc.tan {
				return
			}
			card := testImage(t, "card-301168-noisy-kawa.png")
			defer card.Close()
			lk := classify(card)
			if lk.kind != "bystander" || !lk.weak {
				t.Fatalf("classify = %+v, want a bystander of a weak figure (the case the test is for)", lk)
			}
			if got := dimmed(lk, card, weakFigureBound(img, quads)); got.kind != "" {
				t.Errorf("dimmed = %q, want no class", got.kind)
			}
		})
	}
}

// TestTanLightPlainFigure: under a light that paints every card tan
// (weakFigureBound +Inf) a tan bystander of a clear figure must show it
// plainly; 301128-webcam's word card under a tan occluder (rendered-lamp18,
// `-perturb blur`, cell 4,3) shows a clear dip but no plain figure.
func TestTanLightPlainFigure(t *testing.T) {
	card := testImage(t, "card-301128-blur-covered.png")
	defer card.Close()
	lk := classify(card)
	if lk.kind != "bystander" || !lk.tan || lk.weak {
		t.Fatalf("classify = %+v, want a tan bystander of a clear figure (the case the test is for)", lk)
	}
	for _, tc := range []struct {
		bound float64
		want  string
	}{
		{math.Inf(1), ""},
		{minWeakFigureV, "bystander"},
	} {
		if got := dimmed(lk, card, tc.bound).kind; got != tc.want {
			t.Errorf("dimmed at bound %v = %q, want %q", tc.bound, got, tc.want)
		}
	}
}
