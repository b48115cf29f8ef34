package retail

import (
	"image"
	"math"
	"slices"

	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// clothStep is the spacing, in the small image's pixels, of the points
// the cloth's colour is fitted on.
const clothStep = 6

// clothKeep is the share of the points, nearest the fit, each of
// fitCloth's rounds fits the next on: the cloth, not the cards, when the
// cloth fills most of the frame.
const clothKeep = 0.5

// clothFit is the cloth's colour across the frame, a quadratic in x and
// y for each of Lab's channels: a lamp's pool or falloff moves the
// cloth's colour further from its edge's median, the card mask's table,
// than the card mask's 22 (rendered held-out 301027-phone, a tan cloth
// with a light's pool beside the grid: the pool joined the grid's near
// column to it, 12 cards, no grid).
type clothFit [3][6]float64

// clothTerms returns the quadratic's six terms at x, y (the small image's
// pixels over its width).
func clothTerms(x, y float64) [6]float64 {
	return [6]float64{1, x, y, x * x, x * y, y * y}
}

// at returns the fitted colour at pixel x, y of an image w wide.
func (c clothFit) at(x, y, w float64) [3]float64 {
	t := clothTerms(x/w, y/w)
	var v [3]float64
	for ch := range 3 {
		for i := range 6 {
			v[ch] += c[ch][i] * t[i]
		}
	}
	return v
}

// fitCloth fits the cloth's colour on lab (the small image, Lab, 8-bit;
// px its bytes, w × h): on every point of a clothStep grid first, then
// three times on the half nearest the last fit (distance as the card
// mask's: lightness counting half). ok is false when a fit is singular.
func fitCloth(px []byte, w, h int) (clothFit, bool) {
	type pt struct {
		t   [6]float64
		lab [3]float64
		d   float64
	}
	var pts []pt
	for y := clothStep / 2; y < h; y += clothStep {
		for x := clothStep / 2; x < w; x += clothStep {
			i := 3 * (y*w + x)
			pts = append(pts, pt{t: clothTerms(float64(x)/float64(w), float64(y)/float64(w)),
				lab: [3]float64{float64(px[i]), float64(px[i+1]), float64(px[i+2])}})
		}
	}
	var c clothFit
	use := pts
	for round := range 4 {
		var a [6][6]float64
		var r [3][6]float64
		for _, p := range use {
			for i := range 6 {
				for j := range 6 {
					a[i][j] += p.t[i] * p.t[j]
				}
				for ch := range 3 {
					r[ch][i] += p.t[i] * p.lab[ch]
				}
			}
		}
		for ch := range 3 {
			sol, ok := solve6(a, r[ch])
			if !ok {
				return c, false
			}
			c[ch] = sol
		}
		if round == 3 {
			break
		}
		for k := range pts {
			p := &pts[k]
			var v [3]float64
			for ch := range 3 {
				for i := range 6 {
					v[ch] += c[ch][i] * p.t[i]
				}
			}
			p.d = 0.5*math.Abs(p.lab[0]-v[0]) + math.Abs(p.lab[1]-v[1]) + math.Abs(p.lab[2]-v[2])
		}
		use = slices.Clone(pts)
		slices.SortFunc(use, func(p, q pt) int {
			switch {
			case p.d < q.d:
				return -1
			case p.d > q.d:
				return 1
			}
			return 0
		})
		use = use[:int(clothKeep*float64(len(use)))]
	}
	return c, true
}

// solve6 solves a·x = b (scan.Solve, a pivot under 1e-9 singular),
// leaving a and b as they were.
func solve6(a [6][6]float64, b [6]float64) ([6]float64, bool) {
	rows := make([][]float64, 6)
	for i := range a {
		rows[i] = a[i][:]
	}
	x, ok := scan.Solve(rows, b[:], 1e-9)
	if !ok {
		return [6]float64{}, false
	}
	return [6]float64(x), true
}

// clothCards returns the cards that differ from the cloth's fitted colour
// where they lie (clothFit) by the card mask's 22, as maskCards finds
// them in that mask (lab: the small image at scale f, Lab).
func clothCards(small, lab gocv.Mat, f float64) ([]Quad, []float64) {
	dist, mask, ok := clothMask(lab)
	if !ok {
		return nil, nil
	}
	defer dist.Close()
	defer mask.Close()
	qs, as, _ := maskCards(small, mask, dist, f, false)
	return qs, as
}

// clothMask returns the distance of lab (the small image, Lab) from the
// cloth's fitted colour (as the card mask's, lightness counting half) and
// where it passes 22, opened; the caller closes both when ok.
func clothMask(lab gocv.Mat) (dist, mask gocv.Mat, ok bool) {
	w, h := lab.Cols(), lab.Rows()
	px := pixels(lab)
	c, ok := fitCloth(px, w, h)
	if !ok {
		return dist, mask, false
	}
	d8 := make([]byte, w*h)
	for y := range h {
		for x := range w {
			v := c.at(float64(x), float64(y), float64(w))
			i := 3 * (y*w + x)
			d := 0.5*math.Abs(float64(px[i])-v[0]) + math.Abs(float64(px[i+1])-v[1]) + math.Abs(float64(px[i+2])-v[2])
			d8[y*w+x] = uint8(min(d, 255))
		}
	}
	dist, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC1, d8)
	if err != nil {
		return dist, mask, false
	}
	mask = gocv.NewMat()
	gocv.Threshold(dist, &mask, 22, 255, gocv.ThresholdBinary)
	k := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(3, 3))
	defer k.Close()
	gocv.MorphologyEx(mask, &mask, gocv.MorphOpen, k)
	return dist, mask, true
}
