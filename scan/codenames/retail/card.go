package retail

import (
	"image"
	"image/color"

	"gocv.io/x/gocv"
)

// The rectified card: the retail card's 70 × 45 mm at 4 pixels a
// millimetre (a 1080p frame shows a card at about 2).
const (
	pxmm  = 4.0
	cardW = 280
	cardH = 180
)

// mmRect is a rectangle of the rectified card given in millimetres.
func mmRect(x0, y0, x1, y1 float64) image.Rectangle {
	return image.Rect(int(x0*pxmm), int(y0*pxmm), int(x1*pxmm), int(y1*pxmm))
}

// Regions of the retail word card, as the scene generator draws it and as
// the boxed game prints it: the word's band near the long bottom edge and
// the upside-down copy in the upper half, right of the picture.
var (
	bandBox  = mmRect(7.5, 28, 62.5, 38)
	copyBox  = mmRect(20.5, 8, 66, 21)
	bandTop  = mmRect(7.5, 7, 62.5, 17) // bandBox turned 180°
	innerBox = mmRect(4, 4, 66, 41)
)

// rectify warps the card at q in img onto a cardW × cardH image.
func rectify(img gocv.Mat, q Quad, dst *gocv.Mat) {
	warpTo(img, q, cardW, cardH, dst)
}

// warpTo warps the quad q of img onto a w × h image.
func warpTo(img gocv.Mat, q Quad, w, h int, dst *gocv.Mat) {
	from := gocv.NewPoint2fVectorFromPoints([]gocv.Point2f{
		{X: float32(q[0][0]), Y: float32(q[0][1])}, {X: float32(q[1][0]), Y: float32(q[1][1])},
		{X: float32(q[2][0]), Y: float32(q[2][1])}, {X: float32(q[3][0]), Y: float32(q[3][1])}})
	defer from.Close()
	to := gocv.NewPoint2fVectorFromPoints([]gocv.Point2f{{X: 0, Y: 0}, {X: float32(w), Y: 0}, {X: float32(w), Y: float32(h)}, {X: 0, Y: float32(h)}})
	defer to.Close()
	m := gocv.GetPerspectiveTransform2f(from, to)
	defer m.Close()
	gocv.WarpPerspectiveWithParams(img, dst, m, image.Pt(w, h), gocv.InterpolationLinear, gocv.BorderReplicate, color.RGBA{})
}

// look is what a rectified card's colours say.
type look struct {
	kind string // "word", a cover kind, or "" when unclear
	flip bool   // a word card lies upside down: its band is at the top
	// half: no class, for the double agent's violet figure on an agent's
	// colour (halfDouble): the grid's cell may show the card whole
	half bool
	weak bool // a bystander whose figure is weak: dimmed asks its brightness (bystander.go)
	// tan: a bystander by its tan all over, no ink and its figure
	// (classify's plain tan case): steadyLook asks the card balanced to
	// the range's edge only for its paper (paledTan, cast.go)
	tan bool
}

// classify returns what a rectified card's colours say (colourLook), but
// no class for a blue card whose figure is far paler than both its sides
// (paleFigureBlue, cover.go): the assassin's figure, glared to a blue.
func classify(card gocv.Mat) look {
	lk := colourLook(card)
	if lk.kind == "blue" && paleFigureBlue(card) {
		return look{}
	}
	return lk
}

