package insidejob

import (
	"image"
	"image/color"
	"math"

	"fieldkit/catalog"
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// Colours of the annotation (R, G, B; gocv turns them into BGR).
var (
	annSeat    = color.RGBA{255, 60, 200, 0}
	annCard    = color.RGBA{0, 230, 0, 0}
	annDoubt   = color.RGBA{255, 170, 0, 0}
	annToken   = color.RGBA{255, 0, 255, 0}
	annMission = color.RGBA{255, 220, 0, 0}
	annMarker  = color.RGBA{0, 200, 255, 0}
)

// Annotate returns a BGR copy of img with what the reader kept drawn on it.
// Only the kept pieces are shown sharp: the rest of the photo (a peeked
// role card, the rejected mission, a hand) is blurred past reading and
// darkened, so the annotation shows nothing the observation does not hold.
// On it are drawn
// the kept markers, each seat, each play's outline (green, orange when a
// value is in doubt) with its card and wager, a line from each card to its
// seat, and the mission and player count; for a refused image, the reason.
// The labels are the catalog's texts in lang ("pl", "cs", "pt", "en").
// The caller closes the result.
func Annotate(img gocv.Mat, obs *Observation, lang string) (gocv.Mat, error) {
	return AnnotateScaled(img, 1, obs, lang)
}

// AnnotateScaled is Annotate over img, the image obs was read from scaled
// by f (a photo kept small for the host page's view: its points are
// obs's times f).
func AnnotateScaled(img gocv.Mat, f float64, obs *Observation, lang string) (gocv.Mat, error) {
	out, err := redacted(img, f, obs.areas)
	if err != nil {
		return gocv.Mat{}, err
	}
	scale := float64(max(out.Cols(), out.Rows())) / 1920
	thick := max(1, int(math.Round(2*scale)))
	px := max(8, int(math.Round(21*scale)))
	ip := func(p scan.Point) image.Point { x, y := p.Scale(f).Round(); return image.Pt(x, y) }
	label := func(at image.Point, text string, c color.RGBA) {
		if err == nil {
			err = scan.DrawText(&out, at, text, c, scan.LabelOutline, px, thick)
		}
	}
	for _, m := range obs.Markers {
		scan.OutlineMarker(&out, m, f, annMarker, thick)
	}
	top := image.Pt(int(20*scale), int(40*scale))
	// Lines from the top: the reason or the mission, then the warnings,
	// each wrapped to the image's width (a translation is often longer
	// than the English).
	line := 0
	wrapped := func(text string, c color.RGBA) {
		if err == nil {
			var n int
			n, err = scan.DrawWrapped(&out, top.Add(image.Pt(0, line*px*3/2)), text, c, scan.LabelOutline, px, thick, out.Cols()-2*top.X, px*3/2)
			line += n
		}
	}
	if !obs.OK {
		wrapped(scan.NotRead(lang, obs.Why, obs.Reason), scan.LabelText)
	} else {
		head := catalog.Text(lang, "ij.scan.view.no_mission", nil)
		if obs.Mission >= 0 {
			head = catalog.Text(lang, "ij.scan.view.mission", map[string]any{"name": obs.MissionName})
		}
		if obs.Players > 0 {
			head += "   " + catalog.Text(lang, "ij.scan.view.players", map[string]any{"n": obs.Players})
		}
		wrapped(head, scan.LabelText)
	}
	for _, s := range obs.Seats {
		c := ip(s.Center)
		gocv.Circle(&out, c, int(28*scale)+2, annSeat, 2*thick)
		label(c.Add(image.Pt(int(30*scale), 0)), seatLabel(lang, s.Seat), annSeat)
	}
	for _, p := range obs.Plays {
		col := annCard
		if !p.Both || p.Wager == WagerUnknown {
			col = annDoubt
		}
		pts := make([]image.Point, 4)
		var ctr scan.Point
		for i, q := range p.Outline {
			pts[i] = ip(q)
			ctr = ctr.Add(q.Scale(0.25))
		}
		scan.Polyline(&out, pts, col, 2*thick)
		for _, s := range obs.Seats {
			if s.Seat == p.Seat {
				gocv.Line(&out, ip(ctr), ip(s.Center), annSeat, thick)
			}
		}
		text := p.Card
		switch p.Wager {
		case Wagered:
			text += " " + catalog.Text(lang, "ij.scan.view.wager", map[string]any{"token": p.Token})
			gocv.Circle(&out, ip(ctr), int(40*scale)+2, annToken, 2*thick)
		case WagerUnknown:
			text += " " + catalog.Text(lang, "ij.scan.view.wager_unknown", nil)
		}
		label(ip(ctr).Add(image.Pt(-int(40*scale), -int(50*scale))), text, scan.LabelText)
	}
	for i, w := range obs.Warnings {
		if len(obs.Notes) == len(obs.Warnings) {
			w = obs.Notes[i].In(lang)
		}
		wrapped("! "+w, annMission)
	}
	if err != nil {
		out.Close()
		return gocv.Mat{}, err
	}
	return out, nil
}

// seatLabel names seat s (or Larry) in lang.
func seatLabel(lang string, s int) string {
	if s == Larry {
		return "Larry"
	}
	return catalog.Text(lang, "ij.scan.seat", map[string]any{"n": s})
}

// redacted returns a BGR copy of img in which only the areas (their points
// times f) are left as they are: elsewhere the image is shrunk 24 times,
// blurred and darkened.
func redacted(img gocv.Mat, f float64, areas [][]scan.Point) (gocv.Mat, error) {
	full, err := scan.BGRCopy(img)
	if err != nil {
		return gocv.Mat{}, err
	}
	defer full.Close()
	W, H := full.Cols(), full.Rows()
	small := gocv.NewMat()
	defer small.Close()
	gocv.Resize(full, &small, image.Pt(max(1, W/24), max(1, H/24)), 0, 0, gocv.InterpolationArea)
	gocv.GaussianBlur(small, &small, image.Pt(5, 5), 0, 0, gocv.BorderReplicate)
	out := gocv.NewMat()
	gocv.Resize(small, &out, image.Pt(W, H), 0, 0, gocv.InterpolationLinear)
	out.MultiplyFloat(0.5)
	if len(areas) == 0 {
		return out, nil
	}
	mask := gocv.NewMatWithSize(H, W, gocv.MatTypeCV8UC1)
	defer mask.Close()
	mask.SetTo(gocv.NewScalar(0, 0, 0, 0))
	for _, a := range areas {
		pts := make([]image.Point, len(a))
		for i, p := range a {
			x, y := p.Scale(f).Round()
			pts[i] = image.Pt(x, y)
		}
		pv := gocv.NewPointsVectorFromPoints([][]image.Point{pts})
		gocv.FillPoly(&mask, pv, color.RGBA{255, 255, 255, 0})
		pv.Close()
	}
	full.CopyToWithMask(&out, mask)
	return out, nil
}
