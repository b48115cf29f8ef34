package insidejob

import (
	"fmt"
	"strconv"

	"fieldkit/markers"
	"fieldkit/printgen"
)

// Card geometry, in millimetres: every card is a standard playing card.
const (
	CardW = 63.0
	CardH = 88.0

	// CardMarker is the side of a card's markers (black border included):
	// about 45 px for a 1080p webcam over a 60 x 45 cm play area.
	CardMarker = 14.0
	cardInset  = 3.0 // a corner marker's distance from the trim edges

	// TokenFree is the diameter of the intel token the middle of a number
	// card is kept free for.
	TokenFree = 30.0

	symbolMid = 24.0 // the big suit symbol in the middle of a number card
	symbolIdx = 7.0  // the suit symbol under a corner value
	valuePt   = 30.0 // the corner value's size in points
)

// NumberID returns the marker id of the number card of suit s and value v (1..13).
func NumberID(s Suit, v int) int { return markers.NumberBase + 13*int(s) + v - 1 }

// numberCards returns the 52 number cards, suit by suit, each with the
// number back.
func numberCards(back *Face) []piece {
	var out []piece
	for _, s := range Suits {
		for v := 1; v <= 13; v++ {
			out = append(out, piece{numberFace(s, v), back})
		}
	}
	return out
}

// numberMarks are a number card's two markers: top right and bottom left,
// where a playing card has no index, clear of the corner values and of an
// intel token in the middle.
func numberMarks(id int) []Mark {
	return []Mark{
		{ID: id, Corner: "top-right", X: CardW - cardInset - CardMarker, Y: cardInset, Side: CardMarker},
		{ID: id, Corner: "bottom-left", X: cardInset, Y: CardH - cardInset - CardMarker, Side: CardMarker},
	}
}

// numberFace draws a number card: the value and symbol in the top-left
// corner and, turned, in the bottom-right one, a large symbol in the middle
// (an intel token may cover it), the markers in the other corners.
func numberFace(s Suit, v int) *Face {
	id := NumberID(s, v)
	name := fmt.Sprintf("%s%d", s, v)
	return newFace("number-"+fmt.Sprintf("%s%02d", s, v), markers.NumberCard, name, CardW, CardH, numberMarks(id), nil,
		func(c canvas, st printgen.Style) error {
			bg, edge := printgen.Tint(s.fill(), 0.84), s.fill()
			if st.LowInk {
				bg = white
			}
			printgen.Background(c, CardW, CardH, st, bg)
			if !st.LowInk {
				roundRect(c, 6, 22, CardW-12, CardH-44, 4, white)
			}
			printgen.Frame(c, 1.6, 1.6, CardW-3.2, CardH-3.2, 1.2, edge)
			for _, cc := range []canvas{c, turned{c: c, cx: CardW / 2, cy: CardH / 2}} {
				numberIndex(cc, s, v)
			}
			s.symbol(c, CardW/2, CardH/2, symbolMid)
			return nil
		})
}

// numberIndex draws the value and the symbol in the top-left corner.
func numberIndex(c canvas, s Suit, v int) {
	const cx = cardInset + 7.5
	label := strconv.Itoa(v)
	size := printgen.FitSize(label, printgen.SansBold, valuePt, 15)
	base := cardInset + 1.5 + printgen.CapHeight(printgen.SansBold, size)
	printgen.CenterText(c, cx, base, label, printgen.SansBold, size, s.dark(), false)
	if v == 6 || v == 9 {
		// Underlined, as on playing cards: a 6 is not a 9 upside down.
		w := printgen.TextWidth(label, printgen.SansBold, size)
		c.Rect(cx-w/2, base+0.7, w, 0.7, s.dark())
	}
	s.symbol(c, cx, cardInset+printgen.CapHeight(printgen.SansBold, valuePt)+7.8, symbolIdx)
}
