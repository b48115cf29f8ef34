package insidejob

import (
	"fmt"

	"fieldkit/markers"
	"fieldkit/printgen"
)

// Role card geometry, in millimetres.
const (
	roleHead  = 21.0 // the coloured header runs from the top edge to here
	roleRuleY = 36.0 // the rule's box starts here
	ruleMax   = 12.5 // the rule's size in points, at most
	ruleMin   = 7.5  // and at least
)

// teamColor is the header colour of a side.
func teamColor(team string) color {
	switch team {
	case "ij.team.insider":
		return color{R: 150, G: 28, B: 40}
	case "ij.team.neutral":
		return color{R: 96, G: 62, B: 128}
	case "ij.team.own":
		return color{R: 90, G: 90, B: 90}
	}
	return color{R: 36, G: 72, B: 130}
}

func roleCards(lang string, back *Face) []piece {
	var out []piece
	agent := 0
	for i, key := range roleKeys {
		which := key
		if key == "agent" {
			agent++
			which = fmt.Sprintf("agent-%d", agent)
		}
		out = append(out, piece{roleFace(lang, key, which, markers.RoleBase+i), back})
	}
	return out
}

// roleFace draws a role card: the name in a header of its side's colour with
// the marker, the side, the rule in short; the blank card has lines to write
// the table's own rule on.
func roleFace(lang, key, which string, id int) *Face {
	rt := roleTexts[key]
	team := rt.team
	name := layoutText(text(lang, rt.name), printgen.SansBold, Box{20, 3.5, CardW - 23, 14}, 16, 8, false)
	side := layoutText(caps(lang, team), printgen.SansBold, Box{5, roleHead + 2.5, CardW - 10, 5}, 8.5, 6.5, false)
	texts := []*TextBox{name, side}
	reveal := key == "wiretapped" || key == "accomplice"
	var alert *TextBox
	if reveal {
		alert = layoutText("! "+caps(lang, "ij.label.reveal"), printgen.SansBold, Box{5, roleHead + 8, CardW - 10, 5}, 8.5, 6.5, false)
		texts = append(texts, alert)
	}
	ruleH := CardH - 4 - roleRuleY
	if key == "blank" {
		ruleH = 11
	}
	rule := layoutText(text(lang, rt.rule), printgen.Sans, Box{5, roleRuleY, CardW - 10, ruleH}, ruleMax, ruleMin, false)
	rule.Top = true
	texts = append([]*TextBox{rule}, texts...)
	marks := []Mark{{ID: id, Corner: "top-left", X: cardInset, Y: cardInset, Side: CardMarker}}
	return newFace("role-"+which, markers.RoleCard, which, CardW, CardH, marks, texts, func(c canvas, st printgen.Style) error {
		col := teamColor(team)
		printgen.Background(c, CardW, CardH, st, white)
		head, fg := col, white
		if st.LowInk {
			head, fg = white, col
		}
		c.Rect(-st.Bleed, -st.Bleed, CardW+2*st.Bleed, roleHead+st.Bleed, head)
		if st.LowInk {
			c.Rect(-st.Bleed, roleHead-1, CardW+2*st.Bleed, 1, col)
			printgen.Frame(c, 1.5, 1.5, CardW-3, CardH-3, 0.8, col)
		}
		name.draw(c, fg)
		side.draw(c, col)
		if alert != nil {
			alert.draw(c, risky)
		}
		rule.draw(c, ink)
		if free := CardH - 4 - (rule.Y + float64(len(rule.Lines))*rule.LineHeight()); key != "blank" && free > 17 {
			emblem(c, CardW/2, CardH-4-free/2, min(18, free-3), printgen.Tint(col, 0.8))
		}
		if key == "blank" {
			for y := roleRuleY + ruleH + 7; y < CardH-4; y += 7 {
				c.Rect(5, y, CardW-10, 0.25, grey)
			}
		}
		return nil
	})
}

// emblem draws a secret agent's silhouette, a hat over head and shoulders,
// size millimetres tall, centred on (cx, cy).
func emblem(c canvas, cx, cy, size float64, col color) {
	u := size / 26
	disc(c, cx, cy-4*u, 5.2*u, col)                       // head
	roundRect(c, cx-10*u, cy+3*u, 20*u, 10*u, 4.5*u, col) // shoulders
	c.Rect(cx-9*u, cy-8.6*u, 18*u, 1.8*u, col)            // the hat's brim
	roundRect(c, cx-5.5*u, cy-13*u, 11*u, 5*u, 1.5*u, col)
}
