package retail

import (
	"image"
	"image/color"
	"testing"

	"gocv.io/x/gocv"
)

// TestThinBlob: openedDisc passes over a blob too thin for a 3 × 3 square
// (thinBlob) without opening it, which must be what opening it gives:
// nothing left, so no disc. Each blob is drawn on its own, found as
// maskDiscs finds it, and opened as openedDisc opens it; the last blob, 3
// pixels each way, is no thin blob and keeps a pixel.
func TestThinBlob(t *testing.T) {
	for _, tc := range []struct {
		name string
		pts  []image.Point
		thin bool
	}{
		{"speck", []image.Point{{10, 10}}, true},
		{"pair", []image.Point{{10, 10}, {11, 10}}, true},
		{"row", []image.Point{{4, 10}, {30, 10}}, true},
		{"two rows", []image.Point{{4, 10}, {30, 10}, {30, 11}, {4, 11}}, true},
		{"two columns", []image.Point{{10, 4}, {11, 4}, {11, 30}, {10, 30}}, true},
		{"diagonal", []image.Point{{4, 4}, {5, 4}, {30, 29}, {30, 30}, {29, 30}}, false},
		{"square", []image.Point{{10, 10}, {12, 10}, {12, 12}, {10, 12}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := gocv.NewMatWithSize(40, 40, gocv.MatTypeCV8U)
			defer m.Close()
			pv := gocv.NewPointsVectorFromPoints([][]image.Point{tc.pts})
			defer pv.Close()
			gocv.FillPoly(&m, pv, color.RGBA{255, 255, 255, 0})
			cs := gocv.FindContours(m, gocv.RetrievalExternal, gocv.ChainApproxSimple)
			defer cs.Close()
			if cs.Size() != 1 {
				t.Fatalf("%d blobs, want 1", cs.Size())
			}
			b := gocv.BoundingRect(cs.At(0))
			if got := thinBlob(b); got != tc.thin {
				t.Fatalf("thinBlob(%v) = %v, want %v", b, got, tc.thin)
			}
			k := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(3, 3))
			defer k.Close()
			gocv.MorphologyEx(m, &m, gocv.MorphOpen, k)
			if left := gocv.CountNonZero(m); tc.thin && left != 0 {
				t.Errorf("opened, %d pixels left of a thin blob", left)
			}
		})
	}
}