// colourLook classes a card by the colours of its pixels by HSV (OpenCV's
// H is 0–180), each a cover's or the word card's colour; a card is of a
// class when most of its pixels are.
func colourLook(card gocv.Mat) look {
	hsv := gocv.NewMat()
	defer hsv.Close()
	gocv.CvtColor(card, &hsv, gocv.ColorBGRToHSV)
	var left, right [6]int // red, blue, dark, tan, pale, other
	n := [2]int{}
	washed := 0 // pale pixels of a blue agent's hue (glaredBlue)
	// pale pixels of a lavender a glare turns a blue agent's blue to
	// (glaredBlue's median hue still asked of the whole card)
	lavender := 0
	// dark pixels of a blue agent's hue and saturation, and the hues of
	// the lit blue pixels (a blue agent in a shadow: minShadowedBlue)
	navy := 0
	var blueHue [181]int
	// pixels of the double agent's violet figure (halfDouble)
	violetFig := 0
	// blue or pale pixels of a cool hue in each half (glaredDouble)
	var cool [2]int
	// the ink at either end (inkAt, 60%), measured once: a word card asks
	// whether it is inked and then which way up it lies
	var top, bottom int
	measured := false
	ends := func() (int, int) {
		if !measured {
			top, bottom = inkAt(card, 60)
			measured = true
		}
		return top, bottom
	}
	r := innerBox
	px := pixels(hsv)
	for y := r.Min.Y; y < r.Max.Y; y += 2 {
		for x := r.Min.X; x < r.Max.X; x += 2 {
			i := (y*cardW + x) * 3
			h, s, v := px[i], px[i+1], px[i+2]
			if s >= 60 && h >= minDoubleHue && h <= maxDoubleHue {
				violetFig++
			}
			k := 5
			switch {
			case v < 80 || s < 60 && v < 140: // black, or black under glare
				k = 2
				if s >= minNavySat && h >= minGlareBlueHue && h <= maxBlueHue {
					navy++
				}
			case redHue(h, s): // red, washed by glare too
				k = 0
			case blueClass(h, s):
				k = 1
				blueHue[h]++
			case s < 80 && v >= 110:
				k = 4
				if s >= minGlareBlueSat && h >= minGlareBlueHue && h <= maxBlueHue {
					washed++
				} else if s >= minGlareBlueSat && h > maxBlueHue && h <= 130 {
					lavender++
				}
			case s >= 65 && h > 8 && h <= 30: // tan, washed by glare too (beige is about 54)
				k = 3
			}
			half := 0
			if x >= cardW/2 {
				half = 1
			}
			if (k == 1 || k == 4) && coolPx(h, s) {
				cool[half]++
			}
			if half == 0 {
				left[k]++
				n[0]++
			} else {
				right[k]++
				n[1]++
			}
		}
	}
	tot := float64(n[0] + n[1])
	var dtop, dbottom int // a dark card's ink at either end (darkInk)
	if float64(left[2]+right[2]) >= 0.6*tot {
		dtop, dbottom = darkInk(card)
	}
	frac := func(k int) float64 { return float64(left[k]+right[k]) / tot }
	lf := func(k int) float64 { return float64(left[k]) / float64(n[0]) }
	rf := func(k int) float64 { return float64(right[k]) / float64(n[1]) }
	var glaredWeak bool // glaredTan's weak figure, for its case below
	glared := func() bool {
		ok, weak := glaredTan(card, hsv, func() bool { return inked(ends()) })
		glaredWeak = weak
		return ok
	}
	switch {
	case frac(0) >= 0.55 || frac(1) >= 0.55:
		if halfDouble(violetFig, tot) {
			// one half of a double agent outlined on its own, its
			// violet figure at an end: no agent of one colour
			// (cover.go)
			return look{half: true}
		}
		if frac(0) >= 0.55 {
			if max(lf(2), rf(2)) >= maxRedDarkHalf {
				// one half dark: the double agent's blue half
				// dimmed to a grey, or a shadow (redagent.go)
				return look{}
			}
			if !redAgentShown(px) {
				// red by colour, but neither the agent's figure
				// nor its red to its corners: a sleeve over a word
				// card (redagent.go)
				return look{}
			}
			return look{kind: "red"}
		}
		if violet(px) {
			// a sleeve or a toy, not the agent card's blue
			return look{}
		}
		return look{kind: "blue"}
	case lf(0) >= 0.5 && rf(1) >= 0.5 || lf(1) >= 0.5 && rf(0) >= 0.5:
		return look{kind: "double"}
	case glaredDouble(lf(0), rf(0), float64(cool[0])/float64(n[0]), float64(cool[1])/float64(n[1])) && noFaintInside(card):
		// the double agent, its blue half glared to a lavender past
		// the blue class (double.go)
		return look{kind: "double"}
	case frac(2) >= 0.6 && !inked(dtop, dbottom):
		// dark, but not a word card in a hand's shadow: its band's word
		// stays darker than the paper around it
		if medianSat(hsv) > maxAssassinSat {
			// dark but saturated: an agent card in a hand's shadow
			return look{}
		}
		if shadowedBand(hsv) && !plainFigure(card, dtop, dbottom) {
			// a word card in a shadow, its letters no darker than 0.75 of
			// the shadowed paper, but its pale band still there
			return look{}
		}
		if greyDark(px) && sideLift(card) < minSideLift {
			// dark only as a dim grey, no black, and no pale figure:
			// a word card dimmed all over (assassin.go: greyDark)
			return look{}
		}
		if sideDrop(card) >= minAgentDrop {
			// a figure darker than both its sides: an agent's printed
			// figure, the card dimmed to black (assassin.go)
			return look{}
		}
		if sideSpread(card) > maxSideSpread {
			// pale and dark in both its sides: a hand's fingers lit
			// over a word card in the arm's shadow (assassin.go)
			return look{}
		}
		return look{kind: "assassin"}
	case frac(2) >= minGlaredDark && frac(2)+frac(4) >= 0.9 && !inked(ends()) && glaredAssassin(card, hsv):
		// the assassin whitened by a glare over part of it: dark and
		// pale grey, its paler figure still plain (rendered
		// 300461-phone's: 0.598 dark, no class before)
		return look{kind: "assassin"}
	case frac(2)+frac(4) >= 0.9 && !inked(ends()) && greyAssassin(card, hsv):
		// the assassin glared a mid grey all over, too little of it dark
		// for the case above (cover.go)
		return look{kind: "assassin"}
	case frac(2)+frac(4) >= 0.9 && !inked(ends()) && tintedAssassin(card):
		// the assassin glared under a warm lamp, its grey as saturated
		// as a word card's beige, its figure far paler than its sides
		// in both its halves (cover.go)
		return look{kind: "assassin"}
	case frac(3) >= 0.6 && !inked(ends()):
		// tan, and not even faint ink where either copy of a word lies:
		// a word card's beige under a warm light is the bystander's tan,
		// and glare or a cell's outline off the card leaves its letters
		// faint
		if faint(card) {
			// a word card under a warm light: its band paler than the
			// rest of it at one end, and its faint ink at that end
			if flip, ok := paleBand(card, hsv); ok {
				return look{kind: "word", flip: flip}
			}
			if plainTanFigure(card) {
				// a bystander's figure, plain in both its halves:
				// the faint ink is a finger's or a glove's specks
				// over a corner (cover.go)
				return look{kind: "bystander"}
			}
			return look{}
		}
		if bandShape(hsv) {
			// a word card's pale band with its letters blurred past
			// even faint ink: no bystander; a word to read when its
			// pale band holds the letters' fainter ink (paleBandAt,
			// blurredInk)
			if flip, ok := paleBandAt(card, hsv, blurredInk, 0.7); ok {
				return look{kind: "word", flip: flip}
			}
			return look{}
		}
		dip := figureDip(card)
		if dip < minBystanderDip {
			// tan and plain, but no figure: a word card's end with
			// its band cut off by an outline too short (rendered
			// 300660-webcam's TELESCÓPIO in a JPEG of quality 30)
			return look{}
		}
		// a weak figure may be a hand's palm: the reader asks its tan
		// to be as bright as the frame's paper allows (dimmed,
		// bystander.go)
		return look{kind: "bystander", weak: dip < minClearFigure, tan: true}
	case frac(3)+frac(4) >= 0.8 && glared():
		// a dim glare's weak figure may be a hand's palm too (rendered
		// 300762-webcam under `-perturb dark`: its tan share 0.56, figure
		// 7): dimmed asks its brightness as for the plain tan's
		return look{kind: "bystander", weak: glaredWeak}
	case frac(4) >= 0.5 && float64(washed) >= minWashedShare*tot && glaredBlue(card, hsv):
		return look{kind: "blue"}
	case frac(1)+float64(washed+lavender)/tot >= 0.55 && float64(washed+lavender) >= minWashedShare*tot && glaredBlue(card, hsv):
		// a blue agent glared over part of it: its blue pixels and its
		// pale ones at a blue agent's hue together are most of it, though
		// neither is alone (rendered 300441-phone: 39% blue, 20% washed,
		// its figure dark; no class before); the glare may turn its pale
		// pixels lavender, while the card's median hue stays a blue
		// agent's (300644-webcam: 51% blue, 11% washed, 22% lavender)
		return look{kind: "blue"}
	case frac(1) >= minLitBlue && frac(1)+float64(navy)/tot >= minShadowedBlue && printedHue(blueHue[:], left[1]+right[1]):
		// a blue agent half in a hand's shadow (cover.go, minShadowedBlue)
		return look{kind: "blue"}
	case frac(4) >= 0.5 && !inked(ends()) && glaredFigureBlue(card, hsv):
		// a blue agent glared past the blue class and past glaredBlue's
		// median saturation: its sides still a pale blue, its figure's
		// tan plain between them (glaredblue.go)
		return look{kind: "blue"}
	case frac(4) >= 0.5 && !inked(ends()) && violetFigureBlue(card, hsv):
		// a blue agent glared to a lavender past maxBlueHue: its
		// sides cool, its figure's tan glared pink between them
		// (glaredblue.go)
		return look{kind: "blue"}
	case frac(0) >= minGlaredRed && frac(0)+frac(4) >= 0.9 && !inked(ends()) && glaredRed(card, hsv):
		// a red agent whitened by a glare in its middle (rendered
		// 300482-webcam's: 0.39 red, 0.61 pale, no class before)
		return look{kind: "red"}
	case frac(3) >= minLitTan && frac(3)+frac(2) >= 0.9 && !inked(ends()) && halfShadowedTan(card, hsv):
		// tan, the rest of it a hand's shadow, no ink, the figure
		// plain (cover.go)
		return look{kind: "bystander"}
	case frac(3) >= 0.6 && inked(ends()) && shadowedBystander(card, hsv):
		// tan, an end inked by a hand's shadow over it, the figure
		// plain (cover.go)
		return look{kind: "bystander"}
	case frac(4) >= 0.5, frac(3)+frac(4) >= 0.6 && inked(ends()):
		// pale; or a beige between pale and tan (a darker, warmer light
		// than the synthetic faces': a rendered table's beige measures
		// V 195, S 46 to 82) holding a band's worth of ink
		top, bottom := ends()
		return look{kind: "word", flip: wayUp(hsv, top, bottom)}
	case frac(3)+frac(4) >= 0.6:
		// a beige card whose band holds less than a band's worth of ink
		// (a short word: rendered 300170's LEV, 3 letters) is a word card
		// by its band, paler than its middle at one end and holding faint
		// ink there, as a tan card's; half pale already, its band need
		// only be under bandShape's 0.8 of the middle's saturation
		// (rendered 300504-webcam's LATARKA: 0.70, half its pixels pale,
		// the faint ink 247 at the band's end and none at the other; no
		// class before)
		if flip, ok := paleBandAt(card, hsv, 75, 0.8); ok {
			return look{kind: "word", flip: flip}
		}
	}
	return look{}
}

