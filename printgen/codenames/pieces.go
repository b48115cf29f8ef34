package codenames

import (
	"fmt"

	"fieldkit/catalog"
	geom "fieldkit/geometry/codenames"
	"fieldkit/markers"
	"fieldkit/printgen"
)

// PieceSections returns every piece of a set, with its labels in lb, grouped
// by size: cover cards (Duet: 15 agents, the assassin; classic: 8 red, 8
// blue, the double agent, 7 bystanders, the assassin) and tokens (11 timer
// tokens, 4 guess tokens, the seat marker).
// Each carries the marker ids of package deck; one-sided pieces show the same
// face on both sides, so they read the same either way up.
func PieceSections(lb Labels) []printgen.Section {
	var duet, classic, tokens []printgen.Piece
	same := func(f *printgen.Face) printgen.Piece { return printgen.Piece{Front: f, Back: f} }
	for i := range markers.DuetAgents {
		duet = append(duet, same(coverFace("agent", i, markers.DuetAgentBase+i, lb.say(catalog.M("cn.print.cover.agent")), green)))
	}
	duet = append(duet, same(coverFace("assassin", 0, markers.DuetAssassinID, lb.say(catalog.M("cn.print.cover.assassin")), assassinK)))
	for i := range markers.ClassicAgents {
		classic = append(classic, same(coverFace("red", i, markers.RedBase+i, lb.say(catalog.M("cn.print.cover.red_agent")), red)))
	}
	for i := range markers.ClassicAgents {
		classic = append(classic, same(coverFace("blue", i, markers.BlueBase+i, lb.say(catalog.M("cn.print.cover.blue_agent")), blue)))
	}
	classic = append(classic, printgen.Piece{
		Front: coverFace("double-red", 0, markers.DoubleRedID, lb.say(catalog.M("cn.print.cover.double_agent")), red),
		Back:  coverFace("double-blue", 0, markers.DoubleBlueID, lb.say(catalog.M("cn.print.cover.double_agent")), blue),
	})
	for i := range markers.Bystanders {
		classic = append(classic, same(coverFace("bystander", i, markers.BystanderBase+i, lb.say(catalog.M("cn.print.cover.bystander")), beige)))
	}
	classic = append(classic, same(coverFace("classic-assassin", 0, markers.ClassicAssassinID, lb.say(catalog.M("cn.print.cover.assassin")), assassinK)))
	for i := range markers.TimerTokens {
		tokens = append(tokens, printgen.Piece{Front: timerFace(i, false, lb), Back: timerFace(i, true, lb)})
	}
	for i := range markers.GuessTokens {
		tokens = append(tokens, same(guessFace(i, lb)))
	}
	tokens = append(tokens, same(seatFace(lb)))
	// Duet and classic covers share a size and a section, so that they fill
	// whole sheets together.
	return []printgen.Section{
		{Name: "Duet and classic cover cards", Title: lb.say(catalog.M("cn.print.section.covers")), Pieces: append(duet, classic...)},
		{Name: "timer, guess and seat tokens", Title: lb.say(catalog.M("cn.print.section.tokens")), Pieces: tokens},
	}
}

// coverFace draws a cover card: its colour, a large marker in the middle,
// its name upright at the bottom and upside down at the top, and two agents.
func coverFace(kind string, i, id int, label string, col printgen.Color) *printgen.Face {
	return face(printgen.Face{
		Name: fmt.Sprintf("%s-%02d", kind, i+1), Kind: kind, W: geom.CardW, H: geom.CardH, Markers: []int{id},
	}, func(c printgen.Canvas, st printgen.Style) error {
		bg, fg, figure := col, white, printgen.Tint(col, 0.35)
		if col == beige {
			fg, figure = ink, printgen.Tint(tan, 0.3)
		}
		if st.LowInk {
			bg, fg, figure = white, col, printgen.Tint(col, 0.6)
			if col == beige {
				fg, figure = tan, printgen.Tint(tan, 0.5)
			}
		}
		printgen.Background(c, geom.CardW, geom.CardH, st, bg)
		if st.LowInk {
			printgen.Frame(c, 1.5, 1.5, geom.CardW-3, geom.CardH-3, 2, fg)
		}
		for _, x := range []float64{12.5, geom.CardW - 12.5} {
			agentFigure(c, x, geom.CardH/2, figure)
		}
		size := printgen.FitSize(label, printgen.SansBold, 13, geom.CardW-12)
		printgen.CenterText(c, geom.CardW/2, geom.CardH-4.2, label, printgen.SansBold, size, fg, false)
		printgen.CenterText(c, geom.CardW/2, 4.2, label, printgen.SansBold, size, fg, true)
		return printgen.DrawMarkers(c, id, geom.Cover())
	})
}

