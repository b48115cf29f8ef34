package codenames

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"

	"fieldkit/camera"
	"fieldkit/internal/matleak"
	"fieldkit/internal/scene"
	"fieldkit/keycards"
	"fieldkit/server/servertest"

	"gocv.io/x/gocv"
)

// TestServerNoMatLeak runs the server's OpenCV paths (photo scans, refused
// and broken photos, the camera view of a photo, the camera loop with its
// view) and checks with matleak that every gocv Mat made on the way is closed
// again. gocv counts Mats only when built with -tags matprofile: in a normal
// `go test` this test skips, and `make test-long` runs it in that build.
func TestServerNoMatLeak(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and scans photos")
	}
	var photos [][]byte
	video := filepath.Join(t.TempDir(), "table.avi")
	// Everything rendered first, outside the count: the scene generator keeps faces.
	render := func() {
		card, _ := keycards.ParseDuet(testKey)
		green := greens(card)[0]
		cards := deal(6)
		photos = [][]byte{
			photo(t, cards, lay{token: -1}, scene.Size1080p, 41),
			fewCardsPhoto(t),
			photo(t, cards, lay{token: green}, scene.Size1080p, 42)[:30000],
		}
		writeVideo(t, video, cards, 3, lay{token: -1}, lay{token: green})
	}
	matleak.CheckAfter(t, render, func() { scanCameraAndView(t, photos, video) })
}

// scanCameraAndView scans photos, shows the camera view of the last, and runs
// the camera loop over video with its view.
func scanCameraAndView(t *testing.T, photos [][]byte, video string) {
	ts := newTestServer(t, withScanner)
	g := ts.NewGame(t, `{"game":"duet","key":"`+testKey+`","deck":"`+testDeck(t).Code()+`"}`)
	host := hostClient(t, g)
	api := ts.URL + "/api/games/" + g.ID
	view := ts.URL + "/h/" + servertest.HostToken(g) + "/view.jpg"
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
	cam := camera.NewCamera(src)
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
}