// darkInk is inkAt for a card mostly dark: the ink at either end counts
// only pixels darker than the card's own dark paper (the median grey of
// its inside's dark pixels, times 0.75), as a shadowed word card's letters
// are. The assassin's black beside its pale figure, when the cover lies a
// little off the cell's outline and the figure reaches an end (synthetic
// 100018, cs, 12 MP), is darker than the figure but not than the black
// around it: it is no ink.
func darkInk(card gocv.Mat) (top, bottom int) {
	grey := gocv.NewMat()
	defer grey.Close()
	gocv.CvtColor(card, &grey, gocv.ColorBGRToGray)
	var hist [256]int
	n := 0
	px := pixels(grey)
	r := innerBox
	for y := r.Min.Y; y < r.Max.Y; y += 2 {
		for x := r.Min.X; x < r.Max.X; x += 2 {
			if v := px[y*cardW+x]; v < 80 {
				hist[v]++
				n++
			}
		}
	}
	med := histMedian(hist[:], n)
	ink := inkBelow(card, 60, 5, med*3/4, bandTop, bandBox)
	return ink[0], ink[1]
}

// maxAssassinSat is the highest median saturation of a card's inside the
// assassin may have: the black card measures 6-60 on the rendered sets,
// from noise and a warm light's tint; a blue agent in a hand's shadow,
// as dark, 203 (rendered 300086, read as the assassin).
const maxAssassinSat = 120