// agentFigure draws a head-and-shoulders figure centred on (cx, cy).
func agentFigure(c printgen.Canvas, cx, cy float64, col printgen.Color) {
	printgen.Disc(c, cx, cy-4, 3.2, col)
	printgen.RoundRect(c, cx-6, cy+0.2, 12, 8, 3.5, col)
}

// timerFace draws a timer token: the bystander face (beige, an arrow to point
// at the guesser) or the check face (green, a check mark), numbered 1..11.
func timerFace(i int, check bool, lb Labels) *printgen.Face {
	kind, id, col := "timer-bystander", markers.TimerBase+i, beige
	if check {
		kind, id, col = "timer-check", markers.TimerCheckBase+i, green
	}
	return face(printgen.Face{
		Name: fmt.Sprintf("%s-%02d", kind, i+1), Kind: kind, W: geom.TokenSide, H: geom.TokenSide, Markers: []int{id},
	}, func(c printgen.Canvas, st printgen.Style) error {
		fg := white
		if col == beige {
			fg = ink
		}
		tokenBase(c, st, col, &fg)
		label := lb.timer(i + 1)
		printgen.CenterText(c, geom.TokenSide/2, 4.6, label, printgen.SansBold, printgen.FitSize(label, printgen.SansBold, 6, tokenLabelW), fg, false)
		if check {
			pts := []printgen.Point{{X: geom.TokenSide/2 - 2.6, Y: 26.2}, {X: geom.TokenSide/2 - 0.8, Y: 28}, {X: geom.TokenSide/2 + 2.8, Y: 24.4}}
			printgen.Line(c, pts[0], pts[1], 0.9, fg)
			printgen.Line(c, pts[1], pts[2], 0.9, fg)
		} else {
			c.Polygon([]printgen.Point{{X: geom.TokenSide/2 - 2.6, Y: 24.6}, {X: geom.TokenSide/2 + 2.6, Y: 24.6}, {X: geom.TokenSide / 2, Y: 28.2}}, fg)
		}
		return printgen.DrawMarkers(c, id, geom.Token())
	})
}

// guessFace draws a guess token: the guesser lays it on the word they touch.
func guessFace(i int, lb Labels) *printgen.Face {
	id := markers.GuessBase + i
	return face(printgen.Face{
		Name: fmt.Sprintf("guess-%02d", i+1), Kind: "guess", W: geom.TokenSide, H: geom.TokenSide, Markers: []int{id},
	}, func(c printgen.Canvas, st printgen.Style) error {
		fg := white
		tokenBase(c, st, magenta, &fg)
		guess := lb.say(catalog.M("cn.print.token.guess"))
		size := printgen.FitSize(guess, printgen.SansBold, 6, tokenLabelW)
		printgen.CenterText(c, geom.TokenSide/2, 4.6, guess, printgen.SansBold, size, fg, false)
		printgen.CenterText(c, geom.TokenSide/2, geom.TokenSide-4.6, guess, printgen.SansBold, size, fg, true)
		return printgen.DrawMarkers(c, id, geom.Token())
	})
}

// seatFace draws the seat marker: a token the table lays just beyond the grid
// at seat A's edge, so the camera knows which side is seat A whichever way it
// looks at the table. "SEAT A" reads upright from seat A.
func seatFace(lb Labels) *printgen.Face {
	return face(printgen.Face{
		Name: "seat-a", Kind: "seat", W: geom.TokenSide, H: geom.TokenSide, Markers: []int{markers.SeatID},
	}, func(c printgen.Canvas, st printgen.Style) error {
		fg := white
		tokenBase(c, st, navy, &fg)
		grid, seat := lb.say(catalog.M("cn.print.token.grid")), lb.say(catalog.M("cn.print.token.seat_a"))
		printgen.CenterText(c, geom.TokenSide/2, 4.6, grid, printgen.SansBold, printgen.FitSize(grid, printgen.SansBold, 6, tokenLabelW), fg, true)
		printgen.CenterText(c, geom.TokenSide/2, geom.TokenSide-4.6, seat, printgen.SansBold, printgen.FitSize(seat, printgen.SansBold, 6, tokenLabelW), fg, false)
		return printgen.DrawMarkers(c, markers.SeatID, geom.Token())
	})
}

// tokenLabelW is the widest a token's label may be: the circle's chord at
// the label's height, less a margin.
const tokenLabelW = 15.0

// tokenBase fills a token's background; in low ink it becomes a white token
// with a coloured ring, and fg the ring's colour.
func tokenBase(c printgen.Canvas, st printgen.Style, col printgen.Color, fg *printgen.Color) {
	if st.LowInk {
		printgen.Background(c, geom.TokenSide, geom.TokenSide, st, white)
		printgen.Frame(c, 1, 1, geom.TokenSide-2, geom.TokenSide-2, 1.2, col)
		if col == beige {
			col = tan
		}
		*fg = col
		return
	}
	printgen.Background(c, geom.TokenSide, geom.TokenSide, st, col)
}
