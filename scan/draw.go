package scan

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"gocv.io/x/gocv"
)

// Drawing what a scanner saw: the primitives every game's annotation uses
// (DrawText, in text.go, writes the labels).

// Label colours (R, G, B; gocv turns them into BGR): white letters with a
// dark outline read on any table.
var (
	LabelText    = color.RGBA{255, 255, 255, 0}
	LabelOutline = color.RGBA{0, 0, 0, 0}
)

// BGRCopy returns a BGR copy of img, an 8-bit gray, BGR or BGRA image, to
// draw an annotation on. The caller closes the result.
func BGRCopy(img gocv.Mat) (gocv.Mat, error) {
	if img.Ptr() == nil || img.Empty() {
		return gocv.Mat{}, fmt.Errorf("%w: the image is empty", ErrImage)
	}
	out := gocv.NewMat()
	switch img.Channels() {
	case 1:
		gocv.CvtColor(img, &out, gocv.ColorGrayToBGR)
	case 4:
		gocv.CvtColor(img, &out, gocv.ColorBGRAToBGR)
	default:
		img.CopyTo(&out)
	}
	return out, nil
}

// Polyline draws the closed polygon pts.
func Polyline(m *gocv.Mat, pts []image.Point, c color.RGBA, thick int) {
	for i := range pts {
		gocv.Line(m, pts[i], pts[(i+1)%len(pts)], c, thick)
	}
}

// OutlineMarker draws the outline of a detected marker.
func OutlineMarker(m *gocv.Mat, mk Marker, c color.RGBA, thick int) {
	pts := make([]image.Point, 4)
	for i, q := range mk.Corners {
		pts[i] = image.Pt(int(math.Round(float64(q.X))), int(math.Round(float64(q.Y))))
	}
	Polyline(m, pts, c, thick)
}
