package retail

import (
	"slices"
	"strings"
)

// minPiece is the fewest letters a piece of a word (Matcher.Pieced) holds,
// and minLongPiece the fewest the longer of the two holds: two pieces of two
// letters are what a cover's or a hand's scraps read as (rendered
// 300690-webcam under a warm lamp, TestRendered -perturb warm: a bystander
// over JEZDEC taken for a word card, its reads "PŘ", "PE" and "ZR", was
// PEPŘ); the pieced words of the tuning sets had one of three letters or
// more (MLÉK, TIGEL, ARRÃO).
const (
	minPiece     = 2
	minLongPiece = 3
)

// Pieced returns the one candidate word that reads of the two copies show
// in two pieces, each exact (diacritics ignored): one read of the band is
// the word's start and a read of the upside-down copy its end, or the
// other way round, and together they hold every letter. A card's quad
// lying off the card along its long side cuts the two copies at opposite
// ends, since the copy is printed turned: rendered MLÉKO's band read "EKO"
// and its copy "MLÉK", TIGELA "LA" and "TIGEL", MACARRÃO "MAC" and
// "ARRÃO". No read may be the whole word (the ordinary rules judge those),
// each piece holds at least minPiece letters and the longer minLongPiece,
// and no other candidate, of any length, starts with the one piece and ends
// with the other (a hand over the middle of both copies could leave a
// longer word's ends) or holds both pieces anywhere (a cut can leave a run of a word's middle);
// "" when there is no such word.
func (m *Matcher) Pieced(band []string, copies []string) string {
	found := ""
	for _, b := range band {
		for _, c := range copies {
			for _, pair := range [2][2]string{{b, c}, {c, b}} {
				w, ok := m.ends(pair[0], pair[1])
				if !ok {
					continue
				}
				if found != "" && found != w {
					return ""
				}
				found = w
			}
		}
	}
	return found
}

// ends returns the one candidate that starts with head and ends with
// tail (diacritics ignored) and holds no letter beyond them, and whether
// there is exactly one candidate starting and ending so, of any length.
func (m *Matcher) ends(head, tail string) (string, bool) {
	h := baseRunes([]rune(Normalize(head)))
	t := baseRunes([]rune(Normalize(tail)))
	if len(h) < minPiece || len(t) < minPiece || max(len(h), len(t)) < minLongPiece {
		return "", false
	}
	word, n := -1, 0
	for i, b := range m.base {
		if len(b) < len(h) || len(b) < len(t) || !slices.Equal(b[:len(h)], h) || !slices.Equal(b[len(b)-len(t):], t) {
			continue
		}
		n++
		word = i
	}
	if n != 1 {
		return "", false
	}
	b := m.base[word]
	if len(h)+len(t) < len(b) || len(h) == len(b) || len(t) == len(b) {
		return "", false
	}
	// a cut can leave a run of a longer word's middle: POLÉVKA's copy
	// read "OLE" and its band "PO" (rendered 300066), POLE's start and end
	for i, o := range m.base {
		if i != word && holds(o, h) && holds(o, t) {
			return "", false
		}
	}
	// nor may another candidate start and end within a letter's slip of
	// the two pieces, where they are scraps (slipEnds): blurred reads of a
	// whole card make up pieces of a word from a rival's letters
	for i, o := range m.base {
		if i != word && slipEnds(o, h, t) {
			return "", false
		}
	}
	return m.words[word], true
}

// slipEnds reports whether word starts with head's letters and ends with
// tail's, both pieces no longer than word, each exactly or, a scrap of
// minLongPiece letters or fewer, give or take one letter's edit (lev): a
// card with word on it, read blurred, could have given the two pieces.
// Rendered lamp 301196-webcam's BOCA under -perturb cool, blurred but
// whole: its band read "A" and "HA" (CA's C misread), its copy "BOL"
// (BOC's): BOLHA, a wrong word, was pieced of "BOL" and "HA"; BOCA starts
// a letter off "BOL" and ends a letter off "HA". A longer piece read
// exactly is no scrap: lamp 301168-webcam's GNIAZDO, "GNIAZD" and "DO",
// stands though GWIAZDA lies a letter off each.
func slipEnds(word, head, tail []rune) bool {
	if len(head) > len(word) || len(tail) > len(word) {
		return false
	}
	slip := func(piece []rune) int {
		if len(piece) > minLongPiece {
			return 0
		}
		return 1
	}
	return lev(word[:len(head)], head) <= slip(head) && lev(word[len(word)-len(tail):], tail) <= slip(tail)
}

