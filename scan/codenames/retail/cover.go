package retail

import (
	"image"
	"math"
	"slices"

	"gocv.io/x/gocv"
)

// A cover card's figure on the rectified card and the plain paper on
// either side of it. The assassin's (assassin.go) is a pale shape across
// the card's middle (the generator's and the rendered cards' figure, a
// disc over a trapezoid either way up, fills most of figureBox) on black.
var (
	figureBox = mmRect(28, 8, 42, 37)
	leftSide  = mmRect(8, 8, 22, 37)
	rightSide = mmRect(48, 8, 62, 37)
)

// greyQuantile returns the q quantile of a rectified card's grey pixels
// (px) in rs, at every second pixel.
func greyQuantile(px []byte, q float64, rs ...image.Rectangle) int {
	var hist [256]int
	n := 0
	for _, r := range rs {
		for y := r.Min.Y; y < r.Max.Y; y += 2 {
			for x := r.Min.X; x < r.Max.X; x += 2 {
				hist[px[y*cardW+x]]++
				n++
			}
		}
	}
	acc := 0
	for v, c := range hist {
		acc += c
		if float64(acc) >= q*float64(n) {
			return v
		}
	}
	return 255
}

// minBandSat is the least median saturation of a dark card's middle at
// which shadowedBand compares its ends with it: under it (the synthetic
// assassin's black measures 5-17) a few levels of noise make a ratio.
const minBandSat = 25

// shadowedBand reports whether a card dark enough for the assassin (hsv:
// its HSV pixels) shows a word card's pale band at one end: under
// maxShadowedBand of its middle's saturation there, over 0.85 of it at
// the other end. Word cards in the shadow of a hand or a cloth (rendered
// 300086's PEN and GIRAFFE, 300214's PAN, read as the assassin) measure
// 0.41-0.56 at the band's end; the assassins of the rendered and synthetic
// sets 0.79 (300092, under a glare, its middle's saturation 28) and over.
func shadowedBand(hsv gocv.Mat) bool {
	mid, top, bottom := bandSaturation(hsv)
	lo, hi := min(top, bottom), max(top, bottom)
	return mid >= minBandSat && lo < maxShadowedBand*mid && hi > 0.85*mid
}

// maxShadowedBand is the most saturation, against the card's middle, a
// shadowed word card's band end has for shadowedBand: between the word
// cards' 0.56 and the assassins' 0.79.
const maxShadowedBand = 0.65

// minFaintLift is the least amount (grey levels) by which faintFigure wants
// the median of the card's middle above the median of its sides. Assassins
// the grid's cells hold with no outline of their own, classed by their
// colours, measure 16 (rendered 300423, a glared one), 25 (300246) and 28
// (300332); the sleeve of rendered 300428, dark all over, 0.
const minFaintLift = 8

// faintFigure reports whether a card the colours class as the assassin is
// paler in its middle (the figure) than at its sides, by medians: weaker
// evidence than darkFigure's, which a glint or a neighbour's pale edge at a
// side can hide, for a card whose colours already say the assassin.
func faintFigure(card gocv.Mat) bool {
	return figureLift(card, 0.5, 0.5) >= minFaintLift
}

// minTanFigure is the least contrast tanFigure wants between a card's
// middle and each of its sides: the drop in lightness plus the drop in
// yellow (CIELAB L and b, 0-255, by medians). Bystanders measure 5 (two
// under a warm glare, their figure faint: rendered 300100 and 300447), 9
// (synthetic 110004) and 31-51; the mannequin arms over a cell that the
// colours classed as bystanders, where the grid found no outline (rendered
// 300440's cell 4,0 and 300454's 4,3), 2 and -40: an arm's shading makes
// one side darker than its middle, and its middle is no less yellow.
const minTanFigure = 4

// tanFigure reports whether a card the colours class as the bystander
// shows the printed figure in its middle: darker and less yellow than the
// paper at both its sides (figureContrast). A hand or an arm over the
// cell is tan all over too.
func tanFigure(card gocv.Mat) bool {
	return figureContrast(card) >= minTanFigure
}

