package retail

import (
	"slices"
	"unicode"

	"gocv.io/x/gocv"

	"golang.org/x/text/unicode/norm"
)

// Dropped returns the one candidate whose letters are the OCR text s's
// with diacritics ignored, when s lacks a diacritic of it (PÃO read "PAO",
// NÓ read "NO"): Tesseract often drops a short word's accent. It returns
// "" when no candidate or more than one has s's letters (a word whose
// plain form is also a candidate stays a doubt), or when s is already
// that word.
func (m *Matcher) Dropped(s string) string {
	t := []rune(Normalize(s))
	if len(t) == 0 {
		return ""
	}
	tb := string(baseRunes(t))
	found := -1
	for i, b := range m.base {
		if string(b) == tb {
			if found >= 0 {
				return ""
			}
			found = i
		}
	}
	if found < 0 || string(m.runes[found]) == string(t) {
		return ""
	}
	return m.words[found]
}

// accentsAbove returns, for each letter of word, whether it carries a mark
// above its body (an acute, a tilde, a caron, a ring, a dot...); ok is
// false when word has a diacritic elsewhere (a cedilla, an ogonek, a
// stroke), which accentsShown cannot see.
func accentsAbove(word string) (above []bool, ok bool) {
	for _, c := range Normalize(word) {
		d := []rune(norm.NFD.String(string(c)))
		if _, stroke := strokes[c]; stroke {
			return nil, false
		}
		mark := false
		for _, x := range d[1:] {
			if !unicode.Is(unicode.Mn, x) {
				continue
			}
			switch x {
			case '\u0300', '\u0301', '\u0302', '\u0303', '\u0304', '\u0306', '\u0307', '\u0308', '\u030A', '\u030B', '\u030C':
				mark = true
			default:
				return nil, false
			}
		}
		above = append(above, mark)
	}
	return above, true
}

// accentMarks measures a flattened band's ink above its letters' capitals
// (its ink columns lo to hi): the cap line is the median of the columns'
// topmost dark pixels, the base line the median of their lowest; a column
// dark more than an eighth of the body's height (two pixels at least)
// above the cap line, up to 0.7 of the body's height, is marked. It
// returns the runs of marked columns (first and last) and the body's
// height (0: no ink).
func accentMarks(px []byte, w, h, lo, hi int) (marks [][2]int, body int) {
	var tops, bottoms, greys []int
	for x := lo; x <= hi; x++ {
		t, b, g := -1, -1, -1
		for y := range h {
			if v := px[y*w+x]; v < faintMark && g < 0 {
				g = y
			}
			if px[y*w+x] < 100 {
				if t < 0 {
					t = y
				}
				b = y
			}
		}
		if t >= 0 {
			tops, bottoms = append(tops, t), append(bottoms, b)
		}
		if g >= 0 {
			greys = append(greys, g)
		}
	}
	if len(tops) == 0 {
		return nil, 0
	}
	slices.Sort(tops)
	slices.Sort(bottoms)
	capTop, base := tops[len(tops)*3/10], bottoms[len(bottoms)*7/10]
	body = base - capTop + 1
	if body < 4 {
		return nil, 0
	}
	y0, y1 := max(0, capTop-body*7/10), capTop-max(2, body/8)
	// a faint mark lies a quarter of the body above the letters' grey
	// tops too (a blurred O's rim never reaches 100: 300026's KOHOUTEK)
	slices.Sort(greys)
	high := min(capTop, greys[len(greys)*3/10]) - max(3, body/4)
	in := -1
	for x := lo; x <= hi+1; x++ {
		// dark above the line, then light again before the cap line: a
		// mark apart from the letter (a blurred stroke rising above the
		// line stays dark down to it)
		dark := false
		for y := y0; y <= y1 && x <= hi; y++ {
			if px[y*w+x] < 100 {
				for z := y + 1; z <= capTop; z++ {
					if px[z*w+x] >= 160 {
						dark = true
						break
					}
				}
				break
			}
		}
		// or a faint mark a quarter of the body above the line, which no
		// blurred stroke of a capital reaches: a thin acute blurred to
		// grey, run into its letter below (rendered 300653-phone's PÁ,
		// 300684-webcam's CHÁ: the acute 140-155 on a paper of 240, the
		// pixels between it and the A no lighter than 160)
		if !dark && x <= hi {
			dark = faintAbove(px, w, x, y0, high)
		}
		switch {
		case dark && in < 0:
			in = x
		case !dark && in >= 0:
			marks = append(marks, [2]int{in, x - 1})
			in = -1
		}
	}
	return marks, body
}

