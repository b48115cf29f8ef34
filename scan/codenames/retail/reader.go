// Package retail reads a Codenames table laid with the boxed game's own
// cards, which carry no markers: it finds the cards by their outlines
// against the table, fits the 5×5 grid they form, reads each word card's
// word with Tesseract (the band, and the upside-down copy when the band
// alone is not sure) and matches it against the table's words by edit
// distance with a margin over the runner-up; covers are read by their
// colour and the guess token by its shape and colour. A doubt is "unknown",
// never a guess. Its Observation converts to the scan JSON form
// (reading.Reading) the table server referees.
package retail

import (
	"errors"
	"fmt"
	"image"
	"math"
	"strings"
	"time"

	"fieldkit/catalog"
	"fieldkit/scan/codenames/reading"

	"gocv.io/x/gocv"
)

// minCards is how many cards (word or cover) must be seen to look for a grid.
const minCards = 10

// Reader reads photos of one table: its words and its language. A Reader
// holds a Tesseract engine; it is not safe for concurrent use. Close it.
type Reader struct {
	match *Matcher
	ocr   *ocr
	// last holds the lines read in the last image, by cell: a line on the
	// same cell, at the same place, that looks the same is not read again
	// (a webcam's next frame)
	last, next map[int]seen
	// Fresh makes every image read afresh, without the last image's lines.
	Fresh bool
}

// NewReader returns a reader of a table playing words (the 25 words of the
// game, or a whole edition's list) in the language lang (pl, cs, pt, en:
// the built-in lists' codes, or Tesseract's names).
func NewReader(lang string, words []string) (*Reader, error) {
	m := NewMatcher(words)
	if len(m.words) == 0 {
		return nil, errors.New("retail: no words to match")
	}
	o, err := newOCR([]string{TessLang(lang)}, m.Letters())
	if err != nil {
		return nil, err
	}
	return &Reader{match: m, ocr: o, next: map[int]seen{}}, nil
}

// Close stops the reader's Tesseract.
func (r *Reader) Close() error { return r.ocr.Close() }

// Cell is what the reader saw on one cell of the grid.
type Cell struct {
	Word   string  // the word read, "" when none is sure
	Cover  string  // red, blue, bystander, assassin or double; "" for none
	Token  bool    // the guess token lies on the cell
	Why    string  // why Word is "": covered, unseen (no card), doubt (a card whose word or colour is unsure), disagree (the two copies read as two words)
	Text   string  // what OCR read in the band, then "|" and the copy's reading and "|" and the band's second reading, when read
	Dist   float64 // the word's edit distance from the text
	Margin float64 // the runner-up's distance minus Dist
	Quad   Quad    // the card's outline, or where it would lie
}

// Observation is what the reader saw in one image.
type Observation struct {
	OK       bool
	Refusal  string        // the reason's name: "readable", "too-few-cards", "not-a-grid"
	Reason   string        // why no grid was read, in English
	Why      catalog.Msg   // the reason as a message of the catalog
	Cells    [25]Cell      // row by row, row 0 at the image's top (as the cards' long sides run)
	Corners  [4][2]float64 // the grid's outer corners in the image (half a cell beyond the corner cells' centres)
	FitError float64       // the cards' centres off the fitted grid, RMS in cells
	Ignored  int           // cards seen but left off the grid
	Cards    int           // cards seen
	OCRCalls int           // lines Tesseract read
	MS       float64       // the read's wall time, milliseconds
}

