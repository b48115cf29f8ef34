package retail

import "testing"

// TestThumbNear: a band is near itself and never near a band one letter
// apart, even when the letters differ by a diacritic only.
func TestThumbNear(t *testing.T) {
	band := func(w string) thumb {
		card := wordCard(t, w)
		defer card.Close()
		b, s := crops(card, false)
		defer b.Close()
		defer s.Close()
		return thumbOf(b)
	}
	for _, tc := range [][2]string{{"KOT", "KOC"}, {"ŘEKA", "REKA"}, {"DĚLO", "DELO"}, {"ŻÓŁW", "ZÓŁW"}, {"PAPEL", "PAPEI"}} {
		a, b := band(tc[0]), band(tc[1])
		if !a.near(a) {
			t.Errorf("%s not near itself", tc[0])
		}
		if a.near(b) {
			t.Errorf("%s near %s", tc[0], tc[1])
		}
	}
}
