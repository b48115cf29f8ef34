package retail

import (
	"testing"

	"fieldkit/wordlists"
)

// TestLongerWordShown: a card whose reads show letters of a longer word
// than the one they name is left in doubt, not read as the shorter word.
// Rendered 300644-webcam's ARCO-ÍRIS, its ÍRIS washed pale by a glare,
// read "ARCO" on the band twice and "ÍS" on the copy (namesOther: ARCO-ÍRIS
// holds both); 300662-webcam's PARROT, glared, read "LOT", "PART", "ROT"
// one way up and "PARI", "RRO", "PARC" the other, PARK by the turned way
// (contradicted: RRO and ROT are no run of PARK's but PARROT's). Both were
// wrong words on the fresh rendered set of session 17, found after its one
// read.
func TestLongerWordShown(t *testing.T) {
	for _, tc := range []struct{ file, lang, wrong string }{
		{"card-300644-arco-iris.png", "pt", "ARCO"},
		{"card-300662-parrot.png", "en", "PARK"},
		{"card-300644-arco-iris-blur.png", "pt", "ARCO"},
	} {
		list, err := wordlists.Builtin(tc.lang)
		if err != nil {
			t.Fatal(err)
		}
		r, err := NewReader(tc.lang, list.Words)
		if err != nil {
			t.Fatal(err)
		}
		card := testImage(t, tc.file)
		lk := classify(card)
		if lk.kind != "word" {
			t.Errorf("%s: classed %q, want a word card", tc.file, lk.kind)
		}
		c, calls := Cell{}, 0
		if err := r.readWord(card, lk.flip, 0, &c, &calls); err != nil {
			t.Fatal(err)
		}
		if c.Word != "" {
			t.Errorf("%s: read %q (text %q), want a doubt", tc.file, c.Word, c.Text)
		}
		card.Close()
		r.Close()
	}
}

// TestRestSeen: a further read that names a run of a longer word (ARCO,
// of ARCO-ÍRIS) stands only when the copy that did not name it shows no
// letters beyond it: rendered 300644-webcam's copy read "JIS", "MS" or
// "RS" under another light or encoder (TestRendered -perturb), and ARCO
// stood on the band's two reads.
func TestRestSeen(t *testing.T) {
	matchers := map[string]*Matcher{}
	for _, lang := range []string{"pt", "cs"} {
		list, err := wordlists.Builtin(lang)
		if err != nil {
			t.Fatal(err)
		}
		matchers[lang] = NewMatcher(list.Words)
	}
	for _, tc := range []struct {
		lang, band, copy, again string
		want                    bool
	}{
		{"pt", "ARCO", "JIS", "ARCO", true},
		{"pt", "ARCO", "MS", "ARCO", true},
		{"pt", "ÁRCO", "RS", "ARCO", true},
		{"pt", "ARCO", "", "ARCO", false},   // the copy read nothing
		{"pt", "ARCO", "AR", "ARCO", false}, // the copy read a run of ARCO
		{"pt", "JIS", "ARCO", "ARCO", true}, // the copy named it, the band saw more
		{"pt", "PORTA", "JIS", "PORTA", false},
		{"cs", "LIST", "UST", "LIST", false}, // 300514-webcam: OCR's slip, one letter of three foreign
	} {
		m := matchers[tc.lang]
		m1, m2, m3 := m.Match(tc.band), m.Match(tc.copy), m.Match(tc.again)
		if tc.again == "LIST" && !m3.Part {
			t.Errorf("LIST is no run of a longer Czech word: the case is gone")
		}
		if got := restSeen(m3, m1, m2); got != tc.want {
			t.Errorf("band %q, copy %q, again %q (%s, part %v): restSeen %v, want %v", tc.band, tc.copy, tc.again, m3.Word, m3.Part, got, tc.want)
		}
	}
}
