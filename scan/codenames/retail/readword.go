package retail

import (
	"slices"
	"strings"

	"gocv.io/x/gocv"
)

// readWord reads a word card's band and, unless the band alone is sure
// (Match.Strong), its upside-down copy; the word stands when both copies
// name it and one is sure, or one copy read it exactly and the other names
// no word for sure, or the band shows nothing and the copy alone is sure.
// A word one crop's read names alone stands only when that crop's ink could
// be printed letters (wordCrops.letters: no mark in it taller than a
// letter): a hand's outlines read as a word.
//
// A word so read stands only when no read names another word or shows
// letters that a longer candidate holds together with the word's
// (namesOther): rendered 300644-webcam's ARCO-ÍRIS, its ÍRIS washed pale by
// a glare, read "ARCO" on the band twice and "ÍS" on the copy, and was
// ARCO, a wrong word, on session 17's fresh set (found after its one read;
// on the tuning sets the rule leaves one word in doubt, 300678's POT read
// "POT|POTA|POT", which POTATO holds).
//
// A word one letter from another candidate settled on one read or crop
// alone stands only when Tesseract, asked again, weighs the rival's letter
// little at its place (letterDoubt).
//
// A card still in doubt (not two copies naming two words) is read once
// more the other way up (turnedWay), when a read of the first way showed
// a piece of a word (lettered); that way is read no further than its band
// when the band shows no two letters.
func (r *Reader) readWord(card gocv.Mat, flip bool, k int, c *Cell, calls *int) error {
	if err := r.readWay(card, flip, k, 0, c, calls); err != nil {
		return err
	}
	if c.Word != "" {
		if r.match.namesOther(c.Text, c.Word) {
			c.Word, c.Why, c.via = "", "doubt", ""
			return nil
		}
		// a word one letter from another, settled on one read or crop
		// alone, with its rival's letter weighed there (letterDoubt):
		// a doubt, and the card no further read
		doubt, err := r.letterDoubt(card, flip, c.Quad, c.Text, c.Word, c.via, calls)
		if err != nil {
			return err
		}
		if doubt {
			c.Word, c.Why, c.via = "", "doubt", ""
		}
		return nil
	}
	if c.Why != "doubt" || !lettered(c.Text) {
		return nil
	}
	return r.turnedWay(card, flip, k, c, calls)
}

// lettered reports whether any of the reads in text ("|" between them)
// holds at least minPiece letters. A card whose first way read no two
// letters anywhere (band, copy, sharpened) shows no word either way: a
// hand, a sleeve or a cover over it. On the rendered tuning sets (122
// frames, 1,839 cells read) 25 cells in doubt were so, and the other way
// up named none of them a word, at three to four OCR lines each; the eight
// words the turned way found had read two letters or more the first way
// (KUCH of KUCHAŘ, PA of PÁ, AT of BAT).
func lettered(text string) bool {
	for _, s := range strings.Split(text, "|") {
		if len([]rune(s)) >= minPiece {
			return true
		}
	}
	return false
}

// namesOther reports whether any of the reads in text ("|" between them)
// names a word other than word for sure (Match.OK), or shows letters that
// are no run of word's but a longer candidate holds together with word's
// (diacritics ignored): a card cut at both copies' ends shows a short word
// inside its own (rendered 300114's KOSTEL, not legible, read
// "KOS|STEL|KOST" one way and "TEL|KOST" the other: KOST, a wrong word,
// but "STEL" and KOST lie in KOSTEL). A read naming a word whose letters
// are a run of word's names no other when another read has word exactly
// (Matcher.Fuller: CIĘŻARÓWKA read "ŻARÓWKA" and "CIĘŻARÓWKA").
func (m *Matcher) namesOther(text, word string) bool {
	wb := baseRunes([]rune(Normalize(word)))
	reads := strings.Split(text, "|")
	exact := false
	for _, s := range reads {
		if r := m.Match(s); r.Word == word && r.Dist == 0 {
			exact = true
		}
	}
	for _, s := range reads {
		r := m.Match(s)
		tb := baseRunes([]rune(r.Text))
		if r.OK() && r.Word != word && !(exact && holds(wb, tb)) {
			return true
		}
		if len(tb) < minPiece || holds(wb, tb) {
			continue
		}
		for _, o := range m.base {
			if len(o) > len(wb) && holds(o, wb) && holds(o, tb) {
				return true
			}
		}
	}
	return false
}

