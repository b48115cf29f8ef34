package codenames

import (
	"context"
	"image"
	"path/filepath"
	"testing"

	"fieldkit/deck"
	"fieldkit/internal/matleak"
	scn "fieldkit/internal/scene"
	"fieldkit/wordlists"

	"gocv.io/x/gocv"
)

// TestNoMatLeak runs every path of this package's OpenCV code (two
// detection passes, annotation, a refusal, a tracked video) and checks that
// every gocv Mat made on the way is closed again (package matleak):
//
//	go test -tags matprofile -run '^TestNoMatLeak$' ./scan/codenames
func TestNoMatLeak(t *testing.T) {
	matleak.Check(t, func() { leakScanner(t) })
}

// leakScanner runs Scan (both passes), Annotate and a tracked video.
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
		ann, err := Annotate(img, &obs, s.Deck, "pl")
		if err != nil {
			t.Fatal(err)
		}
		ann.Close()
	}
	if _, err := Annotate(gocv.Mat{}, &Observation{}, nil, "pl"); err == nil {
		t.Error("Annotate(empty Mat): no error")
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
