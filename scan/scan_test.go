package scan

import (
	"image"
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
	roi := img.Region(image.Rect(20, 30, 60, 80))
	roi.SetTo(gocv.NewScalar(255, 0, 0, 0))
	roi.Close()
	contours := gocv.FindContours(img, gocv.RetrievalExternal, gocv.ChainApproxSimple)
	defer contours.Close()
	if contours.Size() != 1 {
		t.Fatalf("FindContours found %d contours, want 1", contours.Size())
	}
	if got := gocv.BoundingRect(contours.At(0)); got != image.Rect(20, 30, 60, 80) {
		t.Errorf("BoundingRect = %v, want (20,30)-(60,80)", got)
	}
}