// readWay is readWord read one way up, its lines' keys offset by key0.
func (r *Reader) readWay(card gocv.Mat, flip bool, k, key0 int, c *Cell, calls *int) error {
	w := newWordCrops(card, flip)
	defer w.Close()
	if c.Quad != (Quad{}) {
		w.px, w.copyPx = bandScale(c.Quad, flip), bandScale(c.Quad, !flip)
	}
	band := w.band
	at := c.Quad.centre()
	tol := 0.03 * dist(c.Quad[0], c.Quad[1])
	t1, err := r.line(band, key0+2*k, at, tol, lineHeight, calls)
	if err != nil {
		return err
	}
	m1 := r.match.Match(t1)
	c.Text, c.Dist, c.Margin = m1.Text, m1.Dist, m1.Margin
	if key0 == turnKeys && !lettered(m1.Text) {
		// the other way up, its band shows no two letters: on the
		// rendered tuning sets and the regression set (170 frames) no
		// card so read a word that way, and its copy, sharpened and
		// widened reads cost 3 lines more (rendered 300484-webcam's
		// NÓ: "", then "", "TES", "PAES")
		c.Why = "doubt"
		return nil
	}
	// the band sure alone, unless a mark in it is taller than letters
	// (wordCrops.letters): then the copy is read too
	if m1.Strong() && w.letters(false) && !w.longInk(m1.Word) {
		if m1.OK() {
			c.Word, c.via = m1.Word, "band"
		} else {
			c.Why = "doubt"
		}
		return nil
	}
	m2, err := r.more(w.copy(), key0+2*k+1, at, tol, lineHeight, c, calls)
	if err != nil {
		return err
	}
	switch {
	case m1.OK() && m2.OK() && m1.Word != m2.Word:
		// two words, unless one copy read a piece of the other's word,
		// which the other read exactly on ink that could be letters
		// (Matcher.Fuller)
		switch {
		case r.match.Fuller(m1, m2) && w.letters(true):
			c.Word, c.Dist, c.Margin, c.via = m2.Word, m2.Dist, m2.Margin, "copy-fuller"
		case r.match.Fuller(m2, m1) && w.letters(false):
			c.Word, c.via = m1.Word, "band-fuller"
		default:
			c.Why = "disagree"
		}
	case m1.OK() && (m2.Word == m1.Word || r.alone(w, m1, m2, false) && !lone(m1, m2) && !w.longInk(m1.Word)):
		// the copy agrees, or the band read the word exactly and may
		// stand alone (a near rival's word with the copy blank, or a
		// word shorter than the band's ink, is read again first,
		// sharpened: lone, longInk)
		c.Word, c.via = m1.Word, agreed(m1, m2, "band-alone")
	case m2.OK() && (m2.Word == m1.Word || r.alone(w, m2, m1, true)):
		// the same, the copy's way round
		c.Word, c.Dist, c.Margin, c.via = m2.Word, m2.Dist, m2.Margin, agreed(m1, m2, "copy-alone")
	case m2.Strong() && !m1.OK() && m1.Text == "" && w.letters(true):
		// the band read nothing, the copy is sure, its ink letters
		c.Word, c.Dist, c.Margin, c.via = m2.Word, m2.Dist, m2.Margin, "copy-blank-band"
	default:
		c.Why = "doubt"
		if m1.OK() && m2.OK() {
			return nil // they disagree: a third read would only pick a side
		}
		// small or blurred letters: the band once more, twice as large and
		// sharpened; it must name a word one of the two reads was nearest
		// (nearest: not one of two words a read lies as near) and neither
		// was sure of another; a run of a longer word's
		// letters the copy did not name is shown whole (whole) or the
		// copy read a run of it (copyRun): rendered 300644-webcam's
		// ARCO-ÍRIS, blurred, read "ARCO", "", "ARCO", its ÍRIS paler but
		// inked; 300513-phone's LÓD, "LÓD", "ÓD", "LÓD", stands. Named
		// by this read alone (the band's first read not sure of it, the
		// copy not naming it), it is exact and the band's ink shows the
		// word (shows): rendered 300672-webcam under -perturb dark, a far
		// card's quad half off it, its band a blue card's edge and the
		// table, read "ÓŃ", "W", then "KOŃ" sharpened, a wrong word
		// (ŁYŻWA); 300816-webcam under -perturb blur, ZNACZEK, read
		// "PACJEK", "", then "PACZEK" (PĄCZEK, its Ą read A, the
		// runner-up ZNACZEK): PĄCZEK, a wrong word, its ink 7.42 letter
		// heights long, within shows' bounds for six letters blurred.
		// Reads of the band alone (the copy not naming it) stand only when
		// one of them has the word's letters exactly, diacritics aside, or
		// the third names it two edits nearer than any other word: rendered
		// lamp 301100-webcam under -perturb noise, PILOTO, read "PROTO",
		// "E", then "PROTO" sharpened: PRATO, one letter off both and
		// PILOTO two, a wrong word (TestBandTwiceOff). On a small band
		// (wordCrops.tiny) they name a word with a rival within two edits
		// only with the copy, naming it or showing letters only it has
		// (small): lamp 301078-webcam under -perturb noise, HILL, read
		// "MILL", "", then "MILL" sharpened
		big := sharpened(band)
		defer big.Close()
		m3, err := r.more(big, key0+100+k, at, tol, 0, c, calls)
		if err != nil {
			return err
		}
		stands := func(m Match) bool {
			return m.OK() && (nearest(m1, m.Word) || nearest(m2, m.Word) || r.wholeShort(w, m, m1, m2) && !r.cutRival(m, m1, m2)) &&
				!r.inkBeyond(w, m, m1, m2) &&
				!(m1.OK() && m1.Word != m.Word) && !(m2.OK() && m2.Word != m.Word) && !restSeen(m, m1, m2) &&
				(!bandGuessed(m, m1, m2) || r.match.RulesOut(m.Text, m2.Text, m.Word)) && (m.Word == m2.Word || r.whole(w, m, m2.Text) || copyRun(m.Word, m2.Text)) &&
				(m1.OK() || m.Word == m2.Word || m.Dist == 0 && r.shows(w, m.Word)) &&
				(m.Base == 0 || m.Margin >= 2 || m.Word == m2.Word || m1.Word == m.Word && m1.Base == 0) &&
				(m.Word == m2.Word || !r.small(w, m, m2, false))
		}
		if stands(m3) || r.blankFirst(w, m1, m2, m3) {
			c.Word, c.Dist, c.Margin, c.Why, c.via = m3.Word, m3.Dist, m3.Margin, "", "sharpened"
			return nil
		}
		// a band's exact read alone held back (lone, longInk) stands when
		// the sharpened read has its letters, diacritics aside: blur and
		// sharpening lose accents first (rendered 301012-webcam's CÃO
		// under -perturb warm, "CÃO", "", then "CAO"; lamp 301147-phone's
		// MÍČ under blur, "MÍČ", "", "MIC")
		if m1.OK() && r.alone(w, m1, m2, false) && m3.Word == m1.Word && m3.Base == 0 {
			c.Word, c.Dist, c.Margin, c.Why, c.via = m1.Word, m1.Dist, m1.Margin, "", "band-sharpened"
			return nil
		}
		if m, ok := r.shortRead(w, m1, m2, m3); ok {
			c.Word, c.Dist, c.Margin, c.Why, c.via = m.Word, m.Dist, m.Margin, "", "short"
			return nil
		}
		if d := r.accented(w, m1, m2, m3); d != "" {
			c.Word, c.Dist, c.Margin, c.Why, c.via = d, 0, 0, "", "accented"
			return nil
		}
		// the two copies cut at opposite ends, each read a piece: a
		// quad off the card along its long side (Matcher.Pieced); no read
		// may name another word
		if d := r.match.Pieced([]string{m1.Text, m3.Text}, []string{m2.Text}); d != "" &&
			!(m1.OK() && m1.Word != d) && !(m2.OK() && m2.Word != d) && !(m3.OK() && m3.Word != d) {
			c.Word, c.Dist, c.Margin, c.Why, c.via = d, 0, 0, "", "pieced"
			return nil
		}
		// the band read twice naming one word, neither exact: a glare may
		// have paled some of its letters; the band once more with its ink
		// evened along it (evened), which must read the word exactly and
		// stand as the sharpened read would (rendered lamp 301151-phone's
		// GARDEN, read "GARDE" twice, CARD two edits off: "GARDEN")
		if m3.OK() && m1.Word == m3.Word && m1.Dist > 0 && m3.Dist > 0 {
			ev := evened(band)
			defer ev.Close()
			m5, err := r.more(ev, key0+300+k, at, tol, lineHeight, c, calls)
			if err != nil {
				return err
			}
			if m5.Word == m3.Word && m5.Dist == 0 && stands(m5) {
				c.Word, c.Dist, c.Margin, c.Why, c.via = m5.Word, m5.Dist, m5.Margin, "", "evened"
			}
			return nil
		}
		if !m3.Cut || m3.OK() {
			return nil
		}
		// the third read a run of a longer word's letters: Tesseract may
		// have run a doubled letter into one (ZOO read "ZO"); the band
		// once more, widened
		wide := widened(band)
		defer wide.Close()
		m4, err := r.more(wide, key0+200+k, at, tol, 0, c, calls)
		if err != nil {
			return err
		}
		// both first reads empty, the third a cut run: the cut is the
		// first reads' (rendered 300266's ZOO: nothing, nothing, "Z",
		// then "ZOO" widened)
		blank := m1.Text == "" && m2.Text == "" && r.wholeShort(w, m4, m3, m3)
		if stands(m4) || blank && m4.OK() {
			c.Word, c.Dist, c.Margin, c.Why, c.via = m4.Word, m4.Dist, m4.Margin, "", "widened"
		}
	}
	return nil
}

