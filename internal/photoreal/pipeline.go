package photoreal

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand"
	"slices"
)

// plane is a float image, row by row.
type plane struct {
	w, h int
	p    []float32
}

func newPlane(w, h int) *plane { return &plane{w, h, make([]float32, w*h)} }

func (p *plane) at(x, y int) float32 {
	x = min(max(x, 0), p.w-1)
	y = min(max(y, 0), p.h-1)
	return p.p[y*p.w+x]
}

// blur blurs p by a Gaussian of sigma pixels (separable).
func (p *plane) blur(sigma float64) *plane {
	if sigma < 0.05 {
		return p
	}
	r := int(math.Ceil(3 * sigma))
	k := make([]float32, 2*r+1)
	var sum float32
	for i := -r; i <= r; i++ {
		k[i+r] = float32(math.Exp(-float64(i*i) / (2 * sigma * sigma)))
		sum += k[i+r]
	}
	for i := range k {
		k[i] /= sum
	}
	tmp, out := newPlane(p.w, p.h), newPlane(p.w, p.h)
	for y := range p.h {
		for x := range p.w {
			var s float32
			for i := -r; i <= r; i++ {
				s += k[i+r] * p.at(x+i, y)
			}
			tmp.p[y*p.w+x] = s
		}
	}
	for y := range p.h {
		for x := range p.w {
			var s float32
			for i := -r; i <= r; i++ {
				s += k[i+r] * tmp.at(x, y+i)
			}
			out.p[y*p.w+x] = s
		}
	}
	return out
}

func srgbToLinear(v float64) float64 {
	if v <= 0.04045 {
		return v / 12.92
	}
	return math.Pow((v+0.055)/1.055, 2.4)
}

func linearToSRGB(v float64) float64 {
	if v <= 0.0031308 {
		return 12.92 * v
	}
	return 1.055*math.Pow(v, 1/2.4) - 0.055
}

