package server

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	rules "fieldkit/engine/codenames"
	"fieldkit/scan"
	cnscan "fieldkit/scan/codenames"

	"gocv.io/x/gocv"
)

// The camera referee: a webcam on the server (`fieldkit serve --camera N`)
// watches the table of one game, the newest one started unless a host page
// takes the camera for its game. Frames go through scan's tracker; a change
// that holds over several frames is refereed like a photo (Observe). The
// host page shows the last frame with what the scanner saw drawn on it.

// FrameSource is where the camera loop reads frames: a webcam
// (*gocv.VideoCapture), or a video file in tests.
type FrameSource interface {
	// Read reads the next frame into m; false when there is none (the end
	// of a video, or a camera that stopped).
	Read(m *gocv.Mat) bool
}

// cameraState is the server's camera: the game it watches and the last
// frame kept for the camera view. Its lock is never held while a table's is.
type cameraState struct {
	mu     sync.Mutex
	on     bool     // a camera loop runs
	game   string   // the game the camera watches
	frame  gocv.Mat // a copy of a recent frame, for the view
	obs    cnscan.Observation
	deck   cnscan.Deck
	of     string // the game the kept frame was tracked for
	frames int    // frames read
	read   int    // frames with a readable grid
}

// hasFrame reports whether a frame tracked for game id is kept; the caller
// holds the lock.
func (c *cameraState) hasFrame(id string) bool {
	return c.of == id && c.frame.Ptr() != nil && !c.frame.Empty()
}

// viewEvery is how often the camera loop keeps a copy of a frame for the
// camera view; the host page refreshes it about once a second.
const viewEvery = 200 * time.Millisecond

// WatchCamera runs the camera loop: it reads frames from src until src ends
// (it then returns nil), ctx is done or the server closes, tracks the table
// of the game the camera watches, and referees every change that holds over
// hold consecutive frames (0 means 3; a webcam at 30 frames a second wants
// about 10, so that a token carried across the grid does not count). Only
// one loop may run at a time.
func (s *Server) WatchCamera(ctx context.Context, src FrameSource, hold int) error {
	s.cam.mu.Lock()
	if s.cam.on {
		s.cam.mu.Unlock()
		return errors.New("a camera is already watching this server's tables")
	}
	s.cam.on = true
	s.cam.frame = gocv.NewMat()
	s.cam.frames, s.cam.read, s.cam.of = 0, 0, ""
	if s.cam.game == "" {
		s.cam.game = s.newestPlaying(ctx)
	}
	s.cam.mu.Unlock()
	defer func() {
		s.cam.mu.Lock()
		s.cam.on = false
		s.cam.frame.Close()
		s.cam.frame = gocv.Mat{}
		s.cam.mu.Unlock()
	}()
	frame := gocv.NewMat()
	defer frame.Close()
	var (
		watching string
		tr       *cnscan.Tracker
		d        cnscan.Deck
		kept     time.Time
	)
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-s.done:
			return nil
		default:
		}
		if !src.Read(&frame) || frame.Empty() {
			return nil
		}
		s.cam.mu.Lock()
		id := s.cam.game
		s.cam.mu.Unlock()
		if id != watching {
			watching, tr, d = id, nil, nil
			if t, err := s.table(ctx, id); err == nil {
				d = scanDeck(t.deck)
				tr = cnscan.NewTracker(&cnscan.Scanner{Deck: d})
				tr.Hold = hold
				s.Logf("camera: watching game %s", id)
			}
		}
		var obs cnscan.Observation
		var changes []cnscan.Change
		if tr != nil {
			var err error
			obs, changes, err = tr.Observe(frame)
			if err != nil && !errors.Is(err, scan.ErrImage) {
				return err
			}
		}
		now := time.Now()
		keep := now.Sub(kept) >= viewEvery
		if keep {
			kept = now
		}
		s.cam.mu.Lock()
		s.cam.frames++
		if obs.OK {
			s.cam.read++
		}
		if keep {
			frame.CopyTo(&s.cam.frame)
			s.cam.obs, s.cam.deck, s.cam.of = obs, d, watching
		}
		s.cam.mu.Unlock()
		if len(changes) == 0 {
			continue
		}
		rep, err := s.Observe(ctx, watching, tr.Reading(), "camera")
		if err != nil {
			s.Logf("camera: game %s: %v", watching, err)
			continue
		}
		for _, e := range rep.Events {
			s.Logf("camera: game %s: %s", watching, e)
		}
		for _, w := range rep.Warnings {
			s.Logf("camera: game %s: warning: %s", watching, w)
		}
	}
}

// newestPlaying returns the id of the newest game still being played, or "".
func (s *Server) newestPlaying(ctx context.Context) string {
	list, err := s.Store.games(ctx, 20)
	if err != nil {
		return ""
	}
	for _, g := range list {
		t, err := s.table(ctx, g.ID)
		if err != nil {
			continue
		}
		if v := t.snapshot().sess.View(); v.Status == "playing" || v.Status == "sudden_death" {
			return g.ID
		}
	}
	return ""
}

