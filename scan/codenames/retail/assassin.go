package retail

import (
	"image"
	"math"
	"slices"

	"gocv.io/x/gocv"
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
//
// The figure may lie off the cell's middle, as on a cell with an outline
// of its own (outlineless): synthetic 280009's assassin, dark grey on a
// grey table darkened towards the frame's corner (offTable 6), lies some
// 8 mm left of its cell, its figure lift 1 in the middle but 25 in a slid
// window (slidLift), with no second figure beside it; it was unseen in
// all four of its frames (both languages, both sizes).
func unseenAssassin(card gocv.Mat) bool {
	if classify(card).kind != "assassin" {
		return false
	}
	return darkFigure(card) || slidLift(card) >= minSlidLift && secondFigure(card) < maxSecondFigure
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
	px := greyPixels(card)
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
	lift, _ := slidFigure(greyPixels(card))
	return lift
}

// slidFigure returns slidLift's measure on a card's grey pixels (px) and
// the left edge (mm) of the window that gave it.
func slidFigure(px []byte) (int, float64) {
	best, at := math.MinInt, 0.0
	for x := 16.0; x <= 40; x += 2 {
		if l := windowLift(px, x); l > best {
			best, at = l, x
		}
	}
	return best, at
}

// windowLift returns how far (grey levels) the median of the card's
// middle rows in a window 10 mm wide (its left edge x mm) lies above the
// median of the card 2 to 12 mm beyond either side of it (cut at the
// card's inside, 4 to 66 mm), the smaller of the two.
func windowLift(px []byte, x float64) int {
	m := greyQuantile(px, 0.5, mmRect(x, 8, x+10, 37))
	l := greyQuantile(px, 0.5, mmRect(max(4, x-12), 8, x-2, 37))
	r := greyQuantile(px, 0.5, mmRect(x+12, 8, min(66, x+22), 37))
	return min(m-l, m-r)
}

// A hand over a cell with no outline of its own, on a card the colours
// class as the assassin, shows its fingers and the gaps between them as
// pale and dark stripes: fixed-lamp 301081-phone's 1,2
// (rendered-heldout27) under `-perturb blur`, a hand over a word card, was
// read as the assassin (a wrong cover), one pale stripe standing 51 grey
// levels above the card at both its sides (slidLift; faintFigure's lift
// 30). The assassin's card holds one figure on its even black, or on a
// glare's gradient: looked for again as slidLift looks (windowLift), at
// least minSecondGap away from slidLift's window, the testdata's
// assassins measure -13 to -1, and the 47 cards of assassins the reader
// classed on 300946-300975 (as rendered and under the five
// perturbations), 301113-301142 and 300976-301005 (as rendered) -8 to 0
// (17 of them with no outline of their own, 300948-webcam's faint one on
// a gradient among them: -7); 301081's hand 24, its second stripe 18 mm
// left of the first. outlineless refuses an assassin whose second figure
// reaches maxSecondFigure.
const (
	minSecondGap    = 12 // mm between the two windows' left edges
	maxSecondFigure = 12 // grey levels: between the assassins' 0 and the hand's 24
)

// secondFigure returns the largest windowLift (grey levels) of a window
// 10 mm wide whose left edge lies 10 to 50 mm across the card (both its
// sides' 4 mm or more inside it) and at least minSecondGap from the window
// of slidLift's measure: a second figure, which the assassin's card does
// not hold. A window of a guess token's yellow (its median saturation
// minTokenSat or more) is no figure: a token on synthetic 210000-slice's
// assassin (an outlined one) measured 57 there; 301081's fingers, skin
// grey under the blur, a median saturation of about 100.
func secondFigure(card gocv.Mat) int {
	px := greyPixels(card)
	hsv := gocv.NewMat()
	defer hsv.Close()
	gocv.CvtColor(card, &hsv, gocv.ColorBGRToHSV)
	_, at := slidFigure(px)
	second := math.MinInt
	for x := 10.0; x <= 50; x += 2 {
		if math.Abs(x-at) < minSecondGap {
			continue
		}
		w := hsv.Region(mmRect(x, 8, x+10, 37))
		sat := channelMedians(w)[1]
		w.Close()
		if sat < minTokenSat {
			second = max(second, windowLift(px, x))
		}
	}
	return second
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
	px := greyPixels(card)
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
	px := greyPixels(card)
	l, r := greyQuantile(px, 0.5, leftSide), greyQuantile(px, 0.5, rightSide)
	lift := math.MaxInt
	for _, h := range []image.Rectangle{figureTop, figureBottom} {
		m := greyQuantile(px, 0.5, h)
		lift = min(lift, m-l, m-r)
	}
	return lift
}

// A word card dimmed all over by a cool lamp is a grey that classify's
// dark class takes (saturation under 60, brightness under 140) with no
// pixel of the assassin's black: drawn-lamp 301126-webcam's 2,2
// (rendered-lamp18, CHIMNEY) under `-perturb cool`, median brightness 124,
// none of it under 80, was read as the assassin, a wrong cover. Its letters
// stand too little darker than the grey for darkInk, which measures ink
// against the black pixels' median. The assassin holds its pale figure
// there: of the testdata's assassins with as little black (synthetic
// 110009, rendered 300092, 301121-phone at the median balance), sideLift
// 21 to 55, where the dimmed word card measures -1 (and 301038-webcam's
// dimmed blue agent 2). So a card the dark case takes with under
// maxGreyDarkBlack of its inside black must show its figure paler than
// each side by minSideLift.
const maxGreyDarkBlack = 0.1

// greyDark reports whether a card's inside (px: its HSV pixels) holds
// under maxGreyDarkBlack of the assassin's black (brightness under 80):
// dark to classify only as a dim grey.
func greyDark(px []byte) bool {
	return innerShare(px, func(_, _, v byte) bool { return v < 80 }) < maxGreyDarkBlack
}

// A warm lamp and a warm balance on top of it dim the blue agent's blue to
// a near-black grey: drawn-lamp 301145-phone (rendered-lamp24) under
// `-perturb warm`, balanced to the tuning median, has its blue agents at
// 0,4, 3,1 and 4,4 at median HSV saturation 17 and brightness 73-78,
// 0.84-0.98 of them black, read as the assassin (three wrong covers; at
// the range's edge the same). Their printed figure is what tells them: a
// darker shape in the middle, 14 to 16 grey levels under both sides
// (sideDrop, at both balances), where the assassin's figure is paler than
// its sides: the testdata's assassins measure -3 (300977-phone's, off its
// cell) to -69, their sleeve and table look-alikes -17 and 0. A glare or
// a hand's shadow over one side leaves the other, so both sides must lie
// above the middle. minAgentDrop is the least sideDrop that makes a dark
// card an agent's, in doubt.
const minAgentDrop = 8

// sideDrop returns how far (grey levels) the median of a card's middle
// lies under the median of each of its sides, the smaller of the two.
func sideDrop(card gocv.Mat) int {
	px := greyPixels(card)
	m := greyQuantile(px, 0.5, figureBox)
	return min(greyQuantile(px, 0.5, leftSide)-m, greyQuantile(px, 0.5, rightSide)-m)
}

// greyPixels returns a copy of a rectified card's (BGR) grey pixels, row
// after row, for greyQuantile.
func greyPixels(card gocv.Mat) []byte {
	grey := gocv.NewMat()
	defer grey.Close()
	gocv.CvtColor(card, &grey, gocv.ColorBGRToGray)
	return slices.Clone(pixels(grey))
}

// A hand in an arm's shadow over a word card is dark all over but for its
// lit fingers: drawn-lamp 301200-webcam's 2,1 (rendered-lamp25, a word
// card under the hand's fingers) under `-perturb cool`, 0.76 dark and a
// third of it black, its fingers pale across the card from end to end
// with dark gaps between them, was read as the assassin (a wrong cover):
// the dark case asks no figure of a card with that much black, and its
// fingers between the sides pass for one all the same (sideLift 13). The
// assassin's pale figure stands in its middle only, its sides its even
// black, or a glare's even grey: within each side (leftSide, rightSide)
// the brightest quarter lies close to the darkest (sideSpread). The
// fingers measure 37 (39 at the range's edge); of the assassins classify
// took on the regression set, 300946-300975 and 301113-301142 (as
// rendered and under the five perturbations) and 300976-301005 (as
// rendered and under `noise`; 101 cards), none over 20
// (301139-phone's 4,2, a glare's gradient across it, under `-perturb
// dark`; 16 as rendered), the testdata's assassins 1 to 15 (300461-phone's,
// glared over one side), 300428's dark sleeve 12. maxSideSpread is the
// most sideSpread a dark card may show and be the assassin.
const maxSideSpread = 28

// sideSpread returns how far (grey levels) the brightest quarter of each
// of a card's sides (leftSide, rightSide; their 0.75 quantile) lies above
// its darkest quarter (0.25), the smaller of the two: pale and dark in
// both sides, as fingers and their gaps across the card, which the
// assassin's even sides do not show.
func sideSpread(card gocv.Mat) int {
	px := greyPixels(card)
	spread := func(r image.Rectangle) int {
		return greyQuantile(px, 0.75, r) - greyQuantile(px, 0.25, r)
	}
	return min(spread(leftSide), spread(rightSide))
}
