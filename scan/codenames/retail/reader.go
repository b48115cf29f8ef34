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
	"math"
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

	via string // how Word was settled (the read or rule that named it: "both", "band", "sharpened" ...), for the tests' tallies
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
	Tint     [2]float64    // the paper's blue and green over its red, when outside the tuning range and balanced (cast.go); zero otherwise
	Exposure float64       // the gain the frame was brought up by, its bright end darker than the tuning range (exposure.go); zero otherwise
	MS       float64       // the read's wall time, milliseconds
}

// Read reads the table in img (BGR; colours are needed for the covers).
func (r *Reader) Read(img gocv.Mat) (Observation, error) {
	start := time.Now()
	var o Observation
	if img.Empty() || img.Channels() != 3 {
		return o, fmt.Errorf("retail: need a colour image, got %d channels", img.Channels())
	}
	// a frame darker than the tuning frames: the image brought to their
	// median exposure before its cards are found, classed and read
	// (exposure.go)
	if g, out := exposureGain(frameLevel(img)); out {
		img = exposed(img, g)
		defer img.Close()
		o.Exposure = g
	}
	quads, _, cm, lt, refused := cardsOnGrid(img)
	defer cm.Close()
	// the frame the cards were found in, and the table's colour measured:
	// an added line's cards are looked for there by their own edges
	// (addedCard), not in the frame balanced below, whose table is no
	// longer cm.table (rendered 301169-phone, a tan cloth under a drawn
	// lamp: its added column's four word cards found there, none in the
	// balanced frame). reread still looks in the balanced frame: there
	// too the table is no longer cm.table, but looked for in the found
	// frame, 301115-phone's TUNEL, in doubt, took a wrong word
	found := img
	o.Cards = len(quads)
	switch refused {
	case tooFew:
		o.Refusal, o.Reason = "too-few-cards", fmt.Sprintf("only %d cards seen, need at least %d of the grid's 25", len(quads), minCards)
		o.Why = catalog.M("cn.scan.few_cards", "n", len(quads), "need", minCards)
	case noGrid:
		o.Refusal, o.Reason, o.Why = "not-a-grid", "the cards do not lie on a grid", catalog.M("cn.scan.not_grid")
	case goesOn:
		o.Refusal, o.Reason, o.Why = "not-a-grid", "the grid seems to go on beyond five rows or columns", catalog.M("cn.scan.not_grid")
	}
	if refused != onGrid {
		o.MS = ms(start)
		return o, nil
	}
	o.OK, o.Refusal = true, "readable"
	o.Corners, o.FitError, o.Ignored = lt.corners(), lt.rms, lt.spares
	// a light tinted past the tuning frames' lights: the image
	// balanced to their median tint before its cards are classed and
	// read (cast.go)
	tokenImg := cm.small
	// the frame balanced only to the tuning range's edge, when balanced:
	// each cover's class must hold in it too (steadyLook, cast.go)
	// (balanced only inside the quads looked at there: edgeFrame)
	var alt *edgeFrame
	var altV float64
	if b, g, ok := paperTint(img, quads); ok {
		if gb, gg, out := castGains(b, g); out {
			eb, eg := edgeGains(b, g)
			e := newEdgeFrame(img, eb, eg)
			defer e.Close()
			alt, altV = e, weakFigureBound(e.overBoxes(quads...), quads)
			img = balanced(img, gb, gg)
			defer img.Close()
			o.Tint = [2]float64{b, g}
			// the tokens looked for balanced too (cast.go)
			tokenImg = balanced(cm.small, gb, gg)
			defer tokenImg.Close()
		}
	}
	// a bystander of a weak figure must be as bright as this frame's
	// paper allows (bystander.go: a hand's skin is darker)
	weakV := weakFigureBound(img, quads)
	r.last, r.next = r.next, map[int]seen{}
	if r.Fresh {
		r.last = nil
	}
	card := gocv.NewMat()
	defer card.Close()
	// the tokens looked for in the frame the cards were found in, at
	// the detection width (balanced as the frame is, above), each
	// measured against a card's size where it lies (cardAreaAt)
	discs := smallDiscs(tokenImg, cm.f, cardAreaAt(lt))
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
			q, ok := addedCard(found, lt, k, quads, cm.table)
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
			if unseenBystander(card, weakV) && !wordNearby(img, c.Quad, outward(k, c.Quad, func(j int) [2]float64 { return lt.cellQuad(j).centre() })) {
				c.Cover, c.Why = "bystander", "covered"
				continue
			}
			// or a word card of the table's own colour, its word read
			// sure on the band or on both copies (plainWord)
			if err := r.plainWord(card, k, c, &o.OCRCalls); err != nil {
				return o, err
			}
			continue
		}
		lk := dimmed(classify(card), card, weakV)
		if alt != nil && lk.kind != "" {
			lk = steadyLook(lk, alt.over(c.Quad), c.Quad, altV)
		}
		if lk.half && lt.cell[k] >= 0 && wholeDouble(img, lt.cellQuad(k)) {
			// half a double agent outlined alone: whole on its cell
			// (cover.go)
			lk = look{kind: "double"}
		}
		if lk.kind == "" {
			// a token's ring is no ink: a cover left in doubt by it is
			// classed again without it (paintedLook, token.go)
			lk = paintedLook(card, c.Quad, discs, lk)
		}
		// a word card half in a shadow, or a hand over its copy: read
		// when its band is plain (clearBand); any other occluded word
		// card is left in doubt
		lk = readLook(card, lk)
		switch lk.kind {
		case "":
			c.Why = "doubt"
			// a word card with a shadow over its band too: read, its
			// word taken only when both copies name it (readShaded)
			if flip, _, ok := paleEnd(card); ok {
				if err := r.readShaded(card, flip, k, c, &o.OCRCalls); err != nil {
					return o, err
				}
			}
		case "word":
			if err := r.readWord(card, lk.flip, k, c, &o.OCRCalls); err != nil {
				return o, err
			}
			// no word read: a glared bystander whose token's ring made
			// it a word card is a cover with the token painted over
			// (paintedLook), and is taken as any cover below
			if c.Word != "" {
				break
			}
			if lk = paintedLook(card, c.Quad, discs, lk); lk.kind == "word" {
				break
			}
			c.Text = ""
			fallthrough
		default:
			// (a bystander painted over a token asks its paper's
			// brightness too: dimmed)
			if lk = dimmed(lk, card, weakV); lk.kind == "" {
				c.Why = "doubt"
				continue
			}
			// (a figure plain in both halves is no word card's end:
			// plainTanFigure, cover.go)
			if lt.cell[k] < 0 && lk.kind == "bystander" && !plainTanFigure(card) && wordNearby(img, c.Quad, outward(k, c.Quad, func(j int) [2]float64 { return lt.cellQuad(j).centre() })) {
				c.Why = "doubt"
				continue
			}
			if lt.cell[k] < 0 && !outlineless(lk.kind, card) {
				c.Why = "doubt"
				continue
			}
			// (a red that runs on past a cell with no outline of its
			// own, no figure in it, is a sleeve's: sleeveRed, sleeve.go)
			if lk.kind == "red" && sleeveRed(img, card, c.Quad, lt.cell[k] >= 0) {
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
			o.Cells[k].Word, o.Cells[k].Why, o.Cells[k].via = "", "disagree", ""
		}
	}
}

