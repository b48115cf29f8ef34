package retail

import (
	"image"

	"gocv.io/x/gocv"
)

// darkness is where something dark and broad lies over a rectified card
// (darkOver): the count of its inside's millimetre pixels darker than 0.55
// of its paper in a 5 mm median (n, of inside), and of those in each
// end's band (bandTop, bandBox; ends: the top's, then the bottom's).
type darkness struct {
	n, inside int
	ends      [2]int
}

// darkOver measures the dark over a card (occluded): the card at a
// pixel a millimetre, a 5 × 5 median (5 mm, cheap), the paper the median
// of its inside.
func darkOver(card gocv.Mat) darkness {
	grey := gocv.NewMat()
	defer grey.Close()
	gocv.CvtColor(card, &grey, gocv.ColorBGRToGray)
	small := gocv.NewMat()
	defer small.Close()
	w, h := int(cardW/pxmm), int(cardH/pxmm)
	gocv.Resize(grey, &small, image.Pt(w, h), 0, 0, gocv.InterpolationArea)
	gocv.MedianBlur(small, &small, 5)
	bp := pixels(small)
	var hist [256]int
	var d darkness
	r := innerBox
	mm := func(v int) int { return v / int(pxmm) }
	for y := mm(r.Min.Y); y < mm(r.Max.Y); y++ {
		for x := mm(r.Min.X); x < mm(r.Max.X); x++ {
			hist[bp[y*w+x]]++
			d.inside++
		}
	}
	// the paper: the brighter half's lower end (the median)
	paper := histMedian(hist[:], d.inside)
	for y := mm(r.Min.Y); y < mm(r.Max.Y); y++ {
		for x := mm(r.Min.X); x < mm(r.Max.X); x++ {
			if 100*int(bp[y*w+x]) >= 55*paper {
				continue
			}
			d.n++
			p := image.Pt(x*int(pxmm), y*int(pxmm))
			for j, e := range []image.Rectangle{bandTop, bandBox} {
				if p.In(e) {
					d.ends[j]++
				}
			}
		}
	}
	return d
}

// clearBand reports whether a card classify left without a class, or a
// word card occluded, is a word card whose band is plain to read, and
// which way up it lies (flip: its band at the top): one end's band is pale
// (under 0.8 of the middle's saturation, the other end's over 0.85, as
// bandShape), holds a band's worth of ink there (inked: over a
// twenty-fifth of the band under 0.6 of its paper), and nothing dark and
// broad (darkOver) lies on that band: at most a hundredth of its
// millimetres (5 mm²; a letter is 6 by 10 mm, a finger's tip wider), the
// specks a shadow's edge leaves (SEMENTE 3, DLAŇ 1, WORM 5; a token's
// shadow over PRAVÍTKO's copy 365 at the other end).
//
// A word card half in an arm's shadow is dark over half and pale over the
// rest, and no class takes it (rendered 300511-phone's MOUNTAIN,
// 300517-phone's SEMENTE, 300523-phone's AUTO, 300539-phone's DLAŇ: doubts,
// nothing read); its letters stay dark on their paper across the shadow's
// edge, and the band, divided by its background (flatten), reads. A hand
// or a token over the card's other end hides only the copy
// (300550-webcam's WORM, 300539-phone's PRAVÍTKO: occluded, doubts). The
// pale band says the way up: ink at 60% did not, the shadow's edge or the
// hand's counting as ink at the copy's end (WORM, read upside down).
func clearBand(card gocv.Mat) (flip, ok bool) {
	flip, end, ok := paleEnd(card)
	if !ok {
		return false, false
	}
	mm := bandBox.Dx() * bandBox.Dy() / int(pxmm*pxmm)
	return flip, 100*darkOver(card).ends[end] <= mm
}

