package retail

import (
	"image"
	"image/color"
	"math"
	"testing"

	"gocv.io/x/gocv"
)

// TestPaperTintClipped: a warm lamp lifts the word cards' paper to the
// sensor's top in red, leaving a few of each card's points unclipped.
// Rendered 300657-phone under `-perturb warm` (its word cards kept 9-53 of
// their 144 points): with half the points asked for, the tint was the
// blue agents' (blue over red 1.83), and balanced to it the blue agents
// in a hand's shadow read as the assassin and the bystander. Here six
// word cards, clipped in red but for a strip a fifth of their height
// (their paper's 135, 188, 242 BGR there), lie beside five light blue
// agents (116, 85, 63): the tint is the paper's.
func TestPaperTintClipped(t *testing.T) {
	img := gocv.NewMatWithSize(400, 1200, gocv.MatTypeCV8UC3)
	defer img.Close()
	img.SetTo(gocv.NewScalar(60, 70, 80, 0))
	var quads []Quad
	card := func(x, y int, c color.RGBA, strip *color.RGBA) {
		r := image.Rect(x, y, x+140, y+90)
		gocv.Rectangle(&img, r, c, -1)
		if strip != nil {
			gocv.Rectangle(&img, image.Rect(x, y+40, x+140, y+58), *strip, -1)
		}
		quads = append(quads, Quad{{float64(r.Min.X), float64(r.Min.Y)}, {float64(r.Max.X), float64(r.Min.Y)}, {float64(r.Max.X), float64(r.Max.Y)}, {float64(r.Min.X), float64(r.Max.Y)}})
	}
	// color.RGBA holds BGR here: gocv draws its R, G, B into a BGR
	// image's channels 2, 1, 0
	paper, clipped := color.RGBA{R: 242, G: 188, B: 135}, color.RGBA{R: 255, G: 200, B: 140}
	for i := range 6 {
		card(20+190*i, 20, clipped, &paper)
	}
	for i := range 5 {
		card(20+190*i, 200, color.RGBA{R: 63, G: 85, B: 116}, nil)
	}
	b, g, ok := paperTint(img, quads)
	if !ok || math.Abs(b-135.0/242) > 0.02 || math.Abs(g-188.0/242) > 0.02 {
		t.Errorf("paperTint = %.2f, %.2f, %v, want %.2f, %.2f, true (the paper's, not the agents' %.2f)", b, g, ok, 135.0/242, 188.0/242, 116.0/63)
	}
}

// TestPaperTintLamp: under an orange lamp no card's brightest tenth is
// paper-like (blue under half the red) and the paper's tint is taken from
// the cards lit orange (lampPapers): drawn-lamp 301168-webcam's 16 cards,
// blue over red 0.44-0.47 and green over red 0.75, a bystander's tan in
// daylight. A frame with a paper-like card keeps to those: its bystanders'
// tan is no paper.
func TestPaperTintLamp(t *testing.T) {
	orange := color.RGBA{R: 208, G: 156, B: 93}
	paper := color.RGBA{R: 240, G: 225, B: 215}
	tan := color.RGBA{R: 215, G: 165, B: 100}
	red := color.RGBA{R: 200, G: 50, B: 40}
	for _, tc := range []struct {
		name  string
		cards []color.RGBA
		ok    bool
		b, g  float64
	}{
		{"orange lamp", []color.RGBA{orange, orange, orange, orange, orange, orange, red, red}, true, 93.0 / 208, 156.0 / 208},
		{"three papers, tan bystanders", []color.RGBA{paper, paper, paper, tan, tan, tan, tan, tan, tan}, false, 0, 0},
		{"red agents", []color.RGBA{red, red, red, red, red, red}, false, 0, 0},
	} {
		img := gocv.NewMatWithSize(220, 1900, gocv.MatTypeCV8UC3)
		img.SetTo(gocv.NewScalar(60, 70, 80, 0))
		var quads []Quad
		for i, c := range tc.cards {
			r := image.Rect(20+200*i, 20, 160+200*i, 110)
			gocv.Rectangle(&img, r, c, -1)
			quads = append(quads, Quad{{float64(r.Min.X), float64(r.Min.Y)}, {float64(r.Max.X), float64(r.Min.Y)}, {float64(r.Max.X), float64(r.Max.Y)}, {float64(r.Min.X), float64(r.Max.Y)}})
		}
		b, g, ok := paperTint(img, quads)
		img.Close()
		if ok != tc.ok || math.Abs(b-tc.b) > 0.02 || math.Abs(g-tc.g) > 0.02 {
			t.Errorf("%s: paperTint = %.2f, %.2f, %v, want %.2f, %.2f, %v", tc.name, b, g, ok, tc.b, tc.g, tc.ok)
		}
	}
}

// TestLampWordCard: drawn-lamp 301168-webcam's BANK (cell 0,1), lit by an
// orange lamp: as seen, its band is as saturated as its beige and the card
// is no word card (ten words in doubt, nothing read); balanced by the
// tint of its own paper (lampPapers, castGains) it is a word card and
// reads BANK.
func TestLampWordCard(t *testing.T) {
	card := testImage(t, "card-301168-bank.png")
	defer card.Close()
	if k := classify(card).kind; k != "" {
		t.Errorf("as seen: classify = %q, want a doubt", k)
	}
	whole := Quad{{0, 0}, {cardW, 0}, {cardW, cardH}, {0, cardH}}
	b, g, ok := paperTint(card, []Quad{whole, whole, whole, whole, whole})
	if !ok {
		t.Fatal("paperTint: no tint from the lamp's paper")
	}
	gb, gg, _ := castGains(b, g)
	bal := balanced(card, gb, gg)
	defer bal.Close()
	lk := classify(bal)
	if lk.kind != "word" {
		t.Fatalf("balanced: classify = %q, want a word card", lk.kind)
	}
	r := freshReader(t, "pl")
	var c Cell
	var calls int
	if err := r.readWord(bal, lk.flip, 0, &c, &calls); err != nil {
		t.Fatal(err)
	}
	if c.Word != "BANK" {
		t.Errorf("balanced: readWord = %q (read %q), want BANK", c.Word, c.Text)
	}
}
