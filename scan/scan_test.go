package scan

import (
	"image"
	"math"
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

// TestFitAffine: an affine map is recovered exactly from its images, a
// homography's perspective is not invented, and points on one line are
// refused.
func TestFitAffine(t *testing.T) {
	want := Homography{1.5, -0.4, 12, 0.3, 2.1, -7, 0, 0, 1}
	src := []Point{{0, 0}, {14, 0}, {14, 14}, {0, 14}, {3, 9}}
	var dst []Point
	for _, p := range src {
		q, _ := want.Apply(p)
		dst = append(dst, q)
	}
	got, ok := FitAffine(src, dst)
	if !ok {
		t.Fatal("FitAffine refused a square")
	}
	for i := range got {
		if math.Abs(got[i]-want[i]) > 1e-9 {
			t.Fatalf("FitAffine = %v, want %v", got, want)
		}
	}
	if _, ok := FitAffine([]Point{{0, 0}, {1, 1}, {2, 2}, {3, 3}}, []Point{{0, 0}, {1, 0}, {2, 0}, {3, 0}}); ok {
		t.Error("FitAffine accepted points on one line")
	}
	// A square seen with a few pixels of corner error: the affine map puts
	// a point four marker sides away within a few marker units of where it
	// lies; it never sends it to infinity.
	noisy := []Point{{100, 100}, {131, 99}, {128, 127}, {101, 131}}
	sq := []Point{{0, 0}, {14, 0}, {14, 14}, {0, 14}}
	h, ok := FitAffine(noisy, sq)
	if !ok || h[6] != 0 || h[7] != 0 || h[8] != 1 {
		t.Fatalf("FitAffine(noisy) = %v, %v; want an affine map", h, ok)
	}
	if p, _ := h.Apply(Point{230, 230}); p.Dist(Point{63, 63}) > 14 {
		t.Errorf("a point 4 sides away maps to %v, want near (63, 63)", p)
	}
}