// medianSat is the median saturation of a card's inside (hsv: its HSV
// pixels).
func medianSat(hsv gocv.Mat) float64 {
	r := hsv.Region(innerBox)
	defer r.Close()
	return channelMedians(r)[1]
}

// upsideDown reports whether a word card lies upside down, given the ink
// at its two ends (inkAt, 60%): its band's end is the one with more ink
// (pixels under 0.6 of their background: the big word's letters, not the
// picture's pale tan), which glare that whitens the whole card does not
// change as it changes brightness.
func upsideDown(top, bottom int) bool { return top > bottom }

// inked reports whether either end of a card holds a band's worth of ink,
// given the ink at its two ends (inkAt, 60%): a word card, however tan
// glare or light make it look, is no bystander.
func inked(top, bottom int) bool {
	return max(top, bottom) > bandBox.Dx()*bandBox.Dy()/25
}

// faint reports whether either end of a card holds a little faint ink
// (pixels under 0.75 of their background closed over marks up to 2.5 mm
// wide, a letter's stroke but not a silhouette's edge; over a hundredth of
// the band): a plain cover holds none, while a word card's letters under
// glare, or half cut off by an outline the grid put a little off the
// card, still leave some (rendered held-out frames 300100 and 300071 had a
// word card read as the bystander).
func faint(card gocv.Mat) bool {
	top, bottom := inkWithin(card, 75, 2.5)
	return max(top, bottom) > bandBox.Dx()*bandBox.Dy()/100
}

