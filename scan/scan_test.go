package scan

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"gocv.io/x/gocv"
)

// TestOpenCVLinked proves the OpenCV install: it draws a filled square and asks
// OpenCV to find its outline.
func TestOpenCVLinked(t *testing.T) {
	if v := OpenCVVersion(); !strings.HasPrefix(v, "4.") {
		t.Fatalf("OpenCVVersion() = %q, want 4.x", v)
	}
	img := gocv.NewMatWithSize(100, 100, gocv.MatTypeCV8U)
	defer img.Close()
	gocv.Rectangle(&img, image.Rect(20, 30, 60, 80), color.RGBA{255, 255, 255, 0}, -1)
	contours := gocv.FindContours(img, gocv.RetrievalExternal, gocv.ChainApproxSimple)
	defer contours.Close()
	if contours.Size() != 1 {
		t.Fatalf("FindContours found %d contours, want 1", contours.Size())
	}
	if got := gocv.BoundingRect(contours.At(0)); got != image.Rect(20, 30, 61, 81) {
		t.Errorf("BoundingRect = %v, want (20,30)-(61,81)", got)
	}
}
