package insidejob

import (
	"fieldkit/markers"
	"fieldkit/printgen"
)

// Card backs: one design per kind of card, the same on every card of that
// kind (a risky mission's back is the mission back), with no marker, no id,
// nothing a camera or a phone could tell cards apart by.

// backFace draws the back of cards of kind: a keyhole in the middle of a
// field of col, the game's name in lang above and the kind's word below.
func backFace(lang, name string, kind markers.Kind, w, h float64, col color, word string) *Face {
	title := caps(lang, "ij.game")
	return newFace(name+"-back", kind, "back", w, h, nil, nil, func(c canvas, st printgen.Style) error {
		bg, fg, hole := col, white, printgen.Tint(col, 0.25)
		if st.LowInk {
			bg, fg, hole = white, col, printgen.Tint(col, 0.75)
		}
		printgen.Background(c, w, h, st, bg)
		printgen.Frame(c, 3, 3, w-6, h-6, 0.6, fg)
		printgen.Frame(c, 4.2, 4.2, w-8.4, h-8.4, 0.3, fg)
		cx, cy := w/2, h/2
		disc(c, cx, cy, w*0.24, hole)
		disc(c, cx, cy-w*0.05, w*0.075, fg)
		c.Polygon([]point{{X: cx - w*0.045, Y: cy - w*0.04}, {X: cx + w*0.045, Y: cy - w*0.04}, {X: cx + w*0.08, Y: cy + w*0.14}, {X: cx - w*0.08, Y: cy + w*0.14}}, fg)
		size := printgen.FitSize(title, printgen.SansBold, 14, w-16)
		printgen.CenterText(c, cx, cy-w*0.24-5, title, printgen.SansBold, size, fg, false)
		if word != "" {
			size = printgen.FitSize(word, printgen.SansBold, 11, w-16)
			printgen.CenterText(c, cx, cy+w*0.24+5+printgen.CapHeight(printgen.SansBold, size), word, printgen.SansBold, size, fg, false)
		}
		return nil
	})
}

func numberBack(lang string) *Face {
	return backFace(lang, "number", markers.NumberCard, CardW, CardH, color{R: 34, G: 40, B: 64}, "")
}

func missionBack(lang string) *Face {
	return backFace(lang, "mission", markers.MissionCard, CardW, CardH, color{R: 20, G: 92, B: 96}, caps(lang, "ij.label.mission"))
}

func roleBack(lang string) *Face {
	return backFace(lang, "role", markers.RoleCard, CardW, CardH, color{R: 110, G: 30, B: 40}, caps(lang, "ij.label.role"))
}

func aidBack(lang string) *Face {
	return backFace(lang, "aid", markers.PlayerAid, AidW, AidH, color{R: 60, G: 66, B: 80}, caps(lang, "ij.label.aid"))
}