// Read reads the table in img (BGR; colours are needed for the covers).
func (r *Reader) Read(img gocv.Mat) (Observation, error) {
	start := time.Now()
	var o Observation
	if img.Empty() || img.Channels() != 3 {
		return o, fmt.Errorf("retail: need a colour image, got %d channels", img.Channels())
	}
	quads, short, cm := findCards(img)
	defer cm.Close()
	o.Cards = len(quads)
	if len(quads) < minCards {
		o.Refusal, o.Reason = "too-few-cards", fmt.Sprintf("only %d cards seen, need at least %d of the grid's 25", len(quads), minCards)
		o.Why = catalog.M("cn.scan.few_cards", "n", len(quads), "need", minCards)
		o.MS = ms(start)
		return o, nil
	}
	lt, err := fitLattice(quads, short)
	if err != nil {
		// a tilted table's converging rows, or a pile's cards among them
		lt, err = fitGraph(quads)
	}
	if err != nil {
		// a whole line of cards unseen
		lt, err = fitGraphShort(quads, cm)
	}
	if err != nil {
		o.Refusal, o.Reason, o.Why = "not-a-grid", "the cards do not lie on a grid", catalog.M("cn.scan.not_grid")
		o.MS = ms(start)
		return o, nil
	}
	if !lt.alone(quads, cm) {
		o.Refusal, o.Reason, o.Why = "not-a-grid", "the grid seems to go on beyond five rows or columns", catalog.M("cn.scan.not_grid")
		o.MS = ms(start)
		return o, nil
	}
	o.OK, o.Refusal = true, "readable"
	o.Corners, o.FitError, o.Ignored = lt.corners(), lt.rms, lt.spares
	r.last, r.next = r.next, map[int]seen{}
	if r.Fresh {
		r.last = nil
	}
	card := gocv.NewMat()
	defer card.Close()
	// the tokens looked for in the frame the cards were found in, at
	// the detection width
	discs := smallDiscs(cm.small, cm.f, quadArea(lt.cellQuad(12)))
	for k := range 25 {
		c := &o.Cells[k]
		if lt.cell[k] >= 0 {
			c.Quad = quads[lt.cell[k]]
		} else {
			c.Quad = lt.cellQuad(k)
		}
		// the line of a grid no card showed (fitGraphShort) is placed by
		// extrapolation, which may lie a third of a card off (its far
		// cell, read there, once took a word from the card beside:
		// 300031-phone): its cells are read only on the card's own edges
		// found near there (addedCard), else left unknown; the four
		// lines' cells lie between cards of their own outline, as on any
		// grid, and are read as there
		if lt.cell[k] < 0 && lt.onAdded(k) {
			q, ok := addedCard(img, lt, k, quads, cm.table)
			if !ok {
				c.Why = "unseen"
				continue
			}
			c.Quad = q
		}
		rectify(img, c.Quad, &card)
		// no outline of its own (a card touching another, or one close to
		// the table's colour): read where the grid puts it when most of it
		// differs from the table, or its colour as a whole does
		if lt.cell[k] < 0 && cm.covered(c.Quad) < 0.9 && cm.offTable(card) < 12 {
			// unless it is the assassin on a dark table, its pale figure
			// plain to see (darkFigure)
			if unseenAssassin(card) {
				c.Cover, c.Why = "assassin", "covered"
				continue
			}
			// or the bystander on a tan table, its dark figure plain to
			// see (unseenBystander), and no word card a little off it
			if unseenBystander(card) && !wordNearby(img, c.Quad, outward(k, c.Quad, func(j int) [2]float64 { return lt.cellQuad(j).centre() })) {
				c.Cover, c.Why = "bystander", "covered"
				continue
			}
			c.Why = "unseen"
			continue
		}
		lk := classify(card)
		if lk.kind == "" {
			// a token's ring is no ink: a cover left in doubt by it is
			// classed again without it (a word card's class and way up
			// stay its own: painting near its band once lost a word)
			if plain, ok := withoutTokens(card, c.Quad, discs); ok {
				if l2 := classify(plain); l2.kind != "word" {
					lk = l2
				}
				plain.Close()
			}
		}
		// a word card half in a shadow, or a hand over its copy: read
		// when its band is plain (clearBand); any other occluded word
		// card is left in doubt
		lk = readLook(card, lk)
		switch lk.kind {
		case "":
			c.Why = "doubt"
		case "word":
			if err := r.readWord(card, lk.flip, k, c, &o.OCRCalls); err != nil {
				return o, err
			}
		default:
			if lt.cell[k] < 0 && lk.kind == "bystander" && wordNearby(img, c.Quad, outward(k, c.Quad, func(j int) [2]float64 { return lt.cellQuad(j).centre() })) {
				c.Why = "doubt"
				continue
			}
			if lt.cell[k] < 0 && !outlineless(lk.kind, card) {
				c.Why = "doubt"
				continue
			}
			c.Cover, c.Why = lk.kind, "covered"
		}
	}
	// a word card in doubt where the grid put it: once more on the card's
	// own edges, found near there (refit.go)
	if err := r.reread(img, lt, quads, cm.table, &o); err != nil {
		return o, err
	}
	once(&o)
	var own [25]Quad
	for k, i := range lt.cell {
		if i >= 0 {
			own[k] = quads[i]
		}
	}
	for _, k := range tokenCells(discs, lt, own) {
		o.Cells[k].Token = true
	}
	o.MS = ms(start)
	return o, nil
}