// figureContrast returns the smaller, over the card's two sides, of the
// side's median lightness less the middle's plus the side's median yellow
// less the middle's (CIELAB).
func figureContrast(card gocv.Mat) float64 {
	return figureContrasts(card, figureBox)[0]
}

// figureContrasts is figureContrast for each of the middle's boxes.
func figureContrasts(card gocv.Mat, boxes ...image.Rectangle) []float64 {
	lab := gocv.NewMat()
	defer lab.Close()
	gocv.CvtColor(card, &lab, gocv.ColorBGRToLab)
	med := func(r image.Rectangle) [3]float64 {
		m := lab.Region(r)
		defer m.Close()
		return channelMedians(m)
	}
	sides := [2][3]float64{med(leftSide), med(rightSide)}
	out := make([]float64, len(boxes))
	for i, b := range boxes {
		f := med(b)
		out[i] = math.Inf(1)
		for _, s := range sides {
			out[i] = min(out[i], s[0]-f[0]+s[2]-f[2])
		}
	}
	return out
}

// Glare washes a blue agent card toward white: its pixels drop under the
// blue class's saturation (60) and the card falls into the word card's pale
// class, with no word to read. The rendered sets' glared blue agents left
// in doubt so measure a median hue of 114-124 (OpenCV's 0-180) at a median
// saturation of 8-55 over the card's inside; every word card, glared or
// not, 14-21. glaredBlue takes a pale card for a blue agent when its
// inside's median hue is a blue agent's (minGlareBlueHue to maxBlueHue: a
// violet sleeve's 127 stays out) at a median saturation of minGlareBlueSat
// or more (under it the hue is too loose to tell), and it holds no faint
// ink anywhere inside (as glaredTan: under a four-hundredth of the
// inside). classify asks only about a card of which minWashedShare of
// the pixels are pale at that hue and saturation (the three agents
// 0.20-0.45, word cards none), so a word card costs no median.
const (
	minGlareBlueHue = 100
	minGlareBlueSat = 30
	minWashedShare  = 0.15
)

// glaredBlue reports whether a pale card (hsv: its HSV pixels) is a blue
// agent washed by glare.
func glaredBlue(card, hsv gocv.Mat) bool {
	r := hsv.Region(innerBox)
	m := channelMedians(r)
	r.Close()
	if m[0] < minGlareBlueHue || m[0] > maxBlueHue || m[1] < minGlareBlueSat {
		return false
	}
	return noFaintInside(card)
}

// minPrintedBlueHue is the least median hue (OpenCV's 0-180) of a card's
// inside that printedBlue takes for a blue agent's printed blue. The
// blue agents the grid's cells held with no outline of their own on the
// rendered tuning sets (35 cells: glared, shadowed, a hand over some)
// measure 107-114; the light blue sleeve of an arm laid over three cells
// where a grid was found (rendered 300601-phone, with graphCells asking
// for 7 pitches) 98-99, and no figure shows on it, nor a side paler than
// its middle as a cover's: its hue is the one thing that tells it from an
// agent.
const minPrintedBlueHue = 103

// printedBlue reports whether a card classed blue is of a blue agent's
// printed hue (minPrintedBlueHue) over its inside, by median.
func printedBlue(card gocv.Mat) bool {
	hsv := gocv.NewMat()
	defer hsv.Close()
	gocv.CvtColor(card, &hsv, gocv.ColorBGRToHSV)
	r := hsv.Region(innerBox)
	defer r.Close()
	return channelMedians(r)[0] >= minPrintedBlueHue
}

// washedBlue reports whether a card classed blue is so by glaredBlue
// only: fewer than minBlueShare of its inside's pixels hold the blue
// class's saturation.
func washedBlue(card gocv.Mat) bool {
	hsv := gocv.NewMat()
	defer hsv.Close()
	gocv.CvtColor(card, &hsv, gocv.ColorBGRToHSV)
	blue := innerShare(pixels(hsv), func(h, s, _ byte) bool { return blueClass(h, s) })
	return blue < minBlueShare
}