// LetterShort reports whether a candidate one letter longer than word
// holds word's letters as a run (diacritics ignored): CARD of CAR, SCAR of
// CAR. A read of such a word may have lost that letter.
func (m *Matcher) LetterShort(word string) bool {
	wb := baseRunes([]rune(Normalize(word)))
	for _, o := range m.base {
		if len(o) == len(wb)+1 && holds(o, wb) {
			return true
		}
	}
	return false
}

// Around returns the most letters any longer candidate holding word's
// letters as a run (diacritics ignored) has before that run, and the most
// it has after it: PILHA holds ILHA with one letter before, MEDVĚD holds
// MED with three after.
func (m *Matcher) Around(word string) (before, after int) {
	wb := baseRunes([]rune(Normalize(word)))
	for _, o := range m.base {
		for i := 0; i+len(wb) <= len(o) && len(o) > len(wb); i++ {
			if slices.Equal(o[i:i+len(wb)], wb) {
				before, after = max(before, i), max(after, len(o)-i-len(wb))
			}
		}
	}
	return before, after
}

// Shorter reports whether the read text lies nearer word than every
// candidate one letter longer that holds word's letters (LetterShort's),
// by the matcher's edit distance: it shows no letter more.
func (m *Matcher) Shorter(text, word string) bool {
	t := []rune(Normalize(text))
	tb := baseRunes(t)
	wr := []rune(Normalize(word))
	wb := baseRunes(wr)
	d := distance(t, tb, wr, wb)
	for i, o := range m.base {
		if len(o) == len(wb)+1 && holds(o, wb) && distance(t, tb, m.runes[i], o) <= d {
			return false
		}
	}
	return true
}

// holds reports whether word holds run as a run of its letters.
func holds(word, run []rune) bool {
	for i := 0; i+len(run) <= len(word); i++ {
		if slices.Equal(word[i:i+len(run)], run) {
			return true
		}
	}
	return false
}

// contradicted reports whether a read in text ("|" or "/" between them)
// of at least three letters is no run of word's, give or take an edit,
// but is a run of another candidate's letters (diacritics ignored).
func (m *Matcher) contradicted(text, word string) bool {
	return m.contradictedBy(text, word, 3)
}

// contradictedBy is contradicted for reads of at least least letters.
func (m *Matcher) contradictedBy(text, word string, least int) bool {
	wb := baseRunes([]rune(Normalize(word)))
	for _, s := range strings.FieldsFunc(text, func(r rune) bool { return r == '|' || r == '/' }) {
		tb := baseRunes([]rune(Normalize(s)))
		if len(tb) < least || nearRun(wb, tb) {
			continue
		}
		for _, o := range m.base {
			if string(o) != string(wb) && holds(o, tb) {
				return true
			}
		}
	}
	return false
}

// nearRun reports whether run is within one edit of a run of word's
// letters (or of the whole word, run being longer).
func nearRun(word, run []rune) bool {
	if len(run) > len(word) {
		return lev(word, run) <= 1+len(run)-len(word)
	}
	for n := max(1, len(run)-1); n <= min(len(word), len(run)+1); n++ {
		for i := 0; i+n <= len(word); i++ {
			if lev(word[i:i+n], run) <= 1 {
				return true
			}
		}
	}
	return false
}

// lev is the plain edit distance between a and b.
func lev(a, b []rune) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Fuller reports whether b, a read naming its word exactly (Match.OK, Dist
// 0), names a word that holds the whole of a's read as a run of its
// letters (diacritics ignored) while a names another word: a is a piece of
// b's word that is a word of its own, its other letters lost to the crop
// (a glare, a hand, the quad's end). OCR loses letters where ink is faint;
// it does not make up a word's other letters in order. Rendered
// 300968-webcam's CIĘŻARÓWKA: its band, "CIĘ" paled by a glare, read
// "ŻARÓWKA" (another word), its copy "CIĘŻARÓWKA".
func (m *Matcher) Fuller(a, b Match) bool {
	if !a.OK() || !b.OK() || b.Dist != 0 || a.Word == b.Word {
		return false
	}
	ab := baseRunes([]rune(Normalize(a.Text)))
	bb := baseRunes([]rune(Normalize(b.Word)))
	return len(ab) >= minPiece && len(ab) < len(bb) && holds(bb, ab)
}