// agreed names how a word was settled when one read named it: "both"
// when the other read named it too, else alone.
func agreed(m, other Match, alone string) string {
	if m.Word == other.Word {
		return "both"
	}
	return alone
}

// nearest reports whether m, a first read of the band or of its copy,
// lies nearer word than any other candidate: m names word (Match.Word) by
// a margin, or as the longer candidate a cut read is a run of (Match.Cut,
// whose margin is 0 by its making). A read as near two words names neither: its Word is
// the first of them in the list. Rendered lamp 301185-phone's RÓŻA under
// -perturb warm, its band read "PROZA" (two edits from both KOZA and
// RÓŻA), its copy by a token nothing, then "KOZA" sharpened: KOZA, a wrong
// word, stood as the word the band's read was nearest.
func nearest(m Match, word string) bool {
	return m.Word == word && (m.Margin > 0 || m.Cut)
}

// copyRun reports whether the copy's read text is a run of at least
// minPiece of word's letters (diacritics ignored): the other end of the
// card shows the word too, if not all of it.
func copyRun(word, text string) bool {
	tb := baseRunes([]rune(Normalize(text)))
	return len(tb) >= minPiece && holds(baseRunes([]rune(Normalize(word))), tb)
}

// bandGuessed reports whether m, a further read of the band, names the
// band's first read's word (m1) with the copy's read (m2) not naming it,
// while the two band reads are each an edit or more off it and unlike
// each other: two guesses at the same blurred ink, not two readings of
// it. Rendered 300622-webcam's MILL, a far card under sensor noise
// (TestRendered -perturb noise), read "MLE" and, sharpened, "MELE", its
// copy "P": MOLE, a wrong word. A copy whose read shows letters of the
// word that no rival of the band's read holds (Matcher.RulesOut) saw the
// word at the card's other end: rendered lamp 301128-webcam's NIEMOWLĘ,
// "NIEMC", "OWLĘ", "NIEMÓWLI" sharpened.
func bandGuessed(m, m1, m2 Match) bool {
	return m.Word == m1.Word && !(m2.OK() && m2.Word == m.Word) && m.Dist >= 1 && m1.Dist >= 1 && m.Text != m1.Text
}

