package retail

// rivalWindow is how much farther than the word itself a candidate may lie
// from a copy's read and still be a rival the other copy must rule out:
// Match.Strong's margin, the edits OCR makes of a small or blurred word.
const rivalWindow = 2

// Contested reports whether other, the read of a card's other copy, leaves
// word in doubt although read, the copy that names word (exactly), is sure
// of it: some candidate within rivalWindow edits of read beyond word's own
// distance (a rival OCR could have turned into word) lies at least as near
// other as word does. A read that names no word for sure still shows which
// of two near words the card holds: rendered 300444's PANELA, its small
// copy read "PANDA" exactly (PANELA two edits farther), its band "FANTIA",
// three edits from both; the copy alone took PANDA, a wrong word. Only a
// read about as long as the word (one letter short at most) and not made of
// its letters alone contests it: a shorter one is a piece of the card (a
// hand, the picture's edge, a cut: "Ó" of NÓŻ, "GCRDS" of FERRADURA), and
// one whose letters all stand in the word, in order (diacritics ignored:
// "MČ" of MÍČ, "CC" of COCO), is the word with letters lost; all right on
// the synthetic tuning slice 110000. And the rival must lie within half its
// letters of other, a read that could be the rival misread: a band read as
// garbage is as far from a rival as from the word (rendered 1-phone's
// KARETKA, its band "WAŃBPTYA", five edits from both it and KARTA).
func (m *Matcher) Contested(read, other, word string) bool {
	o := []rune(Normalize(other))
	if len(o) == 0 {
		return false
	}
	ob := baseRunes(o)
	r := []rune(Normalize(read))
	rb := baseRunes(r)
	wi := m.index(word)
	if wi < 0 || len(o) < len(m.runes[wi])-1 || within(m.base[wi], ob) {
		return false
	}
	var rows [2][]float64
	own := distanceIn(&rows, r, rb, m.runes[wi], m.base[wi])
	near := distanceIn(&rows, o, ob, m.runes[wi], m.base[wi])
	for i, c := range m.runes {
		if i == wi || float64(abs(len(c)-len(r))) > own+rivalWindow {
			continue
		}
		if distanceIn(&rows, r, rb, c, m.base[i]) > own+rivalWindow {
			continue
		}
		if d := distanceIn(&rows, o, ob, c, m.base[i]); d <= near && d <= float64(len(c))/2 {
			return true
		}
	}
	return false
}

// index returns the position of word among the candidates, or -1.
func (m *Matcher) index(word string) int {
	n := Normalize(word)
	for i, r := range m.runes {
		if string(r) == n {
			return i
		}
	}
	return -1
}

// within reports whether the letters of read all stand in word, in order.
func within(word, read []rune) bool {
	i := 0
	for _, c := range word {
		if i < len(read) && read[i] == c {
			i++
		}
	}
	return i == len(read)
}

// minRuling is the fewest letters a copy's read must show to rule a
// word's rivals out (Matcher.RulesOut).
const minRuling = 3

// RulesOut reports whether other, the read of a card's other copy, shows
// word's letters where read, the copy that names word (exactly) on a band
// too small to be sure of it (wordCrops.tiny), could have been a rival's:
// other holds minRuling letters or more, diacritics ignored, that are a
// run of word's letters and of no candidate's within rivalWindow edits of
// read beyond word's own distance (the rivals Contested weighs). The two
// copies lie at the card's two ends, two witnesses, and the second saw
// letters only the word has. Rendered 300962-webcam's STŮL, a far card
// at 1080p (1.89 px/mm): the band read "STŮL" exactly, twice, SŮL an edit
// off; the copy "TUL", which SŮL does not hold (and VRTULNÍK, which
// holds it, lies far from "STŮL").
func (m *Matcher) RulesOut(read, other, word string) bool {
	ob := baseRunes([]rune(Normalize(other)))
	wi := m.index(word)
	if wi < 0 || len(ob) < minRuling || !holds(m.base[wi], ob) {
		return false
	}
	r := []rune(Normalize(read))
	rb := baseRunes(r)
	var rows [2][]float64
	own := distanceIn(&rows, r, rb, m.runes[wi], m.base[wi])
	for i, c := range m.runes {
		if i == wi || float64(abs(len(c)-len(r))) > own+rivalWindow {
			continue
		}
		if distanceIn(&rows, r, rb, c, m.base[i]) <= own+rivalWindow && holds(m.base[i], ob) {
			return false
		}
	}
	return true
}
