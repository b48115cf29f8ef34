package retail

import (
	"image"
	"image/color"
	"math"
	"slices"

	"gocv.io/x/gocv"
)

// findTokens returns the cells the guess tokens lie on: the yellow discs
// of a token's size (tokenDiscs), on the cell the grid puts them on, or on a
// card's own outline (own: the outline of the card on each cell that has
// one, else the zero Quad).
func findTokens(img gocv.Mat, lt lattice, own [25]Quad) []int {
	f := math.Min(1, detectWidth/float64(img.Cols()))
	small := gocv.NewMat()
	defer small.Close()
	gocv.Resize(img, &small, image.Pt(int(float64(img.Cols())*f), int(float64(img.Rows())*f)), 0, 0, gocv.InterpolationArea)
	return tokenCells(smallDiscs(small, f, cardAreaAt(lt)), lt, own)
}

// cardSize gives a card's area, in the image's pixels, where a point of
// the image lies (at), and the least area it gives anywhere (least): a
// blob too small for a token where a card is least is no token anywhere
// (smallBlob).
type cardSize struct {
	at    func([2]float64) float64
	least float64
}

// cardAreaAt returns a card's area (in the image's pixels) where a point
// of the image lies on the grid lt: its cell's where that is smaller than
// the middle cell's, else the middle cell's. A steeply tilted table's far
// cards are smaller than its middle's (rendered 300703-phone: the token on
// cell 1,0 filled 0.0249 of the middle cell, under a token's least 0.025);
// its near ones are larger, and are measured against the middle's as
// before. The least is the smallest cell's area, or the middle's.
func cardAreaAt(lt lattice) cardSize {
	mid := quadArea(lt.cellQuad(12))
	least := mid
	for k := range 25 {
		least = min(least, quadArea(lt.cellQuad(k)))
	}
	return cardSize{func(p [2]float64) float64 {
		if k := lt.cellOf(p); k >= 0 {
			return min(mid, quadArea(lt.cellQuad(k)))
		}
		return mid
	}, least}
}

