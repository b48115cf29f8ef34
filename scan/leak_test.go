package scan

import (
	"image"
	"math/rand"
	"testing"

	"fieldkit/internal/matleak"
	"fieldkit/markers"

	"gocv.io/x/gocv"
)

// TestNoMatLeak runs every path of this package's OpenCV code, errors
// included (detection, the dictionary, image decoding, annotation), and
// checks that every gocv Mat made on the way is closed again (package
// matleak):
//
//	go test -tags matprofile -run '^TestNoMatLeak$' ./scan
func TestNoMatLeak(t *testing.T) {
	matleak.Check(t, func() { leakDetect(t) })
}

// leakDetect detects markers in gray and colour frames, draws markers,
// decodes whole and cut JPEGs and annotates a frame.
func leakDetect(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	ids := rng.Perm(markers.Count)[:25]
	for _, d := range []degradation{{name: "gray", rotate: 180, tilt: 30}, {name: "bgr", rotate: 90, jpeg: 50, bgr: true}} {
		sc := makeScene(t, rng, drawSheet(t, cardsLayout, ids), d)
		code := gocv.ColorGrayToBGRA
		if d.bgr {
			code = gocv.ColorBGRToBGRA
		}
		bgra := gocv.NewMat()
		gocv.CvtColor(sc.frame, &bgra, code)
		for _, img := range []gocv.Mat{sc.frame, bgra} {
			for _, s := range detectorSettings {
				got, err := DetectMarkers(img, s.p)
				if err != nil || len(got) == 0 {
					t.Errorf("%s, %s: DetectMarkers = %d markers, %v; want markers", d.name, s.name, len(got), err)
				}
			}
		}
		bgra.Close()
		sc.frame.Close()
	}
	// Error paths.
	empty := gocv.NewMat()
	wrong := gocv.NewMatWithSize(32, 32, gocv.MatTypeCV32F)
	tiny := gocv.NewMatWithSize(1, 1, gocv.MatTypeCV8U)
	for _, m := range []gocv.Mat{empty, wrong, tiny} {
		if _, err := DetectMarkers(m, TunedParams()); err == nil {
			t.Error("DetectMarkers on a bad image: no error")
		}
	}
	empty.Close()
	wrong.Close()
	tiny.Close()
	// The dictionary.
	for _, id := range []int{0, 999, 1000} {
		DictionaryBits(id)
		if m, err := drawMarker(id, 7); err == nil {
			m.Close()
		}
	}

	// Decoding and annotation.
	sc := makeScene(t, rng, drawSheet(t, cardsLayout, ids), degradation{name: "jpeg", rotate: 30})
	defer sc.frame.Close()
	buf, err := gocv.IMEncode(gocv.JPEGFileExt, sc.frame)
	if err != nil {
		t.Fatal(err)
	}
	data := append([]byte(nil), buf.GetBytes()...)
	buf.Close()
	for _, b := range [][]byte{data, data[:len(data)/2], nil} {
		if m, err := DecodeImage(b, false); err == nil {
			ann, err := BGRCopy(m)
			if err != nil {
				t.Fatal(err)
			}
			if err := DrawText(&ann, image.Pt(10, 40), "ŻÓŁW", LabelText, LabelOutline, 21, 2); err != nil {
				t.Error(err)
			}
			ann.Close()
			m.Close()
		}
	}
	if _, err := BGRCopy(gocv.Mat{}); err == nil {
		t.Error("BGRCopy(empty Mat): no error")
	}
}