// occluded reports whether something dark and broad lies over part of a
// word card (a hand's fingers, a pile's edge): over a tenth of its inside
// is darker than 0.55 of the card's paper in a median of 5 mm (which
// keeps no letter's stroke, and a textured hand's specks no brighter),
// taken at a pixel a millimetre (darkOver). A word read from such a card
// may be missing letters (a rendered held-out frame's MRAK, its M under a
// finger, read as RAK).
func occluded(card gocv.Mat) bool {
	d := darkOver(card)
	return 10*d.n > d.inside
}

// bandShape reports whether a card (hsv: its HSV pixels) shows a word
// card's pale band at one end: the band's median saturation under 0.8 of
// the card's middle's at that end, over 0.85 of it at the other. A bystander
// is one tan all over (the rendered sets' bystanders: both ends 0.91-1.05
// of its middle, the synthetic ones' 0.95 and over); a word card
// under a warm light whose blurred letters leave no ink at all still has
// its band (rendered 300138: 0.70 and 0.71, read as two bystanders).
func bandShape(hsv gocv.Mat) bool {
	mid, top, bottom := bandSaturation(hsv)
	return bottom < 0.8*mid && top > 0.85*mid || top < 0.8*mid && bottom > 0.85*mid
}

// bandSaturation returns the median saturation of a rectified card's
// middle and of its band's place at the top and at the bottom.
func bandSaturation(hsv gocv.Mat) (mid, top, bottom float64) {
	sat := func(r image.Rectangle) float64 {
		x := hsv.Region(r)
		defer x.Close()
		return channelMedians(x)[1]
	}
	return sat(mmRect(7.5, 19, 62.5, 26)), sat(bandTop), sat(bandBox)
}

// paleBand reports whether a tan card is a word card by its band: at one
// end (flip: the top) the band's median saturation is under 0.7 of the
// card's middle's while the other end's is over 0.85 of it (the retail
// band is a pale strip on the beige; a bystander is one tan all over), and
// the faint ink (as in faint) at the pale end is over a hundredth of the
// band and twice the other end's.
func paleBand(card, hsv gocv.Mat) (flip, ok bool) {
	return paleBandAt(card, hsv, 75, 0.7)
}