// readWord reads a word card's band and, unless the band alone is sure
// (Match.Strong), its upside-down copy; the word stands when both copies
// name it and one is sure, or one copy read it exactly and the other names
// no word for sure, or the band shows nothing and the copy alone is sure.
//
// A card still in doubt (not two copies naming two words) is read once
// more the other way up (turnedWay), when a read of the first way showed
// a piece of a word (lettered).
func (r *Reader) readWord(card gocv.Mat, flip bool, k int, c *Cell, calls *int) error {
	if err := r.readWay(card, flip, k, 0, c, calls); err != nil {
		return err
	}
	if c.Word != "" || c.Why != "doubt" || !lettered(c.Text) {
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
// both read CHAPÉU.
func (r *Reader) turnedWay(card gocv.Mat, flip bool, k int, c *Cell, calls *int) error {
	t := Cell{Quad: c.Quad}
	if err := r.readWay(card, !flip, k, turnKeys, &t, calls); err != nil {
		return err
	}
	first := c.Text
	c.Text += "/" + t.Text
	if t.Word == "" {
		return nil
	}
	if !r.match.supported(t.Text, t.Word) || r.match.namesOther(first+"|"+t.Text, t.Word) {
		return nil
	}
	c.Word, c.Dist, c.Margin, c.Why = t.Word, t.Dist, t.Margin, ""
	return nil
}

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

// namesOther reports whether any of the reads in text ("|" between them)
// names a word other than word for sure (Match.OK), or shows letters that
// are no run of word's but a longer candidate holds together with word's
// (diacritics ignored): a card cut at both copies' ends shows a short word
// inside its own (rendered 300114's KOSTEL, not legible, read
// "KOS|STEL|KOST" one way and "TEL|KOST" the other: KOST, a wrong word,
// but "STEL" and KOST lie in KOSTEL).
func (m *Matcher) namesOther(text, word string) bool {
	wb := baseRunes([]rune(Normalize(word)))
	for _, s := range strings.Split(text, "|") {
		r := m.Match(s)
		if r.OK() && r.Word != word {
			return true
		}
		tb := baseRunes([]rune(r.Text))
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
	band := w.band
	at := c.Quad.centre()
	tol := 0.03 * dist(c.Quad[0], c.Quad[1])
	t1, err := r.line(band, key0+2*k, at, tol, lineHeight, calls)
	if err != nil {
		return err
	}
	m1 := r.match.Match(t1)
	c.Text, c.Dist, c.Margin = m1.Text, m1.Dist, m1.Margin
	if m1.Strong() {
		if m1.OK() {
			c.Word = m1.Word
		} else {
			c.Why = "doubt"
		}
		return nil
	}
	t2, err := r.line(w.copy(), key0+2*k+1, at, tol, lineHeight, calls)
	if err != nil {
		return err
	}
	m2 := r.match.Match(t2)
	c.Text += "|" + m2.Text
	switch {
	case m1.OK() && m2.OK() && m1.Word != m2.Word:
		c.Why = "disagree"
	case m1.OK() && (m2.Word == m1.Word || r.alone(w, m1, m2)):
		// the copy agrees, or the band read the word exactly and may
		// stand alone
		c.Word = m1.Word
	case m2.OK() && (m2.Word == m1.Word || r.alone(w, m2, m1)):
		// the same, the copy's way round
		c.Word, c.Dist, c.Margin = m2.Word, m2.Dist, m2.Margin
	case m2.Strong() && !m1.OK() && m1.Text == "":
		c.Word, c.Dist, c.Margin = m2.Word, m2.Dist, m2.Margin
	default:
		c.Why = "doubt"
		if m1.OK() && m2.OK() {
			return nil // they disagree: a third read would only pick a side
		}
		// small or blurred letters: the band once more, twice as large and
		// sharpened; it must name a word one of the two reads was nearest
		// and neither was sure of another
		big := sharpened(band)
		defer big.Close()
		t3, err := r.line(big, key0+100+k, at, tol, 0, calls)
		if err != nil {
			return err
		}
		m3 := r.match.Match(t3)
		c.Text += "|" + m3.Text
		stands := func(m Match) bool {
			return m.OK() && (m.Word == m1.Word || m.Word == m2.Word || r.wholeShort(w, m, m1, m2)) &&
				!(m1.OK() && m1.Word != m.Word) && !(m2.OK() && m2.Word != m.Word)
		}
		if stands(m3) {
			c.Word, c.Dist, c.Margin, c.Why = m3.Word, m3.Dist, m3.Margin, ""
			return nil
		}
		if d := r.accented(w, m1, m2, m3); d != "" {
			c.Word, c.Dist, c.Margin, c.Why = d, 0, 0, ""
			return nil
		}
		// the two copies cut at opposite ends, each read a piece: a
		// quad off the card along its long side (Matcher.Pieced); no read
		// may name another word
		if d := r.match.Pieced([]string{m1.Text, m3.Text}, []string{m2.Text}); d != "" &&
			!(m1.OK() && m1.Word != d) && !(m2.OK() && m2.Word != d) && !(m3.OK() && m3.Word != d) {
			c.Word, c.Dist, c.Margin, c.Why = d, 0, 0, ""
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
		t4, err := r.line(wide, key0+200+k, at, tol, 0, calls)
		if err != nil {
			return err
		}
		m4 := r.match.Match(t4)
		c.Text += "|" + m4.Text
		// both first reads empty, the third a cut run: the cut is the
		// first reads' (rendered 300266's ZOO: nothing, nothing, "Z",
		// then "ZOO" widened)
		blank := m1.Text == "" && m2.Text == "" && r.wholeShort(w, m4, m3, m3)
		if stands(m4) || blank && m4.OK() {
			c.Word, c.Dist, c.Margin, c.Why = m4.Word, m4.Dist, m4.Margin, ""
		}
	}
	return nil
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

// alone reports whether m, one copy's read, may stand on its own though
// the other copy's read, other, names no word for sure: m is exact, other
// does not lie as near a rival OCR could have turned into m's word
// (Matcher.Contested), and a run of a longer word's letters is shown whole
// (whole).
func (r *Reader) alone(w *wordCrops, m, other Match) bool {
	return m.Dist == 0 && !other.OK() && !r.match.Contested(m.Text, other.Text, m.Word) && r.whole(w, m, other.Text)
}

// whole reports whether a word one copy alone read exactly may stand as far
// as its length goes: a word that is a run of a longer candidate's letters
// (Match.Part) only when the band's ink shows it whole (shows), or the other
// copy's read, other, shows its letters too (diacritics ignored: the two
// copies lie at opposite ends of the card, and a hand seldom cuts both
// alike; synthetic 110015's PÉ, band "PE", copy "PÉ"). A hand or the card's
// edge over the rest of the longer word leaves the run: held-out 300496's
// EKRAN, its E hidden, read "KRAN" on the band, the copy "M"; KRAN is
// another word of the list, and stood.
func (r *Reader) whole(w *wordCrops, m Match, other string) bool {
	return !m.Part || r.shows(w, m.Word) ||
		string(baseRunes([]rune(Normalize(other)))) == string(baseRunes([]rune(Normalize(m.Word))))
}

// shows reports whether w's band's ink is word's, whole (wholeShort).
func (r *Reader) shows(w *wordCrops, word string) bool {
	band := w.band
	lo, hi, h := bandInk(band)
	if h == 0 || lo < 2 || hi > band.Cols()-3 || r.match.Centred(word) && !w.bare(lo, hi) {
		return false
	}
	wd := band.Cols()
	hf := float64(h)
	span := float64(hi-lo+1) / hf
	off := (float64(lo+hi+1) - float64(wd)) / 2 / hf
	n := float64(len([]rune(Normalize(word))))
	return off >= -0.5 && off <= 0.5 && span >= 0.6*n && span <= 1.3*n
}

// sharpened returns m twice as large, with an unsharp mask.
func sharpened(m gocv.Mat) gocv.Mat {
	big := gocv.NewMat()
	gocv.Resize(m, &big, image.Point{}, 2, 2, gocv.InterpolationCubic)
	blur := gocv.NewMat()
	defer blur.Close()
	gocv.GaussianBlur(big, &blur, image.Pt(0, 0), 3, 3, gocv.BorderReplicate)
	gocv.AddWeighted(big, 1.8, blur, -0.8, 0, &big)
	return big
}

// seen is a line read in the last image: its thumb, where its card lay,
// and its text.
type seen struct {
	th   thumb
	at   [2]float64
	text string
}

// line reads line key (a cell's band or copy) of the card at at, or takes
// its text from the last image when the line there lay within tol pixels
// and looked the same; maxH is ocr.line's.
func (r *Reader) line(m gocv.Mat, key int, at [2]float64, tol float64, maxH int, calls *int) (string, error) {
	th := thumbOf(m)
	if l, ok := r.last[key]; ok && dist(l.at, at) <= tol && l.th.near(th) {
		r.next[key] = l
		return l.text, nil
	}
	s, err := r.ocr.line(m, maxH)
	if err != nil {
		return "", err
	}
	*calls++
	r.next[key] = seen{th: th, at: at, text: s}
	return s, nil
}

func ms(start time.Time) float64 { return float64(time.Since(start).Microseconds()) / 1000 }

// Reading is o in the scan JSON form the table server keeps and referees:
// cells row by row from the image's top, a word only where it was read,
// no card ids (retail cards have no markers) and no seat (nothing on a
// retail card tells the seats apart).
func (o Observation) Reading() reading.Reading {
	rd := reading.Reading{OK: o.OK, Reason: o.Reason, Refusal: o.Refusal, Ignored: o.Ignored, FitError: o.FitError, MS: o.MS}
	if !o.OK {
		msg := o.Why
		rd.Msg = &msg
		rd.Cells = []reading.CellReading{}
		return rd
	}
	corners := o.Corners
	rd.Corners = &corners
	for k, c := range o.Cells {
		rd.Cells = append(rd.Cells, reading.CellReading{Row: k / 5, Col: k % 5, Word: c.Word, Cover: c.Cover, Why: whyOf(c)})
		if c.Token {
			t := [2]int{k / 5, k % 5}
			rd.Tokens = append(rd.Tokens, t)
		}
	}
	if len(rd.Tokens) > 0 {
		t := rd.Tokens[0]
		rd.Token = &t
		if len(rd.Tokens) == 1 {
			rd.Tokens = nil
		}
	}
	return rd
}

// whyOf is the reading's why: empty when a word was read.
func whyOf(c Cell) string {
	if c.Word != "" {
		return ""
	}
	return c.Why
}

func quadArea(q Quad) float64 {
	s := 0.0
	for i := range 4 {
		j := (i + 1) % 4
		s += q[i][0]*q[j][1] - q[j][0]*q[i][1]
	}
	return math.Abs(s) / 2
}

// wordNearby says whether a word card lies a little off quad q: the crop
// shifted by nearbyShift (a fifth) of the cell along either side is classed
// a word card.
// A bystander's tan is the word cards' beige under a warm light, and a
// cell the grid alone places may lie a third of a card off, over a word
// card's plain end, and look all tan (rendered held-out 300287, session
// 10: STICK read as a bystander). Only outward shifts are tried (outward).
func wordNearby(img gocv.Mat, q Quad, shifts []Quad) bool {
	m := gocv.NewMat()
	defer m.Close()
	for _, sh := range shifts {
		rectify(img, sh, &m)
		if classify(m).kind == "word" {
			return true
		}
	}
	return false
}

// nearbyShift is how far wordNearby looks off a cell, as a fraction of its
// sides.
const nearbyShift = 0.2

// outward returns cell k's quad q moved by nearbyShift of its sides where
// the move takes it toward none of its neighbour cells (nearer one by half
// the move or more; centre gives a cell's centre): off the grid's edge. A cell the grid extrapolates past
// its last cards may lie off its card there, while a shift toward a
// neighbour only finds that neighbour's card.
func outward(k int, q Quad, centre func(int) [2]float64) []Quad {
	c := q.centre()
	var out []Quad
	for _, s := range shifted(q, nearbyShift) {
		sc := s.centre()
		step := math.Hypot(sc[0]-c[0], sc[1]-c[1])
		away := true
		for _, j := range [4]int{k - 5, k + 5, k - 1, k + 1} {
			if j < 0 || j > 24 || (j == k-1 || j == k+1) && j/5 != k/5 {
				continue
			}
			n := centre(j)
			// toward n: nearer it by more than half the step (a step
			// along a row the perspective slants comes a little nearer
			// the next row's cell)
			if math.Hypot(sc[0]-n[0], sc[1]-n[1]) < math.Hypot(c[0]-n[0], c[1]-n[1])-step/2 {
				away = false
			}
		}
		if away {
			out = append(out, s)
		}
	}
	return out
}

// shifted returns q moved by f of its sides, each way along each.
func shifted(q Quad, f float64) []Quad {
	var out []Quad
	for _, side := range [2][2]float64{
		{q[1][0] - q[0][0], q[1][1] - q[0][1]},
		{q[3][0] - q[0][0], q[3][1] - q[0][1]},
	} {
		for _, sign := range []float64{-f, f} {
			var s Quad
			for i := range q {
				s[i] = [2]float64{q[i][0] + sign*side[0], q[i][1] + sign*side[1]}
			}
			out = append(out, s)
		}
	}
	return out
}

// once leaves in doubt every cell of o whose word another cell read too: a
// grid holds 25 different words, so one of the two reads is wrong, and
// nothing says which (rendered 300423: a glared ROCKET read "BUCKET"
// exactly, the word of another cell).
func once(o *Observation) {
	cells := map[string][]int{}
	for k, c := range o.Cells {
		if c.Word != "" {
			cells[c.Word] = append(cells[c.Word], k)
		}
	}
	for _, ks := range cells {
		if len(ks) < 2 {
			continue
		}
		for _, k := range ks {
			o.Cells[k].Word, o.Cells[k].Why = "", "disagree"
		}
	}
}

// outlineless reports whether a cover of kind, classed by its colours on a
// card where the grid found no outline of its own, may stand: an assassin
// must show at least a faint figure (faintFigure), because a dark sleeve
// where the grid puts a card is dark all over too (rendered 300428's arm);
// a bystander its darker figure (tanFigure), because a hand or an arm over
// the cell is tan all over too. A blue agent washed by glare (glaredBlue)
// does not stand: its pale blue is too near a glared blue table's. Other
// covers stand on their colours.
func outlineless(kind string, card gocv.Mat) bool {
	switch kind {
	case "assassin":
		return faintFigure(card)
	case "blue":
		return !washedBlue(card)
	case "bystander":
		return tanFigure(card)
	}
	return true
}