// minBlueShare is the share of a card's pixels classify wants in the blue
// class for a blue agent.
const minBlueShare = 0.55

// plainFigure reports whether a dark card that shadowedBand takes for a
// word card in a shadow shows the assassin's figure instead (darkFigure)
// and no letters at either end (top, bottom: darkInk, each under a
// hundredth of the band): the figure's pale grey, unsaturated, reaching
// the card's end lowers that end's saturation as a band does (synthetic
// 120016, cs, 1080p: ends 16 and 36 against a middle of 36, a figure lift
// of 44, no dark ink). The shadowed word cards of rendered 300086 and
// 300214 measure lifts of -60 to -128 (their middle's paper is no paler
// than their sides') and 149-341 dark ink at their band's end.
func plainFigure(card gocv.Mat, top, bottom int) bool {
	return max(top, bottom) < bandBox.Dx()*bandBox.Dy()/100 && darkFigure(card)
}

// minUnseenLift is the least amount (grey levels) by which unseenBystander
// wants the median of the card's middle below the median of its sides.
// The bystanders of rendered 300461-phone, on a tan cloth of their colour
// (their cells' median colour under minOffTable from the table's), measure
// 11 and 20; a patch of that cloth, which the colours class a bystander
// too, 0 (the same grey in the middle as at the sides).
const minUnseenLift = 8

// The figure's two halves: its head's and its body's (either way up).
var (
	figureTop    = mmRect(28, 8, 42, 22.5)
	figureBottom = mmRect(28, 22.5, 42, 37)
)

// minHalfFigure is the least contrast (figureContrast's measure) each half
// of the figure must show for unseenBystander when the grey lift alone is
// under minUnseenLift: rendered 300535-phone's three bystanders on a tan
// cloth, their figure paler in grey than in yellow (a grey lift of 3),
// measure 6 and 7 in each half (300447-phone's 5 and 6); the patch of
// 300461's tan cloth 0 and 0, the hand of 300454 6 and -6 (its shading
// darkens one half and lightens the other), the forearm of 300440 -57 and
// -19.
const minHalfFigure = 5

// unseenBystander reports whether a card where the grid found no outline,
// its colour near the table's, is a bystander all the same: the colours
// class it so (a weak figure as bright as weakV asks: dimmed, bystander.go),
// and its figure is darker than its sides by minUnseenLift in grey as well
// as by tanFigure's measure, or both its figure's halves are darker and
// less yellow than both sides (minHalfFigure).
func unseenBystander(card gocv.Mat, weakV float64) bool {
	if dimmed(classify(card), card, weakV).kind != "bystander" {
		return false
	}
	if -figureLift(card, 0.5, 0.5) >= minUnseenLift && tanFigure(card) {
		return true
	}
	c := figureContrasts(card, figureTop, figureBottom)
	return min(c[0], c[1]) >= minHalfFigure
}

// A bystander under a glare dimmer than glaredTan's first bounds (its
// median V 193-205 where they want 218, S 62-75: rendered 300567-phone's
// cell 3,3, 300456-webcam's 1,2, 300525-phone's 2,2) falls into the word
// card's pale class with no word to read. Its printed figure still shows, darker and less yellow than
// the paper at its sides, but a few millimetres off the middle where the
// cover lies off its cell's outline. glaredTan takes a card of a tan
// median at least minDimGlareSat saturated and minDimGlareV bright, under
// its own bounds, for the bystander when its figure shows (figureDip);
// 300525's, fainter (5), stays a doubt.
const (
	minDimGlareSat = 50
	minDimGlareV   = 170
	// minGlaredFigure is the least figureDip glaredTan wants of such a
	// bystander: 300567's measure 12, 300456's 7; a hand over a cell
	// (300454) 4, a tan cloth (300461) and a word card whose cell's
	// outline lies half off it (300001) 0.
	minGlaredFigure = 6
	// maxDimGlareFigure is the most figureDip glaredTan takes of such a
	// bystander. The dim glare's colour is the warm light's beige too:
	// under `-perturb warm` fixed-lamp 301024-webcam's 3,2
	// (rendered-heldout25), a hand's palm and fingers over a word card,
	// measured median S 61, V 210 and was read as the bystander (a wrong
	// cover), the dark gaps between the fingers a figureDip of 50 (47 in
	// each half). The dim glare that whitens a bystander's tan washes its
	// print as well: the glared bystanders above 5 to 12, 300988-webcam's
	// 2,2 (rendered-heldout24, the tuning sets' one such) 7; drawn-lamp
	// 935017-phone's hand over a word card, which steadyLook leaves in
	// doubt, 23.
	maxDimGlareFigure = 18
)

