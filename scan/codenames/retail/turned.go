package retail

import (
	"strings"

	"gocv.io/x/gocv"
)

// turnKeys is added to a cell's line keys (Reader.line) for the lines
// read the other way up.
const turnKeys = 400

// turnedWay reads a word card in doubt the other way up, with readWay's
// rules, and takes its word when no read of the first way named another
// for sure (Match.OK). A card's way up is the end holding more ink
// (upsideDown); where a quad off the card, blur or glare leave neither end
// a band's worth (rendered 300165's CHAPÉU and CASACO, 300129's RYNEK:
// 0 and 0), the band's box held the faint copy and the copy's box the
// band, cut at the word's end (CHAPÉU read "ADA" and "CHAPÉL"); turned,
// both read CHAPÉU. Nor may a read of either way show three letters or
// more that are no run of the word's but another candidate's
// (contradicted): rendered 300662-webcam's PARROT, glared, read "LOT",
// "PART", "ROT" one way and "PARI", "RRO", "PARC" the other, and was PARK,
// a wrong word, on session 17's fresh set. Asked of the first way's words
// too, the rule left four right words of the rendered sets in doubt
// (FOGÃO read "ENA" on its copy, PENA's letters); of the turned way's, none.
// When neither way names a word, the two ways' reads of each end may hold
// its two pieces (wayEnds, Matcher.Pieced), with the same two rules.
func (r *Reader) turnedWay(card gocv.Mat, flip bool, k int, c *Cell, calls *int) error {
	t := Cell{Quad: c.Quad}
	if err := r.readWay(card, !flip, k, turnKeys, &t, calls); err != nil {
		return err
	}
	first := c.Text
	c.Text += "/" + t.Text
	if d := r.match.bothEnds(first, t.Text); d != "" &&
		!r.match.namesOther(first+"|"+t.Text, d) && !r.match.contradicted(first+"|"+t.Text, d) {
		c.Word, c.Dist, c.Margin, c.Why, c.via = d, 0, 0, "", "turned-ends"
		return nil
	}
	if t.Word == "" {
		if d := r.match.Pieced(wayEnds(first, t.Text)); d != "" &&
			!r.match.namesOther(first+"|"+t.Text, d) && !r.match.contradicted(first+"|"+t.Text, d) {
			c.Word, c.Dist, c.Margin, c.Why, c.via = d, 0, 0, "", "turned-pieced"
		}
		return nil
	}
	if !r.match.supported(t.Text, t.Word) && !r.match.bothWays(first, t.Text, t.Word) ||
		r.match.namesOther(first+"|"+t.Text, t.Word) ||
		r.match.contradicted(first+"|"+t.Text, t.Word) {
		return nil
	}
	if doubt, err := r.letterDoubt(card, !flip, t.Quad, t.Text, t.Word, t.via, calls); err != nil || doubt {
		return err
	}
	c.Word, c.Dist, c.Margin, c.Why, c.via = t.Word, t.Dist, t.Margin, "", "turned "+t.via
	return nil
}

// bothEnds returns the word the first reads of both ways' bands (first
// and turned, Cell.Text of each) name exactly (Match.Dist 0, Match.OK), or
// "". The two bands lie at the card's two ends, so they are two witnesses,
// as the band and its copy are: rendered 300622-webcam's GLOBE, a far card
// (heldout12), read "GLOBE", "CBE", "GLOBE" one way, its band too small for
// a read alone with GLOVE one edit off (minScale), and "GLOBE", "GLORE" the
// other way (its copy as near GLOVE: the turned way named GLOBE, but on
// one read, not supported); lamp 301014-webcam's SOCK, "SOCK", "", "SOCK"
// one way and "SOCK", "CW", "" the other.
func (m *Matcher) bothEnds(first, turned string) string {
	a := m.Match(strings.Split(first, "|")[0])
	b := m.Match(strings.Split(turned, "|")[0])
	if a.OK() && a.Dist == 0 && b.Dist == 0 && b.Word == a.Word {
		return a.Word
	}
	return ""
}

// bothWays reports whether word is named (Match.OK) by a read of each of
// the card's two ends, the two ways' reads (first and turned, Cell.Text of
// each) sorted by the end they saw as wayEnds sorts them: two witnesses,
// as a band and its copy naming one word are. Rendered lamp 301120-webcam's
// NIEMOWLĘ, a far card blurred: "NIEM", "", "NIEMOWI" one way (the
// sharpened read two edits off, not exact: not alone), "NEROWLĘ",
// "NIEMCO" the other (one read naming it: not supported); NIEMOWI and
// NEROWLĘ lie at the card's two ends, each two edits nearer NIEMOWLĘ
// than any other word.
func (m *Matcher) bothWays(first, turned, word string) bool {
	one, other := false, false
	for i, s := range strings.Split(first, "|") {
		if r := m.Match(s); r.OK() && r.Word == word {
			one, other = one || i != 1, other || i == 1
		}
	}
	for i, s := range strings.Split(turned, "|") {
		if r := m.Match(s); r.OK() && r.Word == word {
			one, other = one || i == 1, other || i != 1
		}
	}
	return one && other
}

// wayEnds sorts the reads of a card's two ways (Cell.Text of each: the
// band's read, then the copy's, then the band's further reads) by the end
// of the card they saw: the first way's band and the turned way's copy lie
// at one end, the first way's copy and the turned way's band at the other.
// Each way alone may read a word's two pieces at one end only: rendered
// 300701-phone's PARAQUEDAS, its quad cut short at the band's end, read
// "PARAQ", "JEDAS", "PARAQUE" one way and "EDAS", "PARAOI", "AQUEDAS" the
// other: the pieces PARAQUE and AQUEDAS were read by the two ways'
// bands. Only reads of minAcross letters or more count: pieces read by two
// ways of a card in doubt both ways are often a hand's or a cover's scraps
// (rendered 300493-phone's ESPONJA under a hand: "PR" one way, "ATA" the
// other, PRATA, a wrong word).
func wayEnds(first, turned string) (one, other []string) {
	add := func(to []string, s string) []string {
		if len(baseRunes([]rune(Normalize(s)))) < minAcross {
			return to
		}
		return append(to, s)
	}
	for i, s := range strings.Split(first, "|") {
		if i == 1 {
			other = add(other, s)
		} else {
			one = add(one, s)
		}
	}
	for i, s := range strings.Split(turned, "|") {
		if i == 1 {
			one = add(one, s)
		} else {
			other = add(other, s)
		}
	}
	return one, other
}

// minAcross is the fewest letters a piece read by one of a card's two ways
// holds to be pieced with the other way's (wayEnds).
const minAcross = 4

// supported reports whether the reads in text ("|" between them) name
// word on their own (Match.Strong), or two of them do, each naming it
// (Match.OK) or being a run of at least minPiece of its letters
// (diacritics ignored). The turned way reads a card whose first way found
// no word, often a quad off its card: one read of a hand's or the table's
// scraps is not enough there (rendered 300295: a quad on a hand and a
// card's edge, nothing read one way, "BAG" the other, one edit nearer
// than the runner-up; the card is CAMERA).
func (m *Matcher) supported(text, word string) bool {
	wb := baseRunes([]rune(Normalize(word)))
	n := 0
	for _, s := range strings.Split(text, "|") {
		r := m.Match(s)
		if r.Word == word && r.Strong() {
			return true
		}
		tb := baseRunes([]rune(r.Text))
		if r.OK() && r.Word == word || len(tb) >= minPiece && holds(wb, tb) {
			n++
		}
	}
	return n >= 2
}