// blankFirst reports whether the sharpened read m3 may stand as the
// band's read when the band read nothing at lineHeight (m1): when it names
// its word (Match.OK: one letter read, "S", is a run of many words, Cut,
// and names none) with alone's rules, as a band's exact read stands beside
// a copy that names no word for sure (exact, not contested by the copy's
// read m2, and a run of a longer word's letters only when the band's ink
// shows it whole).
// Tesseract returns nothing for some plain bands shrunk to lineHeight
// (rendered 300660-webcam's CÃO: "", "", then "CÃO" twice as large; CÃO
// is a run of VULCÃO's letters, its ink centred and three letters long).
func (r *Reader) blankFirst(w *wordCrops, m1, m2, m3 Match) bool {
	return m1.Text == "" && m3.OK() && r.alone(w, m3, m2, false)
}

// more reads m as one more line of the cell c (Reader.line with key, at,
// tol and maxH), adds its text to c's reads and returns its match.
func (r *Reader) more(m gocv.Mat, key int, at [2]float64, tol float64, maxH int, c *Cell, calls *int) (Match, error) {
	t, err := r.line(m, key, at, tol, maxH, calls)
	if err != nil {
		return Match{}, err
	}
	mt := r.match.Match(t)
	c.Text += "|" + mt.Text
	return mt, nil
}

