package insidejob

import (
	"fmt"

	"fieldkit/catalog"
	rules "fieldkit/engine/insidejob"
	"fieldkit/markers"
	"fieldkit/printgen"
)

// Mission card geometry, in millimetres.
const (
	missionIconY = 21.0 // the glance icon's area: missionIconY..missionTextY-2
	missionTextY = 45.0 // the condition's box starts here
	missionBand  = 71.0 // the trump band starts here and runs to the bottom edge

	conditionMax = 13.0 // the condition's size in points, at most
	conditionMin = 9.0  // and at least: readable at arm's length
)

// mission is one mission card of fieldkit's deck.
type mission struct {
	code  string        // M01..M24, R1..R4
	card  rules.Mission // the engine's card: its text's message id
	id    int           // marker id
	trump Suit
	risky bool
}

// missions returns the 24 missions and the 4 risky missions in id order.
func missions() []mission {
	var out []mission
	for n := 1; n <= markers.Missions; n++ {
		out = append(out, mission{code: fmt.Sprintf("M%02d", n), id: markers.MissionBase + n - 1, trump: Suits[(n-1)%4]})
	}
	for n, trump := range []Suit{Green, Blue, Yellow, Pink} {
		out = append(out, mission{code: fmt.Sprintf("R%d", n+1), id: markers.RiskyBase + n, trump: trump, risky: true})
	}
	for i := range out {
		out[i].card, _ = rules.ParseMission(out[i].code) // the ids are the engine's; TestMissionTrumps
	}
	return out
}

func missionCards(lang string, back *Face) []piece {
	var out []piece
	for _, m := range missions() {
		out = append(out, piece{missionFace(lang, m), back})
	}
	return out
}

// missionFace draws a mission card: its marker and label at the top, an icon
// that shows the condition at a glance, the condition, and the trump colour
// with its symbol in a band at the bottom.
func missionFace(lang string, m mission) *Face {
	kind, label := markers.MissionCard, caps(lang, "ij.label.mission")
	if m.risky {
		kind, label = markers.RiskyMission, caps(lang, "ij.label.risky")
	}
	textBottom := missionBand - 2
	if m.risky {
		textBottom -= 7
	}
	cond := layoutText(text(lang, string(m.card.Term())), printgen.SansBold, Box{5, missionTextY, CardW - 10, textBottom - missionTextY}, conditionMax, conditionMin, true)
	head := layoutText(label, printgen.SansBold, Box{20, 4, CardW - 23, 8.5}, 10, 6.5, false)
	trump := caps(lang, "ij.mission.trump", "colour", catalog.M(suitTerms[m.trump]))
	band := layoutText(trump, printgen.SansBold, Box{19, missionBand + 3, CardW - 22, 11}, 11, 7, false)
	texts := []*TextBox{cond, head, band}
	var rule *TextBox
	if m.risky {
		rule = layoutText(text(lang, "ij.label.risky_rule"), printgen.Sans, Box{5, textBottom, CardW - 10, 7}, 8.5, 6.5, true)
		texts = append(texts, rule)
	}
	marks := []Mark{{ID: m.id, Corner: "top-left", X: cardInset, Y: cardInset, Side: CardMarker}}
	return newFace("mission-"+m.code, kind, m.code, CardW, CardH, marks, texts, func(c canvas, st printgen.Style) error {
		bg, accent := paper, ink
		if m.risky {
			bg, accent = printgen.Tint(risky, 0.88), risky
		}
		if st.LowInk {
			bg = white
		}
		printgen.Background(c, CardW, CardH, st, bg)
		head.draw(c, accent)
		c.Text(20, 17.2, m.code, printgen.Sans, 7.5, grey, false)
		missionIcon(c, m, CardW/2, (missionIconY+missionTextY-2)/2)
		cond.draw(c, ink)
		if rule != nil {
			rule.draw(c, risky)
		}
		// The trump band.
		fill, fg := m.trump.fill(), textOn(m.trump.fill())
		if st.LowInk {
			fill, fg = white, m.trump.dark()
		}
		c.Rect(-st.Bleed, missionBand, CardW+2*st.Bleed, CardH-missionBand+st.Bleed, fill)
		if st.LowInk {
			c.Rect(-st.Bleed, missionBand, CardW+2*st.Bleed, 1, m.trump.fill())
		}
		disc(c, 10.5, missionBand+(CardH-missionBand)/2, 6.2, white)
		m.trump.symbol(c, 10.5, missionBand+(CardH-missionBand)/2, 9.5)
		band.draw(c, fg)
		return nil
	})
}

