package camera

import (
	"fmt"
	"image"

	"fieldkit/scan"
	"fieldkit/server"

	"gocv.io/x/gocv"
)

// View is what a photo reader keeps of a decoded photo for its picture, so
// that the photo is decoded once: the photo scaled down to fit
// server.ViewSide, its BGR pixels as Go bytes (nothing of OpenCV's to
// close: a picture nobody draws is let go like any Go value), and f, the
// scale from the photo read to it.
type View struct {
	bgr  []byte
	w, h int
	f    float64
}

// KeepView returns the view of img, a BGR image (the decoded photo).
func KeepView(img gocv.Mat) (View, error) {
	if img.Empty() || img.Type() != gocv.MatTypeCV8UC3 {
		return View{}, fmt.Errorf("%w: the photo to keep is not a colour image", scan.ErrImage)
	}
	f := 1.0
	small := img
	if side := max(img.Cols(), img.Rows()); side > server.ViewSide {
		f = float64(server.ViewSide) / float64(side)
		small = gocv.NewMat()
		defer small.Close()
		gocv.Resize(img, &small, image.Point{}, f, f, gocv.InterpolationArea)
		// The scale the resize made, side by side (a rounded size).
		f = float64(small.Cols()) / float64(img.Cols())
	}
	return View{bgr: small.ToBytes(), w: small.Cols(), h: small.Rows(), f: f}, nil
}

// JPEG draws the view with annotate (an AnnotateScaled of the photo's
// observation: img is the photo scaled by f), its labels in lang, as a JPEG
// of at most maxSide pixels a side.
func (v View) JPEG(annotate func(img gocv.Mat, f float64, lang string) (gocv.Mat, error), lang string, maxSide int) ([]byte, error) {
	img, err := gocv.NewMatFromBytes(v.h, v.w, gocv.MatTypeCV8UC3, v.bgr)
	if err != nil {
		return nil, fmt.Errorf("the photo's view: %w", err)
	}
	defer img.Close()
	ann, err := annotate(img, v.f, lang)
	if err != nil {
		return nil, err
	}
	defer ann.Close()
	return scan.ViewJPEG(ann, maxSide)
}

// Picture is v as a server.Picture drawn with annotate (an AnnotateScaled
// of the photo's observation).
func (v View) Picture(annotate func(img gocv.Mat, f float64, lang string) (gocv.Mat, error)) server.Picture {
	return viewPicture{view: v, annotate: annotate}
}

// viewPicture is a View with its annotation.
type viewPicture struct {
	view     View
	annotate func(img gocv.Mat, f float64, lang string) (gocv.Mat, error)
}

// JPEG implements server.Picture.
func (p viewPicture) JPEG(lang string, maxSide int) ([]byte, error) {
	return p.view.JPEG(p.annotate, lang, maxSide)
}
