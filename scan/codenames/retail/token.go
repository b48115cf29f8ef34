package retail

import (
	"image"
	"image/color"
	"math"

	"gocv.io/x/gocv"
)

// findTokens returns the cells the guess tokens lie on: the yellow discs
// of a token's size (tokenDiscs), on the cell the grid puts them on, or on a
// card's own outline (own: the outline of the card on each cell that has
// one, else the zero Quad).
func findTokens(img gocv.Mat, lt lattice, own [25]Quad) []int {
	return tokenCells(tokenDiscs(img, quadArea(lt.cellQuad(12))), lt, own)
}

// tokenCells is findTokens for the token discs' centres discs.
func tokenCells(discs [][2]float64, lt lattice, own [25]Quad) []int {
	var cells []int
	for _, ctr := range discs {
		if k := lt.cellOf(ctr); k >= 0 {
			cells = append(cells, k)
			continue
		}
		// beyond the grid's cell (a tilted table's fit a little off at
		// its corners) but on a card's own outline
		for k, q := range own {
			if q != (Quad{}) && q.contains(ctr) {
				cells = append(cells, k)
				break
			}
		}
	}
	return cells
}

// tokenDiscs returns the centres (in img) of the guess tokens in img: round,
// saturated yellow blobs of a token's size (about a fifth of a card's width
// across; card is a card's area in img), more saturated than what lies
// around them (standsOut).
func tokenDiscs(img gocv.Mat, card float64) [][2]float64 {
	f := math.Min(1, detectWidth/float64(img.Cols()))
	small := gocv.NewMat()
	defer small.Close()
	gocv.Resize(img, &small, image.Pt(int(float64(img.Cols())*f), int(float64(img.Rows())*f)), 0, 0, gocv.InterpolationArea)
	return smallDiscs(small, f, card)
}

// smallDiscs is tokenDiscs given the image already shrunk to the
// detection width (small, at scale f of the image; the card mask's).
func smallDiscs(small gocv.Mat, f, card float64) [][2]float64 {
	hsv := gocv.NewMat()
	defer hsv.Close()
	gocv.CvtColor(small, &hsv, gocv.ColorBGRToHSV)
	mask := gocv.NewMat()
	defer mask.Close()
	// the bounds as scalars: two bound images the frame's size cost more
	// than the test itself
	gocv.InRangeWithScalar(hsv, gocv.NewScalar(16, 140, 120, 0), gocv.NewScalar(36, 255, 255, 0), &mask)
	cs := gocv.FindContours(mask, gocv.RetrievalExternal, gocv.ChainApproxSimple)
	defer cs.Close()
	// a card's area, in the small image
	cardArea := card * f * f
	var ctrs [][2]float64
	for i := range cs.Size() {
		c := cs.At(i)
		a := gocv.ContourArea(c)
		p := gocv.ArcLength(c, true)
		if a < 0.025*cardArea || a > 0.15*cardArea || p == 0 || 4*math.Pi*a/(p*p) < 0.6 && !raggedDisc(c, a) {
			continue
		}
		b := gocv.BoundingRect(c)
		if !standsOut(hsv, b) {
			// as saturated as what lies around it: a figure printed
			// on a tan cover, not a token laid over a card
			continue
		}
		ctrs = append(ctrs, [2]float64{float64(b.Min.X+b.Max.X) / 2 / f, float64(b.Min.Y+b.Max.Y) / 2 / f})
	}
	return ctrs
}

// raggedDisc reports whether a blob (contour c, area a) whose outline is too
// long for a disc is a disc with a ragged edge: a token's dark rim under
// noise frays the yellow's edge pixel by pixel (synthetic 100006, pt,
// 1080p: 0.58 round by its own outline, the least is 0.6). Its convex hull
// must be round (at least minHullRound, a square's is 0.785) and the blob
// must fill it (at least minSolid): a fray, not a notch or a corner.
func raggedDisc(c gocv.PointVector, a float64) bool {
	hull := gocv.NewMat()
	defer hull.Close()
	gocv.ConvexHull(c, &hull, false, true)
	pv := gocv.NewPointVectorFromMat(hull)
	defer pv.Close()
	ha, hp := gocv.ContourArea(pv), gocv.ArcLength(pv, true)
	return ha > 0 && hp > 0 && 4*math.Pi*ha/(hp*hp) >= minHullRound && a >= minSolid*ha
}

