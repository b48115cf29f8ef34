package server

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fieldkit/catalog"
	"fmt"
	"image"
	_ "image/jpeg" // photos from phones
	_ "image/png"  // screenshots and generated scenes
	"io"
	"mime"
	"net/http"
	"time"
)

// Upload limits: a 12 MP phone JPEG is 3-8 MB.
const (
	maxUpload = 32 << 20
	maxPixels = 50_000_000
)

// Errors a game's photo reader wraps (test with errors.Is) when it cannot
// read a photo's bytes, which the upload gate (readPhoto) let through; the
// server answers each alike for every game (photoStatus).
var (
	// ErrPhotoTooLarge is a photo with too many pixels to decode: 413.
	ErrPhotoTooLarge = errors.New("the photo is too large to read")
	// ErrPhotoBytes is a photo whose bytes are no whole JPEG or PNG
	// image (empty, another format, cut short): 400.
	ErrPhotoBytes = errors.New("the photo is no readable image")
	// ErrNoReader is a photo sent to a server started without the
	// game's reader: 501.
	ErrNoReader = errors.New("this server has no scanner")
)

// photoStatus is the one mapping of a photo reader's errors to HTTP
// statuses, for every game: 413, 400 and 501 for the errors above, 0 for
// any other error (the game's family then says).
func photoStatus(err error) int {
	switch {
	case errors.Is(err, ErrPhotoTooLarge):
		return http.StatusRequestEntityTooLarge
	case errors.Is(err, ErrPhotoBytes):
		return http.StatusBadRequest
	case errors.Is(err, ErrNoReader):
		return http.StatusNotImplemented
	}
	return 0
}

// uploadError is a bad upload: an HTTP status and a message for the person.
type uploadError struct {
	code int
	msg  string
	say  catalog.Msg
}

func (e *uploadError) Error() string { return e.msg }

// readPhoto reads an uploaded photo: the request body itself (Content-Type
// image/jpeg or image/png) or the first file of a multipart form. It checks
// the size, the real type (from the bytes, not the header) and the image's
// dimensions before anything decodes the pixels.
func readPhoto(w http.ResponseWriter, r *http.Request) ([]byte, image.Config, error) {
	r.Body = http.MaxBytesReader(w, r.Body, maxUpload)
	var body io.Reader = r.Body
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt == "multipart/form-data" {
		mr, err := r.MultipartReader()
		if err != nil {
			return nil, image.Config{}, &uploadError{http.StatusBadRequest, "the form is malformed: " + err.Error(), catalog.M("server.upload_form")}
		}
		_ = params
		for {
			p, err := mr.NextPart()
			if err != nil {
				return nil, image.Config{}, uploadFailure(err, "the form has no photo: send the image as a file field named \"image\"", "server.upload_no_photo")
			}
			if p.FileName() != "" || p.FormName() == "image" {
				body = p
				break
			}
		}
	}
	data, err := io.ReadAll(body)
	if err != nil {
		return nil, image.Config{}, uploadFailure(err, "reading the upload", "server.upload_read")
	}
	if len(data) == 0 {
		return nil, image.Config{}, &uploadError{http.StatusBadRequest, "the upload is empty: send a JPEG or PNG photo of the table", catalog.M("server.upload_empty")}
	}
	switch t := http.DetectContentType(data); t {
	case "image/jpeg", "image/png":
	default:
		return nil, image.Config{}, &uploadError{http.StatusUnsupportedMediaType, fmt.Sprintf("the upload is %s, not a photo: send a JPEG or PNG image", t), catalog.M("server.upload_type", "type", t)}
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, image.Config{}, &uploadError{http.StatusBadRequest, fmt.Sprintf("the image cannot be read (%v); is the file complete?", err), catalog.M("server.upload_image")}
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, image.Config{}, &uploadError{http.StatusBadRequest, fmt.Sprintf("the %s image is %d x %d pixels", format, cfg.Width, cfg.Height), catalog.M("server.upload_image")}
	}
	if px := int64(cfg.Width) * int64(cfg.Height); px > maxPixels {
		return nil, image.Config{}, &uploadError{http.StatusRequestEntityTooLarge,
			fmt.Sprintf("the image is %d x %d = %.0f megapixels; fieldkit reads photos up to %d megapixels: take a smaller photo", cfg.Width, cfg.Height, float64(px)/1e6, maxPixels/1_000_000),
			catalog.M("server.upload_pixels", "n", int(px/1_000_000), "max", maxPixels/1_000_000)}
	}
	return data, cfg, nil
}

