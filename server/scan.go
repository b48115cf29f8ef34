package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fieldkit/catalog"
	"fmt"
	"io"
	"mime"
	"net/http"
	"time"
)

// maxUpload is the largest upload: a 12 MP phone JPEG is 3-8 MB.
const maxUpload = 32 << 20

// Errors a game's photo reader wraps (test with errors.Is) when it cannot
// read a photo's bytes. The upload gate (readPhoto) checks only what any
// upload must be (its size in bytes, a JPEG or PNG signature); the image
// itself (its header, its pixel count, its structure) is checked once, by
// the reader's decoder (scan/camera.Photos), and the server answers each
// kind alike for every game (photoStatus).
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
// what any upload must be: at most maxUpload bytes, not empty, and a JPEG or
// PNG by its bytes (not by the header). The image's dimensions and
// structure are the reader's to check, when it decodes the photo.
func readPhoto(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	r.Body = http.MaxBytesReader(w, r.Body, maxUpload)
	var body io.Reader = r.Body
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt == "multipart/form-data" {
		mr, err := r.MultipartReader()
		if err != nil {
			return nil, &uploadError{http.StatusBadRequest, "the form is malformed: " + err.Error(), catalog.M("server.upload_form")}
		}
		for {
			p, err := mr.NextPart()
			if err != nil {
				return nil, uploadFailure(err, "the form has no photo: send the image as a file field named \"image\"", "server.upload_no_photo")
			}
			if p.FileName() != "" || p.FormName() == "image" {
				body = p
				break
			}
		}
	}
	data, err := io.ReadAll(body)
	if err != nil {
		return nil, uploadFailure(err, "reading the upload", "server.upload_read")
	}
	if len(data) == 0 {
		return nil, &uploadError{http.StatusBadRequest, "the upload is empty: send a JPEG or PNG photo of the table", catalog.M("server.upload_empty")}
	}
	switch t := http.DetectContentType(data); t {
	case "image/jpeg", "image/png":
	default:
		return nil, &uploadError{http.StatusUnsupportedMediaType, fmt.Sprintf("the upload is %s, not a photo: send a JPEG or PNG image", t), catalog.M("server.upload_type", "type", t)}
	}
	return data, nil
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
	photo, err := readPhoto(w, r)
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
