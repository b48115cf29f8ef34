package retail

import (
	"image"

	"gocv.io/x/gocv"
)

// The windows cutBand follows a band's letters in when bandBox cuts them:
// below the box to the rectified card's bottom edge, and above it to the
// plain paper between the card's picture and its band (22 mm).
var (
	bandBelow = mmRect(7.5, 28, 62.5, 45)
	bandAbove = mmRect(7.5, 22, 62.5, 38)
)

// cutBand returns the box of grey (a word card upright, rectified) the
// band is read in: bandBox, or, when the letters' rows run off one of
// bandBox's edges (and not off both: a shadow's edge, no line), a box of
// its height centred on the letters' rows, followed beyond that edge
// (bandBelow, bandAbove) while they stay inked. A card's quad a few
// millimetres short of its card at the band's end (a card's outline cut
// along a shadow or glare, the grid's cell placed a little off) puts the
// word low on the rectified card, and the fixed box cut its letters in
// half (rendered 300499-phone's RAKETA and KOŠTĚ, 300501-phone's CACTO,
// 300502-webcam's CLOWN: their bands read "ČAJČETAÁ", "VONĚTĚ", "PAPTO",
// "TOA"); a quad beyond its card there puts it high (300501-phone's PORCO,
// read "FURL"). It returns the box and the band cut there, flattened (the
// caller closes it): the band at bandBox is flattened once, not again.
func cutBand(grey gocv.Mat) (image.Rectangle, gocv.Mat) {
	b := grey.Region(bandBox)
	band := b.Clone()
	b.Close()
	flatten(band)
	lo, hi, _ := bandInk(band)
	top, bottom := inkRows(band, lo, hi)
	h := bandBox.Dy()
	var win image.Rectangle
	switch {
	case top < 0:
		return bandBox, band
	case bottom == h-1 && top >= 2:
		win = bandBelow
	case top == 0 && bottom <= h-3:
		win = bandAbove
	default:
		return widenBand(grey, bandBox, band)
	}
	band.Close()
	w := grey.Region(win)
	wm := w.Clone()
	w.Close()
	defer wm.Close()
	flatten(wm)
	// the box's inked rows in the window, followed beyond its edge
	px := pixels(wm)
	off := bandBox.Min.Y - win.Min.Y
	first, last := top+off, bottom+off
	for first > 0 && rowInked(px, wm.Cols(), first-1, lo, hi) {
		first--
	}
	for last < wm.Rows()-1 && rowInked(px, wm.Cols(), last+1, lo, hi) {
		last++
	}
	y0 := win.Min.Y + (first+last+1)/2 - h/2
	y0 = max(win.Min.Y, min(y0, win.Max.Y-h))
	box := image.Rect(bandBox.Min.X, y0, bandBox.Max.X, y0+h)
	b = grey.Region(box)
	band = b.Clone()
	b.Close()
	flatten(band)
	return widenBand(grey, box, band)
}

// bandSides are the columns widenBand may widen a band's box to: the
// card's inside (innerBox), short of its printed frame.
var bandSides = [2]int{innerBox.Min.X, innerBox.Max.X}

// widenBand returns box widened to bandSides' column at one end, and the
// band cut there (flattened; band is closed), when the band's ink (band
// flattened, cut at box; h its letters' height) lies off the box's middle
// towards that end, within a letter's height of it while more than two
// letters' heights of paper lie at the other: a word is printed centred,
// so its quad lies off the card along its long side and the box cut the
// word's last letter (rendered 300519-phone's MUMMY, its Y beyond the box,
// read "MUMM": the ink 14 pixels from the box's end, 72 from its start,
// letters 24 high). The widened band is kept only when the word's other
// end stays where it was (within 2 pixels): a hand or a sleeve at the
// box's end is no letter (300454-webcam's BEE). Else it returns box and
// band as they are.
func widenBand(grey gocv.Mat, box image.Rectangle, band gocv.Mat) (image.Rectangle, gocv.Mat) {
	lo, hi, h := bandInk(band)
	right := band.Cols() - 1 - hi
	wide := box
	switch {
	case h == 0:
		return box, band
	case right < h && lo > 2*h:
		wide.Max.X = bandSides[1]
	case lo < h && right > 2*h:
		wide.Min.X = bandSides[0]
	default:
		return box, band
	}
	b := grey.Region(wide)
	wb := b.Clone()
	b.Close()
	flatten(wb)
	// the word's other end where it was: what lay at the box's end was
	// letters; a hand or a sleeve there (rendered 300454-webcam's BEE)
	// darkens the widened band, which stretched leaves the letters pale
	off := box.Min.X - wide.Min.X
	lo2, hi2, _ := bandInk(wb)
	if right < h && abs(lo2-lo) > 2 || lo < h && abs(hi2-off-hi) > 2 {
		wb.Close()
		return box, band
	}
	band.Close()
	return wide, wb
}

