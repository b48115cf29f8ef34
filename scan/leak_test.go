package scan

import (
	"bytes"
	"context"
	"image"
	"math/rand"
	"os/exec"
	"path/filepath"
	"runtime/pprof"
	"testing"

	"fieldkit/deck"
	"fieldkit/markers"
	scn "fieldkit/scan/scene"
	"fieldkit/wordlists"

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

	// The scanner: two passes, annotation, a refusal, image decoding, a
	// video through the tracker.
	leakScanner(t)

	if after := prof.Count(); after != before {
		var b bytes.Buffer
		prof.WriteTo(&b, 1)
		t.Errorf("%d gocv Mats left open (%d before, %d after); where they were made:\n%s", after-before, before, after, b.String())
	}
}

// leakScanner runs Scan, Annotate, DecodeImage and a tracked video.
func leakScanner(t *testing.T) {
	l, err := wordlists.Builtin("en")
	if err != nil {
		t.Fatal(err)
	}
	d, err := deck.New(l.Name, l.Lang, l.Words, 3)
	if err != nil {
		t.Fatal(err)
	}
	g := scn.NewGenerator(d)
	defer g.Close()
	s := &Scanner{Deck: FromDeck(d)}
	p := scn.Params{Seed: 2, Size: scn.Size1080p, Fill: 0.95, Tilt: 25, Gap: 8, Covers: 3, Guess: true, Hand: true, JPEG: 70}
	sc, err := g.Scene(p)
	if err != nil {
		t.Fatal(err)
	}
	defer sc.Close()
	for _, small := range []bool{false, true} {
		img := sc.Frame
		if small {
			img = gocv.NewMat()
			defer img.Close()
			gocv.Resize(sc.Frame, &img, image.Pt(640, 360), 0, 0, gocv.InterpolationArea)
		}
		obs, err := s.Scan(img)
		if err != nil {
			t.Fatal(err)
		}
		ann, err := Annotate(img, &obs, s.Deck)
		if err != nil {
			t.Fatal(err)
		}
		ann.Close()
	}
	if _, err := Annotate(gocv.Mat{}, &Observation{}, nil); err == nil {
		t.Error("Annotate(empty Mat): no error")
	}
	buf, err := gocv.IMEncode(gocv.JPEGFileExt, sc.Frame)
	if err != nil {
		t.Fatal(err)
	}
	data := append([]byte(nil), buf.GetBytes()...)
	buf.Close()
	for _, b := range [][]byte{data, data[:len(data)/2], nil} {
		if m, err := DecodeImage(b, false); err == nil {
			m.Close()
		}
	}
	path := filepath.Join(t.TempDir(), "clip.avi")
	vw, err := gocv.VideoWriterFile(path, "MJPG", 30, sc.Frame.Cols(), sc.Frame.Rows(), true)
	if err != nil {
		t.Fatal(err)
	}
	for range 4 {
		vw.Write(sc.Frame)
	}
	vw.Close()
	vc, err := gocv.VideoCaptureFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer vc.Close()
	n := 0
	if err := Watch(context.Background(), vc, NewTracker(s), func(Observation, []Change) error { n++; return nil }); err != nil || n != 4 {
		t.Errorf("Watch = %v after %d frames, want 4 frames", err, n)
	}
}
