package scan

import (
	"fmt"
	"image"
	"math/rand"
	"path/filepath"
	"testing"

	"fieldkit/markers"

	"gocv.io/x/gocv"
)

// ownSettings are the detector settings TestOwnDetectorSame runs both ways:
// OpenCV's default and the ones fieldkit's readers use (one window or three,
// halved or not, corners refined or not, size bounds).
var ownSettings = []struct {
	name string
	p    DetectorParams
}{
	{"default", DetectorParams{}},
	{"tuned", TunedParams()},
	{"webcam first pass", DetectorParams{Downscale: true, WindowMin: 5, WindowMax: 5, WindowStep: 1, RefineCorners: true, HalvedCorners: true, MinSide: 20, MaxSide: 160}},
	{"full size 13", DetectorParams{WindowMin: 13, WindowMax: 13, WindowStep: 1, RefineCorners: true, MinSide: 20}},
	{"full size 9, unrefined", DetectorParams{WindowMin: 9, WindowMax: 9, WindowStep: 1, MinSide: 20}},
	{"halved, three windows", DetectorParams{Downscale: true, RefineCorners: true, MinSide: 20}},
	{"even window 6", DetectorParams{WindowMin: 6, WindowMax: 6, WindowStep: 1, RefineCorners: true}},
}

// TestOwnDetectorSame: fieldkit's own run of detectMarkers (Own) finds
// exactly what OpenCV's does, the same ids in the same order with the same
// corners to the last bit, and the same undecoded squares: on the degraded
// synthetic sheets of TestDetectMarkers, on rendered frames, on part of a
// frame (a look again sees a region), on noise and on a blank image.
func TestOwnDetectorSame(t *testing.T) {
	type frame struct {
		name string
		img  gocv.Mat
	}
	var frames []frame
	defer func() {
		for _, f := range frames {
			f.img.Close()
		}
	}()
	for i, d := range degradations {
		rng := rand.New(rand.NewSource(int64(i)))
		sc := makeScene(t, rng, drawSheet(t, cardsLayout, rng.Perm(markers.Count)[:25]), d)
		frames = append(frames, frame{"sheet " + d.name, sc.frame})
	}
	names, err := filepath.Glob(filepath.Join("testdata", "rendered", "*", "*.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		t.Fatal("no rendered frames in testdata/rendered")
	}
	for _, n := range names {
		img := gocv.IMRead(n, gocv.IMReadColor)
		if img.Empty() {
			t.Fatalf("cannot read %s", n)
		}
		frames = append(frames, frame{filepath.Base(n), img})
		part := img.Region(image.Rect(img.Cols()/5, img.Rows()/4, img.Cols()/5+401, img.Rows()/4+333))
		frames = append(frames, frame{filepath.Base(n) + " region", part})
	}
	noise := gocv.NewMatWithSize(600, 800, gocv.MatTypeCV8UC1)
	gocv.RandU(&noise, gocv.NewScalar(0, 0, 0, 0), gocv.NewScalar(255, 0, 0, 0))
	blank := gocv.NewMatWithSize(300, 400, gocv.MatTypeCV8UC3)
	frames = append(frames, frame{"noise", noise}, frame{"blank", blank})

	markersSeen, squares := 0, 0
	for _, f := range frames {
		for _, s := range ownSettings {
			own := s.p
			own.Own = true
			wantMs, wantCs, err := DetectCandidates(f.img, s.p)
			if err != nil {
				t.Fatalf("%s, %s: %v", f.name, s.name, err)
			}
			gotMs, gotCs, err := DetectCandidates(f.img, own)
			if err != nil {
				t.Fatalf("%s, %s, own: %v", f.name, s.name, err)
			}
			if a, b := fmt.Sprint(gotMs), fmt.Sprint(wantMs); a != b {
				t.Errorf("%s, %s: own run found markers\n%s\nOpenCV\n%s", f.name, s.name, a, b)
			}
			if a, b := fmt.Sprint(gotCs), fmt.Sprint(wantCs); a != b {
				t.Errorf("%s, %s: own run left %d undecoded squares, OpenCV %d:\n%s\n%s", f.name, s.name, len(gotCs), len(wantCs), a, b)
			}
			markersSeen += len(wantMs)
			squares += len(wantCs)
		}
	}
	t.Logf("%d frames x %d settings: %d markers, %d undecoded squares, the same both ways", len(frames), len(ownSettings), markersSeen, squares)
	if markersSeen < 1000 || squares < 100 {
		t.Errorf("only %d markers and %d undecoded squares compared: the test proves little", markersSeen, squares)
	}
}
