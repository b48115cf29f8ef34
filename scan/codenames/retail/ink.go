package retail

import (
	"image"

	"gocv.io/x/gocv"
)

// inkAt counts the ink (pixels under pct percent of their background)
// where the band lies when the card is upside down (top) and upright
// (bottom).
func inkAt(card gocv.Mat, pct int) (top, bottom int) {
	return inkWithin(card, pct, 5)
}

// inkWithin is inkAt with the background closed over marks up to mm
// millimetres wide.
func inkWithin(card gocv.Mat, pct int, mm float64) (top, bottom int) {
	n := inkIn(card, pct, mm, bandTop, bandBox)
	return n[0], n[1]
}

// inkIn counts, in each of the rectangles rs of a rectified card, the ink:
// pixels under pct percent of their background, the card closed over marks
// up to mm millimetres wide.
func inkIn(card gocv.Mat, pct int, mm float64, rs ...image.Rectangle) []int {
	return inkBelow(card, pct, mm, 256, rs...)
}

// inkColumns is the first and last columns of a w × h grey image (px)
// with two or more dark pixels (under 100); -1, -1 when none has.
func inkColumns(px []byte, w, h int) (lo, hi int) {
	lo, hi = -1, -1
	for x := range w {
		n := 0
		for y := range h {
			if px[y*w+x] < 100 {
				n++
			}
		}
		if n >= 2 {
			if lo < 0 {
				lo = x
			}
			hi = x
		}
	}
	return lo, hi
}

// inkSpan narrows a line's crop to its ink: the columns with dark pixels,
// and a margin of half the line's height; empty when there is no ink.
func inkSpan(m gocv.Mat) image.Rectangle {
	w, h := m.Cols(), m.Rows()
	lo, hi := inkColumns(pixels(m), w, h)
	if lo < 0 {
		return image.Rectangle{}
	}
	return image.Rect(max(0, lo-h/2), 0, min(w, hi+1+h/2), h)
}

// bandInk measures a flattened line's ink: the first and last columns with
// two or more dark pixels, and the height of the rows dark in at least a
// twentieth of those columns (the letters' height); all 0 when there is no
// ink.
func bandInk(m gocv.Mat) (lo, hi, height int) {
	w, h := m.Cols(), m.Rows()
	px := pixels(m)
	lo, hi = inkColumns(px, w, h)
	if lo < 0 {
		return 0, 0, 0
	}
	top, bottom := inkRowSpan(h, lo, hi, func(y, x int) bool { return px[y*w+x] < 100 })
	if top < 0 {
		return lo, hi, 0
	}
	return lo, hi, bottom - top + 1
}

// histMedian is the median of n values counted in hist: the least value
// at which at least half of them are counted (0 when n is 0).
func histMedian(hist []int, n int) int {
	acc := 0
	for v, k := range hist {
		acc += k
		if 2*acc >= n {
			return v
		}
	}
	return 0
}

// tallestMark is the height of the tallest mark in a flattened line m (8
// pixels touching one another, sides or corners, each dark: under 100),
// as a fraction of m's rows; 0 when there is no ink. A printed word's
// letters are marks apart, each its letters' height at most (with an
// accent); a finger's or a hand's outline, a sleeve's edge, runs across
// the line as one long stroke.
func tallestMark(m gocv.Mat) float64 {
	w, h := m.Cols(), m.Rows()
	if w == 0 || h == 0 {
		return 0
	}
	px := pixels(m)
	seen := make([]bool, w*h)
	var stack []int
	tallest := 0
	for i := range w * h {
		if px[i] >= 100 || seen[i] {
			continue
		}
		seen[i] = true
		top, bottom := h, -1
		stack = append(stack[:0], i)
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := j%w, j/w
			top, bottom = min(top, y), max(bottom, y)
			for yy := max(0, y-1); yy <= min(h-1, y+1); yy++ {
				for xx := max(0, x-1); xx <= min(w-1, x+1); xx++ {
					if k := yy*w + xx; px[k] < 100 && !seen[k] {
						seen[k] = true
						stack = append(stack, k)
					}
				}
			}
		}
		tallest = max(tallest, bottom-top+1)
	}
	return float64(tallest) / float64(h)
}

// bareBeside reports whether w's band shows word whole because its paper
// lies bare where a longer candidate's other letters would be: a word
// that is a run of longer candidates' letters (Match.Part) is shown whole
// when the band's ink is the word's length (shows' bounds, 0.6 to 1.3
// letter heights a letter), clear of the band's ends, the band's paper
// plain beyond it at both ends (wordCrops.bare: no hand, pile or table
// there), and the paper before the ink at least as wide as the most
// letters any such candidate has before the word's, and the paper after
// it as wide as the most it has after, each with half a letter to spare
// (a letter's width measured as the ink's over the word's letters): those
// letters would have been printed on that paper. The ink need not lie
// centred (shows): a quad a little off the card shifts the word on the
// band without cutting it. Rendered lamp 301109-phone's ILHA, PILHA's
// letters but for the P: its quad off the card's left edge, the band read
// "ILHA" twice, the copy nothing, the ink 0.93 letter heights left of the
// band's middle with 44 columns of bare paper before it, where PILHA's P
// would lie; 301082-webcam's MED (MEDVĚD's start), 0.57 off, 94 bare
// columns after it.
func (r *Reader) bareBeside(w *wordCrops, word string) bool {
	band := w.band
	lo, hi, h := bandInk(band)
	if h == 0 || lo < 2 || hi > band.Cols()-3 || !w.bare(lo, hi) {
		return false
	}
	n := float64(len([]rune(Normalize(word))))
	ink := float64(hi - lo + 1)
	if span := ink / float64(h); span < 0.6*n || span > 1.3*n {
		return false
	}
	lw := ink / n
	before, after := r.match.Around(word)
	return float64(lo) >= (float64(before)+0.5)*lw && float64(band.Cols()-1-hi) >= (float64(after)+0.5)*lw
}

