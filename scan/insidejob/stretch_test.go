package insidejob

import (
	"image"
	"testing"

	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// TestStretchedMission: a glossy mission face under a lamp (rendered
// 200331, a crop of the 12 MP photo around the middle of its 2-player
// table) shows its marker grey on light grey. No window decodes it, at
// full size or shrunk as the reader reads a photo; with the middle's
// contrast stretched (lookStretched) OpenCV's three windows do. Before this
// look the table's mission was not read.
func TestStretchedMission(t *testing.T) {
	const mission = 939 // M19
	img := gocv.IMRead("testdata/rendered-200331-mission.jpg", gocv.IMReadColor)
	if img.Empty() {
		t.Fatal("testdata/rendered-200331-mission.jpg: not an image")
	}
	defer img.Close()
	has := func(ms []scan.Marker) bool {
		for _, m := range ms {
			if m.ID == mission {
				return true
			}
		}
		return false
	}
	for _, f := range []int{1, 3} {
		det := img
		if f > 1 {
			det = gocv.NewMat()
			defer det.Close()
			gocv.Resize(img, &det, image.Pt(img.Cols()/f, img.Rows()/f), 0, 0, gocv.InterpolationLinear)
		}
		for _, tc := range []struct {
			name    string
			p       scan.DetectorParams
			stretch bool
			want    bool
		}{
			{"one window, downscaled", fastParams, false, false},
			{"one window of 13", fullParams, false, false},
			{"three windows", wideParams, false, false},
			{"stretched", wideParams, true, true},
		} {
			var ms []scan.Marker
			var err error
			if tc.stretch {
				ms, err = lookStretched(det, f, image.Rect(0, 0, img.Cols(), img.Rows()), 142)
			} else {
				ms, err = scan.DetectMarkers(det, tc.p)
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := has(ms); got != tc.want {
				t.Errorf("shrunk by %d, %s: mission found %v, want %v", f, tc.name, got, tc.want)
			}
		}
	}
}
