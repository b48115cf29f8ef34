package printgen

import (
	"fmt"
	"strings"

	"fieldkit/deck"
	geom "fieldkit/geometry/codenames"
)

// Palette. Low-ink printing keeps the markers, QR codes and text black and
// trades large fills for outlines and light tints.
var (
	white     = Color{255, 255, 255}
	black     = Color{0, 0, 0}
	ink       = Color{35, 35, 35}
	grey      = Color{120, 120, 120}
	cream     = Color{246, 240, 226}
	tan       = Color{150, 128, 92}
	green     = Color{52, 138, 70}
	beige     = Color{228, 208, 164}
	assassinK = Color{28, 28, 28}
	red       = Color{196, 42, 42}
	blue      = Color{38, 88, 178}
	magenta   = Color{190, 40, 140}
	navy      = Color{52, 58, 130}
)

// tint mixes c with white: f = 0 gives c, f = 1 white.
func tint(c Color, f float64) Color {
	m := func(v uint8) uint8 { return uint8(float64(v) + (255-float64(v))*f + 0.5) }
	return Color{m(c.R), m(c.G), m(c.B)}
}

// style is how a face is printed.
type style struct {
	lowInk bool
	bleed  float64 // millimetres of background beyond the trim edge
}

// Face is one printed side of one piece: what a sheet places in a slot and
// what --png writes as one file.
type Face struct {
	Name    string   // file name stem, e.g. "word-007-front"
	Kind    string   // "word", "keycard-duet", "keycard-classic", or a piece kind ("agent", "timer-check", ...)
	W, H    float64  // trim size in millimetres
	Markers []int    // marker ids printed on the face
	Words   []string // words printed on the face
	Code    string   // the code printed on the face, if any
	QR      string   // the QR code's content, if any
	draw    func(c Canvas, st style) error
}

// Draw draws the face onto c, with its background reaching bleed millimetres
// beyond the trim edge; low-ink trades fills for outlines.
func (f *Face) Draw(c Canvas, bleed float64, lowInk bool) error {
	return f.draw(c, style{lowInk: lowInk, bleed: bleed})
}

// Piece is a printed piece: a front face and, for two-sided pieces, a back
// face of the same size printed on the back of the sheet.
type Piece struct {
	Front, Back *Face
}

// background fills the face and its bleed.
func background(c Canvas, w, h float64, st style, col Color) {
	c.Rect(-st.bleed, -st.bleed, w+2*st.bleed, h+2*st.bleed, col)
}

// Word card geometry, in millimetres: the card and its markers are those of
// package geometry/codenames.
const (
	WordW = geom.CardW // word card width
	WordH = geom.CardH // word card height

	wordBoxH  = 10.5 // word box height
	wordMaxPt = 20.0 // largest word size in points
)

// WordCards deals a deck onto word cards: card k shows face 2k on its front
// and face 2k+1 on its back.
func WordCards(d *deck.Deck) []Piece {
	pieces := make([]Piece, d.Cards())
	for k := range pieces {
		pieces[k].Front = wordFace(d, 2*k)
		if 2*k+1 < len(d.Words) {
			pieces[k].Back = wordFace(d, 2*k+1)
		} else {
			pieces[k].Back = blankWordFace(k)
		}
	}
	return pieces
}

func wordFace(d *deck.Deck, id int) *Face {
	word := d.Words[id]
	card, side := id/2+1, "front"
	if id%2 == 1 {
		side = "back"
	}
	return &Face{
		Name: fmt.Sprintf("word-%03d-%s", card, side), Kind: "word", W: WordW, H: WordH,
		Markers: []int{id}, Words: []string{word},
		draw: func(c Canvas, st style) error { return drawWord(c, st, word, id, card) },
	}
}

func blankWordFace(k int) *Face {
	return &Face{
		Name: fmt.Sprintf("word-%03d-back", k+1), Kind: "blank", W: WordW, H: WordH,
		draw: func(c Canvas, st style) error {
			bg := cream
			if st.lowInk {
				bg = white
			}
			background(c, WordW, WordH, st, bg)
			return nil
		},
	}
}

// drawWord draws one word face: the word upright in the lower box and upside
// down in the upper box (so both sides of the table read it), one marker at
// each end of the middle strip, and the card number in the middle.
func drawWord(c Canvas, st style, word string, id, card int) error {
	bg, edge, box := cream, tan, white
	if st.lowInk {
		bg, box = white, white
	}
	background(c, WordW, WordH, st, bg)
	frame(c, 2, 2, WordW-4, WordH-4, 0.35, edge)
	const boxX, boxW = 4.5, WordW - 9
	top, bottom := 3.6, WordH-3.6-wordBoxH
	for _, y := range []float64{top, bottom} {
		c.Rect(boxX, y, boxW, wordBoxH, box)
		frame(c, boxX, y, boxW, wordBoxH, 0.25, edge)
	}
	size := fitSize(word, SansBold, wordMaxPt, boxW-4)
	ch := capHeight(SansBold, size)
	centerText(c, WordW/2, bottom+wordBoxH/2+ch/2, word, SansBold, size, ink, false)
	centerText(c, WordW/2, top+wordBoxH/2-ch/2, word, SansBold, size, ink, true)
	if err := markersOn(c, id, geom.WordCard()); err != nil {
		return err
	}
	// The middle: card number upright and upside down, small.
	label := fmt.Sprintf("%d", card)
	line(c, Point{WordW/2 - 9, WordH / 2}, Point{WordW/2 + 9, WordH / 2}, 0.3, edge)
	centerText(c, WordW/2, WordH/2-1.2, label, Sans, 6, edge, false)
	centerText(c, WordW/2, WordH/2+1.2, label, Sans, 6, edge, true)
	return nil
}

// title returns s upper-cased for printing on pieces.
func title(s string) string { return strings.ToUpper(s) }