// Glance icons: a row of little cards with a number or a dot on each, a
// crown over the winning card, value ranges, the sum sign, intel tokens.

const (
	miniW, miniH, miniGap = 9.5, 13.5, 2.2
)

// miniCards draws a row of little cards centred on (cx, cy); marked cards
// are dark; crown is the index of the card under a crown, or -1.
func miniCards(c canvas, cx, cy float64, labels []string, marked map[int]bool, crownAt int) {
	n := float64(len(labels))
	x := cx - (n*miniW+(n-1)*miniGap)/2
	for i, l := range labels {
		bg, fg := white, ink
		if marked[i] {
			bg, fg = ink, white
		}
		roundRect(c, x, cy-miniH/2, miniW, miniH, 1.3, ink)
		roundRect(c, x+0.5, cy-miniH/2+0.5, miniW-1, miniH-1, 0.9, bg)
		switch l {
		case "●":
			disc(c, x+miniW/2, cy, 2.4, fg)
		case "○":
			ring(c, x+miniW/2, cy, 2.4, 0.8, fg)
		default:
			size := printgen.FitSize(l, printgen.SansBold, 12, miniW-1.6)
			printgen.CenterText(c, x+miniW/2, cy+printgen.CapHeight(printgen.SansBold, size)/2, l, printgen.SansBold, size, fg, false)
		}
		if i == crownAt {
			crown(c, x+miniW/2, cy-miniH/2-3.2, 7, amber)
		}
		x += miniW + miniGap
	}
}

// crown draws a crown of width w centred on (cx, cy).
func crown(c canvas, cx, cy, w float64, col color) {
	h := w * 0.62
	x0, y0 := cx-w/2, cy-h/2
	pts := []point{
		{X: x0, Y: y0 + h}, {X: x0, Y: y0}, {X: x0 + w*0.27, Y: y0 + h*0.5}, {X: cx, Y: y0 - h*0.1},
		{X: x0 + w*0.73, Y: y0 + h*0.5}, {X: x0 + w, Y: y0}, {X: x0 + w, Y: y0 + h},
	}
	c.Polygon(pts, ink)
	inner := make([]point, len(pts))
	for i, p := range pts {
		inner[i] = point{X: cx + (p.X-cx)*0.78, Y: cy + (p.Y-cy)*0.72 + 0.15}
	}
	c.Polygon(inner, col)
}

// token draws an intel token of radius r; crossed adds a red bar through it.
func token(c canvas, cx, cy, r float64, crossed bool) {
	disc(c, cx, cy, r, ink)
	disc(c, cx, cy, r-0.6, amber)
	printgen.CenterText(c, cx, cy+printgen.CapHeight(printgen.SansBold, r*2.2)/2, "i", printgen.SansBold, r*2.2, ink, false)
	if crossed {
		d := r * 0.95
		printgen.ButtLine(c, point{X: cx - d, Y: cy + d}, point{X: cx + d, Y: cy - d}, 1.3, risky)
	}
}

// bigText draws s large, centred on (cx, cy).
func bigText(c canvas, cx, cy float64, s string, size float64) {
	printgen.CenterText(c, cx, cy+printgen.CapHeight(printgen.SansBold, size)/2, s, printgen.SansBold, size, ink, false)
}

// stairs draws rising (or falling) bars centred on (cx, cy).
func stairs(c canvas, cx, cy float64, up bool) {
	const n, w, gap = 4, 6.0, 1.6
	x := cx - (n*w+(n-1)*gap)/2
	for i := range n {
		k := i
		if !up {
			k = n - 1 - i
		}
		h := 5 + 4.2*float64(k)
		c.Rect(x, cy+9-h, w, h, ink)
		x += w + gap
	}
}