// wayUp reports whether a word card lies upside down, given the ink at
// its two ends (inkAt, 60%; hsv its HSV pixels): upsideDown, unless
// neither end holds a hundredth of a band's ink (a blurred band: rendered
// 300502-webcam's BOARD, 0 and 0, read the wrong way up first and left in
// doubt), when the end whose band is pale (bandShape: under 0.8 of the
// middle's saturation, the other end over 0.85) is the band's.
func wayUp(hsv gocv.Mat, top, bottom int) bool {
	if max(top, bottom) > bandBox.Dx()*bandBox.Dy()/100 {
		return upsideDown(top, bottom)
	}
	mid, st, sb := bandSaturation(hsv)
	switch {
	case st < 0.8*mid && sb > 0.85*mid:
		return true
	case sb < 0.8*mid && st > 0.85*mid:
		return false
	}
	return upsideDown(top, bottom)
}

// inkRows returns the first and last rows of a flattened line m dark
// (under 100) in at least a twentieth of its columns lo to hi; -1, -1
// when none is.
func inkRows(m gocv.Mat, lo, hi int) (top, bottom int) {
	top, bottom = -1, -1
	if hi < lo {
		return top, bottom
	}
	px := pixels(m)
	for y := range m.Rows() {
		if rowInked(px, m.Cols(), y, lo, hi) {
			if top < 0 {
				top = y
			}
			bottom = y
		}
	}
	return top, bottom
}

// rowInked reports whether row y of a w-wide flattened line px is dark
// (under 100) in at least a twentieth of its columns lo to hi.
func rowInked(px []byte, w, y, lo, hi int) bool {
	n := 0
	for x := lo; x <= hi; x++ {
		if px[y*w+x] < 100 {
			n++
		}
	}
	return 20*n >= hi-lo+1
}

// minEvenInk is the least darkness (255 less the grey) a band's column and
// the columns within half a letter's height of it must reach somewhere for
// evened to count their marks as ink: paper's specks and a flattened
// band's grain stay under it.
const minEvenInk = 60

// evened returns a flattened band (grey, its letters dark on white) with
// each column's darkness divided by the darkest within half the band's
// height of it (minEvenInk at least, else paper): a glare paling the
// band's letters towards one end leaves them as dark as the rest
// (rendered lamp 301151-phone's GARDEN, its E and N 120-160 grey where its
// G is 40: read "GARDE" twice). The caller closes it.
func evened(band gocv.Mat) gocv.Mat {
	out := band.Clone()
	w, h := band.Cols(), band.Rows()
	px, op := pixels(band), pixels(out)
	dark := make([]int, w)
	for x := range w {
		for y := range h {
			dark[x] = max(dark[x], 255-int(px[y*w+x]))
		}
	}
	for x := range w {
		most := 0
		for xx := max(0, x-h/2); xx <= min(w-1, x+h/2); xx++ {
			most = max(most, dark[xx])
		}
		for y := range h {
			i := y*w + x
			if most < minEvenInk {
				op[i] = 255
				continue
			}
			op[i] = uint8(255 - min(255, (255-int(px[i]))*255/most))
		}
	}
	return out
}
