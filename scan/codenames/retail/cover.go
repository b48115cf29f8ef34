package retail

import (
	"image"
	"math"
	"slices"

	"gocv.io/x/gocv"
)

// The assassin's figure on the rectified card: a pale shape across the
// card's middle (the generator's and the rendered cards' figure, a disc
// over a trapezoid either way up, fills most of figureBox), and the plain
// black paper on either side of it.
var (
	figureBox = mmRect(28, 8, 42, 37)
	leftSide  = mmRect(8, 8, 22, 37)
	rightSide = mmRect(48, 8, 62, 37)
)

// minFigureLift is the least amount (grey levels) by which darkFigure
// wants the darker 40% of the middle's pixels to lie above the brightest
// 5% of the sides' pixels. The assassins whose cells the reader called
// unseen (no outline of their own, their median colour near a dark
// table's: rendered 300144, 300149, 300186, 300200, 300270, 300274, 300276,
// 300337 and the tuning set's one, synthetic 110009 and 110011) measure
// 17 to 36; a plain patch of table, the same grey in the middle as at the
// sides, measures 0 or less, and a pale card's edge reaching the sides
// raises their brightest pixels, lowering it.
const minFigureLift = 10

// unseenAssassin reports whether a card where the grid found no outline,
// its colour near the table's, is the assassin all the same: the colours
// class it so, and it shows the figure (darkFigure). A patch of a dark
// table the colours class as the assassin too (rendered 300270's, beside
// the assassin of its cell 4,1) shows none.
func unseenAssassin(card gocv.Mat) bool {
	return classify(card).kind == "assassin" && darkFigure(card)
}

// darkFigure reports whether a card the colours class as the assassin
// shows the assassin's pale figure in its middle on plain dark paper at
// its sides (minFigureLift): positive evidence of the card where its cell
// has no outline of its own and its colour is near the table's.
func darkFigure(card gocv.Mat) bool {
	return figureLift(card, 0.4, 0.95) >= minFigureLift
}

// figureLift returns the q quantile of a rectified card's grey pixels in
// figureBox less the qSides quantile of those at its sides.
func figureLift(card gocv.Mat, q, qSides float64) int {
	grey := gocv.NewMat()
	defer grey.Close()
	gocv.CvtColor(card, &grey, gocv.ColorBGRToGray)
	px := pixels(grey)
	return greyQuantile(px, q, figureBox) - greyQuantile(px, qSides, leftSide, rightSide)
}

// An assassin the grid's cell holds with no outline of its own may lie a
// quarter of a card off the cell: rendered 300977-phone's 4,2
// (rendered-heldout24), its figure plain but 20 to 33 mm across the cell
// and reaching past its lower edge, half in leftSide's box, so faintFigure
// found none (figureLift 2) and outlineless left it in doubt. slidLift
// looks for the figure in a window 10 mm wide slid across the card, its
// left edge from 16 to 40 mm, 2 mm at a time, against the card 2 to 12 mm
// beyond either side of the window: 300977's measures 21 (its window at
// 22 mm). Of the testdata's cards the colours class the assassin, the
// dark sleeve of rendered 300428 measures -3, the dark table of 300270 0,
// 301038-webcam's blue agent dimmed by a hand 1, the assassins 8 to 56;
// of all the testdata's cards no other over 18 (301075-phone's glared
// assassin) or over 16 but assassins (300811-phone's blurred sleeve, a
// word card by its colours).
const minSlidLift = 15

// slidLift returns how far (grey levels, by medians) the assassin's pale
// figure, looked for in a window slid across the card, lies above the
// card at both its sides, the smaller of the two; the largest over the
// windows.
func slidLift(card gocv.Mat) int {
	grey := gocv.NewMat()
	defer grey.Close()
	gocv.CvtColor(card, &grey, gocv.ColorBGRToGray)
	px := pixels(grey)
	best := math.MinInt
	for x := 16.0; x <= 40; x += 2 {
		m := greyQuantile(px, 0.5, mmRect(x, 8, x+10, 37))
		l := greyQuantile(px, 0.5, mmRect(max(4, x-12), 8, x-2, 37))
		r := greyQuantile(px, 0.5, mmRect(x+12, 8, min(66, x+22), 37))
		best = max(best, min(m-l, m-r))
	}
	return best
}

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

// A glare over part of the assassin whitens that part into the word card's
// pale class, leaving too little of it dark for the assassin's class
// (rendered 300461-phone's cell 2,1: 0.598 dark, 0.40 pale, its paler
// figure plain, no class before). classify asks glaredAssassin about a card
// at least minGlaredDark dark and, with the pale, nine tenths dark or pale,
// holding no band's ink.
const (
	// minGlaredDark: synthetic 210010's assassin (pt, cell 2,1, both
	// sizes), glared grey all over (median saturation 4-5, its figure 47
	// paler than its sides), is 0.37 dark, and was a doubt under 0.4;
	// the figure's tests (glaredAssassin) are the evidence, the dark
	// share only says the card is no pale word card.
	minGlaredDark = 0.3
	// maxGlaredAssassinSat is the most median saturation of the card's
	// inside: a grey card (300461's 30); the shadowed word cards of
	// rendered 300086 and 300214 measure 55-78, a glared red agent
	// (300482-webcam's) 67.
	maxGlaredAssassinSat = 40
	// minSideLift is the least amount (grey levels) by which the median
	// of the card's middle must lie above the median of each of its sides:
	// 300461's 7 (its glare brightens one side), the assassins of the
	// tests 9-45; the other cards of the tests and of the tuning sets'
	// misses 4 at most (a word card half in a shadow has one side as pale
	// as its middle).
	minSideLift = 5
)

