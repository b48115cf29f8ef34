package retail

import (
	"image"

	"gocv.io/x/gocv"
)

// The word's two copies cut from a rectified word card for OCR, and the
// small thumbnails that tell a card seen before.

// crops cuts a word card's two copies of its word, both upright, in grey:
// the band and the upside-down copy turned.
func crops(card gocv.Mat, flip bool) (band, small gocv.Mat) {
	w := newWordCrops(card, flip)
	band, small = w.band, w.copy()
	w.grey.Close()
	return band, small
}

// wordCrops is a word card upright in grey with its band cut (flattened);
// the upside-down copy is cut only when asked for (copy), since the band
// alone is sure for nearly every card.
type wordCrops struct {
	grey, band, small gocv.Mat
	cut               bool
	box               image.Rectangle // the band's box in grey (cutBand)
	// px and copyPx: the frame's pixels per card millimetre across the
	// band and across the copy (bandScale); 0 when not known
	px, copyPx float64
}

// newWordCrops turns card (BGR, rectified) upright in grey (flip: turned
// half a turn) and cuts its band; the caller closes it.
func newWordCrops(card gocv.Mat, flip bool) *wordCrops {
	w := &wordCrops{grey: gocv.NewMat(), small: gocv.NewMat()}
	gocv.CvtColor(card, &w.grey, gocv.ColorBGRToGray)
	if flip {
		gocv.Rotate(w.grey, &w.grey, gocv.Rotate180Clockwise)
	}
	w.box, w.band = cutBand(w.grey)
	return w
}

// copy returns the upside-down copy turned upright and flattened, cut on
// the first call.
func (w *wordCrops) copy() gocv.Mat {
	if !w.cut {
		s := w.grey.Region(copyBox)
		gocv.Rotate(s, &w.small, gocv.Rotate180Clockwise)
		s.Close()
		flatten(w.small)
		w.cut = true
	}
	return w.small
}

// Close frees w's images.
func (w *wordCrops) Close() {
	w.grey.Close()
	w.band.Close()
	w.small.Close()
}

// flatten divides m by its background (m with its dark letters closed
// over), so that glare or a shadow across a line leaves its letters dark
// on an even white, then stretches it.
func flatten(m gocv.Mat) {
	k := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(m.Rows()/2|1, m.Rows()/2|1))
	defer k.Close()
	bg := gocv.NewMat()
	defer bg.Close()
	gocv.MorphologyEx(m, &bg, gocv.MorphClose, k)
	px, bp := pixels(m), pixels(bg)
	if !m.IsContinuous() {
		stretch(m)
		return
	}
	for i, v := range px {
		px[i] = uint8(min(255, int(v)*255/max(int(bp[i]), 1)))
	}
	stretch(m)
}

// stretch maps m's darkest and brightest percent to 0 and 255.
func stretch(m gocv.Mat) {
	lo, hi, _, _ := gocv.MinMaxLoc(m)
	if hi-lo < 1 {
		return
	}
	m.ConvertToWithParams(&m, gocv.MatTypeCV8U, float32(255/(hi-lo)), float32(-lo*255/(hi-lo)))
}

// thumb is a line's small, stretched copy, by which a Reader knows a line
// it read in its last image.
type thumb [thumbW * thumbH]uint8

const thumbW, thumbH = 96, 24

func thumbOf(m gocv.Mat) thumb {
	small := gocv.NewMat()
	defer small.Close()
	gocv.Resize(m, &small, image.Pt(thumbW, thumbH), 0, 0, gocv.InterpolationArea)
	stretch(small)
	var t thumb
	copy(t[:], pixels(small))
	return t
}

// near reports whether two thumbs show the same line: a mean difference
// of a few grey levels, and no 2×2 block that differs much (a diacritic
// is a few such blocks), so that two words a letter or an accent apart
// never pass.
func (t thumb) near(u thumb) bool {
	d := func(i int) int { v := int(t[i]) - int(u[i]); return max(v, -v) }
	sum := 0
	for y := 0; y < thumbH; y++ {
		for x := 0; x < thumbW; x++ {
			i := y*thumbW + x
			sum += d(i)
			if x+1 < thumbW && y+1 < thumbH && d(i)+d(i+1)+d(i+thumbW)+d(i+thumbW+1) > 4*70 {
				return false
			}
		}
	}
	return sum < 10*len(t)
}

// sharpened returns m twice as large, with an unsharp mask.
func sharpened(m gocv.Mat) gocv.Mat {
	big := gocv.NewMat()
	gocv.Resize(m, &big, image.Point{}, 2, 2, gocv.InterpolationCubic)
	blur := gocv.NewMat()
	defer blur.Close()
	gocv.GaussianBlur(big, &blur, image.Pt(0, 0), 3, 3, gocv.BorderReplicate)
	gocv.AddWeighted(big, 1.8, blur, -0.8, 0, &big)
	return big
}