// restSeen reports whether m, a further read naming a word that is a run of
// a longer candidate's letters (Match.Part), has the one copy's read
// naming it while the other copy's read shows two letters or more that are
// no run of it (diacritics ignored): the other copy may have seen the rest
// of the longer word, when at least half of those letters are none of the
// word's. Rendered 300644-webcam's ARCO-ÍRIS, its ÍRIS washed
// pale on the band by a glare: the band read "ARCO", the copy "JIS", "MS"
// or "RS" as the frame was lit or encoded otherwise (TestRendered -perturb
// warm, jpeg, cool), and the band sharpened "ARCO" again, which stood.
func restSeen(m, m1, m2 Match) bool {
	if !m.Part {
		return false
	}
	other := ""
	switch m.Word {
	case m1.Word:
		other = m2.Text
	case m2.Word:
		other = m1.Text
	default:
		return false
	}
	wb := baseRunes([]rune(Normalize(m.Word)))
	ob := baseRunes([]rune(Normalize(other)))
	if len(ob) < minPiece || holds(wb, ob) {
		return false
	}
	// at least half its letters none of the word's: OCR's own slips
	// keep most of a word's letters (300514-webcam's LIST, its copy read
	// "UST", stands)
	foreign := 0
	for _, c := range ob {
		if !slices.Contains(wb, c) {
			foreign++
		}
	}
	return 2*foreign >= len(ob)
}

