package insidejob

import (
	"fmt"
	"strconv"

	"fieldkit/markers"
	"fieldkit/printgen"
)

// Player aid geometry, in millimetres: larger than a card, so the table reads
// it from every seat.
const (
	AidW      = 88.0
	AidH      = 126.0
	aidMarker = 16.0
	aidRowsY  = 27.0 // the table of numbers starts here
	aidRowH   = 7.2
	stepsMax  = 11.5 // the order of a trick, in points at most
	stepsMin  = 7.0  // and at least
)

// aidNumbers are what a player count plays to: missions the Agents need,
// intel the Insider needs, cards per player, tricks before the vote, and for
// two players Larry's starting intel (../shared/rules/inside-job.md).
type aidNumbers struct {
	players                        int
	missions, intel, cards, tricks int
	larry                          int
}

var aidTable = []aidNumbers{
	{players: 2, missions: 7, intel: 6, cards: 10, tricks: 9, larry: 3},
	{players: 3, missions: 9, intel: 6, cards: 13, tricks: 11},
	{players: 4, missions: 7, intel: 5, cards: 12, tricks: 10},
	{players: 5, missions: 6, intel: 4, cards: 10, tricks: 9},
}

func aidCards(lang string, back *Face) []piece {
	var out []piece
	for _, n := range aidTable {
		out = append(out, piece{aidFace(lang, n), back})
	}
	return out
}

// aidFace draws a player aid: the marker that tells the camera the player
// count, the count in large type, the numbers the game plays to, and the
// order of a trick.
func aidFace(lang string, n aidNumbers) *Face {
	id := markers.AidBase + n.players - 2
	title := layoutText(caps(lang, "ij.aid.players", "n", n.players), printgen.SansBold, Box{25, 5, AidW - 29, 14}, 20, 10, false)
	rows := [][2]string{
		{text(lang, "ij.aid.missions"), strconv.Itoa(n.missions)},
		{text(lang, "ij.aid.intel"), strconv.Itoa(n.intel)},
		{text(lang, "ij.aid.cards"), strconv.Itoa(n.cards)},
		{text(lang, "ij.aid.tricks"), strconv.Itoa(n.tricks)},
	}
	if n.larry > 0 {
		rows = append(rows, [2]string{text(lang, "ij.aid.larry"), strconv.Itoa(n.larry)})
	}
	texts := []*TextBox{title}
	var rowText []*TextBox
	for i, r := range rows {
		t := layoutText(r[0], printgen.Sans, Box{6, aidRowsY + float64(i)*aidRowH, AidW - 24, aidRowH}, 10, 7, false)
		rowText = append(rowText, t)
		texts = append(texts, t)
	}
	stepsY := aidRowsY + float64(len(rows))*aidRowH + 9
	heading := layoutText(caps(lang, "ij.label.trick"), printgen.SansBold, Box{6, stepsY - 7, AidW - 12, 6}, 10, 7, false)
	steps := text(lang, "ij.aid.steps")
	if n.players == 2 {
		steps = text(lang, "ij.aid.steps2")
	}
	body := layout(&TextBox{Box: Box{6, stepsY, AidW - 12, AidH - 4 - stepsY}, Text: steps, Font: printgen.Sans, MinSize: stepsMin, Top: true, Hanging: true}, stepsMax)
	texts = append([]*TextBox{body}, append(texts, heading)...)
	marks := []Mark{{ID: id, Corner: "top-left", X: 4, Y: 4, Side: aidMarker}}
	return newFace(fmt.Sprintf("aid-%d", n.players), markers.PlayerAid, fmt.Sprintf("aid-%d", n.players), AidW, AidH, marks, texts,
		func(c canvas, st printgen.Style) error {
			printgen.Background(c, AidW, AidH, st, white)
			accent := navy
			if !st.LowInk {
				c.Rect(-st.Bleed, -st.Bleed, AidW+2*st.Bleed, 24+st.Bleed, printgen.Tint(navy, 0.85))
			}
			printgen.Frame(c, 1.5, 1.5, AidW-3, AidH-3, 0.8, accent)
			title.draw(c, accent)
			for i, t := range rowText {
				if i%2 == 0 {
					c.Rect(4, t.Y, AidW-8, t.H, printgen.Tint(navy, 0.92))
				}
				t.draw(c, ink)
				v := rows[i][1]
				c.Text(AidW-7-printgen.TextWidth(v, printgen.SansBold, 13), t.Y+t.H/2+printgen.CapHeight(printgen.SansBold, 13)/2, v, printgen.SansBold, 13, accent, false)
			}
			heading.draw(c, accent)
			body.draw(c, ink)
			return nil
		})
}
