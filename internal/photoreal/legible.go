package photoreal

import (
	"fmt"
	"image"
	"math"
	"sort"

	"fieldkit/markers"
)

// MinSide is the shortest marker side, in pixels, the truth counts as
// legible: package scene's limit (scan's full-size detector finds every
// marker of 28 pixels).
const MinSide = 30

// MinContrast is the least difference, in grey levels, between a marker's
// white and black cells' medians for the truth to count it legible.
const MinContrast = 25

// grey returns the luma plane of a decoded frame.
func grey(img image.Image) *plane {
	b := img.Bounds()
	p := newPlane(b.Dx(), b.Dy())
	if yc, ok := img.(*image.YCbCr); ok {
		for y := range p.h {
			for x := range p.w {
				p.p[y*p.w+x] = float32(yc.Y[yc.YOffset(b.Min.X+x, b.Min.Y+y)])
			}
		}
		return p
	}
	for y := range p.h {
		for x := range p.w {
			r, g, bb, _ := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
			p.p[y*p.w+x] = float32(0.299*float64(r)+0.587*float64(g)+0.114*float64(bb)) / 257
		}
	}
	return p
}

// bilinear samples p at (x, y), pixel centres at whole numbers.
func (p *plane) bilinear(x, y float64) float64 {
	x0, y0 := math.Floor(x), math.Floor(y)
	fx, fy := x-x0, y-y0
	i, j := int(x0), int(y0)
	return float64(p.at(i, j))*(1-fx)*(1-fy) + float64(p.at(i+1, j))*fx*(1-fy) +
		float64(p.at(i, j+1))*(1-fx)*fy + float64(p.at(i+1, j+1))*fx*fy
}

// Legibility decides from the developed frame whether a rendered marker can
// be read, and says why not:
//   - its corners lie at least 3 px inside the frame;
//   - its shortest side is at least MinSide px;
//   - every one of the 53 rays render.py cast from the camera to its 7 x 7
//     cell centres and corners reaches it (no hand, card or token over it);
//   - in the frame as the camera delivered it (noise, blur, depth of field,
//     glare and JPEG included), the medians of its white and black cells
//     differ by at least MinContrast grey levels, every data cell lies on
//     its own side of their midpoint by at least a tenth of that contrast,
//     and at most 3 of the 24 border cells lie on the wrong side (a glint
//     on the border does not hide a marker from a detector).
func Legibility(g *plane, m ReportMarker) (bool, string) {
	c := m.Corners
	for _, q := range c {
		if q[0] < 3 || q[1] < 3 || q[0] > float64(g.w)-4 || q[1] > float64(g.h)-4 {
			return false, "outside the frame"
		}
	}
	if s := shortest(c); s < MinSide {
		return false, fmt.Sprintf("%.0f px, below %d px", s, MinSide)
	}
	if m.Blocked > 0 {
		if m.By == "hand" {
			return false, "under a hand"
		}
		return false, "under another piece"
	}
	cells, err := markers.Cells(m.ID)
	if err != nil {
		return false, err.Error()
	}
	// Bilinear map of the unit square onto the corners (a fine stand-in for
	// the homography at the sizes involved).
	at := func(u, v float64) float64 {
		x := (1-u)*(1-v)*c[0][0] + u*(1-v)*c[1][0] + u*v*c[2][0] + (1-u)*v*c[3][0]
		y := (1-u)*(1-v)*c[0][1] + u*(1-v)*c[1][1] + u*v*c[2][1] + (1-u)*v*c[3][1]
		return g.bilinear(x, y)
	}
	var val [7][7]float64
	var whites, blacks []float64
	for r := range 7 {
		for col := range 7 {
			s := 0.0
			for _, d := range [3]float64{0.3, 0.5, 0.7} {
				for _, e := range [3]float64{0.3, 0.5, 0.7} {
					s += at((float64(col)+d)/7, (float64(r)+e)/7)
				}
			}
			val[r][col] = s / 9
			if cells[r][col] {
				whites = append(whites, val[r][col])
			} else {
				blacks = append(blacks, val[r][col])
			}
		}
	}
	med := func(v []float64) float64 { sort.Float64s(v); return v[len(v)/2] }
	mw, mb := med(whites), med(blacks)
	con := mw - mb
	if con < MinContrast {
		return false, fmt.Sprintf("contrast %.0f grey levels, below %d", con, MinContrast)
	}
	thr := (mw + mb) / 2
	border, data := 0, 0
	for r := range 7 {
		for col := range 7 {
			edge := r == 0 || col == 0 || r == 6 || col == 6
			white := cells[r][col]
			switch {
			case edge && white != (val[r][col] > thr):
				border++
			case !edge && white && val[r][col] < thr+0.1*con, !edge && !white && val[r][col] > thr-0.1*con:
				data++
			}
		}
	}
	switch {
	case data > 0:
		return false, fmt.Sprintf("%d data cells unclear (glare, blur or noise)", data)
	case border > 3:
		return false, fmt.Sprintf("%d border cells wrong (glare, blur or noise)", border)
	}
	return true, ""
}