// wholeShort reports whether the sharpened read m3, exact, may stand over
// first reads that named no word it was, one of them a run of a longer
// candidate's letters (Match.Cut: ZOO read "ZO", LIST read "UST"): the
// band's ink must show the whole word. A card's word is printed centred, so
// the ink must lie centred on the band, within half a letter's height (true
// words: 0.25 at most), and clear of its ends, and its length must be m3's
// word's (0.6 to 1.3 letter heights a letter; 0.72 to 1.0 measured). A
// hand that hid the rest of a longer word leaves the letters it left off
// the centre (rendered 300288's DZIADEK, "DZI" left: 2.6 letter heights
// off), unless the rest lay on both sides of them: so no longer candidate
// may hold m3's word with as many letters, give or take one, on each side
// (Matcher.Centred), unless the band shows its paper plainly beyond the ink
// at both ends (wordCrops.bare: WÓZ, which GWÓŹDŹ holds centred).
func (r *Reader) wholeShort(w *wordCrops, m3, m1, m2 Match) bool {
	return m3.Dist == 0 && (m1.Cut || m2.Cut) && r.shows(w, m3.Word)
}

// alone reports whether m, one copy's read (the band's, or the copy's when
// ofCopy), may stand on its own though the other copy's read, other, names
// no word for sure: m is exact, other does not lie as near a rival OCR
// could have turned into m's word (Matcher.Contested), a run of a longer
// word's letters is shown whole (whole), and the ink m was read from could
// be letters (wordCrops.letters).
//
// A run of a longer word's letters that a candidate one letter longer
// holds (Matcher.LetterShort) does not stand on one read alone: one letter
// lost to noise or blur names it, the ink still the longer word's
// (rendered lamp 301047-phone under -perturb noise: CARD's band read
// "CAR", exactly, its copy "SGSRDL", and CAR, a wrong word, stood; its ink
// 3.79 letter heights long, within shows' bounds for three letters, as
// blurred right words of three letters measure up to 3.65). It is read
// again, sharpened (readWay's third read), and stands when that read
// names it too, or lies nearer it than the longer word (shortRead).
//
// Nor does a word another candidate lies within two edits of (Margin under
// Match.Strong's 2) stand on one read alone where that copy's letters are
// small in the frame (wordCrops.tiny: under minScale pixels a millimetre):
// no read of such a band rules the rival out (TestSmallLettersRival);
// the other copy's read may, when it shows letters only the word has of
// them (small).
func (r *Reader) alone(w *wordCrops, m, other Match, ofCopy bool) bool {
	return r.aloneRead(w, m, other, ofCopy) && !(m.Part && r.match.LetterShort(m.Word))
}

// aloneRead is alone without its test of a word one letter short. The
// other copy's read must not be a run of another candidate's letters, at
// least minOtherRun of them and no run of the word's give or take an edit
// (Matcher.contradictedBy): the other end of the card shows another word
// then. Rendered 301204-webcam's MACARRÃO (a drawn lamp): its band read
// "ARRÃO", exactly five of its letters, its copy "MAGO", another word of
// the list, exactly; MAGO, a wrong word, stood on the copy alone
// (Contested asks only rivals within two edits of MAGO).
func (r *Reader) aloneRead(w *wordCrops, m, other Match, ofCopy bool) bool {
	return m.Dist == 0 && !other.OK() && !r.match.Contested(m.Text, other.Text, m.Word) && r.whole(w, m, other.Text) &&
		w.letters(ofCopy) && !r.small(w, m, other, ofCopy) && !r.match.contradictedBy(other.Text, m.Word, minOtherRun)
}

// minOtherRun is the fewest letters a copy's read must have for aloneRead
// to take it as showing another word than the other copy's read names.
const minOtherRun = 4

// small reports whether m, one copy's read (the band's, or the copy's when
// ofCopy), names a word another candidate lies within two edits of
// (Margin under Match.Strong's 2) on a crop too small in the frame to
// rule that rival out (wordCrops.tiny), and the other copy's read, other,
// shows no letters that only the word has of its rivals
// (Matcher.RulesOut).
func (r *Reader) small(w *wordCrops, m, other Match, ofCopy bool) bool {
	return m.Margin < 2 && w.tiny(ofCopy) && !r.match.RulesOut(m.Text, other.Text, m.Word)
}

