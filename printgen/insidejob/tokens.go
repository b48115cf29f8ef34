package insidejob

import (
	"fmt"
	"strconv"

	"fieldkit/markers"
	"fieldkit/printgen"
)

// Token and standee geometry, in millimetres.
const (
	TokenD      = 30.0 // intel and seat tokens are round, TokenD across
	tokenMarker = 14.0

	LarryW      = 44.0 // the Larry standee, flat: two panels one above the other
	LarryH      = 100.0
	larryMarker = 18.0
)

// tokenMarks is a round token's marker, in its middle.
func tokenMarks(id int) []Mark {
	o := (TokenD - tokenMarker) / 2
	return []Mark{{ID: id, Corner: "centre", X: o, Y: o, Side: tokenMarker}}
}

// tokenLabel lays out a token's label above the marker; roundToken prints
// it there and, for the far side of the table, upside down below it.
func tokenLabel(s string) *TextBox {
	return layoutText(s, printgen.SansBold, Box{7, 1.9, TokenD - 14, 4.0}, 7, 5, true)
}

// roundToken draws a round token in col with its label upright at the top
// and upside down at the bottom; low ink: a white token with a coloured ring.
func roundToken(c canvas, st printgen.Style, col color, label *TextBox) {
	r := TokenD / 2
	printgen.Background(c, TokenD, TokenD, st, white)
	fg := textOn(col)
	if st.LowInk {
		ring(c, r, r, r, 1.4, col)
		fg = col
		if luma(col) > 150 {
			fg = ink
		}
	} else {
		disc(c, r, r, r+st.Bleed, col)
	}
	if st.Bleed == 0 {
		ring(c, r, r, r, 0.15, grey) // where to cut
	}
	label.draw(c, fg)
	label.draw(turned{c: c, cx: r, cy: r}, fg)
}

func intelTokens(lang string) []piece {
	var out []piece
	for i := range markers.IntelTokens {
		id := markers.IntelBase + i
		label := tokenLabel(caps(lang, "ij.label.intel"))
		f := newFace(fmt.Sprintf("intel-%02d", i+1), markers.IntelToken, fmt.Sprintf("intel-%02d", i+1), TokenD, TokenD, tokenMarks(id), []*TextBox{label},
			func(c canvas, st printgen.Style) error {
				roundToken(c, st, amber, label)
				return nil
			})
		out = append(out, piece{f, f}) // the same face, and id, on both sides
	}
	return out
}

func seatTokens(lang string) []piece {
	var out []piece
	for i := range markers.SeatTokens {
		id := markers.SeatTokBase + i
		label := tokenLabel(caps(lang, "ij.label.seat", "n", i+1))
		f := newFace(fmt.Sprintf("seat-%d", i+1), markers.SeatToken, fmt.Sprintf("seat-%d", i+1), TokenD, TokenD, tokenMarks(id), []*TextBox{label},
			func(c canvas, st printgen.Style) error {
				roundToken(c, st, navy, label)
				// The seat's number, large, left and right of the marker.
				fg := white
				if st.LowInk {
					fg = navy
				}
				n := strconv.Itoa(i + 1)
				printgen.CenterText(c, 3.4, TokenD/2+printgen.CapHeight(printgen.SansBold, 12)/2, n, printgen.SansBold, 12, fg, false)
				printgen.CenterText(turned{c: c, cx: TokenD / 2, cy: TokenD / 2}, 3.4, TokenD/2+printgen.CapHeight(printgen.SansBold, 12)/2, n, printgen.SansBold, 12, fg, false)
				return nil
			})
		out = append(out, piece{f, f})
	}
	return out
}

// larryFace draws the Larry standee flat: two panels, folded along the
// middle into a tent that stands on the table. The upper panel is printed
// upside down so that both read upright once folded; each carries the
// Larry marker.
func larryFace(lang string) *Face {
	const half = LarryH / 2
	x := (LarryW - larryMarker) / 2
	marks := []Mark{
		{ID: markers.LarryID, Corner: "top-panel", X: x, Y: half - 6 - larryMarker, Side: larryMarker, Turned: true},
		{ID: markers.LarryID, Corner: "bottom-panel", X: x, Y: half + 6, Side: larryMarker},
	}
	fold := layoutText(text(lang, "ij.label.larry_fold"), printgen.Sans, Box{2, half - 3.2, LarryW - 4, 2.6}, 6, 5, true)
	return newFace("larry", markers.Larry, "larry", LarryW, LarryH, marks, []*TextBox{fold}, func(c canvas, st printgen.Style) error {
		bg := printgen.Tint(navy, 0.8)
		if st.LowInk {
			bg = white
		}
		printgen.Background(c, LarryW, LarryH, st, bg)
		for _, p := range []canvas{c, turned{c: c, cx: LarryW / 2, cy: half}} {
			// The lower panel, and through turned the upper one.
			printgen.CenterText(p, LarryW/2, half+6+larryMarker+13, "LARRY", printgen.SansBold, 18, navy, false)
		}
		for x := 1.0; x < LarryW-1; x += 3 {
			c.Rect(x, half-0.15, 1.6, 0.3, ink) // the fold, dashed
		}
		fold.draw(c, grey)
		return nil
	})
}