// minHalvesShare is the least share of its whole figureDip a card
// glaredTan takes for the bystander must show in both the figure's halves
// (figureHalves): its head and its body are printed alike, and a glare
// washes them alike. The glared bystanders of the testdata measure 0.76
// (synthetic 110004: 8 of 10) to 0.97; rendered 300811-phone's cell 0,3
// under `-perturb blur` (a hand and a yellow sleeve over a word card,
// blurred past its faint ink, read as the bystander) 0.16: 4 of 25, the
// sleeve's shadow darkening one half. A bystander half in a hand's shadow
// is halfShadowedTan's, not glaredTan's (300634-webcam's 4,3: -3 of 77).
const minHalvesShare = 0.5

// figureDip returns figureContrast's measure for the figure looked for in
// a window 10 mm wide slid across the card's middle (its left edge 26 to
// 36 mm, 2 mm at a time), the largest over the windows: the figure of a
// cover lying a little off its cell's outline is no longer in figureBox's
// middle.
func figureDip(card gocv.Mat) float64 {
	var boxes []image.Rectangle
	for x := 26.0; x <= 36; x += 2 {
		boxes = append(boxes, mmRect(x, 8, x+10, 37))
	}
	return slices.Max(figureContrasts(card, boxes...))
}

// figureHalves returns figureDip's measure taken in each half of the
// window (the figure's head and its body: figureTop and figureBottom's
// rows), the smaller of the two, the largest over the windows: a figure
// shows in both halves, where a hand's shading or a sleeve's edge darkens
// one.
func figureHalves(card gocv.Mat) float64 {
	var boxes []image.Rectangle
	for x := 26.0; x <= 36; x += 2 {
		boxes = append(boxes, mmRect(x, 8, x+10, 22.5), mmRect(x, 22.5, x+10, 37))
	}
	c := figureContrasts(card, boxes...)
	best := math.Inf(-1)
	for i := 0; i < len(c); i += 2 {
		best = max(best, min(c[i], c[i+1]))
	}
	return best
}

// A glare whitens a red agent's middle to a pink whose pale pixels are of
// the word card's beige hue, leaving its red only around them: rendered
// 300482-webcam's cell 3,2, 0.39 red and 0.61 pale, was read as a word card
// with no word. classify asks glaredRed about a card at least
// minGlaredRed red and nine tenths red or pale, holding no band's ink.
const (
	minGlaredRed = 0.25
	// minRedSide is the least share of red pixels glaredRed wants in
	// each half of the card (left, right, top, bottom): 300482's measure
	// 0.21-0.56. A cell's outline lying half on a red neighbour shows red
	// in one or two halves only (rendered 300507-phone's bystander at 0,3:
	// 0.11 on its left).
	minRedSide = 0.18
	// minGlaredRedSat is the least median saturation of the card's red
	// pixels: the printed red, however glared (300482's 89), against a
	// pink sleeve's or a pinkish word card's, just over the red class's
	// 60 (300507-phone's sleeve over a bystander: 61; rendered 300496's
	// EKRAN: 64).
	minGlaredRedSat = 75
	// minPinkSat is the least saturation of a pale pixel of the red's
	// hue that glaredRed counts with the red in each half: a glare over
	// one side of a red agent leaves it pink rather than beige (rendered
	// 300712-webcam's cell 3,2: its left half 0.04 red and 0.94 such
	// pink, no class before); a word card's beige is of another hue
	// (14-21).
	minPinkSat = 30
)