// everywhere returns a card's area card wherever a point lies.
func everywhere(card float64) cardSize {
	return cardSize{func([2]float64) float64 { return card }, card}
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
// around them (standsOut), or paler ones brighter than what lies around
// them too (paleToken).
func tokenDiscs(img gocv.Mat, card float64) [][2]float64 {
	f := math.Min(1, detectWidth/float64(img.Cols()))
	small := gocv.NewMat()
	defer small.Close()
	gocv.Resize(img, &small, image.Pt(int(float64(img.Cols())*f), int(float64(img.Rows())*f)), 0, 0, gocv.InterpolationArea)
	return smallDiscs(small, f, everywhere(card))
}

// smallDiscs is tokenDiscs given the image already shrunk to the
// detection width (small, at scale f of the image; the card mask's), a
// card's area where a point of the image lies given by size.
func smallDiscs(small gocv.Mat, f float64, size cardSize) [][2]float64 {
	hsv := gocv.NewMat()
	defer hsv.Close()
	gocv.CvtColor(small, &hsv, gocv.ColorBGRToHSV)
	// a card's area, in the small image, at a point of it, and the least
	// (scaled as each area is: no larger than any)
	cardArea := cardSize{func(p [2]float64) float64 { return size.at([2]float64{p[0] / f, p[1] / f}) * f * f }, size.least * f * f}
	ctrs := maskDiscs(hsv, hsvBox{16, 36, minTokenSat, minTokenV}, cardArea, standsOut)
	// then the paler tokens, which a warm light or glare took under
	// minTokenSat, and the tokens in a shadow, each found once
	add := func(ps [][2]float64) {
		for _, p := range ps {
			if !slices.ContainsFunc(ctrs, func(c [2]float64) bool { return math.Hypot(c[0]-p[0], c[1]-p[1]) < 0.1*math.Sqrt(cardArea.at(p)) }) {
				ctrs = append(ctrs, p)
			}
		}
	}
	add(maskDiscs(hsv, hsvBox{minPaleTokenHue, 36, minPaleTokenSat, minTokenV}, cardArea, paleToken))
	add(maskDiscs(hsv, shadowTokenBox, cardArea, shadowToken))
	for i := range ctrs {
		ctrs[i] = [2]float64{ctrs[i][0] / f, ctrs[i][1] / f}
	}
	return ctrs
}

// hsvBox bounds a token's pixels in maskDiscs: hue minH to maxH
// (OpenCV's 0-180), saturation at least minS, value at least minV.
type hsvBox struct{ minH, maxH, minS, minV int }

// minTokenV is the least value (V) of a lit token's pixels; minTokenSat is
// the least saturation of a guess token's yellow pixels;
// minPaleTokenSat the least of a pale token's (paleToken), whose edge under
// a warm light lies down to minPaleTokenHue (rendered 300531-phone's and
// 300441-phone's pale tokens fill 0.024 of a card's area at hue 16 and
// over, the least a token is 0.025; 0.026-0.030 from hue 14).
const (
	minTokenV       = 120
	minTokenSat     = 140
	minPaleTokenSat = 100
	minPaleTokenHue = 14
)

// maskDiscs returns the centres, in the small image (hsv: its HSV pixels),
// of the round yellow blobs of a token's size (cardArea: a card's area
// there, at a point of it) whose pixels lie in box, that keep says lie on
// a card rather than being printed on it. A blob not round as found is taken opened (openedDisc).
func maskDiscs(hsv gocv.Mat, box hsvBox, cardArea cardSize, keep func(gocv.Mat, image.Rectangle) bool) [][2]float64 {
	mask := gocv.NewMat()
	defer mask.Close()
	// the bounds as scalars: two bound images the frame's size cost more
	// than the test itself
	gocv.InRangeWithScalar(hsv, gocv.NewScalar(float64(box.minH), float64(box.minS), float64(box.minV), 0), gocv.NewScalar(float64(box.maxH), 255, 255, 0), &mask)
	cs := gocv.FindContours(mask, gocv.RetrievalExternal, gocv.ChainApproxSimple)
	defer cs.Close()
	var ctrs [][2]float64
	for i := range cs.Size() {
		c := cs.At(i)
		b := gocv.BoundingRect(c)
		if skipSmallBlobs && smallBlob(b, cardArea.least) {
			// no token as found, nor opened (openedDisc)
			continue
		}
		if !tokenShaped(c, cardArea.at(boxCentre(b))) {
			var ok bool
			if b, ok = openedDisc(c, b, cardArea); !ok {
				continue
			}
		}
		if !keep(hsv, b) {
			// as saturated as what lies around it: a figure printed
			// on a tan cover, not a token laid over a card
			continue
		}
		ctrs = append(ctrs, boxCentre(b))
	}
	return ctrs
}

// boxCentre returns the centre of box b.
func boxCentre(b image.Rectangle) [2]float64 {
	return [2]float64{float64(b.Min.X+b.Max.X) / 2, float64(b.Min.Y+b.Max.Y) / 2}
}

// tokenShaped reports whether the blob of contour c is a token's disc
// where a card's area is card: 0.025-0.15 of it, and round (circularity
// at least 0.6, or a disc with a ragged edge: raggedDisc).
func tokenShaped(c gocv.PointVector, card float64) bool {
	a := gocv.ContourArea(c)
	if a < 0.025*card || a > 0.15*card {
		// (its outline's length not measured)
		return false
	}
	p := gocv.ArcLength(c, true)
	return p > 0 && (4*math.Pi*a/(p*p) >= 0.6 || raggedDisc(c, a))
}

// openedDisc returns the box of the largest blob left of the blob of
// contour c (box b) once opened (a 3 × 3 square: what no such square fits
// in is taken off), and whether it is token-shaped (tokenShaped; a card's
// area where it lies given by cardArea). The
// token's rim and the card's printed frame beside it pass the yellow
// mask here and there, a pixel wide, and hang spurs on the disc that
// double its outline: rendered 300693-phone's token (0.54 round),
// 300696-webcam's (0.47, against the card's frame), synthetic 180015's
// (0.43, pl and en, 1080p), all unseen before.
func openedDisc(c gocv.PointVector, b image.Rectangle, cardArea cardSize) (image.Rectangle, bool) {
	if thinBlob(b) || skipSmallBlobs && smallBlob(b, cardArea.least) {
		return b, false
	}
	return openBlob(c, b, cardArea.at)
}

// skipSmallBlobs lets maskDiscs pass over small blobs (smallBlob) without
// measuring them, and openedDisc without opening them (off only for
// TestSmallBlobFrames and BenchmarkTokenDiscs, which compare).
var skipSmallBlobs = true

// openBlob is openedDisc without its test for thin blobs: the blob
// drawn, opened and measured.
func openBlob(c gocv.PointVector, b image.Rectangle, cardArea func([2]float64) float64) (image.Rectangle, bool) {
	blob := drawBlob(c, b)
	defer blob.Close()
	k := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(3, 3))
	defer k.Close()
	gocv.MorphologyEx(blob, &blob, gocv.MorphOpen, k)
	cs := gocv.FindContours(blob, gocv.RetrievalExternal, gocv.ChainApproxSimple)
	defer cs.Close()
	best, area := -1, 0.0
	for i := range cs.Size() {
		if a := gocv.ContourArea(cs.At(i)); a > area {
			best, area = i, a
		}
	}
	if best < 0 {
		return b, false
	}
	o := gocv.BoundingRect(cs.At(best)).Add(b.Min).Sub(image.Pt(blobPad, blobPad))
	return o, tokenShaped(cs.At(best), cardArea(boxCentre(o)))
}