// innerInk is bandInk over the marks of a flattened line m (8 pixels
// touching one another, each dark: under 100) that touch neither of its
// ends, when such marks exist: the ink of the letters beside a shadow's
// edge or a hand over one end of the band. ok is false when no mark
// touches an end (bandInk holds), when none lies inside, or when the
// letters' ink comes within half its height of a mark at an end (a
// letter may lie under it).
func innerInk(m gocv.Mat) (lo, hi, height int, ok bool) {
	w, h := m.Cols(), m.Rows()
	if w < 3 || h == 0 {
		return 0, 0, 0, false
	}
	px := pixels(m)
	label := make([]int32, w*h) // 0 unseen, 1 inside, 2 at an end
	var stack, marks []int
	left, right := -1, w // the reach of the marks at the left and right ends
	for i := range w * h {
		if px[i] >= 100 || label[i] != 0 {
			continue
		}
		label[i] = -1
		marks = append(marks[:0], i)
		stack = append(stack[:0], i)
		minX, maxX := w, -1
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := j%w, j/w
			minX, maxX = min(minX, x), max(maxX, x)
			for yy := max(0, y-1); yy <= min(h-1, y+1); yy++ {
				for xx := max(0, x-1); xx <= min(w-1, x+1); xx++ {
					if k := yy*w + xx; px[k] < 100 && label[k] == 0 {
						label[k] = -1
						stack = append(stack, k)
						marks = append(marks, k)
					}
				}
			}
		}
		v := int32(1)
		if minX <= 1 || maxX >= w-2 {
			v = 2
			if minX <= 1 {
				left = max(left, maxX)
			}
			if maxX >= w-2 {
				right = min(right, minX)
			}
		}
		for _, j := range marks {
			label[j] = v
		}
	}
	if left < 0 && right >= w {
		return 0, 0, 0, false
	}
	lo, hi = w, -1
	for x := range w {
		n := 0
		for y := range h {
			if label[y*w+x] == 1 {
				n++
			}
		}
		if n >= 2 {
			lo, hi = min(lo, x), max(hi, x)
		}
	}
	if hi < 0 {
		return 0, 0, 0, false
	}
	top, bottom := inkRowSpan(h, lo, hi, func(y, x int) bool { return label[y*w+x] == 1 })
	if top < 0 {
		return 0, 0, 0, false
	}
	height = bottom - top + 1
	if 2*(lo-left) < height || 2*(right-hi) < height {
		return 0, 0, 0, false
	}
	return lo, hi, height, true
}

// inkRowSpan returns the first and last of the h rows in which ink(y, x)
// holds for at least a twentieth of the columns lo to hi; -1, -1 when no
// row does.
func inkRowSpan(h, lo, hi int, ink func(y, x int) bool) (top, bottom int) {
	top, bottom = -1, -1
	for y := range h {
		n := 0
		for x := lo; x <= hi; x++ {
			if ink(y, x) {
				n++
			}
		}
		if 20*n >= hi-lo+1 {
			if top < 0 {
				top = y
			}
			bottom = y
		}
	}
	return top, bottom
}

// longInk reports whether w's band's ink, clear of the band's ends (no
// mark at an end: a hand's edge, a token's ring, the card's edge) and
// centred on it as a printed word is (within half a letter's height, as
// shows asks), runs longer than word's letters could: over maxInkLetter
// letter heights a letter. Such ink is a longer word's, a piece of which
// OCR read, or the word's own with specks beyond it: the band read alone
// then stands only when read again, sharpened (readWay). Rendered
// 301024-webcam's FORTEPIAN under -perturb blur, fingers' blurred shadows
// over its EPIAN, read "PORT" (another word, sure) on the band, the copy
// blank; its ink ran 8.0 letter heights (2.0 a letter of PORT), centred
// 0.02 of a height off the band's middle; sharpened, "FORT".
func (w *wordCrops) longInk(word string) bool {
	lo, hi, h := bandInk(w.band)
	if h == 0 || lo < 2 || hi > w.band.Cols()-3 {
		return false
	}
	hf := float64(h)
	off := (float64(lo+hi+1)/2 - float64(w.band.Cols())/2) / hf
	n := float64(len([]rune(Normalize(word))))
	return off >= -0.5 && off <= 0.5 && float64(hi-lo+1)/hf > maxInkLetter*n
}

// maxInkLetter is the most letter heights a letter of a word read alone
// its band's ink may run (longInk) before it is read again. Measured over
// the right words so read on the rendered tuning sets, as rendered and
// perturbed, their ink clear of the band's ends and centred: 1.43 at most
// but for 301001-phone's MŁOTEK under -perturb noise, 1.85 (specks of the
// noise beyond it); off the middle, 2.01 (lamp 301126-webcam's BAG under
// -perturb dark, 1.40 heights off) and 1.91 (300974-webcam's SPRING under
// noise, 0.66 off). shows' bound for a word's own ink is 1.3.
const maxInkLetter = 1.5
