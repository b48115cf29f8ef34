package printgen

import (
	"fmt"

	geom "fieldkit/geometry/codenames"
	"fieldkit/markers"
)

// Piece geometry, in millimetres, from package geometry/codenames. Cover
// cards are the size of word cards and hide a word card's markers; tokens
// fit in the middle of a word card between its markers.
const (
	CoverW = geom.CardW
	CoverH = geom.CardH
	TokenW = geom.TokenSide // timer and guess tokens are TokenW x TokenW
)

// PieceSections returns every piece of a set, grouped by size: Duet covers
// (15 agents, the assassin), classic covers (8 red, 8 blue, the double agent,
// 7 bystanders, the assassin), and tokens (11 timer tokens, 4 guess tokens,
// the seat marker).
// Each carries the marker ids of package deck; one-sided pieces show the same
// face on both sides, so they read the same either way up.
func PieceSections() []Section {
	var duet, classic, tokens []Piece
	same := func(f *Face) Piece { return Piece{Front: f, Back: f} }
	for i := range markers.DuetAgents {
		duet = append(duet, same(coverFace("agent", i, markers.DuetAgentBase+i, "AGENT", green)))
	}
	duet = append(duet, same(coverFace("assassin", 0, markers.DuetAssassinID, "ASSASSIN", assassinK)))
	for i := range markers.ClassicAgents {
		classic = append(classic, same(coverFace("red", i, markers.RedBase+i, "RED AGENT", red)))
	}
	for i := range markers.ClassicAgents {
		classic = append(classic, same(coverFace("blue", i, markers.BlueBase+i, "BLUE AGENT", blue)))
	}
	classic = append(classic, Piece{
		Front: coverFace("double-red", 0, markers.DoubleRedID, "DOUBLE AGENT", red),
		Back:  coverFace("double-blue", 0, markers.DoubleBlueID, "DOUBLE AGENT", blue),
	})
	for i := range markers.Bystanders {
		classic = append(classic, same(coverFace("bystander", i, markers.BystanderBase+i, "BYSTANDER", beige)))
	}
	classic = append(classic, same(coverFace("classic-assassin", 0, markers.ClassicAssassinID, "ASSASSIN", assassinK)))
	for i := range markers.TimerTokens {
		tokens = append(tokens, Piece{Front: timerFace(i, false), Back: timerFace(i, true)})
	}
	for i := range markers.GuessTokens {
		tokens = append(tokens, same(guessFace(i)))
	}
	tokens = append(tokens, same(seatFace()))
	return []Section{{"Duet agent and assassin cards", duet}, {"classic cover cards", classic}, {"timer and guess tokens", tokens}}
}

// coverFace draws a cover card: its colour, a large marker in the middle,
// its name upright at the bottom and upside down at the top, and two agents.
func coverFace(kind string, i, id int, label string, col Color) *Face {
	return &Face{
		Name: fmt.Sprintf("%s-%02d", kind, i+1), Kind: kind, W: CoverW, H: CoverH, Markers: []int{id},
		draw: func(c Canvas, st style) error {
			bg, fg, figure := col, white, tint(col, 0.35)
			if col == beige {
				fg, figure = ink, tint(tan, 0.3)
			}
			if st.lowInk {
				bg, fg, figure = white, col, tint(col, 0.6)
				if col == beige {
					fg, figure = tan, tint(tan, 0.5)
				}
			}
			background(c, CoverW, CoverH, st, bg)
			if st.lowInk {
				frame(c, 1.5, 1.5, CoverW-3, CoverH-3, 2, fg)
			}
			for _, x := range []float64{12.5, CoverW - 12.5} {
				agentFigure(c, x, CoverH/2, figure)
			}
			size := fitSize(label, SansBold, 13, CoverW-12)
			centerText(c, CoverW/2, CoverH-4.2, label, SansBold, size, fg, false)
			centerText(c, CoverW/2, 4.2, label, SansBold, size, fg, true)
			return markersOn(c, id, geom.Cover())
		},
	}
}

// agentFigure draws a head-and-shoulders figure centred on (cx, cy).
func agentFigure(c Canvas, cx, cy float64, col Color) {
	disc(c, cx, cy-4, 3.2, col)
	roundRect(c, cx-6, cy+0.2, 12, 8, 3.5, col)
}

// timerFace draws a timer token: the bystander face (beige, an arrow to point
// at the guesser) or the check face (green, a check mark), numbered 1..11.
func timerFace(i int, check bool) *Face {
	kind, id, col := "timer-bystander", markers.TimerBase+i, beige
	if check {
		kind, id, col = "timer-check", markers.TimerCheckBase+i, green
	}
	return &Face{
		Name: fmt.Sprintf("%s-%02d", kind, i+1), Kind: kind, W: TokenW, H: TokenW, Markers: []int{id},
		draw: func(c Canvas, st style) error {
			fg := white
			if col == beige {
				fg = ink
			}
			tokenBase(c, st, col, &fg)
			centerText(c, TokenW/2, 4.6, fmt.Sprintf("TIMER %d", i+1), SansBold, 6, fg, false)
			if check {
				pts := []Point{{TokenW/2 - 2.6, 26.2}, {TokenW/2 - 0.8, 28}, {TokenW/2 + 2.8, 24.4}}
				line(c, pts[0], pts[1], 0.9, fg)
				line(c, pts[1], pts[2], 0.9, fg)
			} else {
				c.Polygon([]Point{{TokenW/2 - 2.6, 24.6}, {TokenW/2 + 2.6, 24.6}, {TokenW / 2, 28.2}}, fg)
			}
			return markersOn(c, id, geom.Token())
		},
	}
}

// guessFace draws a guess token: the guesser lays it on the word they touch.
func guessFace(i int) *Face {
	id := markers.GuessBase + i
	return &Face{
		Name: fmt.Sprintf("guess-%02d", i+1), Kind: "guess", W: TokenW, H: TokenW, Markers: []int{id},
		draw: func(c Canvas, st style) error {
			fg := white
			tokenBase(c, st, magenta, &fg)
			centerText(c, TokenW/2, 4.6, "GUESS", SansBold, 6, fg, false)
			centerText(c, TokenW/2, TokenW-4.6, "GUESS", SansBold, 6, fg, true)
			return markersOn(c, id, geom.Token())
		},
	}
}

// seatFace draws the seat marker: a token the table lays just beyond the grid
// at seat A's edge, so the camera knows which side is seat A whichever way it
// looks at the table. "SEAT A" reads upright from seat A.
func seatFace() *Face {
	return &Face{
		Name: "seat-a", Kind: "seat", W: TokenW, H: TokenW, Markers: []int{markers.SeatID},
		draw: func(c Canvas, st style) error {
			fg := white
			tokenBase(c, st, navy, &fg)
			centerText(c, TokenW/2, 4.6, "GRID", SansBold, 6, fg, true)
			centerText(c, TokenW/2, TokenW-4.6, "SEAT A", SansBold, 6, fg, false)
			return markersOn(c, markers.SeatID, geom.Token())
		},
	}
}

// tokenBase fills a token's background; in low ink it becomes a white token
// with a coloured ring, and fg the ring's colour.
func tokenBase(c Canvas, st style, col Color, fg *Color) {
	if st.lowInk {
		background(c, TokenW, TokenW, st, white)
		frame(c, 1, 1, TokenW-2, TokenW-2, 1.2, col)
		if col == beige {
			col = tan
		}
		*fg = col
		return
	}
	background(c, TokenW, TokenW, st, col)
}