// glaredAssassin reports whether a dark and pale card (hsv: its HSV
// pixels) is the assassin under a glare: grey (maxGlaredAssassinSat), its
// figure paler than its sides by medians (faintFigure) and than each side
// on its own (minSideLift).
func glaredAssassin(card, hsv gocv.Mat) bool {
	return greyPaleFigure(card, hsv, maxGlaredAssassinSat, minSideLift)
}

// greyPaleFigure reports whether a card (hsv: its HSV pixels) is grey (its
// median saturation at most maxSat) with its figure paler than its sides
// by medians (faintFigure) and at least minLift paler than each side on
// its own (sideLift): glaredAssassin's and greyAssassin's test.
func greyPaleFigure(card, hsv gocv.Mat, maxSat float64, minLift int) bool {
	return medianSat(hsv) <= maxSat && faintFigure(card) && sideLift(card) >= minLift
}

// sideLift returns how far (grey levels) the median of a card's middle
// lies above the median of each of its sides, the smaller of the two.
func sideLift(card gocv.Mat) int {
	grey := gocv.NewMat()
	defer grey.Close()
	gocv.CvtColor(card, &grey, gocv.ColorBGRToGray)
	px := pixels(grey)
	m := greyQuantile(px, 0.5, figureBox)
	return min(m-greyQuantile(px, 0.5, leftSide), m-greyQuantile(px, 0.5, rightSide))
}

// A glare over the whole assassin turns its black a mid grey, most of it
// in the word card's pale class and too little dark for glaredAssassin
// (synthetic 220008 cs, cell 4,3: 0.13 and 0.04 dark at 1080p and 12 MP;
// 220015 cs, 3,0 at 1080p: 0.26), so it was a word card with no word.
// Its face is a neutral grey (median saturation 3-4, where a word card's
// beige paper measures about 50) and its figure far paler than either side
// (sideLift 21-33 at both sizes). Of the testdata's 154 rectified cards,
// none but assassins has a median saturation of 12 or less, and none but
// assassins a sideLift over 9 (300507-phone's pink sleeve over a
// bystander's edge; the bystander's and the agents' figures are darker
// than their sides, a word card's paper even). classify
// asks greyAssassin of a card nine tenths dark or pale holding no ink at
// its ends.
const (
	// maxGreyAssassinSat is the most median saturation of such a card's
	// inside: the three glared assassins 3-4.
	maxGreyAssassinSat = 12
	// minGreyLift is the least sideLift of such a card: the three 21-33,
	// the other cards 9 at most.
	minGreyLift = 20
)

// greyAssassin reports whether a pale card with no band's ink (hsv: its
// HSV pixels) is the assassin glared grey all over: a neutral grey, no
// faint ink at either end, its figure paler than its sides by medians
// (faintFigure) and far paler than each side on its own.
func greyAssassin(card, hsv gocv.Mat) bool {
	return !faint(card) && greyPaleFigure(card, hsv, maxGreyAssassinSat, minGreyLift)
}

// A lamp's warm tint keeps a glared assassin's grey as saturated as a word
// card's beige: drawn-lamp 301131-phone's 0,1 (median HSV 17, 56, 172; 0.27
// dark, the rest pale) was a word card with no word, past glaredAssassin's
// and greyAssassin's saturations (40, 12). Its figure is what tells it:
// far paler than each side in both its halves, the head's and the body's
// (halvesLift 19 and 19). Over the rendered tuning sets' cards nine tenths
// dark or pale with no band's ink (the regression sets, 300946-300975,
// 301113-301142, 937100-937111: 171 word cards, 3 blue agents, 17
// assassins), no word card measures over 1 nor blue agent over 3 (the
// assassins 8-63), over all their 1,695 cards no other over 11 (red agents,
// neither dark nor pale), and of the testdata's cards none but assassins
// over 9 (300507-phone's pink sleeve over a bystander's edge, sideLift);
// a glare's pool on a word card brightens its middle as a round patch,
// not two halves alike, and leaves its letters' faint ink. classify asks
// tintedAssassin of a card nine tenths dark or pale with no ink at its
// ends, after greyAssassin.
const minTintedLift = 15

// tintedAssassin reports whether a dark and pale card is the assassin
// glared under a tinted light: no faint ink at either end (faint), and
// both halves of its figure at least minTintedLift paler than each side
// (halvesLift).
func tintedAssassin(card gocv.Mat) bool {
	return !faint(card) && halvesLift(card) >= minTintedLift
}

// halvesLift returns how far (grey levels) the median of each half of a
// card's figure (figureTop, figureBottom) lies above the median of each
// of its sides, the smallest of the four.
func halvesLift(card gocv.Mat) int {
	grey := gocv.NewMat()
	defer grey.Close()
	gocv.CvtColor(card, &grey, gocv.ColorBGRToGray)
	px := pixels(grey)
	l, r := greyQuantile(px, 0.5, leftSide), greyQuantile(px, 0.5, rightSide)
	lift := math.MaxInt
	for _, h := range []image.Rectangle{figureTop, figureBottom} {
		m := greyQuantile(px, 0.5, h)
		lift = min(lift, m-l, m-r)
	}
	return lift
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