// blobPad is the margin around a blob drawBlob draws.
const blobPad = 2

// drawBlob returns the blob of contour c (box b) filled, on a canvas of
// its box and blobPad each way; the caller closes it. OpenCV moves the
// contour onto the canvas as it fills it (fillPoly's offset), where the
// points were once read into Go one call at a time, moved and handed back
// (the same pixels: TestDrawBlob).
func drawBlob(c gocv.PointVector, b image.Rectangle) gocv.Mat {
	blob := gocv.NewMatWithSize(b.Dy()+2*blobPad, b.Dx()+2*blobPad, gocv.MatTypeCV8U)
	pv := gocv.NewPointsVector()
	defer pv.Close()
	pv.Append(c)
	gocv.FillPolyWithParams(&blob, pv, color.RGBA{255, 255, 255, 0}, gocv.Line8, 0, image.Pt(blobPad, blobPad).Sub(b.Min))
	return blob
}

// thinBlob reports whether a blob whose box is b is too thin for a 3 × 3
// square anywhere in it, so that opening it (openedDisc) leaves nothing:
// the speckles of a frame's yellow pixels, most of maskDiscs' blobs, are
// passed over without drawing and opening each.
func thinBlob(b image.Rectangle) bool { return b.Dx() < 3 || b.Dy() < 3 }

// smallBlob reports whether a blob whose box is b is too small for what
// opening it leaves to be token-shaped where a card's area is at least
// least: what is left lies inside the box, and its outline encloses less
// than the box's area, under a token's least share of the card
// (tokenShaped's 0.025). Most of the specks thinBlob leaves are so
// (rendered 300946-300954's five webcam frames: 359 of 615).
func smallBlob(b image.Rectangle, least float64) bool {
	return float64(b.Dx()*b.Dy()) < 0.025*least
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
	r := ringAround(hsv, b)
	if median(r.inS) >= minTokenLift*median(r.outS) {
		return true
	}
	// as saturated as the ring: a token still, on a card of another hue
	hue, same := median(r.inH), 0
	for _, o := range r.outH {
		d := math.Abs(o - hue)
		if min(d, 180-d) <= sameHue {
			same++
		}
	}
	return 2*same < len(r.outH)
}

// A pale token: a warm light or a glare takes the token's yellow under
// minTokenSat (rendered 300440-webcam's measures a median saturation of 124,
// 300504-webcam's 141 with half its pixels under 140, 930001-phone's 136),
// where the agent's figure printed on a word card lies too (S 100-121
// against the card's 77-93 around it). The token is brighter than the card
// around it, lit from above, and at least minPaleLift times as saturated;
// the figure is printed darker than its paper. Over the rendered tuning
// sets the tokens measure 1.62-3.9 times the ring's saturation and 14-40
// grey levels (V) brighter than it; the figures 1.30-1.37 and 4 levels
// brighter at most (rendered 300448-webcam), mostly 8-35 darker.
//
// A patch of a card lit between a hand's shadows is brighter still than
// the shadow around it, and round enough (rendered 300660-webcam under
// `-perturb warm`, balanced: 112 levels over its ring, read as a token on
// a cell with none); a token is lit as the card under it is, at most
// maxPaleBright over its ring.
const (
	minPaleLift   = 1.5
	minPaleBright = 9
	maxPaleBright = 60
)

// paleToken reports whether a yellow blob found at minPaleTokenSat (box b
// of the small image's HSV pixels) is a guess token: its median saturation
// at least minPaleLift times its ring's (standsOut's ring) and its median
// brightness minPaleBright to maxPaleBright over the ring's, or the token
// on a card a glare whitened (glaredToken).
func paleToken(hsv gocv.Mat, b image.Rectangle) bool {
	r := ringAround(hsv, b)
	lift := median(r.inV) - median(r.outV)
	if median(r.inS) < minPaleLift*median(r.outS) {
		return false
	}
	return lift >= minPaleBright && lift <= maxPaleBright || glaredToken(r)
}

