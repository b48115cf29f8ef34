package server

import (
	"context"
	"errors"
	"fieldkit/catalog"
	"net/http"
	"sync"
)

// The camera: a webcam on the server (`fieldkit serve --camera N`) watches
// one table, the one that started a game last unless a host page takes the
// camera. Frames go to the Watcher of the table's current game (its family
// tracks the table over frames); a change that holds is refereed like a
// photo. The host page shows the last frame with what was seen drawn on it.

// cameraState is the server's camera: the table it watches and the watcher
// of that table's current game. Its lock is never held while a table's is.
type cameraState struct {
	mu       sync.Mutex
	on       bool    // a camera loop runs
	table    string  // the table the camera watches
	watcher  Watcher // of the game watching, or nil
	watching string  // the game the watcher follows
	frames   int     // frames read
	read     int     // frames in which the watcher could read the table
}

// ViewSide is the largest side of the camera view and photo pictures, in
// pixels: what a reader keeps of a photo for its Picture.
const ViewSide = 960

// WatchCamera runs the camera loop: it reads frames from cam until cam ends
// (it then returns nil), ctx is done or the server closes, and hands each
// frame to the watcher of the current game of the table the camera watches;
// a change that held over hold consecutive frames (0 means 3; a webcam at 30
// frames a second wants about 10) is refereed. Only one loop may run.
func (s *Server) WatchCamera(ctx context.Context, cam Camera, hold int) error {
	s.cam.mu.Lock()
	if s.cam.on {
		s.cam.mu.Unlock()
		return errors.New("a camera is already watching this server's tables")
	}
	s.cam.on = true
	s.cam.frames, s.cam.read = 0, 0
	if s.cam.table == "" {
		s.cam.table = s.newestPlaying(ctx)
	}
	s.cam.mu.Unlock()
	defer func() {
		s.cam.mu.Lock()
		s.cam.on = false
		if s.cam.watcher != nil {
			s.cam.watcher.Close()
		}
		s.cam.watcher, s.cam.watching = nil, ""
		s.cam.mu.Unlock()
	}()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-s.done:
			return nil
		default:
		}
		f, ok := cam.Next()
		if !ok {
			return nil
		}
		s.cam.mu.Lock()
		tid := s.cam.table
		s.cam.mu.Unlock()
		var t *table
		var game *gameState
		if tid != "" {
			if tt, err := s.table(ctx, tid); err == nil {
				t, game = tt, tt.snapshot().game
			}
		}
		s.cam.mu.Lock()
		if game == nil || game.stored.ID != s.cam.watching {
			if s.cam.watcher != nil {
				s.cam.watcher.Close()
			}
			s.cam.watcher, s.cam.watching = nil, ""
			if game != nil {
				if wg, ok := game.game.(Watchable); ok {
					s.cam.watcher, s.cam.watching = wg.Watch(hold), game.stored.ID
					s.Logf("camera: watching game %s at table %s", game.stored.ID, tid)
				}
			}
		}
		var sight Sight
		var err error
		if s.cam.watcher != nil {
			sight, err = s.cam.watcher.See(f)
		}
		s.cam.frames++
		if s.cam.watcher != nil && s.cam.watcher.Seen().Read {
			s.cam.read++
		}
		gameID := s.cam.watching
		s.cam.mu.Unlock()
		if err != nil {
			return err
		}
		if sight == nil || t == nil {
			continue
		}
		var report any
		if _, err := t.update(ctx, s.Store, referee(gameID, sight, "camera", "", s.Now(), &report)); err != nil {
			s.Logf("camera: game %s: %v", gameID, err)
			continue
		}
		s.Logf("camera: game %s: %s", gameID, mustJSON(report))
	}
}

// newestPlaying returns the id of the newest table whose game is still being
// played, or "".
func (s *Server) newestPlaying(ctx context.Context) string {
	list, err := s.Store.games(ctx, 20)
	if err != nil {
		return ""
	}
	for _, g := range list {
		t, err := s.table(ctx, g.Table)
		if err != nil {
			continue
		}
		if st := t.snapshot(); st.game != nil && st.game.game.Playing() {
			return t.id
		}
	}
	return ""
}

// offerCamera makes the camera watch table id, which started a game, unless
// it watches another table whose game is still being played: a stranger's
// new game does not take the camera from the table it looks at. (The host
// of a table takes it on purpose with POST /api/tables/{id}/camera.)
func (s *Server) offerCamera(ctx context.Context, id string) {
	s.cam.mu.Lock()
	cur := s.cam.table
	s.cam.mu.Unlock()
	if cur != "" && cur != id {
		if t, err := s.table(ctx, cur); err == nil {
			if st := t.snapshot(); st.game != nil && st.game.game.Playing() {
				return
			}
		}
	}
	s.watchWithCamera(id)
}

// watchWithCamera makes the camera watch table id (from the next frame on).
func (s *Server) watchWithCamera(id string) {
	s.cam.mu.Lock()
	s.cam.table = id
	s.cam.mu.Unlock()
}

// CameraStatus is the body of GET /h/{token}/camera: whether the server has
// a camera and whether it watches this table.
type CameraStatus struct {
	Camera   bool `json:"camera"`   // a camera loop runs
	Watching bool `json:"watching"` // it watches this table
	Frames   int  `json:"frames"`   // frames read since it started
	Read     int  `json:"read"`     // of which the table was readable
	// Seen is what the last frame kept showed: "read", or why the game's
	// reader did not read the table (Seen.Status).
	Seen string `json:"seen,omitempty"`
	// SeenMsg is why the table is not read, as a message of the catalog,
	// when Seen is neither "read" nor "".
	SeenMsg *catalog.Msg `json:"seen_msg,omitempty"`
	// View says whether GET /h/{token}/view.jpg has a picture for this table.
	View bool `json:"view"`
}

