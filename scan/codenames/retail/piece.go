package retail

import "slices"

// minPiece is the fewest letters a piece of a word (Matcher.Pieced) holds.
const minPiece = 2

// Pieced returns the one candidate word that reads of the two copies show
// in two pieces, each exact (diacritics ignored): one read of the band is
// the word's start and a read of the upside-down copy its end, or the
// other way round, and together they hold every letter. A card's quad
// lying off the card along its long side cuts the two copies at opposite
// ends, since the copy is printed turned: rendered MLÉKO's band read "EKO"
// and its copy "MLÉK", TIGELA "LA" and "TIGEL", MACARRÃO "MAC" and
// "ARRÃO". No read may be the whole word (the ordinary rules judge those),
// each piece holds at least minPiece letters, and no other candidate,
// of any length, starts with the one piece and ends with the other (a hand
// over the middle of both copies could leave a longer word's ends) or
// holds both pieces anywhere (a cut can leave a run of a word's middle);
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
	if len(h) < minPiece || len(t) < minPiece {
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
	return m.words[word], true
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