// missionIcon draws the mission's glance icon centred on (cx, cy).
func missionIcon(c canvas, m mission, cx, cy float64) {
	none := map[int]bool{}
	trumpSym := func(x, y, size float64) { m.trump.symbol(c, x, y, size) }
	switch m.code {
	case "M01":
		bigText(c, cx, cy, "7–13", 30)
	case "M02":
		bigText(c, cx, cy, "1–7", 30)
	case "M03":
		miniCards(c, cx, cy, []string{"7", "3", "11"}, none, -1)
	case "M04":
		miniCards(c, cx, cy, []string{"8", "2", "6"}, none, -1)
	case "M05":
		miniCards(c, cx, cy, []string{"", "5", ""}, map[int]bool{1: true}, -1)
	case "M06":
		stairs(c, cx, cy, true)
	case "M07":
		stairs(c, cx, cy, false)
	case "M08":
		miniCards(c, cx, cy+2, []string{"1.", "", ""}, none, 0)
	case "M09":
		miniCards(c, cx, cy+2, []string{"", "", ""}, none, 2)
	case "M10":
		miniCards(c, cx, cy+2, []string{"", "2.", ""}, none, 1)
	case "M11":
		miniCards(c, cx, cy+2, []string{"12", "5"}, none, 1)
	case "M12":
		crown(c, cx-15, cy, 10, amber)
		bigText(c, cx+5, cy, "1–6", 28)
	case "M13":
		miniCards(c, cx, cy, []string{"●", "●", "●"}, none, -1)
	case "M14":
		trumpSym(cx, cy, 17)
		printgen.ButtLine(c, point{X: cx - 10, Y: cy + 8}, point{X: cx + 10, Y: cy - 8}, 2, risky)
	case "M15":
		miniCards(c, cx, cy, []string{"●", "○", "●", "○"}, none, -1)
	case "M16":
		bigText(c, cx-8, cy, "1×", 26)
		trumpSym(cx+12, cy, 15)
	case "M17":
		miniCards(c, cx-7, cy, []string{""}, none, -1)
		token(c, cx+7, cy, 6, true)
	case "M18":
		miniCards(c, cx, cy, []string{""}, none, -1)
		token(c, cx+3, cy+2, 5, false)
	case "M19":
		miniCards(c, cx, cy, []string{"7", "7"}, none, -1)
	case "M20":
		bigText(c, cx-14, cy, "Σ", 28)
		miniCards(c, cx+7, cy, []string{"7", "3"}, none, -1)
	case "M21":
		bigText(c, cx-6, cy, "Σ ≥ 8×", 20)
		miniCards(c, cx+20, cy, []string{""}, none, -1)
	case "M22":
		bigText(c, cx-6, cy, "Σ ≤ 6×", 20)
		miniCards(c, cx+20, cy, []string{""}, none, -1)
	case "M23":
		miniCards(c, cx, cy+2, []string{"●", "", "●"}, none, -1)
		x0, x1 := cx-miniW-miniGap, cx+miniW+miniGap
		top := cy + 2 - miniH/2 - 2.5
		printgen.ButtLine(c, point{X: x0, Y: top}, point{X: x1, Y: top}, 0.9, ink)
		printgen.ButtLine(c, point{X: x0, Y: top - 0.45}, point{X: x0, Y: top + 2}, 0.9, ink)
		printgen.ButtLine(c, point{X: x1, Y: top - 0.45}, point{X: x1, Y: top + 2}, 0.9, ink)
	case "M24":
		crown(c, cx, cy-7, 10, amber)
		trumpSym(cx, cy+4, 14)
	case "R1":
		bigText(c, cx, cy, "9–13", 30)
	case "R2":
		miniCards(c, cx-8, cy, []string{"●", "●", "●"}, none, -1)
		token(c, cx+20, cy, 5.5, true)
	case "R3":
		crown(c, cx-18, cy, 9, amber)
		bigText(c, cx, cy, "1–3", 26)
		token(c, cx+21, cy, 5.5, true)
	case "R4":
		bigText(c, cx, cy, "±2", 30)
	}
}