// cameraStatus: GET /h/{token}/camera (host).
func (s *Server) cameraStatus(w http.ResponseWriter, r *http.Request) {
	t, ok := s.hostByToken(w, r)
	if !ok {
		return
	}
	s.cam.mu.Lock()
	st := CameraStatus{Camera: s.cam.on, Watching: s.cam.on && s.cam.table == t.id, Frames: s.cam.frames, Read: s.cam.read}
	if st.Watching && s.cam.watcher != nil {
		seen := s.cam.watcher.Seen()
		st.Seen, st.View = seen.Status(), seen.Kept
		if seen.Kept && !seen.Read && seen.Why.ID != "" {
			m := seen.Why
			st.SeenMsg = &m
		}
	}
	s.cam.mu.Unlock()
	if !st.View {
		st.View = t.hasPicture()
	}
	WriteJSON(w, http.StatusOK, st)
}

// postCamera: POST /api/games/{id}/camera (host) makes the camera watch the
// game's table.
func (s *Server) postCamera(w http.ResponseWriter, r *http.Request) {
	t, ok := s.hostOf(w, r)
	if !ok {
		return
	}
	s.takeCamera(w, t)
}

// postTableCamera: POST /api/tables/{id}/camera (host).
func (s *Server) postTableCamera(w http.ResponseWriter, r *http.Request) {
	t, ok := s.hostOfTable(w, r)
	if !ok {
		return
	}
	s.takeCamera(w, t)
}

func (s *Server) takeCamera(w http.ResponseWriter, t *table) {
	s.cam.mu.Lock()
	on := s.cam.on
	s.cam.mu.Unlock()
	if !on {
		WriteSaid(w, http.StatusConflict, catalog.M("server.no_camera"), "this server has no camera: start it with `fieldkit serve --camera N`, or send photos")
		return
	}
	s.watchWithCamera(t.id)
	s.Logf("camera: the host of table %s takes the camera", t.id)
	WriteJSON(w, http.StatusOK, map[string]string{"watching": t.id})
}

// cameraView: GET /h/{token}/view.jpg (host), what the scanner saw: the
// camera's last frame when it watches this table, else the last photo
// scanned of the current game.
func (s *Server) cameraView(w http.ResponseWriter, r *http.Request) {
	t, ok := s.hostByToken(w, r)
	if !ok {
		return
	}
	var b []byte
	var err error
	s.cam.mu.Lock()
	if s.cam.on && s.cam.table == t.id && s.cam.watcher != nil && s.cam.watcher.Seen().Kept {
		b, err = s.cam.watcher.View(s.langOf(r, t.language()), ViewSide)
	}
	s.cam.mu.Unlock()
	if b == nil && err == nil {
		b, err = t.pictureJPEG()
	}
	switch {
	case err != nil:
		WriteSaid(w, http.StatusInternalServerError, catalog.M("server.view_failed"), "drawing the camera view: %v", err)
	case b == nil:
		WriteSaid(w, http.StatusNotFound, catalog.M("server.nothing_scanned"), "nothing scanned yet at table %s: send a photo, or start the server with --camera N", t.id)
	default:
		w.Header().Set("Content-Type", "image/jpeg")
		w.Header().Set("Cache-Control", "no-store")
		w.Write(b)
	}
}

// hostByToken finds the table of a host link's {token}, or answers 404.
func (s *Server) hostByToken(w http.ResponseWriter, r *http.Request) (*table, bool) {
	t, seat, err := s.tableByToken(r.Context(), r.PathValue("token"))
	if err != nil || seat != 0 {
		WriteSaid(w, http.StatusNotFound, catalog.M("server.no_host_link"), "no table with this host link")
		return nil, false
	}
	return t, true
}

// hasPicture reports whether the table has a scanned photo of its current
// game to show.
func (t *table) hasPicture() bool {
	cur := t.snapshot().game
	t.picMu.Lock()
	defer t.picMu.Unlock()
	return (t.pic != nil || t.picJPEG != nil) && cur != nil && t.picGame == cur.stored.ID
}

// setPicture keeps pic as the table's last scanned photo of game and draws it
// in the background: once drawn (about 100 kB), the picture (a reader keeps
// a copy of the photo scaled to ViewSide, about 2 MB) is let go, so that a
// server with many tables holds little.
func (t *table) setPicture(game string, pic Picture) {
	t.picMu.Lock()
	t.picGen++
	gen := t.picGen
	t.pic, t.picJPEG, t.picGame = pic, nil, game
	t.picMu.Unlock()
	go func() {
		b, err := pic.JPEG(catalog.Lang(t.language()), ViewSide)
		t.picMu.Lock()
		defer t.picMu.Unlock()
		if err == nil && t.picGen == gen && t.picJPEG == nil {
			t.pic, t.picJPEG = nil, b
		}
	}()
}

// pictureJPEG returns the last scanned photo of the current game, annotated,
// or nil.
func (t *table) pictureJPEG() ([]byte, error) {
	if !t.hasPicture() {
		return nil, nil
	}
	t.picMu.Lock()
	defer t.picMu.Unlock()
	if t.picJPEG == nil && t.pic != nil {
		b, err := t.pic.JPEG(catalog.Lang(t.language()), ViewSide)
		if err != nil {
			return nil, err
		}
		t.pic, t.picJPEG = nil, b
	}
	return t.picJPEG, nil
}
