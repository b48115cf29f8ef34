package codenames

import (
	"fieldkit/catalog"
	"fieldkit/scan"
	"fmt"
	"image"
	"image/color"
	"math"

	"gocv.io/x/gocv"
)

// Colours of the annotation (R, G, B; gocv turns them into BGR).
var (
	annGrid    = color.RGBA{255, 220, 0, 0}
	annSeat    = color.RGBA{255, 60, 200, 0}
	annMarker  = color.RGBA{0, 230, 0, 0}
	annIgnored = color.RGBA{150, 150, 150, 0}
	annToken   = color.RGBA{255, 0, 255, 0}
	annCover   = map[Kind]color.RGBA{
		Agent: {40, 200, 70, 0}, Assassin: {30, 30, 30, 0}, Bystander: {230, 200, 140, 0},
		Red: {230, 40, 40, 0}, Blue: {40, 100, 240, 0}, Double: {200, 60, 200, 0},
	}
)

// The annotation's words, by what they name: why a piece was left off the
// grid (Ignored.Why), why a cell's card is unknown (Cell.Why) and the
// covers' names.
var (
	ignoredSay = map[string]string{
		"off the grid":            "cn.scan.ignored.off_grid",
		"turned against the grid": "cn.scan.ignored.turned",
		"doubt":                   "cn.scan.ignored.doubt",
	}
	noCardSay = map[string]string{
		"unseen":   "cn.scan.cell.unseen",
		"doubt":    "cn.scan.cell.doubt",
		"disagree": "cn.scan.cell.disagree",
		"turned":   "cn.scan.cell.turned",
	}
	coverSay = map[Kind]string{
		Agent: "cn.scan.cover.agent", Assassin: "cn.scan.cover.assassin", Bystander: "cn.scan.cover.bystander",
		Red: "cn.scan.cover.red", Blue: "cn.scan.cover.blue", Double: "cn.scan.cover.double",
	}
)

// say returns the message id in the table of ids by English name in lang,
// or the English name when the table lacks it.
func say(lang string, ids map[string]string, name string) string {
	if id, ok := ids[name]; ok {
		return catalog.Text(lang, id, nil)
	}
	return name
}

// coverName returns the name of cover kind k in lang.
func coverName(lang string, k Kind) string {
	if id, ok := coverSay[k]; ok {
		return catalog.Text(lang, id, nil)
	}
	return k.String()
}

// Annotate returns a BGR copy of img with what the scanner saw drawn on it:
// every marker (green when in the deck, grey when ignored), pieces left off
// the grid greyed over with why (off the grid, turned, doubt), the grid's cells
// with seat A's edge in pink, each cell's card id and word, covers as
// coloured frames, timer marks, why a cell's card is unknown ("no card:
// unseen", "doubt", "disagree", "turned"), and the guess token as a circle; for a
// refused image, the reason. The labels are the catalog's texts in lang
// ("pl", "cs", "pt", "en"), drawn in Go Bold, so words in any of the
// built-in languages show every letter. The caller closes the result.
func Annotate(img gocv.Mat, obs *Observation, d Deck, lang string) (gocv.Mat, error) {
	return AnnotateScaled(img, 1, obs, d, lang)
}