// glaredToken reports whether the ring of a pale yellow blob (paleToken's)
// is a card a glare turned white, the blob as bright: a token lies there.
// A glare that clips the card's paper to white leaves the token no
// brighter than its ring (both at the sensor's top), so paleToken's lift
// fails: synthetic 210008 (cs, both sizes) and 180011 (pt, both sizes)
// measure their tokens at V 254-255 and saturation 105-114 on rings of V
// 254 and saturation 1-2, and were unseen. A figure printed on the card
// cannot pass: it is printed a little darker and less yellow than its
// paper (its blue channel some 40 levels under the paper's), so a glare
// that whitens the paper takes the figure's saturation far under
// minPaleTokenSat (the glared figures of 210008 measure 61-72).
func glaredToken(r ring) bool {
	return median(r.outV) >= minGlaredRingV && median(r.outS) <= maxGlaredRingS && median(r.inV) >= median(r.outV)-minPaleBright
}

// minGlaredRingV and maxGlaredRingS bound the ring glaredToken takes for a
// card a glare whitened: its median brightness and saturation.
const (
	minGlaredRingV = 245
	maxGlaredRingS = 20
)

// ring is the HSV pixels inside a blob (within 0.7 of its radius) and in a
// ring around it (1.3 to 1.8 of its radius).
type ring struct {
	inH, inS, inV, outH, outS, outV []float64
}

// ringAround returns the ring of the blob in box b of the small image's
// HSV pixels.
func ringAround(hsv gocv.Mat, b image.Rectangle) ring {
	px, w, h := pixels(hsv), hsv.Cols(), hsv.Rows()
	cx, cy := float64(b.Min.X+b.Max.X)/2, float64(b.Min.Y+b.Max.Y)/2
	rad := float64(max(b.Dx(), b.Dy())) / 2
	var r ring
	for y := max(0, int(cy-1.8*rad)); y <= min(h-1, int(cy+1.8*rad)); y++ {
		for x := max(0, int(cx-1.8*rad)); x <= min(w-1, int(cx+1.8*rad)); x++ {
			d := math.Hypot(float64(x)+0.5-cx, float64(y)+0.5-cy) / rad
			i := (y*w + x) * 3
			hue, s, v := float64(px[i]), float64(px[i+1]), float64(px[i+2])
			switch {
			case d < 0.7:
				r.inH, r.inS, r.inV = append(r.inH, hue), append(r.inS, s), append(r.inV, v)
			case d >= 1.3 && d < 1.8:
				r.outH, r.outS, r.outV = append(r.outH, hue), append(r.outS, s), append(r.outV, v)
			}
		}
	}
	return r
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

// paintedLook returns the look of a card classify saw as lk once the
// guess tokens among discs are painted over (withoutTokens), for a card
// the reader could not take as it was: a card of no class takes the
// painted card's class unless that is a word card's (a word card's class
// and way up stay its own: painting near its band once lost a word); a
// word card whose word was not read takes the painted card's class only
// when that is a cover's. A token's ring counts as faint ink, and a glared
// bystander with faint ink anywhere inside is the word card's pale class
// (synthetic 180010, cs, 1080p: its cell 4,3 classed a word card with no
// word, so never painted, and left in doubt). lk is returned when no
// token lies on the card.
func paintedLook(card gocv.Mat, q Quad, discs [][2]float64, lk look) look {
	plain, ok := withoutTokens(card, q, discs)
	if !ok {
		return lk
	}
	defer plain.Close()
	l2 := classify(plain)
	switch {
	case l2.kind == "word":
		return lk
	case lk.kind == "word" && l2.kind == "":
		return lk
	}
	return l2
}

// A token in a shadow: a hand's shadow takes the token's yellow far under
// minTokenV (rendered 300956-webcam, cell 3,0: H 20-22, S 220-255, V
// 65-75), so neither mask above holds it. Shadowed, its yellow stays of a
// narrow hue and more saturated than any card's paper, bystander's cover,
// wood or cloth: shadowTokenBox. shadowToken keeps such a blob only when
// it is dark (its median V under minTokenV: a lit one was the other
// passes' to take) and stands out from what lies around it (standsOut).
var shadowTokenBox = hsvBox{17, 25, 200, 40}

// shadowToken reports whether a blob found in shadowTokenBox (box b of the
// small image's HSV pixels) is a guess token in a shadow.
func shadowToken(hsv gocv.Mat, b image.Rectangle) bool {
	r := ringAround(hsv, b)
	return median(r.inV) < minTokenV && standsOut(hsv, b)
}