// paleEnd reports whether a card shows a word card's pale band at one end
// holding a band's worth of ink (clearBand's first two tests), which way up
// it lies (flip: the band at the top) and the band's end (darkness.ends).
func paleEnd(card gocv.Mat) (flip bool, end int, ok bool) {
	hsv := gocv.NewMat()
	defer hsv.Close()
	gocv.CvtColor(card, &hsv, gocv.ColorBGRToHSV)
	mid, st, sb := bandSaturation(hsv)
	switch {
	case sb < 0.8*mid && st > 0.85*mid:
		flip = false
	case st < 0.8*mid && sb > 0.85*mid:
		flip = true
	default:
		return false, 0, false
	}
	top, bottom := inkAt(card, 60)
	end, ink := 1, bottom
	if flip {
		end, ink = 0, top
	}
	if inked(ink, 0) {
		return flip, end, true
	}
	// or faint ink there (under 0.75 of its paper, as paleBandAt counts
	// it), twice the other end's: letters of little contrast under a dim
	// or soft light (rendered lamp 301117-phone's TINTA, its band 0.70 of
	// its beige's saturation; 301139-phone's OBRAZOVKA, a grey card, dark
	// by its colour: neither a band's worth of ink under 0.6, both read
	// exactly once classed word cards)
	ft, fb := inkWithin(card, 75, 2.5)
	near, far := fb, ft
	if flip {
		near, far = ft, fb
	}
	return flip, end, near > bandBox.Dx()*bandBox.Dy()/100 && near > 2*far
}

// readLook returns the look a card classify saw as lk is read with: lk,
// but a card of no class, or a word card occluded, is a word card only
// when its band is plain to read (clearBand), and otherwise of no class.
func readLook(card gocv.Mat, lk look) look {
	if lk.kind != "" && (lk.kind != "word" || !occluded(card)) {
		return lk
	}
	if flip, ok := clearBand(card); ok {
		return look{kind: "word", flip: flip}
	}
	return look{}
}

// readShaded reads a word card something dark lies over, its band too,
// whose band is plain by its colour and ink (paleEnd) but not by its dark
// (clearBand): the band, and when it names a word (Match.OK) the copy; the
// word stands only when both copies name it, and a run of a longer word's
// letters (Match.Part) only when the band's ink shows it whole. A shadow
// leaves a band's letters dark on their paper (rendered 300475-phone's
// MISKA, 300445-phone's MOTOR, 300460-webcam's TROFÉU and 300608-webcam's
// STOPA, an arm's or a leaf's shadow over their bands: doubts, nothing
// read), but a hand over one may leave a shorter word's letters (MRAK read
// RAK); the copy lies turned at the card's other end, so one hand hides
// other letters of it, and the two copies naming one word are evidence
// that neither lost any.
func (r *Reader) readShaded(card gocv.Mat, flip bool, k int, c *Cell, calls *int) error {
	w := newWordCrops(card, flip)
	defer w.Close()
	at := c.Quad.centre()
	tol := 0.03 * dist(c.Quad[0], c.Quad[1])
	t1, err := r.line(w.band, 2*k, at, tol, lineHeight, calls)
	if err != nil {
		return err
	}
	m1 := r.match.Match(t1)
	c.Text, c.Why = m1.Text, "doubt"
	if !m1.OK() {
		return nil
	}
	m2, err := r.more(w.copy(), 2*k+1, at, tol, lineHeight, c, calls)
	if err != nil {
		return err
	}
	both := m2.OK() && m2.Word == m1.Word && r.whole(w, m1, "")
	// the band alone: exact, sure without the copy (Match.Strong: no run
	// of another word's letters) and its ink the word's, centred and as
	// long (shows, or showsInner beside a shadow's edge or a hand at an
	// end of the band), the copy naming no other word
	alone := m1.Strong() && (r.shows(w, m1.Word) || r.showsInner(w, m1.Word)) && !m2.OK()
	if both || alone {
		c.Word, c.Dist, c.Margin, c.Why, c.via = m1.Word, m1.Dist, m1.Margin, "", "shaded-both"
		if !both {
			c.via = "shaded-alone"
		}
	}
	return nil
}
