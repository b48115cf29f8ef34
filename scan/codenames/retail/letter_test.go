package retail

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// TestLetterDoubt: words one letter from another candidate, settled on the
// band's reads alone at 1080p's legible limit. Held-out 301078-webcam's
// HILL (cell 1,3, 1.93 px/mm) under -perturb dark and noise read "MILL" on
// the band and sharpened, its copy blank: MILL, a wrong word, stood
// (sharpened); Tesseract's choices weigh H there (letterDoubt), a doubt
// now. The same frame's NAIL (SAIL a letter off, 1.98 px/mm) and GATE
// (DATE, upside down, 2.02) under noise, and HILL as rendered, read alike,
// stand: the rival's letter weighed little or nothing.
//
// Held-out 301039-phone's FAN under -perturb blur (cell 1,2), its band
// read "FAN" alone at 3.61 px/mm, PAN's P weighed 68 there: over
// maxLetterScale it stands. Each card with its quad in its frame; with
// none (its scale not known) no card is asked, and MILL stands.
func TestLetterDoubt(t *testing.T) {
	hill := Quad{{1644, 678}, {1606, 544}, {1692, 524}, {1730, 656}}
	hillDark := Quad{{1646, 678}, {1606, 544}, {1690, 522}, {1730, 654}}
	nail := Quad{{1796, 818}, {1756, 676}, {1842, 654}, {1884, 794}}
	gate := Quad{{1684, 846}, {1644, 702}, {1732, 680}, {1774, 820}}
	fan := Quad{{1370.8, 1608.3}, {1350, 1295.8}, {1512.5, 1279.2}, {1533.3, 1608.3}}
	for _, tc := range []struct {
		file string
		flip bool
		quad Quad
		want string
	}{
		{"card-301078-fixed-dark-hill.png", false, hillDark, ""},
		{"card-301078-fixed-noise-hill.png", false, hillDark, ""},
		{"card-301078-fixed-hill.png", false, hill, "HILL"},
		{"card-301078-fixed-noise-nail.png", false, nail, "NAIL"},
		{"card-301078-fixed-noise-gate.png", true, gate, "GATE"},
		{"card-301039-blur-fan.png", false, fan, "FAN"},
		{"card-301078-fixed-noise-hill.png", false, Quad{}, "MILL"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			card := testImage(t, tc.file)
			defer card.Close()
			r := freshReader(t, "en")
			c := Cell{Quad: tc.quad}
			var calls int
			if err := r.readWord(card, tc.flip, 0, &c, &calls); err != nil {
				t.Fatal(err)
			}
			if c.Word != tc.want {
				t.Errorf("readWord = %q (read %q, %s), want %q", c.Word, c.Text, c.via, tc.want)
			}
		})
	}
}

// TestLetterRivals: the candidates as long as a word that differ from it
// in one letter, diacritics ignored.
func TestLetterRivals(t *testing.T) {
	m := NewMatcher([]string{"HILL", "MILL", "MILK", "BILL", "HILLS", "HALE", "SŮL", "DŮL", "SUL"})
	for _, tc := range []struct {
		word string
		want []letterRival
	}{
		{"MILL", []letterRival{{"HILL", 0, 'M', 'H'}, {"MILK", 3, 'L', 'K'}, {"BILL", 0, 'M', 'B'}}},
		{"HALE", nil},
		{"SŮL", []letterRival{{"DŮL", 0, 'S', 'D'}}}, // SUL only its diacritic off
	} {
		if got := m.letterRivals(tc.word); !slices.Equal(got, tc.want) {
			t.Errorf("letterRivals(%q) = %v, want %v", tc.word, got, tc.want)
		}
	}
}

// TestParseChoices: Tesseract's hOCR choices, one group a letter read.
func TestParseChoices(t *testing.T) {
	h := `<span class='ocrx_word' id='word_1_1' title='bbox 16 8 87 32; x_wconf 87'>MI
 <span class='ocrx_cinfo' id='lstm_choices_1_1_1'>
  <span class='ocrx_cinfo' id='choice_1_1_1' title='x_confs 84.412704'>M</span>
  <span class='ocrx_cinfo' id='choice_1_1_2' title='x_confs 55.819946'>H</span>
  <span class='ocrx_cinfo' id='choice_1_1_3' title='x_confs 0'>A</span></span>
 <span class='ocrx_cinfo' id='lstm_choices_1_1_2'>
  <span class='ocrx_cinfo' id='choice_1_1_4' title='x_confs 92.9'>Í</span>
  <span class='ocrx_cinfo' id='choice_1_1_5' title='x_confs 3'>I</span></span>`
	got := parseChoices(h)
	if len(got) != 2 || got[0]['M'] != 84.412704 || got[0]['H'] != 55.819946 || got[1]['I'] != 92.9 {
		t.Errorf("parseChoices = %v, want M 84.4, H 55.8; I 92.9", got)
	}
	if w, ok := rivalWeight(got, "HI", letterRival{"MI", 0, 'H', 'M'}); !ok || w != 84.412704 {
		t.Errorf("rivalWeight = %v, %v, want 84.4, true", w, ok)
	}
	if _, ok := rivalWeight(got, "HIL", letterRival{"MIL", 0, 'H', 'M'}); ok {
		t.Errorf("rivalWeight of three letters on two choices: lined up, want not")
	}
}

// FuzzParseChoices: any text parses without a panic into no more groups
// than it has lstm_choices tags (a choice's letter text holding a tag's
// text is its letter: testdata/fuzz's letterholdstag), every weight a
// finite number.
func FuzzParseChoices(f *testing.F) {
	f.Add(`<span id='lstm_choices_1_1_1'><span id='choice_1_1_1' title='x_confs 84.4'>M</span><span id='choice_1_1_2' title='x_confs 55.8'>H</span></span>`)
	f.Add(`<span id='choice_1_1_1' title='x_confs 1.2.3'>&amp;</span><span id='lstm_choices_2'>`)
	f.Add(`id='lstm_choices_id='choice_x' title='x_confs 9'>ŁŻ<`)
	f.Fuzz(func(t *testing.T, h string) {
		got := parseChoices(h)
		if n := strings.Count(h, "id='lstm_choices_"); len(got) > n {
			t.Fatalf("%d groups, more than the %d tags", len(got), n)
		}
		for _, g := range got {
			for c, w := range g {
				if math.IsNaN(w) || math.IsInf(w, 0) {
					t.Fatalf("letter %q weighs %v", c, w)
				}
			}
		}
	})
}