// blurredInk is the level (percent of their background) under which
// paleBandAt counts a blurred band's letters as ink on a card bandShape
// finds with no faint ink: rendered 300484-webcam's ESTAÇÃO, SOFÁ,
// MÁSCARA and BANDEIRA, tan under a warm light, their letters blurred to
// 0.70-0.85 of their paper, readable all the same (no class before).
const blurredInk = 85

// paleBandAt is paleBand with the faint ink counted under pct percent of
// its background and the pale band's saturation under pale of the
// middle's.
func paleBandAt(card, hsv gocv.Mat, pct int, pale float64) (flip, ok bool) {
	mid, top, bottom := bandSaturation(hsv)
	inkTop, inkBottom := inkWithin(card, pct, 2.5)
	need := bandBox.Dx() * bandBox.Dy() / 100
	switch {
	case bottom < pale*mid && top > 0.85*mid && inkBottom > need && inkBottom > 2*inkTop:
		return false, true
	case top < pale*mid && bottom > 0.85*mid && inkTop > need && inkTop > 2*inkBottom:
		return true, true
	}
	return false, false
}

// inkBelow is inkIn counting only pixels darker than ceil. Each rectangle
// is measured on its own box of the card: the rectangle and the closing's
// reach (its kernel's side less one: the dilation's half-side, then the
// erosion's) around it, within the card. A closed pixel of the rectangle
// looks no farther, and at the card's edges the box's edges are the
// card's, so it counts what closing the whole card counted
// (TestInkBelowBoxes, slowInkBelow), on a band's box about half the card.
func inkBelow(card gocv.Mat, pct int, mm float64, ceil int, rs ...image.Rectangle) []int {
	side := int(mm*pxmm) | 1
	k := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(side, side))
	defer k.Close()
	grey := gocv.NewMat()
	defer grey.Close()
	bg := gocv.NewMat()
	defer bg.Close()
	whole := image.Rect(0, 0, card.Cols(), card.Rows())
	out := make([]int, len(rs))
	for j, r := range rs {
		box := r.Inset(-(side - 1)).Intersect(whole)
		if r = r.Intersect(box); r.Empty() {
			continue
		}
		roi := card.Region(box)
		gocv.CvtColor(roi, &grey, gocv.ColorBGRToGray)
		roi.Close()
		gocv.MorphologyEx(grey, &bg, gocv.MorphClose, k)
		px, bp, w := pixels(grey), pixels(bg), box.Dx()
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				i := (y-box.Min.Y)*w + x - box.Min.X
				if 100*int(px[i]) < pct*int(bp[i]) && int(px[i]) < ceil {
					out[j]++
				}
			}
		}
	}
	return out
}

// pixels returns m's bytes, row after row without gaps: m's own memory
// when m is continuous (valid while m is), else a copy.
func pixels(m gocv.Mat) []byte {
	if m.IsContinuous() {
		if b, err := m.DataPtrUint8(); err == nil {
			return b
		}
	}
	c := m.Clone()
	defer c.Close()
	return c.ToBytes()
}

// blueClass reports whether a pixel's hue and saturation are the blue
// class's (classify), at any brightness.
func blueClass(h, s byte) bool {
	return s >= 60 && h >= 95 && h <= 130
}

// innerShare returns the share of a card's inside (innerBox) for which in
// holds (boxShare).
func innerShare(px []byte, in func(h, s, v byte) bool) float64 {
	return boxShare(px, innerBox, in)
}

// boxShare returns the share of the pixels of box r of a card (every other
// pixel of every other row; px its HSV pixels) for which in holds.
func boxShare(px []byte, r image.Rectangle, in func(h, s, v byte) bool) float64 {
	n, k := 0, 0
	for y := r.Min.Y; y < r.Max.Y; y += 2 {
		for x := r.Min.X; x < r.Max.X; x += 2 {
			i := (y*cardW + x) * 3
			n++
			if in(px[i], px[i+1], px[i+2]) {
				k++
			}
		}
	}
	return float64(k) / float64(n)
}
