package codenames

import (
	"fmt"
	"strings"

	"fieldkit/deck"
	geom "fieldkit/geometry/codenames"
	"fieldkit/printgen"
)

// Palette. Low-ink printing keeps the markers, QR codes and text black and
// trades large fills for outlines and light tints.
var (
	white     = printgen.Color{R: 255, G: 255, B: 255}
	black     = printgen.Color{R: 0, G: 0, B: 0}
	ink       = printgen.Color{R: 35, G: 35, B: 35}
	grey      = printgen.Color{R: 120, G: 120, B: 120}
	cream     = printgen.Color{R: 246, G: 240, B: 226}
	tan       = printgen.Color{R: 150, G: 128, B: 92}
	green     = printgen.Color{R: 52, G: 138, B: 70}
	beige     = printgen.Color{R: 228, G: 208, B: 164}
	assassinK = printgen.Color{R: 28, G: 28, B: 28}
	red       = printgen.Color{R: 196, G: 42, B: 42}
	blue      = printgen.Color{R: 38, G: 88, B: 178}
	magenta   = printgen.Color{R: 190, G: 40, B: 140}
	navy      = printgen.Color{R: 52, G: 58, B: 130}
)

// face returns f drawn by draw: printgen.NewFace with the words, code and QR
// code f carries.
func face(f printgen.Face, draw func(c printgen.Canvas, st printgen.Style) error) *printgen.Face {
	out := printgen.NewFace(f.Name, f.Kind, f.W, f.H, f.Markers, draw)
	out.Words, out.Code, out.QR = f.Words, f.Code, f.QR
	return out
}

// Word card geometry, in millimetres: the card and its markers are in
// package geometry/codenames; these are the word boxes printed on it.
const (
	wordBoxH  = 10.5 // word box height
	wordMaxPt = 20.0 // largest word size in points
)

// WordCards deals a deck onto word cards: card k shows face 2k on its front
// and face 2k+1 on its back.
func WordCards(d *deck.Deck) []printgen.Piece {
	pieces := make([]printgen.Piece, d.Cards())
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

func wordFace(d *deck.Deck, id int) *printgen.Face {
	word := d.Words[id]
	card, side := id/2+1, "front"
	if id%2 == 1 {
		side = "back"
	}
	return face(printgen.Face{
		Name: fmt.Sprintf("word-%03d-%s", card, side), Kind: "word", W: geom.CardW, H: geom.CardH,
		Markers: []int{id}, Words: []string{word},
	}, func(c printgen.Canvas, st printgen.Style) error { return drawWord(c, st, word, id, card) })
}

func blankWordFace(k int) *printgen.Face {
	return face(printgen.Face{
		Name: fmt.Sprintf("word-%03d-back", k+1), Kind: "blank", W: geom.CardW, H: geom.CardH,
	}, func(c printgen.Canvas, st printgen.Style) error {
		bg := cream
		if st.LowInk {
			bg = white
		}
		printgen.Background(c, geom.CardW, geom.CardH, st, bg)
		return nil
	})
}

// drawWord draws one word face: the word upright in the lower box and upside
// down in the upper box (so both sides of the table read it), one marker at
// each end of the middle strip, and the card number in the middle.
func drawWord(c printgen.Canvas, st printgen.Style, word string, id, card int) error {
	bg, edge, box := cream, tan, white
	if st.LowInk {
		bg, box = white, white
	}
	printgen.Background(c, geom.CardW, geom.CardH, st, bg)
	printgen.Frame(c, 2, 2, geom.CardW-4, geom.CardH-4, 0.35, edge)
	const boxX, boxW = 4.5, geom.CardW - 9
	top, bottom := 3.6, geom.CardH-3.6-wordBoxH
	for _, y := range []float64{top, bottom} {
		c.Rect(boxX, y, boxW, wordBoxH, box)
		printgen.Frame(c, boxX, y, boxW, wordBoxH, 0.25, edge)
	}
	size := printgen.FitSize(word, printgen.SansBold, wordMaxPt, boxW-4)
	ch := printgen.CapHeight(printgen.SansBold, size)
	printgen.CenterText(c, geom.CardW/2, bottom+wordBoxH/2+ch/2, word, printgen.SansBold, size, ink, false)
	printgen.CenterText(c, geom.CardW/2, top+wordBoxH/2-ch/2, word, printgen.SansBold, size, ink, true)
	if err := printgen.DrawMarkers(c, id, geom.WordCard()); err != nil {
		return err
	}
	// The middle: card number upright and upside down, small.
	label := fmt.Sprintf("%d", card)
	printgen.Line(c, printgen.Point{X: geom.CardW/2 - 9, Y: geom.CardH / 2}, printgen.Point{X: geom.CardW/2 + 9, Y: geom.CardH / 2}, 0.3, edge)
	printgen.CenterText(c, geom.CardW/2, geom.CardH/2-1.2, label, printgen.Sans, 6, edge, false)
	printgen.CenterText(c, geom.CardW/2, geom.CardH/2+1.2, label, printgen.Sans, 6, edge, true)
	return nil
}

// title returns s upper-cased for printing on pieces.
func title(s string) string { return strings.ToUpper(s) }