// glaredRed reports whether a red and pale card (hsv: its HSV pixels) is
// a red agent under a glare: red, or the glare's pink (minPinkSat), in
// each of its four halves (minRedSide), its red the printed red's (minGlaredRedSat), and no faint ink anywhere inside it (as glaredTan: under a
// four-hundredth of its inside), where a word card holds its word.
func glaredRed(card, hsv gocv.Mat) bool {
	px := pixels(hsv)
	var red, n [4]int // left, right, top, bottom
	var sat [256]int  // the red pixels' saturations
	nRed := 0
	r := innerBox
	for y := r.Min.Y; y < r.Max.Y; y += 2 {
		for x := r.Min.X; x < r.Max.X; x += 2 {
			i := (y*cardW + x) * 3
			h, s, v := px[i], px[i+1], px[i+2]
			reddish := h <= 8 || h >= 170
			isRed := isRedPx(h, s, v)
			if isRed {
				sat[s]++
				nRed++
			}
			// the glare's pink: pale, of the red's hue (minPinkSat)
			pink := !isRed && reddish && s >= minPinkSat && s < 80 && v >= 110
			for _, k := range [2]int{x * 2 / cardW, 2 + y*2/cardH} {
				n[k]++
				if isRed || pink {
					red[k]++
				}
			}
		}
	}
	for k := range red {
		if float64(red[k]) < minRedSide*float64(n[k]) {
			return false
		}
	}
	if histMedian(sat[:], nRed) < minGlaredRedSat {
		return false
	}
	return noFaintInside(card)
}

// A hand's shadow over part of a blue agent darkens its blue under the
// blue class's brightness into the dark class, where it is neither blue
// nor the assassin's black (rendered 300671-phone's cell 3,2: 38% blue,
// 52% dark, 46% of it a saturated navy; no class before). classify takes
// such a card for the blue agent when at least minLitBlue of it is lit
// blue of the printed agent's hue (printedHue: a light blue sleeve's 98-99
// stays out, as does a violet one's 125-128) and its lit blue and its navy
// together are minShadowedBlue of it.
const (
	// minNavySat is the least saturation of a dark pixel counted as a
	// blue agent's blue in a shadow: 300671's shadowed blue measures a
	// median of 148, 300086's 203; the assassin's black 6-60 (a warm
	// light's tint, noise).
	minNavySat = 100
	// minLitBlue is the share of the card that must be lit blue: a card
	// dark all over (rendered 300086's blue agent in a hand's shadow, 10%
	// lit) stays a doubt, its blue no more than a dark sleeve's.
	minLitBlue = 0.3
	// minShadowedBlue is the share lit blue and navy must hold together:
	// 300671's 0.84.
	minShadowedBlue = 0.75
)

// printedHue reports whether the median of a card's lit blue pixels' hues
// (hist, n of them) is the printed agent's: minPrintedBlueHue to
// maxBlueHue.
func printedHue(hist []int, n int) bool {
	h := histMedian(hist, n)
	return n > 0 && h >= minPrintedBlueHue && h <= maxBlueHue
}

// minPlainFigure is the least contrast (figureContrast's measure) each half
// of a tan card's figure must show for plainTanFigure. Bystanders whose
// figure lies plain in the middle measure 31-53 (the testdata's rendered
// and drawn ones; rendered 300645-phone's 3,3 52 and 48 in its halves,
// 300657-phone's 4,0 43 and 49); every word card of the testdata, under a
// warm light or a hand too, 10 at most (300295's, a hand over it), and
// the crop a third off rendered 300287's STICK, over its plain end, 0.
const minPlainFigure = 25

// plainTanFigure reports whether a tan card shows a bystander's figure
// plainly: both halves of it (figureTop, figureBottom) darker and less
// yellow than both sides by minPlainFigure. It is evidence against what
// would otherwise leave a bystander in doubt: faint ink that is a hand's
// specks over a corner (classify), a word card a fifth of a cell off
// (wordNearby: a pile's card beside the grid's edge, reader.go).
func plainTanFigure(card gocv.Mat) bool {
	c := figureContrasts(card, figureTop, figureBottom)
	return min(c[0], c[1]) >= minPlainFigure
}