// lone reports whether m, the band's read naming its word exactly, is
// the word's one witness with a rival near: another candidate within two
// edits of m (Margin under Match.Strong's 2) and the copy's read, other,
// blank (no letter seen there). OCR turns one letter of a noisy band into
// another's (I read L); the band read once more, sharpened, must name the
// word too (readWay's stands). Rendered lamp 301173-phone's SAIA under
// -perturb dark, its band's last A faint in the noise: read "SAL"
// exactly (SOL an edit off), its copy pale, "": SAL, a wrong word; read
// sharpened, "".
func lone(m, other Match) bool {
	return m.Margin < 2 && Normalize(other.Text) == ""
}

// shortRead returns the read of one copy (m1, the band's, or m2, the
// copy's) that names its word alone, one letter short of another candidate
// (alone's LetterShort), when the band's sharpened read m3 lies nearer that
// word than any candidate one letter longer that holds it
// (Matcher.Shorter): it shows no letter more, and the word stands as a read
// alone stands (aloneRead). CARD's band under noise, read "CAR", read
// "CARH" sharpened, as near CARD as CAR: a doubt. Tesseract may read
// nothing on a band twice as large (rendered 300781-phone under -perturb
// blur: BALA, "BALA", "", "", a run of BALÃO's letters): the blank read
// lies nearer BALA than BALÃO, and BALA stands. The band's read is taken
// so only for such a word (LetterShort): a band read alone that waits on
// its sharpened read for another cause (lone, longInk) stands only when
// that read names it.
func (r *Reader) shortRead(w *wordCrops, m1, m2, m3 Match) (Match, bool) {
	switch {
	case m1.OK() && r.aloneRead(w, m1, m2, false) && m1.Part && r.match.LetterShort(m1.Word) && r.match.Shorter(m3.Text, m1.Word):
		return m1, true
	case m2.OK() && r.aloneRead(w, m2, m1, true) && r.match.Shorter(m3.Text, m2.Word):
		return m2, true
	}
	return Match{}, false
}

// letters reports whether the ink of w's band (or of its copy, ofCopy)
// could be printed letters only: no mark in it is taller than maxMark of
// its rows (tallestMark). A word that one crop's read names alone stands
// on that crop's ink: Tesseract reads words in a hand's outlines too.
// Lamp-tune 935020-webcam's LARANJA lay under a hand's fingers, a scrap of
// its copy beside them; with the frame balanced at the edge of the paper's
// tuning range (cast.go) the band read "VAR" and the copy "MESA", exactly,
// on the fingers' long diagonal outlines: MESA, a wrong word, stood on the
// copy alone. Its copy's tallest mark runs across all its rows (1.00).
func (w *wordCrops) letters(ofCopy bool) bool {
	m := w.band
	if ofCopy {
		m = w.copy()
	}
	return tallestMark(m) <= maxMark
}

// maxMark is the tallest mark, as a fraction of a band's or a copy's rows,
// the crop of a word read there alone may hold. Measured on every tuning
// set (the rendered sets 300437-300881 and 930000-930007, the lamp sets
// 301000-301040, 935000-935033 and 936000-936026, the regression set;
// 300613-300692 under -perturb warm, dark, noise and blur, 300757-300822
// under dark, noise and blur; the lamp sets balanced at the tuning range's
// edge), over the right words so read: a copy read alone 0.48 at most on
// the frames as rendered (300551-phone's MEDAL, a token's ring by it),
// 0.77 perturbed (300690-webcam's MIMINKO under noise, 300766-webcam's
// SAND dark, 0.63: their copies' ink reaches the crop's first column); a
// band read alone 0.80 (300620-webcam's BERÇO, blurred); a band sure
// alone (Match.Strong) 0.85 but for three of 10,226 (300500-webcam's
// PASTEL, a token's ring across the band's end, and 300626-webcam's
// ZRCADLO, dark, 1.00; the regression set's KOWBÓJ, 0.93), which are read
// on and stand when the copy names the word too.
const maxMark = 0.85

