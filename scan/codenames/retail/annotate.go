package retail

import (
	"image"
	"image/color"
	"math"

	"fieldkit/catalog"
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// Outline colours of the annotation, by what a cell showed.
var (
	wordLine  = color.RGBA{40, 200, 40, 0}
	coverLine = color.RGBA{255, 160, 0, 0}
	doubtLine = color.RGBA{220, 40, 220, 0}
)

// coverIDs names each cover kind's term in the catalog.
var coverIDs = map[string]string{
	"red":       "cn.scan.cover.red",
	"blue":      "cn.scan.cover.blue",
	"bystander": "cn.scan.cover.bystander",
	"assassin":  "cn.scan.cover.assassin",
	"double":    "cn.scan.cover.double",
}

// Annotate draws o over img (gray or BGR) into a new BGR image the caller
// closes: each cell's outline and its word or cover (in lang's terms), or
// why nothing was read; a refused image gets the reason.
func Annotate(img gocv.Mat, o *Observation, lang string) (gocv.Mat, error) {
	return AnnotateScaled(img, 1, o, lang)
}

// AnnotateScaled is Annotate over img, the image o was read from scaled by
// f (a photo kept small for the host page's view).
func AnnotateScaled(img gocv.Mat, f float64, o *Observation, lang string) (gocv.Mat, error) {
	out, err := scan.BGRCopy(img)
	if err != nil {
		return out, err
	}
	px := max(14, out.Cols()/90)
	if !o.OK {
		err := scan.DrawText(&out, image.Pt(px, 2*px), scan.NotRead(lang, o.Why, o.Reason), scan.LabelText, scan.LabelOutline, px, 2)
		return out, err
	}
	for _, c := range o.Cells {
		pts := make([]image.Point, 4)
		for i, q := range c.Quad {
			pts[i] = image.Pt(int(math.Round(f*q[0])), int(math.Round(f*q[1])))
		}
		label, line := c.Word, wordLine
		switch {
		case c.Cover != "":
			label, line = catalog.Text(lang, coverIDs[c.Cover], nil), coverLine
		case c.Word == "" && c.Why == "unseen":
			label, line = catalog.Text(lang, "cn.scan.cell.unseen", nil), doubtLine
		case c.Word == "":
			label, line = catalog.Text(lang, "cn.scan.cell.doubt", nil), doubtLine
		}
		if c.Token {
			label += " ●"
		}
		scan.Polyline(&out, pts, line, max(2, px/6))
		ctr := c.Quad.centre()
		ctr[0], ctr[1] = f*ctr[0], f*ctr[1]
		w, err := scan.TextWidth(label, px, 2)
		if err != nil {
			return out, err
		}
		if err := scan.DrawText(&out, image.Pt(int(ctr[0])-w/2, int(ctr[1])), label, scan.LabelText, scan.LabelOutline, px, 2); err != nil {
			return out, err
		}
	}
	return out, nil
}