// minBystanderDip is the least figure a tan card with no ink must show to
// be the bystander (figureDip): on the rendered sets (320 bystanders so
// classed, 300437-300692) all but one measure 4 or more (300593-phone's
// 22, a hand's shadow over it and its figure washed, -35); a word card's
// end cut off by an outline too short, its band outside, measures 0
// (rendered 300660-webcam's TELESCÓPIO in a JPEG of quality 30, read as
// the bystander: TestRendered -perturb jpeg).
const minBystanderDip = 3

// shadowedBystander reports whether a tan card (hsv: its HSV pixels) whose
// ends hold a band's worth of ink is the bystander all the same: the ink
// is a hand's shadow, dark and broad over part of it (occluded), no end is
// a word card's pale band (bandShape), and its figure is plain in both
// halves (plainTanFigure: bystanders 31-53, word cards, under a hand too,
// 10 at most). Rendered 300495-phone's cell 2,0, a hand's shadow over its
// lower end (ink 403 there, a band's worth 352), its figure 54 and 75 in
// its halves, was read a word card with no word.
func shadowedBystander(card, hsv gocv.Mat) bool {
	return !bandShape(hsv) && occluded(card) && plainTanFigure(card)
}

// A hand's shadow over half a bystander darkens its tan into the dark
// class, leaving too little tan for the bystander's class (rendered
// 300634-webcam's cell 4,3: 0.58 tan, 0.42 dark, no class before).
// classify asks halfShadowedTan about a card at least minLitTan tan and
// nine tenths tan or dark, holding no band's ink.
const (
	// minLitTan is the share of the card that must be lit tan: 300634's
	// 0.58.
	minLitTan = 0.3
	// minShadowedFigure is the least figureDip such a card must show:
	// 300634's 77; a hand over a cell 4 (300454), an arm -33 (300440),
	// word cards 10 at most (plainTanFigure's measures).
	minShadowedFigure = 25
)

// halfShadowedTan reports whether a tan and dark card (hsv: its HSV
// pixels) is a bystander half in a hand's shadow: no faint ink at either
// end (faint: a word card's letters), no pale band (bandShape), and its
// figure plain (figureDip, minShadowedFigure).
func halfShadowedTan(card, hsv gocv.Mat) bool {
	return !faint(card) && !bandShape(hsv) && figureDip(card) >= minShadowedFigure
}

// noFaintInside reports whether a card holds no faint ink anywhere inside
// it (under a four-hundredth of its inside under 0.75 of its background:
// no word's letters, wherever an outline off the card put them).
func noFaintInside(card gocv.Mat) bool {
	return 400*inkIn(card, 75, 2.5, innerBox)[0] < innerBox.Dx()*innerBox.Dy()
}

// The assassin glared over all of it is a pale grey that a light's tint,
// or a frame's balance, may turn blue: drawn-lamp 301075-phone's is a
// violet of hue 129 (S 19) at its frame's median balance, a word card with
// no word, but with its blue channel raised by a tenth over its red (a
// balance a little bluer) it is pale at a blue agent's hue all over
// (glaredBlue's washed blue), and by a quarter in the blue class itself;
// at its frame's edge balance it was classed blue (steadyLook kept it a
// doubt). Its figure stays what the assassin's is, far paler than both
// its sides (sideLift 15), where a blue agent's printed figure is darker
// than its sides or level with them: the rendered tuning sets' blue agents
// classed blue (the regression sets, 300946-300975, 301113-301142,
// 937100-937111: 113) measure -35 to 4, the testdata's glared ones -51 to
// 2.
const maxBlueSideLift = 10

// paleFigureBlue reports whether a card classed blue shows the assassin's
// pale figure: its middle at least maxBlueSideLift paler than each side
// (sideLift).
func paleFigureBlue(card gocv.Mat) bool {
	return sideLift(card) >= maxBlueSideLift
}
