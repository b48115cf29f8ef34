package scan

import (
	"image"
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

// TestDetectCandidatesHalf: a colour photo greyed and halved in one pass
// (over 4 Mpx, even sides) hands on its half-size grey image, within one
// grey level of OpenCV's grey halved by area (halfGray's rounding); frames
// the detector does not halve that way hand on none.
func TestDetectCandidatesHalf(t *testing.T) {
	for _, tc := range []struct {
		name string
		w, h int
		p    DetectorParams
		want bool
	}{
		{"4.3 MP colour, halved", 2400, 1800, TunedParams(), true},
		{"4.3 MP colour, odd width, halved", 2399, 1800, TunedParams(), false},
		{"4.3 MP colour, full size", 2400, 1800, DetectorParams{}, false},
		{"1080p colour, halved", 1920, 1080, TunedParams(), false},
	} {
		img := gocv.NewMatWithSize(tc.h, tc.w, gocv.MatTypeCV8UC3)
		gocv.RandU(&img, gocv.NewScalar(0, 0, 0, 0), gocv.NewScalar(255, 255, 255, 0))
		gray, half := gocv.NewMat(), gocv.NewMat()
		if _, _, err := DetectCandidatesHalf(img, tc.p, &gray, &half); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		switch {
		case !tc.want && !half.Empty():
			t.Errorf("%s: a half-size image of %dx%d handed on, want none", tc.name, half.Cols(), half.Rows())
		case tc.want && (half.Rows() != tc.h/2 || half.Cols() != tc.w/2 || half.Channels() != 1):
			t.Errorf("%s: half-size image %dx%d with %d channels, want %dx%d grey", tc.name, half.Cols(), half.Rows(), half.Channels(), tc.w/2, tc.h/2)
		case tc.want:
			g, want := gocv.NewMat(), gocv.NewMat()
			gocv.CvtColor(img, &g, gocv.ColorBGRToGray)
			gocv.Resize(g, &want, image.Pt(half.Cols(), half.Rows()), 0, 0, gocv.InterpolationArea)
			diff := gocv.NewMat()
			gocv.AbsDiff(half, want, &diff)
			if _, most, _, _ := gocv.MinMaxLoc(diff); most > 1 {
				t.Errorf("%s: a pixel differs by %v from OpenCV's grey halved, want at most 1", tc.name, most)
			}
			diff.Close()
			g.Close()
			want.Close()
		}
		gray.Close()
		half.Close()
		img.Close()
	}
}