// accented returns the word the band's reads m1 and m3 (the band, then
// sharpened) both name with a diacritic dropped (Matcher.Dropped: the one
// candidate with their letters), when the copy's read m2 names no other
// word for sure, the band's ink shows that whole word (Reader.shows), and
// the marks above its letters (accentMarks) lie over its accented letters,
// each of them, and over no other; "" otherwise.
func (r *Reader) accented(w *wordCrops, m1, m2, m3 Match) string {
	word := r.match.Dropped(m1.Text)
	if word == "" || r.match.Dropped(m3.Text) != word {
		return ""
	}
	if m1.OK() && m1.Word != word || m2.OK() && m2.Word != word || m3.OK() && m3.Word != word {
		return ""
	}
	above, ok := accentsAbove(word)
	if !ok || !r.shows(w, word) {
		return ""
	}
	lo, hi, _ := bandInk(w.band)
	tall := w.accentBand()
	defer tall.Close()
	marks, body := accentMarks(pixels(tall), tall.Cols(), tall.Rows(), lo, hi)
	if body == 0 || len(marks) == 0 {
		return ""
	}
	slot := float64(hi-lo+1) / float64(len(above))
	got := make([]bool, len(above))
	for _, mk := range marks {
		i := int((float64(mk[0]+mk[1])/2 - float64(lo) + 0.5) / slot)
		if i < 0 || i >= len(above) || !above[i] {
			return ""
		}
		got[i] = true
	}
	for i, a := range above {
		if a && !got[i] {
			return ""
		}
	}
	return word
}

// faintAbove reports whether column x of a flattened band (px, w wide)
// holds a faint mark between rows y0 and high: its darkest pixel there
// under faintMark, and a pixel lighter by faintGap below it before the
// letter's ink (under 100). A blurred letter's halo darkens all the way
// down into the letter (rendered 300138's SLUNCE, 300026's KOHOUTEK); a
// mark, however blurred, is darkest in its middle (CHÁ: 142, 156-158
// below it, then the A).
func faintAbove(px []byte, w, x, y0, high int) bool {
	ym, dm := -1, byte(255)
	for y := y0; y <= high; y++ {
		if v := px[y*w+x]; v < dm {
			ym, dm = y, v
		}
	}
	if ym < 0 || dm >= faintMark {
		return false
	}
	for y := ym + 1; y*w+x < len(px); y++ {
		v := px[y*w+x]
		if v < 100 {
			return false
		}
		if int(v) >= int(dm)+faintGap {
			return true
		}
	}
	return false
}

// faintGap is how much lighter than a faint mark (faintAbove) the paper
// between it and its letter must be.
const faintGap = 12

// faintMark is the grey under which a pixel well above a band's letters
// (flattened: its paper near 255) is a mark's.
const faintMark = 170

// accentRise is how far (mm) above the band's box accentBand looks: a
// card's quad a little off its card (laid askew, placed by the grid) moves
// the word up within the band, and the band's box cuts a capital's mark
// (synthetic 120019's ŠÍP at 1080p: the caron and the acute cut to a
// pixel's smudge, read "SIP" every time).
const accentRise = 2

// accentBand returns the band's box risen by accentRise at its top,
// flattened as the band is (the same columns, so the band's ink columns
// hold); the caller closes it.
func (w *wordCrops) accentBand() gocv.Mat {
	r := w.box
	r.Min.Y -= accentRise * pxmm
	s := w.grey.Region(r)
	defer s.Close()
	m := s.Clone()
	flatten(m)
	return m
}
