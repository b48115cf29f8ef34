package codenames

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/jpeg"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"fieldkit/camera"
	"fieldkit/internal/scene"
	"fieldkit/keycards"
	"fieldkit/markers"
	"fieldkit/server"
	"fieldkit/server/servertest"

	"gocv.io/x/gocv"
)

// heldVideo is a camera.FrameSource reading a video file that, at its end, waits
// until the test lets it go: the camera loop stays on while the test looks.
type heldVideo struct {
	vc    *gocv.VideoCapture
	ended chan struct{}
	end   chan struct{}
	once  sync.Once
}

func (h *heldVideo) Read(m *gocv.Mat) bool {
	if h.vc.Read(m) && !m.Empty() {
		return true
	}
	h.once.Do(func() { close(h.ended) })
	<-h.end
	return false
}

// writeVideo writes frames of the given tables, each n times, as an MJPG .avi.
func writeVideo(t *testing.T, path string, cards dealt, n int, lays ...lay) {
	t.Helper()
	var vw *gocv.VideoWriter
	for k, l := range lays {
		sc := tableScene(t, cards, l, scene.Size1080p, int64(20+k), 2)
		if vw == nil {
			var err error
			if vw, err = gocv.VideoWriterFile(path, "MJPG", 30, sc.Frame.Cols(), sc.Frame.Rows(), true); err != nil {
				t.Fatalf("VideoWriterFile(MJPG): %v", err)
			}
		}
		for range n {
			vw.Write(sc.Frame)
		}
		sc.Close()
	}
	vw.Close()
}

// TestCameraLoop drives the camera loop with a video file in place of a
// webcam: the table with no token (the words are read), the guess token on
// one of A's agents (a guess), then the agent card laid on it (confirmed).
// The host sees the camera's frame and status, a new game takes the camera,
// and the host of the first game takes it back.
func TestCameraLoop(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a video")
	}
	ts := newTestServer(t, withScanner)
	d := testDeck(t)
	card, _ := keycards.ParseDuet(testKey)
	green := greens(card)[0]
	cards := deal(4)
	path := filepath.Join(t.TempDir(), "table.avi")
	writeVideo(t, path, cards, 4,
		lay{token: -1},
		lay{token: green},
		lay{token: -1, covers: map[int]int{green: markers.DuetAgentBase + 3}})

	g := ts.NewGame(t, `{"game":"duet","key":"`+testKey+`","deck":"`+d.Code()+`"}`)
	host := hostClient(t, g)
	api := ts.URL + "/api/games/" + g.ID
	status := func(c server.Created) server.CameraStatus {
		t.Helper()
		var st server.CameraStatus
		if r := host.get(ts.URL + "/h/" + servertest.HostToken(c) + "/camera"); r.code != 200 || json.Unmarshal(r.body, &st) != nil {
			t.Fatalf("camera status: %s", r)
		}
		return st
	}
	if r := host.postJSON(api+"/camera", ""); r.code != 409 {
		t.Errorf("taking the camera of a server without one = %s, want 409", r)
	}
	host.postJSON(api+"/events", `{"type":"clue","by":"a","word":"TREES","count":2}`)

	vc, err := gocv.VideoCaptureFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer vc.Close()
	src := &heldVideo{vc: vc, ended: make(chan struct{}), end: make(chan struct{})}
	done := make(chan error, 1)
	cam := camera.NewCamera(src)
	defer cam.Close()
	go func() { done <- ts.WatchCamera(context.Background(), cam, 3) }()
	select {
	case <-src.ended:
	case err := <-done:
		t.Fatalf("the camera loop ended early: %v", err)
	case <-time.After(time.Minute):
		t.Fatal("the camera loop did not read the video within a minute")
	}

	var st GameState
	json.Unmarshal(host.get(api).body, &st)
	if want := cards.words(d); st.State.Cells[0].Word != want[0] || st.State.Cells[24].Word != want[24] {
		t.Errorf("words after the camera saw the table: %q ... %q, want %q ... %q", st.State.Cells[0].Word, st.State.Cells[24].Word, want[0], want[24])
	}
	wantGuess := fmt.Sprintf(`{"type":"guess","cell":[%d,%d]}`, green/5, green%5)
	if st.Seq != 2 || string(st.History[1].Event) != wantGuess || !st.State.Cells[green].Covered {
		t.Errorf("after the token on %d: seq %d, history %+v", green, st.Seq, st.History)
	}
	if st.Scan == nil || st.Scan.Source != "camera" || len(st.Scan.Confirmed) != 1 || st.Scan.Confirmed[0] != [2]int{green / 5, green % 5} {
		t.Errorf("the camera's last report: %+v, want the agent card on %d confirmed", st.Scan, green)
	}
	if len(st.Warnings) != 0 {
		t.Errorf("warnings from a well-played table: %q", st.Warnings)
	}
	if cs := status(g); !cs.Camera || !cs.Watching || cs.Frames != 12 || cs.Read != 12 || !cs.View || cs.Seen != "read" || cs.SeenMsg != nil {
		t.Errorf("camera status = %+v, want 12 frames read, watching, a view", cs)
	}
	r := host.get(ts.URL + "/h/" + servertest.HostToken(g) + "/view.jpg")
	if img, err := jpeg.Decode(bytes.NewReader(r.body)); r.code != 200 || err != nil || img.Bounds().Dx() != 960 {
		t.Errorf("camera view: %d, %v", r.code, err)
	}

	// A new game at another table does not take the camera from a game
	// being played; its host takes it on purpose; the first game's host
	// takes it back.
	g2 := ts.NewGame(t, `{"game":"duet","lang":"none"}`)
	if cs := status(g); !cs.Watching {
		t.Errorf("a new game at another table took the camera from a game being played")
	}
	if r := hostClient(t, g2).postJSON(ts.URL+"/api/games/"+g2.ID+"/camera", ""); r.code != 200 || !status(g2).Watching {
		t.Errorf("the new game's host taking the camera: %s", r)
	}
	if r := host.postJSON(api+"/camera", ""); r.code != 200 {
		t.Errorf("taking the camera back: %s", r)
	}
	if cs, cs2 := status(g), status(g2); !cs.Watching || cs2.Watching {
		t.Errorf("after taking the camera back: first %+v, second %+v", cs, cs2)
	}

	close(src.end)
	if err := <-done; err != nil {
		t.Errorf("WatchCamera at the end of the video = %v, want nil", err)
	}
	if cs := status(g); cs.Camera {
		t.Errorf("camera status after the loop ended: %+v", cs)
	}
}
