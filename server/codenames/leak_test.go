package codenames

import (
	"bytes"
	"context"
	"path/filepath"
	"runtime/pprof"
	"testing"
	"time"

	"fieldkit/internal/matleak"
	"fieldkit/keycards"
	"fieldkit/scan/scene"
	"fieldkit/server/servertest"

	"gocv.io/x/gocv"
)

// TestServerNoMatLeak runs the server's OpenCV paths (photo scans, refused
// and broken photos, the camera view of a photo, the camera loop with its
// view) and checks that every gocv Mat made on the way is closed again. gocv
// counts Mats only when built with -tags matprofile; in a normal `go test`
// this test skips, and `make test-long` runs it in that build:
//
//	go test -tags matprofile -run '^TestServerNoMatLeak$' ./server/codenames
func TestServerNoMatLeak(t *testing.T) {
	prof := pprof.Lookup("gocv.io/x/gocv.Mat")
	if prof == nil {
		t.Skip(matleak.Skipped(t.Name()))
	}
	// Everything rendered first: the scene generator keeps faces.
	card, _ := keycards.ParseDuet(testKey)
	green := greens(card)[0]
	cards := deal(6)
	photos := [][]byte{
		photo(t, cards, lay{token: -1}, scene.Size1080p, 41),
		fewCardsPhoto(t),
		photo(t, cards, lay{token: green}, scene.Size1080p, 42)[:30000],
	}
	video := filepath.Join(t.TempDir(), "table.avi")
	writeVideo(t, video, cards, 3, lay{token: -1}, lay{token: green})

	before := prof.Count()
	ts := newTestServer(t, func(f *Family) { f.Scanner = NewPhotoScanner(1) })
	g := ts.newGame(t, `{"game":"duet","key":"`+testKey+`","deck":"`+testDeck(t).Code()+`"}`)
	host := hostClient(t, g)
	api := ts.url + "/api/games/" + g.ID
	view := ts.url + "/h/" + servertest.HostToken(g) + "/view.jpg"
	for _, p := range photos {
		scanned(t, host, api+"/scan", p)
	}
	if r := host.get(view); r.code != 200 {
		t.Fatalf("camera view of the photo: %s", r)
	}
	host.postJSON(api+"/events", `{"type":"clue","by":"a","word":"TREES","count":2}`)
	vc, err := gocv.VideoCaptureFile(video)
	if err != nil {
		t.Fatal(err)
	}
	src := &heldVideo{vc: vc, ended: make(chan struct{}), end: make(chan struct{})}
	done := make(chan error, 1)
	cam := NewCamera(src)
	defer cam.Close()
	go func() { done <- ts.WatchCamera(context.Background(), cam, 3) }()
	<-src.ended
	if r := host.get(view); r.code != 200 {
		t.Errorf("camera view of a frame: %s", r)
	}
	close(src.end)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	cam.Close()
	vc.Close()
	if st := host.get(api); !bytes.Contains(st.body, []byte(`"type":"guess"`)) {
		t.Errorf("the camera loop made no guess: %s", st)
	}
	// The background drawing of the last photo may still run.
	deadline := time.Now().Add(10 * time.Second)
	for prof.Count() != before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := prof.Count(); n != before {
		var b bytes.Buffer
		prof.WriteTo(&b, 1)
		t.Errorf("%d Mats were made and not closed:\n%s", n-before, b.Bytes()[:min(b.Len(), 4000)])
	}
}
