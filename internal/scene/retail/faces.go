package retail

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Card sizes in millimetres: the retail word and cover cards are about
// 70 × 45 mm, landscape.
const (
	CardW = 70.0
	CardH = 45.0
)

// Colours of the retail layout, as drawn.
var (
	beige     = color.RGBA{226, 211, 178, 255} // word card face
	frameCol  = color.RGBA{140, 110, 72, 255}  // the word card's inner frame
	bandCol   = color.RGBA{246, 242, 232, 255} // the band the word is printed in
	inkCol    = color.RGBA{24, 22, 20, 255}    // the word
	smallInk  = color.RGBA{96, 74, 50, 255}    // the upside-down copy
	iconCol   = color.RGBA{190, 168, 128, 255} // the agent's silhouette beside the copy
	redCol    = color.RGBA{196, 48, 40, 255}
	blueCol   = color.RGBA{38, 92, 176, 255}
	tanCol    = color.RGBA{188, 158, 108, 255} // bystander
	blackCol  = color.RGBA{28, 28, 30, 255}    // assassin
	tokenCol  = color.RGBA{240, 190, 20, 255}  // the guess token
	figureMul = 0.72                           // a cover's figure: its colour darkened
)

// wordFont is Go Bold, parsed once: a bold sans that covers every letter of
// the built-in lists.
var wordFont = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(gobold.TTF) })

// WordFace draws a retail word card of word at pxPerMM: a beige card with an
// inner frame, the word in black in a pale band near the bottom, and the
// same word rotated 180° and smaller in the upper half, beside an agent's
// silhouette.
func WordFace(word string, pxPerMM float64) (*image.RGBA, error) {
	w, h := int(math.Round(CardW*pxPerMM)), int(math.Round(CardH*pxPerMM))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	fill(img, img.Bounds(), beige)
	mm := func(v float64) int { return int(math.Round(v * pxPerMM)) }
	frame(img, image.Rect(mm(2.5), mm(2.5), w-mm(2.5), h-mm(2.5)), mm(0.7), frameCol)
	band := image.Rect(mm(6), mm(27), w-mm(6), mm(39))
	fill(img, band, bandCol)
	if err := text(img, word, band.Inset(mm(1.5)), 6.0*pxPerMM, inkCol, false); err != nil {
		return nil, err
	}
	// the silhouette at the left of the upper half
	sil := image.Rect(mm(7), mm(6), mm(20), mm(23))
	figure(img, sil, iconCol)
	copyBox := image.Rect(mm(22), mm(9), w-mm(6), mm(20))
	if err := text(img, word, copyBox, 4.2*pxPerMM, smallInk, true); err != nil {
		return nil, err
	}
	return img, nil
}

// CoverFace draws a cover card of kind: red or blue agent, bystander,
// assassin, or double agent (red and blue halves), with a figure.
func CoverFace(kind string, pxPerMM float64) (*image.RGBA, error) {
	w, h := int(math.Round(CardW*pxPerMM)), int(math.Round(CardH*pxPerMM))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	var c color.RGBA
	switch kind {
	case "red":
		c = redCol
	case "blue":
		c = blueCol
	case "bystander":
		c = tanCol
	case "assassin":
		c = blackCol
	case "double":
		fill(img, image.Rect(0, 0, w/2, h), redCol)
		fill(img, image.Rect(w/2, 0, w, h), blueCol)
		figure(img, image.Rect(w/2-h/4, h/8, w/2+h/4, h-h/8), color.RGBA{90, 60, 100, 255})
		return img, nil
	default:
		return nil, fmt.Errorf("retail: no cover card %q", kind)
	}
	fill(img, img.Bounds(), c)
	fc := color.RGBA{uint8(float64(c.R) * figureMul), uint8(float64(c.G) * figureMul), uint8(float64(c.B) * figureMul), 255}
	if kind == "assassin" {
		fc = color.RGBA{70, 70, 74, 255}
	}
	figure(img, image.Rect(w/2-h/4, h/8, w/2+h/4, h-h/8), fc)
	return img, nil
}

// TokenFace draws the guess token: a yellow disc with a dark ring, d mm
// across.
func TokenFace(d, pxPerMM float64) *image.RGBA {
	n := int(math.Round(d * pxPerMM))
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	r := float64(n) / 2
	for y := range n {
		for x := range n {
			dd := math.Hypot(float64(x)+0.5-r, float64(y)+0.5-r)
			switch {
			case dd < r*0.8:
				img.SetRGBA(x, y, tokenCol)
			case dd < r:
				img.SetRGBA(x, y, color.RGBA{150, 100, 10, 255})
			}
		}
	}
	return img
}

func fill(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

func frame(img *image.RGBA, r image.Rectangle, t int, c color.RGBA) {
	t = max(t, 1)
	fill(img, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+t), c)
	fill(img, image.Rect(r.Min.X, r.Max.Y-t, r.Max.X, r.Max.Y), c)
	fill(img, image.Rect(r.Min.X, r.Min.Y, r.Min.X+t, r.Max.Y), c)
	fill(img, image.Rect(r.Max.X-t, r.Min.Y, r.Max.X, r.Max.Y), c)
}

// figure draws a person's silhouette (a head over shoulders) in r.
func figure(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	cx := float64(r.Min.X+r.Max.X) / 2
	hr := float64(r.Dy()) * 0.2
	hy := float64(r.Min.Y) + hr*1.1
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			fx, fy := float64(x)+0.5, float64(y)+0.5
			head := math.Hypot(fx-cx, fy-hy) < hr
			t := (fy - (hy + hr*1.2)) / (float64(r.Max.Y) - (hy + hr*1.2))
			body := t >= 0 && math.Abs(fx-cx) < float64(r.Dx())*(0.22+0.28*t)
			if head || body {
				img.SetRGBA(x, y, c)
			}
		}
	}
}

// text draws s centred in box, at cap height capPx or smaller so that it
// fits the box's width; upside down (rotated 180°) when flip.
func text(img *image.RGBA, s string, box image.Rectangle, capPx float64, c color.RGBA, flip bool) error {
	f, err := wordFont()
	if err != nil {
		return fmt.Errorf("retail: the word font: %w", err)
	}
	// Go Bold's cap height is about 0.73 em.
	size := capPx / 0.73
	var face font.Face
	var adv fixed.Int26_6
	for range 20 {
		face, err = opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			return fmt.Errorf("retail: the word font: %w", err)
		}
		adv = font.MeasureString(face, s)
		if adv.Ceil() <= box.Dx() {
			break
		}
		face.Close()
		size *= 0.92
	}
	defer face.Close()
	capH := size * 0.73
	tw, th := adv.Ceil(), int(math.Ceil(size*1.25))
	layer := image.NewRGBA(image.Rect(0, 0, tw, th))
	d := font.Drawer{Dst: layer, Src: image.NewUniform(c), Face: face,
		Dot: fixed.P(0, int(math.Round(float64(th)/2+capH/2)))}
	d.DrawString(s)
	if flip {
		rot := image.NewRGBA(layer.Bounds())
		for y := range th {
			for x := range tw {
				rot.Set(tw-1-x, th-1-y, layer.At(x, y))
			}
		}
		layer = rot
	}
	at := image.Pt((box.Min.X+box.Max.X-tw)/2, (box.Min.Y+box.Max.Y-th)/2)
	draw.Draw(img, layer.Bounds().Add(at), layer, image.Point{}, draw.Over)
	return nil
}
