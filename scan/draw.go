package scan

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"fieldkit/catalog"

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

// OutlineMarker draws the outline of a detected marker, its corners times
// f (1 on the image it was detected in).
func OutlineMarker(m *gocv.Mat, mk Marker, f float64, c color.RGBA, thick int) {
	pts := make([]image.Point, 4)
	for i, q := range mk.Corners {
		pts[i] = image.Pt(int(math.Round(f*float64(q.X))), int(math.Round(f*float64(q.Y))))
	}
	Polyline(m, pts, c, thick)
}

// NotRead returns the label of an image a reader refused, in lang: "not
// read: " and why (a message of the catalog), or the English reason when
// why is none.
func NotRead(lang string, why catalog.Msg, english string) string {
	var reason any = english
	if why.ID != "" {
		reason = why
	}
	return catalog.Text(lang, "scan.view.not_read", map[string]any{"reason": reason})
}

// Annotator draws what a reader saw over img, with its labels in lang
// ("pl", "cs", "pt", "en"), into a new image the caller closes (each
// game's Annotate, with its observation).
type Annotator func(img gocv.Mat, lang string) (gocv.Mat, error)

// AnnotatedJPEG draws over img with annotate, its labels in lang, and
// returns ViewJPEG of the drawing: what a page shows of a camera frame.
func AnnotatedJPEG(img gocv.Mat, annotate Annotator, lang string, maxSide int) ([]byte, error) {
	ann, err := annotate(img, lang)
	if err != nil {
		return nil, err
	}
	defer ann.Close()
	return ViewJPEG(ann, maxSide)
}

// ViewJPEG scales img down to fit maxSide (0: as it is) and encodes it as
// a JPEG of quality 80: an annotated picture for a page.
func ViewJPEG(img gocv.Mat, maxSide int) ([]byte, error) {
	out := img
	if side := max(img.Cols(), img.Rows()); maxSide > 0 && side > maxSide {
		small := gocv.NewMat()
		defer small.Close()
		f := float64(maxSide) / float64(side)
		gocv.Resize(img, &small, image.Point{}, f, f, gocv.InterpolationArea)
		out = small
	}
	buf, err := gocv.IMEncodeWithParams(gocv.JPEGFileExt, out, []int{gocv.IMWriteJpegQuality, 80})
	if err != nil {
		return nil, fmt.Errorf("encoding the camera view: %w", err)
	}
	defer buf.Close()
	return append([]byte(nil), buf.GetBytes()...), nil
}