// AnnotateScaled is Annotate over img, the image obs was read from scaled
// by f (a photo kept small for the host page's view: its points are
// obs's times f).
func AnnotateScaled(img gocv.Mat, f float64, obs *Observation, d Deck, lang string) (gocv.Mat, error) {
	out, err := scan.BGRCopy(img)
	if err != nil {
		return gocv.Mat{}, err
	}
	if d == nil {
		d = Words(nil)
	}
	scale := float64(max(out.Cols(), out.Rows())) / 1920
	thick := max(1, int(math.Round(2*scale)))
	px := max(8, int(math.Round(21*scale))) // label size in pixels
	label := func(at image.Point, text string, c color.RGBA, px int) {
		if err == nil {
			err = scan.DrawText(&out, at, text, c, scan.LabelOutline, px, thick)
		}
	}
	done := func() (gocv.Mat, error) {
		if err != nil {
			out.Close()
			return gocv.Mat{}, err
		}
		return out, nil
	}

	if len(obs.Ignored) > 0 {
		// Pieces left off the grid, greyed over, each with why.
		over := out.Clone()
		for _, ig := range obs.Ignored {
			var poly []image.Point
			for _, p := range ig.Outline {
				poly = append(poly, image.Pt(int(math.Round(f*p.X)), int(math.Round(f*p.Y))))
			}
			pv := gocv.NewPointsVectorFromPoints([][]image.Point{poly})
			gocv.FillPoly(&over, pv, annIgnored)
			pv.Close()
		}
		gocv.AddWeighted(out, 0.4, over, 0.6, 0, &out)
		over.Close()
		for _, ig := range obs.Ignored {
			c := scan.Mid(ig.Outline[0], ig.Outline[2]).Scale(f)
			label(image.Pt(int(c.X)-px*3, int(c.Y)), say(lang, ignoredSay, ig.Why), scan.LabelText, px*4/5)
		}
	}
	for _, m := range obs.Markers {
		c := annMarker
		if k, _ := d.Lookup(m.ID); k == NotInDeck {
			c = annIgnored
		}
		scan.OutlineMarker(&out, m, f, c, thick)
	}
	if !obs.OK {
		// The reason, wrapped to the image's width: a translation is
		// often longer than the English.
		x, big := int(20*scale), px*6/5
		if err == nil {
			_, err = scan.DrawWrapped(&out, image.Pt(x, int(40*scale)), scan.NotRead(lang, obs.Why, obs.Reason), scan.LabelText, scan.LabelOutline, big, thick, out.Cols()-2*x, big*3/2)
		}
		return done()
	}
	// Cell boundaries, and seat A's edge (row 4.5) thicker.
	pt := func(col, row float64) image.Point {
		p := obs.GridPoint(col, row).Scale(f)
		return image.Pt(int(math.Round(p.X)), int(math.Round(p.Y)))
	}
	for k := range 6 {
		v := float64(k) - 0.5
		gocv.Line(&out, pt(v, -0.5), pt(v, 4.5), annGrid, thick)
		gocv.Line(&out, pt(-0.5, v), pt(4.5, v), annGrid, thick)
	}
	gocv.Line(&out, pt(-0.5, 4.5), pt(4.5, 4.5), annSeat, 3*thick)
	label(pt(1.6, 4.85), catalog.Text(lang, "cn.scan.view.seat_a", nil), annSeat, px)
	for r := range 5 {
		for c := range 5 {
			cell := obs.Cells[r][c]
			fr, fc := float64(r), float64(c)
			if cell.Cover != NotInDeck {
				col := annCover[cell.Cover]
				scan.Polyline(&out, []image.Point{pt(fc-0.4, fr-0.4), pt(fc+0.4, fr-0.4), pt(fc+0.4, fr+0.4), pt(fc-0.4, fr+0.4)}, col, 3*thick)
			}
			text := fmt.Sprintf("[%d,%d]", r, c)
			if cell.Card >= 0 {
				text = fmt.Sprintf("%d", cell.Card)
				if cell.Word != "" {
					text += " " + cell.Word
				}
			}
			label(pt(fc-0.42, fr-0.22), text, scan.LabelText, px)
			var marks []string
			if cell.Cover != NotInDeck {
				marks = append(marks, coverName(lang, cell.Cover))
			}
			if cell.Card < 0 && cell.Why != "" && cell.Why != "covered" {
				marks = append(marks, say(lang, noCardSay, cell.Why))
			}
			if cell.Timers > 0 {
				marks = append(marks, catalog.Text(lang, "cn.scan.view.timers", map[string]any{"n": cell.Timers}))
			}
			for i, m := range marks {
				label(pt(fc-0.42, fr+0.12+0.25*float64(i)), m, scan.LabelText, px)
			}
		}
	}
	for _, t := range obs.Tokens {
		ctr := pt(float64(t.Col), float64(t.Row))
		edge := pt(float64(t.Col)+0.3, float64(t.Row))
		rad := int(math.Hypot(float64(edge.X-ctr.X), float64(edge.Y-ctr.Y)))
		gocv.Circle(&out, ctr, rad, annToken, 3*thick)
	}
	return done()
}