// whole reports whether a word one copy alone read exactly may stand as far
// as its length goes: a word that is a run of a longer candidate's letters
// (Match.Part) only when the band's ink shows it whole (shows), or the other
// copy's read, other, shows its letters too (diacritics ignored: the two
// copies lie at opposite ends of the card, and a hand seldom cuts both
// alike; synthetic 110015's PÉ, band "PE", copy "PÉ"). A hand or the card's
// edge over the rest of the longer word leaves the run: held-out 300496's
// EKRAN, its E hidden, read "KRAN" on the band, the copy "M"; KRAN is
// another word of the list, and stood. The band's paper bare where the
// longer candidates' other letters would lie shows it whole too
// (bareBeside), the ink off the band's middle or not.
func (r *Reader) whole(w *wordCrops, m Match, other string) bool {
	return !m.Part || r.shows(w, m.Word) && !r.shortOfInk(w, m.Word) || r.bareBeside(w, m.Word) ||
		string(baseRunes([]rune(Normalize(other)))) == string(baseRunes([]rune(Normalize(m.Word))))
}

// shortOfInk reports whether word, one letter short of another candidate
// (Matcher.LetterShort), is shorter than w's band's ink: the ink runs more
// than maxShortSpan letter heights a letter of it (shows allows 1.3). Such
// a read is likelier the longer word with a letter lost. Measured on the
// rendered tuning sets' right reads of such words, as rendered: 0.59-1.11
// letter heights a letter where shows held (BOW, 1.11); held-out 301047-
// phone's CARD, its D pale under a glare, read "CAR" on the band and
// sharpened, the copy blank: 1.21 (3.64 heights; 0.91 a letter of CARD).
func (r *Reader) shortOfInk(w *wordCrops, word string) bool {
	if !r.match.LetterShort(word) {
		return false
	}
	lo, hi, h := bandInk(w.band)
	n := float64(len([]rune(Normalize(word))))
	return h > 0 && float64(hi-lo+1)/float64(h) > maxShortSpan*n
}

// maxShortSpan is the most letter heights a letter of a word one letter
// short of another candidate its band's ink may run for shows to take it
// whole (shortOfInk).
const maxShortSpan = 1.15

// shows reports whether w's band's ink is word's, whole (wholeShort).
func (r *Reader) shows(w *wordCrops, word string) bool {
	lo, hi, h := bandInk(w.band)
	return r.showsInk(w, word, lo, hi, h, float64(w.band.Cols())/2)
}

// showsInner is shows for the band's letters beside a mark at one of its
// ends (innerInk: a shadow's edge, a hand), half a letter's height of
// paper between them, the word centred on the card's middle (bandBox's):
// a band widened towards such a mark (widenBand) no longer has the word
// in its middle. A word read exactly that is no run of another's letters
// (Match.Strong) loses none to such a mark: the letters it hid would make
// the read a run of a longer word. Drawn-lamp 301146-webcam's SLON, a
// shadow's dark corner at the band's left (its ink from column 0), and
// DVOJČE, a hand's edge at its right: both read exactly on the band,
// the copies "" and "FO" in the shadow and under the hand (readShaded).
func (r *Reader) showsInner(w *wordCrops, word string) bool {
	lo, hi, h, ok := innerInk(w.band)
	mid := float64(bandBox.Min.X+bandBox.Max.X)/2 - float64(w.box.Min.X)
	return ok && r.showsInk(w, word, lo, hi, h, mid)
}

// showsInk is shows for the band's ink measured as lo, hi and h
// (bandInk), the word printed centred on the band's column mid.
func (r *Reader) showsInk(w *wordCrops, word string, lo, hi, h int, mid float64) bool {
	band := w.band
	if h == 0 || lo < 2 || hi > band.Cols()-3 || r.match.Centred(word) && !w.bare(lo, hi) {
		return false
	}
	hf := float64(h)
	span := float64(hi-lo+1) / hf
	off := (float64(lo+hi+1)/2 - mid) / hf
	n := float64(len([]rune(Normalize(word))))
	return off >= -0.5 && off <= 0.5 && span >= 0.6*n && span <= 1.3*n
}