// Develop turns a rendered frame (sRGB-encoded, as Blender's Standard view
// writes it) into what a camera of shot delivers: the room's light level,
// auto exposure with a capped shutter and gain (its metering biased by
// s.EV stops), optical softness, an RGGB Bayer mosaic with shot and read
// noise, bilinear demosaicing, the automatic white balance when s.AutoWB
// (whiteGains), a white balance error, the sRGB curve with an S-shaped contrast, unsharp masking
// and JPEG. It returns the JPEG file and the gain the exposure needed.
func Develop(src image.Image, s Shot, rng *rand.Rand) ([]byte, float64, error) {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	var lut [65536]float32
	for i := range lut {
		lut[i] = float32(srgbToLinear(float64(i) / 65535))
	}
	ch := [3]*plane{newPlane(w, h), newPlane(w, h), newPlane(w, h)}
	var lum []float32
	var bright [][3]float32
	rgba := func(x, y int) (uint32, uint32, uint32) {
		r, g, bb, _ := src.At(b.Min.X+x, b.Min.Y+y).RGBA()
		return r, g, bb
	}
	if im, ok := src.(*image.RGBA64); ok {
		rgba = func(x, y int) (uint32, uint32, uint32) {
			o := im.PixOffset(b.Min.X+x, b.Min.Y+y)
			p := im.Pix[o : o+6 : o+6]
			return uint32(p[0])<<8 | uint32(p[1]), uint32(p[2])<<8 | uint32(p[3]), uint32(p[4])<<8 | uint32(p[5])
		}
	}
	for y := range h {
		for x := range w {
			r, g, bb := rgba(x, y)
			i := y*w + x
			ch[0].p[i], ch[1].p[i], ch[2].p[i] = lut[r]*float32(s.Light), lut[g]*float32(s.Light), lut[bb]*float32(s.Light)
			if x > w/5 && x < 4*w/5 && y > h/5 && y < 4*h/5 {
				if x%4 == 0 && y%4 == 0 {
					lum = append(lum, 0.25*ch[0].p[i]+0.6*ch[1].p[i]+0.15*ch[2].p[i])
					if s.AutoWB {
						bright = append(bright, [3]float32{ch[0].p[i], ch[1].p[i], ch[2].p[i]})
					}
				}
			}
		}
	}
	// Metering: the 90th percentile of the middle (white paper, mostly) to
	// 0.45, so that a glint does not darken the rest and paper is not grey.
	slices.Sort(lum)
	meter := 0.0
	if len(lum) > 0 {
		meter = float64(lum[len(lum)*9/10])
	}
	// Exposure: the shutter gives up to 2x the nominal, then gain up to
	// gmax; a darker room stays dark and noisy.
	gmax := 8.0
	if s.Device == Phone {
		gmax = 16
	}
	k := 0.45 * math.Exp2(s.EV) / math.Max(meter, 1e-6)
	wb := s.WB
	if s.AutoWB {
		g := whiteGains(bright)
		for c := range wb {
			wb[c] *= g[c]
		}
	}
	shutter := math.Min(k, 2)
	gain := math.Min(math.Max(k/shutter, 1), gmax)
	for c := range ch {
		ch[c] = ch[c].blur(s.Soft)
	}
	// The mosaic, with noise in electrons.
	mos := newPlane(w, h)
	for y := range h {
		for x := range w {
			c := 1
			switch {
			case y%2 == 0 && x%2 == 0:
				c = 0
			case y%2 == 1 && x%2 == 1:
				c = 2
			}
			i := y*w + x
			e := float64(ch[c].p[i]) * shutter * s.FullWell
			e = math.Min(e, s.FullWell)
			e += math.Sqrt(math.Max(e, 0))*rng.NormFloat64() + s.ReadNoise*rng.NormFloat64()
			mos.p[i] = float32(math.Min(math.Max(e/s.FullWell*gain, 0), 1))
		}
	}
	// Bilinear demosaicing.
	kind := func(x, y int) int {
		switch {
		case y%2 == 0 && x%2 == 0:
			return 0
		case y%2 == 1 && x%2 == 1:
			return 2
		}
		return 1
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	rgb := [3]*plane{newPlane(w, h), newPlane(w, h), newPlane(w, h)}
	for y := range h {
		for x := range w {
			var sum [3]float32
			var cnt [3]float32
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					xx, yy := x+dx, y+dy
					if xx < 0 || yy < 0 || xx >= w || yy >= h {
						continue
					}
					c := kind(xx, yy)
					wt := float32(1)
					if dx != 0 && dy != 0 {
						wt = 0.5
					}
					if dx == 0 && dy == 0 {
						wt = 4
					}
					sum[c] += wt * mos.p[yy*w+xx]
					cnt[c] += wt
				}
			}
			i := y*w + x
			for c := range 3 {
				v := float64(sum[c]/cnt[c]) * wb[c]
				v = linearToSRGB(math.Min(math.Max(v, 0), 1))
				v = (1-s.Contrast)*v + s.Contrast*v*v*(3-2*v)
				rgb[c].p[i] = float32(v)
			}
		}
	}
	for c := range 3 {
		bl := rgb[c].blur(1)
		for i := range rgb[c].p {
			v := rgb[c].p[i] + float32(s.Sharpen)*(rgb[c].p[i]-bl.p[i])
			rgb[c].p[i] = v
		}
	}
	for y := range h {
		for x := range w {
			i := y*w + x
			q := func(v float32) uint8 { return uint8(math.Min(math.Max(float64(v)*255+0.5, 0), 255)) }
			out.SetRGBA(x, y, color.RGBA{q(rgb[0].p[i]), q(rgb[1].p[i]), q(rgb[2].p[i]), 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, out, &jpeg.Options{Quality: s.JPEG}); err != nil {
		return nil, 0, err
	}
	return buf.Bytes(), gain, nil
}