func uploadFailure(err error, what, id string) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return &uploadError{http.StatusRequestEntityTooLarge, fmt.Sprintf("the upload is over %d MB: send a smaller photo", maxUpload>>20), catalog.M("server.upload_big", "n", maxUpload>>20)}
	}
	return &uploadError{http.StatusBadRequest, what + ": " + err.Error(), catalog.M(id)}
}

// postScan: POST /api/games/{id}/scan (host), a photo of the table.
func (s *Server) postScan(w http.ResponseWriter, r *http.Request) {
	t, ok := s.hostOf(w, r)
	if !ok {
		return
	}
	s.scan(w, r, t, r.PathValue("id"), 0)
}

// scanAnswer is the answer to a scan upload: what the scan did (the
// family's report) and the public state after it.
type scanAnswer struct {
	Scan  any             `json:"scan"`
	State json.RawMessage `json:"state"`
}

// scan reads an uploaded photo of game id ("" for the table's current game)
// from seat (0 for the host), has the game read it and referees what it
// saw. A photo the game cannot use changes nothing: a 422 with the reason.
func (s *Server) scan(w http.ResponseWriter, r *http.Request, t *table, id string, seat int) {
	photo, _, err := readPhoto(w, r)
	var ue *uploadError
	if errors.As(err, &ue) {
		WriteSaid(w, ue.code, ue.say, "%s", ue.msg)
		return
	}
	if err != nil {
		WriteSaid(w, http.StatusBadRequest, catalog.M("server.upload_read"), "%v", err)
		return
	}
	cur := t.snapshot()
	g, err := currentGame(cur, id)
	if err != nil {
		s.fail(w, err, nil)
		return
	}
	p, ok := g.game.(Photos)
	if !ok || !p.ReadsPhotos() {
		WriteSaid(w, http.StatusNotImplemented, catalog.M("server.no_scanner"), "this server reads no photos of this game: the photo is fine, but fieldkit was started without the camera scanner; enter what happens on the phones or the host page")
		return
	}
	sight, err := p.ReadPhoto(r.Context(), photo)
	switch {
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		WriteSaid(w, http.StatusServiceUnavailable, catalog.M("server.scan_cut"), "the scan was cut short (%v): send the photo again", err)
		return
	case err != nil:
		code := s.statusOf(err, g.family)
		if code == http.StatusInternalServerError {
			code = http.StatusUnprocessableEntity
		}
		m := msgOf(err, err.Error())
		if m.ID == "error.text" { // the scanner's own errors: the image's bytes
			m = catalog.M("server.photo_unreadable")
		}
		WriteSaid(w, code, m, "%v", err)
		return
	}
	if body, bad := sight.Unreadable(); bad {
		WriteJSON(w, http.StatusUnprocessableEntity, body)
		return
	}
	var report any
	st, err := t.update(r.Context(), s.Store, referee(g.stored.ID, sight, "upload", cur.game.part(seat), s.Now(), &report))
	if err != nil {
		s.fail(w, err, g.family)
		return
	}
	if pic := sight.Picture(); pic != nil {
		t.setPicture(g.stored.ID, pic)
	}
	WriteJSON(w, http.StatusOK, scanAnswer{Scan: report, State: t.publicJSON(st)})
}

// referee is the change "what sight shows happens to game id"; it sets the
// report. part is the part of the seat whose phone sent the photo ("" for
// the host and the camera).
func referee(id string, sight Sight, source, part string, at time.Time, report *any) change {
	return func(cur tableState) (tableState, func(context.Context, *sql.Tx) error, error) {
		g, err := currentGame(cur, id)
		if err != nil {
			return cur, nil, err
		}
		next, step, rep, err := sight.Referee(g.game, source, part, at)
		if err != nil {
			return cur, nil, err
		}
		*report = rep
		out, commit := record(cur, g, next, step, at)
		if len(step.Events) == 0 && step.Replace == nil && step.Commit == nil {
			commit = nil
		}
		return out, commit, nil
	}
}
