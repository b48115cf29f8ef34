package scan

import (
	"testing"

	"gocv.io/x/gocv"
)

// TestDetectCandidatesGray: the first pass hands on the full-size grey
// image it made (OpenCV's own grey of a colour frame; a grey frame itself),
// and none for a colour photo greyed and halved in one pass.
func TestDetectCandidatesGray(t *testing.T) {
	for _, tc := range []struct {
		name     string
		w, h, ch int
		p        DetectorParams
		want     bool
	}{
		{"1080p colour, halved", 1920, 1080, 3, TunedParams(), true},
		{"1080p colour, full size", 1920, 1080, 3, DetectorParams{}, true},
		{"VGA grey", 640, 480, 1, TunedParams(), true},
		{"12 MP colour, halved", 4000, 3000, 3, TunedParams(), false},
	} {
		typ := gocv.MatTypeCV8UC3
		if tc.ch == 1 {
			typ = gocv.MatTypeCV8UC1
		}
		img := gocv.NewMatWithSize(tc.h, tc.w, typ)
		gocv.RandU(&img, gocv.NewScalar(0, 0, 0, 0), gocv.NewScalar(255, 255, 255, 0))
		gray := gocv.NewMat()
		if _, _, err := DetectCandidatesGray(img, tc.p, &gray); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		switch {
		case !tc.want && !gray.Empty():
			t.Errorf("%s: a grey image of %dx%d handed on, want none", tc.name, gray.Cols(), gray.Rows())
		case tc.want && (gray.Rows() != tc.h || gray.Cols() != tc.w || gray.Channels() != 1):
			t.Errorf("%s: grey image %dx%d with %d channels, want %dx%d grey", tc.name, gray.Cols(), gray.Rows(), gray.Channels(), tc.w, tc.h)
		case tc.want:
			want := img.Clone()
			if tc.ch == 3 {
				gocv.CvtColor(img, &want, gocv.ColorBGRToGray)
			}
			diff := gocv.NewMat()
			gocv.AbsDiff(gray, want, &diff)
			if n := gocv.CountNonZero(diff); n != 0 {
				t.Errorf("%s: %d pixels differ from OpenCV's grey", tc.name, n)
			}
			diff.Close()
			want.Close()
		}
		gray.Close()
		img.Close()
	}
}