// minHullRound and minSolid are raggedDisc's bounds.
const (
	minHullRound = 0.85
	minSolid     = 0.9
)

// minTokenLift is how many times the saturation of what lies around it a
// guess token's must be, unless that is another hue. The token is yellow over
// a beige or a cover card; the bystander's printed figure is the
// bystander's own tan, darker, of the same hue and saturation as the card it
// is printed on (rendered 300121: its round head, H 17, S 142, V 161,
// passed the token's colour and shape test; 1.04 times the saturation
// around it, where the tokens of the rendered sets measure 2.09 and over).
// A token on a red agent is as saturated as the red (1.14 on synthetic
// scenes) but of another hue.
const minTokenLift = 1.3

// sameHue is how far (OpenCV's hue, 0-180) a pixel's hue may lie from a
// blob's median hue to count as the blob's hue.
const sameHue = 8

// standsOut reports whether the yellow blob in box b of the small image's
// HSV pixels is a thing laid on a card rather than printed on it: inside
// it (within 0.7 of its radius) against a ring around it (1.3 to 1.8 of its
// radius), the median saturation is at least minTokenLift times the ring's,
// or most of the ring is of another hue.
func standsOut(hsv gocv.Mat, b image.Rectangle) bool {
	px, w, h := pixels(hsv), hsv.Cols(), hsv.Rows()
	cx, cy := float64(b.Min.X+b.Max.X)/2, float64(b.Min.Y+b.Max.Y)/2
	rad := float64(max(b.Dx(), b.Dy())) / 2
	var inS, inH, outS, outH []float64
	for y := max(0, int(cy-1.8*rad)); y <= min(h-1, int(cy+1.8*rad)); y++ {
		for x := max(0, int(cx-1.8*rad)); x <= min(w-1, int(cx+1.8*rad)); x++ {
			d := math.Hypot(float64(x)+0.5-cx, float64(y)+0.5-cy) / rad
			i := (y*w + x) * 3
			hue, s := float64(px[i]), float64(px[i+1])
			switch {
			case d < 0.7:
				inS, inH = append(inS, s), append(inH, hue)
			case d >= 1.3 && d < 1.8:
				outS, outH = append(outS, s), append(outH, hue)
			}
		}
	}
	if median(inS) >= minTokenLift*median(outS) {
		return true
	}
	// as saturated as the ring: a token still, on a card of another hue
	hue, same := median(inH), 0
	for _, o := range outH {
		d := math.Abs(o - hue)
		if min(d, 180-d) <= sameHue {
			same++
		}
	}
	return 2*same < len(outH)
}

// tokenPaint is the radius, in the rectified card's pixels, of the disc
// withoutTokens paints over a token: the token's 8 mm and its blur.
const tokenPaint = 11 * pxmm

// withoutTokens returns a copy of the rectified card (the card at q in the
// image) with the guess tokens among discs (their centres in the image)
// painted over in the card's median colour, and whether any lay on it. A
// token's dark ring is no word's ink: on a bystander it made the card a
// doubt (synthetic seed 80019 cs), as a word card's faint letters do.
// The caller closes the copy.
func withoutTokens(card gocv.Mat, q Quad, discs [][2]float64) (gocv.Mat, bool) {
	// the card's axes in the image: (u, v) in card pixels from q[0]
	ax := [2]float64{(q[1][0] - q[0][0]) / cardW, (q[1][1] - q[0][1]) / cardW}
	ay := [2]float64{(q[3][0] - q[0][0]) / cardH, (q[3][1] - q[0][1]) / cardH}
	det := ax[0]*ay[1] - ax[1]*ay[0]
	if det == 0 {
		return gocv.Mat{}, false
	}
	var at []image.Point
	for _, d := range discs {
		dx, dy := d[0]-q[0][0], d[1]-q[0][1]
		u := (dx*ay[1] - dy*ay[0]) / det
		v := (ax[0]*dy - ax[1]*dx) / det
		if u >= 0 && v >= 0 && u < cardW && v < cardH {
			at = append(at, image.Pt(int(u), int(v)))
		}
	}
	if len(at) == 0 {
		return gocv.Mat{}, false
	}
	roi := card.Region(innerBox)
	m := channelMedians(roi)
	roi.Close()
	out := card.Clone()
	for _, p := range at {
		gocv.Circle(&out, p, int(tokenPaint), color.RGBA{uint8(m[2]), uint8(m[1]), uint8(m[0]), 0}, -1)
	}
	return out, true
}
