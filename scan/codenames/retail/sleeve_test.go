package retail

import (
	"image"
	"image/color"
	"testing"

	"gocv.io/x/gocv"
)

// TestRedStrips draws a red card on a grey cloth, alone, beside a red
// neighbour, and under a red sleeve that runs on past it, and counts the
// red strips beyond the card's quad (redStrips).
func TestRedStrips(t *testing.T) {
	grey := gocv.Scalar{Val1: 100, Val2: 105, Val3: 110} // BGR
	red := color.RGBA{R: 200, G: 30, B: 40}              // a red agent's red
	card := image.Rect(200, 200, 340, 290)               // 140 × 90 px, the card's shape
	quad := Quad{{200, 200}, {340, 200}, {340, 290}, {200, 290}}
	cases := []struct {
		name   string
		reds   []image.Rectangle // red areas drawn over the cloth
		strip  int               // red strips wanted
		beyond bool
	}{
		{"alone", []image.Rectangle{card}, 0, false},
		{"a red neighbour touching on the right", []image.Rectangle{card, image.Rect(342, 200, 482, 290)}, 1, false},
		{"a sleeve across, left to right", []image.Rectangle{card, image.Rect(100, 212, 500, 278)}, 2, true},
		{"a sleeve over all of it", []image.Rectangle{image.Rect(100, 100, 500, 400)}, 4, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			img := gocv.NewMatWithSizeFromScalar(grey, 500, 600, gocv.MatTypeCV8UC3)
			defer img.Close()
			for _, r := range c.reds {
				gocv.Rectangle(&img, r, red, -1)
			}
			if n := redStrips(img, quad); n != c.strip {
				t.Errorf("red strips %d, want %d", n, c.strip)
			}
			if b := redBeyond(img, quad); b != c.beyond {
				t.Errorf("redBeyond %v, want %v", b, c.beyond)
			}
		})
	}
}

// TestSleeveNotRed reads rendered 300979-phone (session 24's fresh set;
// the grid's part of the 4000-pixel frame, 900 pixels wide, JPEG quality
// 70), where a crimson sleeve lies across four cells: only the red agent
// card (1,0 as read) may be read red; without redBeyond the four cells
// under the sleeve were red too, one of them a blue agent's.
func TestSleeveNotRed(t *testing.T) {
	img := gocv.IMRead("testdata/rendered-300979-sleeve.jpg", gocv.IMReadColor)
	if img.Empty() {
		t.Fatal("testdata/rendered-300979-sleeve.jpg: not an image")
	}
	defer img.Close()
	words := []string{"ZLATO", "RÝŽE", "NOS", "VLAK", "KYTARA", "MOTOR", "POKLAD", "TRUHLA", "KRTEK", "LAMPA",
		"POŠTA", "OKNO", "TRPASLÍK", "KOHOUTEK", "DOKTOR", "ŘEKA", "VĚTEV", "BROSKEV", "KOŘEN", "VĚZENÍ", "TERČ",
		"KLAVÍR", "ŠÍP", "KOST", "POHOVKA"}
	r, err := NewReader("cs", words)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	o, err := r.Read(img)
	if err != nil || !o.OK {
		t.Fatalf("not read: %v %s", err, o.Reason)
	}
	for k, c := range o.Cells {
		if c.Cover == "red" && k != 5 {
			t.Errorf("cell %d,%d read red (red strips beyond it: %d)", k/5, k%5, redStrips(img, c.Quad))
		}
	}
	if o.Cells[5].Cover != "red" {
		t.Errorf("the red agent card on 1,0 read %q (%s)", o.Cells[5].Cover, o.Cells[5].Why)
	}
}

// TestOwnOutlineRed: a red agent outlined on its own, touching other
// covers, its figure faint: rendered 300988-webcam's 0,3 (rendered
// heldout24) and 300976-webcam's 3,3 under `-perturb cool` (balanced as
// the reader does), each cut from its frame with the cloth and cards
// around it (q: its outline there). Its red runs on past two sides
// (redBeyond) and its figure is under minRedFigure; its own outline says
// it is a card (sleeveRed's own). Its figure is a shade darker than its
// red (shadedRedFigure: 0.13 and 0.10), so placed by the grid it is no
// sleeve's either (shadedred.go; before it, it was).
func TestOwnOutlineRed(t *testing.T) {
	for _, tc := range []struct {
		file string
		q    Quad
	}{
		{"rendered-300988-touching-red.png", Quad{{66, 40}, {232, 30}, {248, 112}, {94, 108}}},
		{"rendered-300976-cool-touching-red.png", Quad{{124, 49}, {362, 47}, {380, 205}, {100, 153}}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			img := testImage(t, tc.file)
			defer img.Close()
			card := gocv.NewMat()
			defer card.Close()
			rectify(img, tc.q, &card)
			if lk := classify(card); lk.kind != "red" || !redBeyond(img, tc.q) {
				t.Fatalf("classify = %q, redBeyond %v: want a red card with red beyond it (the case the test is for)", lk.kind, redBeyond(img, tc.q))
			}
			for _, own := range []bool{false, true} {
				if sleeveRed(img, card, tc.q, own) {
					t.Errorf("sleeveRed(own %v) = true, want false", own)
				}
			}
		})
	}
}