// watchWithCamera makes the camera watch game id (from the next frame on).
func (s *Server) watchWithCamera(id string) {
	s.cam.mu.Lock()
	s.cam.game = id
	s.cam.mu.Unlock()
}

// CameraStatus is the body of GET /h/{token}/camera: whether the server has
// a camera and whether it watches this game.
type CameraStatus struct {
	Camera   bool `json:"camera"`   // a camera loop runs
	Watching bool `json:"watching"` // it watches this game
	Frames   int  `json:"frames"`   // frames read since it started
	Read     int  `json:"read"`     // of which the grid was readable
	// Grid is what the scanner made of the last frame kept: "read", or why not.
	Grid string `json:"grid,omitempty"`
	// View says whether GET /h/{token}/view.jpg has a picture for this game.
	View bool `json:"view"`
}

// cameraStatus: GET /h/{token}/camera (host).
func (s *Server) cameraStatus(w http.ResponseWriter, r *http.Request) {
	t, ok := s.hostByToken(w, r)
	if !ok {
		return
	}
	s.cam.mu.Lock()
	st := CameraStatus{Camera: s.cam.on, Watching: s.cam.on && s.cam.game == t.id, Frames: s.cam.frames, Read: s.cam.read}
	if st.Watching && s.cam.hasFrame(t.id) {
		st.View = true
		st.Grid = "read"
		if !s.cam.obs.OK {
			st.Grid = s.cam.obs.Reason
		}
	}
	s.cam.mu.Unlock()
	if !st.View {
		st.View = t.hasPicture()
	}
	writeJSON(w, http.StatusOK, st)
}

// postCamera: POST /api/games/{id}/camera (host) makes the camera watch this game.
func (s *Server) postCamera(w http.ResponseWriter, r *http.Request) {
	t, ok := s.hostOf(w, r)
	if !ok {
		return
	}
	s.cam.mu.Lock()
	on := s.cam.on
	s.cam.mu.Unlock()
	if !on {
		writeError(w, http.StatusConflict, "this server has no camera: start it with `fieldkit serve --camera N`, or send photos")
		return
	}
	s.watchWithCamera(t.id)
	s.Logf("camera: the host of game %s takes the camera", t.id)
	writeJSON(w, http.StatusOK, map[string]string{"watching": t.id})
}

// viewSide is the largest side of the camera view image, in pixels.
const viewSide = 960

// cameraView: GET /h/{token}/view.jpg (host), what the scanner saw: the
// camera's last frame when it watches this game, else the last photo
// scanned. The image shows only what lies on the table.
func (s *Server) cameraView(w http.ResponseWriter, r *http.Request) {
	t, ok := s.hostByToken(w, r)
	if !ok {
		return
	}
	var b []byte
	var err error
	s.cam.mu.Lock()
	if s.cam.on && s.cam.game == t.id && s.cam.hasFrame(t.id) {
		b, err = annotatedJPEG(s.cam.frame, &s.cam.obs, s.cam.deck, viewSide)
	}
	s.cam.mu.Unlock()
	if b == nil && err == nil {
		b, err = t.pictureJPEG()
	}
	switch {
	case err != nil:
		writeError(w, http.StatusInternalServerError, "drawing the camera view: %v", err)
	case b == nil:
		writeError(w, http.StatusNotFound, "nothing scanned yet for game %s: send a photo, or start the server with --camera N", t.id)
	default:
		w.Header().Set("Content-Type", "image/jpeg")
		w.Header().Set("Cache-Control", "no-store")
		w.Write(b)
	}
}

// hostByToken finds the game of a host link's {token}, or answers 404.
func (s *Server) hostByToken(w http.ResponseWriter, r *http.Request) (*table, bool) {
	t, seat, err := s.tableByToken(r.Context(), r.PathValue("token"))
	if err != nil || seat != rules.Nobody {
		writeError(w, http.StatusNotFound, "no game with this host link")
		return nil, false
	}
	return t, true
}

// hasPicture reports whether the table has a scanned photo to show.
func (t *table) hasPicture() bool {
	t.picMu.Lock()
	defer t.picMu.Unlock()
	return t.pic != nil || t.picJPEG != nil
}

// setPicture keeps pic as the table's last scanned photo and draws it in
// the background: once drawn (about 100 kB), the photo itself (up to 32 MB)
// is let go, so that a server with many tables holds little.
func (t *table) setPicture(pic Picture) {
	t.picMu.Lock()
	t.picGen++
	gen := t.picGen
	t.pic, t.picJPEG = pic, nil
	t.picMu.Unlock()
	go func() {
		b, err := pic.JPEG(viewSide)
		t.picMu.Lock()
		defer t.picMu.Unlock()
		if err == nil && t.picGen == gen && t.picJPEG == nil {
			t.pic, t.picJPEG = nil, b
		}
	}()
}

// pictureJPEG returns the last scanned photo, annotated, or nil.
func (t *table) pictureJPEG() ([]byte, error) {
	t.picMu.Lock()
	defer t.picMu.Unlock()
	if t.picJPEG == nil && t.pic != nil {
		b, err := t.pic.JPEG(viewSide)
		if err != nil {
			return nil, err
		}
		t.pic, t.picJPEG = nil, b
	}
	return t.picJPEG, nil
}