// outlineless reports whether a cover of kind, classed by its colours on a
// card where the grid found no outline of its own, may stand: an assassin
// must show at least a faint figure (faintFigure), or its figure off the
// middle (slidLift, assassin.go), because a dark sleeve where the grid
// puts a card is dark all over too (rendered 300428's arm), and no second
// figure beside it (secondFigure: a hand's fingers over the cell);
// a bystander its darker figure (tanFigure, or figureDip across the
// middle: minOffFigure), because a hand or an arm over
// the cell is tan all over too. A blue agent washed by glare (glaredBlue)
// does not stand: its pale blue is too near a glared blue table's; nor does
// a blue of a hue under the printed agent's (printedBlue), because a light
// blue sleeve is blue all over too. Other covers stand on their colours.
func outlineless(kind string, card gocv.Mat) bool {
	switch kind {
	case "assassin":
		return (faintFigure(card) || slidLift(card) >= minSlidLift) && secondFigure(card) < maxSecondFigure
	case "blue":
		return !washedBlue(card) && printedBlue(card)
	case "bystander":
		return tanFigure(card) || figureDip(card) >= minOffFigure
	}
	return true
}

// minOffFigure is the least figureDip (the figure looked for across the
// middle) that lets a bystander with no outline of its own stand when
// tanFigure, which looks in the card's middle only, does not: such a cover
// lies off the cell the grid gives it, its figure off the middle and in
// a side's box (rendered 300633-phone's 2,4: tanFigure 3, figureDip 39;
// 300678-webcam's two, -2 and -6, 21 and 21). A hand over a cell that the
// colours class as the bystander measures 4 (300454), a tan cloth 0
// (300461), an arm -33 (300440).
const minOffFigure = 6
