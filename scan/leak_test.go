package scan

import (
	"bytes"
	"math/rand"
	"os/exec"
	"runtime/pprof"
	"testing"

	"fieldkit/markers"
	"gocv.io/x/gocv"
)

// matProfileName is the pprof profile in which gocv, built with -tags
// matprofile, records every Mat not yet closed.
const matProfileName = "gocv.io/x/gocv.Mat"

// TestNoMatLeak runs every path of this package's OpenCV code, errors
// included, and checks that every gocv Mat made on the way is closed again.
// gocv counts Mats only when built with -tags matprofile; in a normal
// `go test` this test runs itself again that way:
//
//	go test -tags matprofile -run '^TestNoMatLeak$' ./scan
func TestNoMatLeak(t *testing.T) {
	prof := pprof.Lookup(matProfileName)
	if prof == nil {
		if testing.Short() {
			t.Skip("gocv built without -tags matprofile; run: go test -tags matprofile -run '^TestNoMatLeak$' ./scan")
		}
		goTool, err := exec.LookPath("go")
		if err != nil {
			t.Skip("gocv built without -tags matprofile and no go command to rebuild it; run: go test -tags matprofile -run '^TestNoMatLeak$' ./scan")
		}
		out, err := exec.Command(goTool, "test", "-tags", "matprofile", "-run", "^TestNoMatLeak$", ".").CombinedOutput()
		if err != nil {
			t.Fatalf("go test -tags matprofile -run '^TestNoMatLeak$': %v\n%s", err, out)
		}
		t.Logf("go test -tags matprofile: %s", bytes.TrimSpace(out))
		return
	}

	before := prof.Count()
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

	if after := prof.Count(); after != before {
		var b bytes.Buffer
		prof.WriteTo(&b, 1)
		t.Errorf("%d gocv Mats left open (%d before, %d after); where they were made:\n%s", after-before, before, after, b.String())
	}
}
