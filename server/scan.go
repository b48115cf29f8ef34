package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // photos from phones
	_ "image/png"  // screenshots and generated scenes
	"io"
	"mime"
	"net/http"
	"time"

	"fieldkit/deck"
	"fieldkit/scan"
	cnscan "fieldkit/scan/codenames"
)

// Scanner reads photos of the table. PhotoScanner (package scan/codenames) is the
// real one; tests may use a stand-in.
type Scanner interface {
	// Scan reads one photo, JPEG or PNG bytes whose type and size the server
	// has already checked, with the game's printed deck (nil when the game
	// has none: the scanner then reads positions, covers and the token, but
	// not words). An error means the photo could not be decoded; a photo
	// without a readable grid is a Reading with OK false. The Picture,
	// which may be nil, draws what the scanner saw.
	Scan(ctx context.Context, photo []byte, d *deck.Deck) (cnscan.Reading, Picture, error)
}

// Picture is an image of the table with what the scanner saw drawn on it.
type Picture interface {
	// JPEG returns the annotated image as a JPEG, scaled down to at most
	// maxSide pixels wide and high.
	JPEG(maxSide int) ([]byte, error)
}

// ScanReport is what one scan did: the observation, the events it caused, the
// covers it confirmed, and what it saw that the referee does not agree with.
// The camera never changes the game silently: a contradiction is a warning
// for the host, never an event.
type ScanReport struct {
	Source      string            `json:"source"` // "upload" or "camera"
	At          time.Time         `json:"at"`
	Observation cnscan.Reading    `json:"observation"`
	Events      []json.RawMessage `json:"events"`              // events the scan caused, in their canonical JSON
	Confirmed   [][2]int          `json:"confirmed,omitempty"` // new covers that match the referee
	Warnings    []string          `json:"warnings,omitempty"`
	Refused     string            `json:"refused,omitempty"` // why the engine refused what the scan suggested
	Words       []string          `json:"words,omitempty"`   // the game's words, read from the table by this scan

	// unsettled are the cells whose cover this scan saw but the referee
	// did not agree with: the next scan checks them again.
	unsettled [25]bool
}

// Upload limits: a 12 MP phone JPEG is 3-8 MB.
const (
	maxUpload = 32 << 20
	maxPixels = 50_000_000
)

// uploadError is a bad upload: an HTTP status and a message for the person.
type uploadError struct {
	code int
	msg  string
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
			return nil, image.Config{}, &uploadError{http.StatusBadRequest, "the form is malformed: " + err.Error()}
		}
		_ = params
		for {
			p, err := mr.NextPart()
			if err != nil {
				return nil, image.Config{}, uploadFailure(err, "the form has no photo: send the image as a file field named \"image\"")
			}
			if p.FileName() != "" || p.FormName() == "image" {
				body = p
				break
			}
		}
	}
	data, err := io.ReadAll(body)
	if err != nil {
		return nil, image.Config{}, uploadFailure(err, "reading the upload")
	}
	if len(data) == 0 {
		return nil, image.Config{}, &uploadError{http.StatusBadRequest, "the upload is empty: send a JPEG or PNG photo of the table"}
	}
	switch t := http.DetectContentType(data); t {
	case "image/jpeg", "image/png":
	default:
		return nil, image.Config{}, &uploadError{http.StatusUnsupportedMediaType, fmt.Sprintf("the upload is %s, not a photo: send a JPEG or PNG image", t)}
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, image.Config{}, &uploadError{http.StatusBadRequest, fmt.Sprintf("the image cannot be read (%v); is the file complete?", err)}
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, image.Config{}, &uploadError{http.StatusBadRequest, fmt.Sprintf("the %s image is %d x %d pixels", format, cfg.Width, cfg.Height)}
	}
	if px := int64(cfg.Width) * int64(cfg.Height); px > maxPixels {
		return nil, image.Config{}, &uploadError{http.StatusRequestEntityTooLarge,
			fmt.Sprintf("the image is %d x %d = %.0f megapixels; fieldkit reads photos up to %d megapixels: take a smaller photo", cfg.Width, cfg.Height, float64(px)/1e6, maxPixels/1_000_000)}
	}
	return data, cfg, nil
}

func uploadFailure(err error, what string) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return &uploadError{http.StatusRequestEntityTooLarge, fmt.Sprintf("the upload is over %d MB: send a smaller photo", maxUpload>>20)}
	}
	return &uploadError{http.StatusBadRequest, what + ": " + err.Error()}
}

// postScan: POST /api/games/{id}/scan (host), a photo of the table.
func (s *Server) postScan(w http.ResponseWriter, r *http.Request) {
	t, ok := s.hostOf(w, r)
	if !ok {
		return
	}
	s.scan(w, r, t)
}

// ScanAnswer is the answer to a scan upload: what the scan did and the state after it.
type ScanAnswer struct {
	Scan  ScanReport `json:"scan"`
	State GameState  `json:"state"`
}

// scanError is the body of a scan upload the scanner refused: the error and
// what it saw.
type scanError struct {
	Error       string         `json:"error"`
	Observation cnscan.Reading `json:"observation"`
}

// scan reads an uploaded photo, has the scanner observe it with the game's
// deck and referees what it saw. A photo without a readable grid changes
// nothing: it is a 422 with the scanner's reason.
func (s *Server) scan(w http.ResponseWriter, r *http.Request, t *table) {
	photo, _, err := readPhoto(w, r)
	var ue *uploadError
	if errors.As(err, &ue) {
		writeError(w, ue.code, "%s", ue.msg)
		return
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	if s.Scanner == nil {
		writeError(w, http.StatusNotImplemented, "this server has no scanner: the photo is fine, but fieldkit was started without the camera scanner; give guesses on the phones or the host page")
		return
	}
	obs, pic, err := s.Scanner.Scan(r.Context(), photo, t.deck)
	switch {
	case errors.Is(err, scan.ErrTooLarge):
		writeError(w, http.StatusRequestEntityTooLarge, "%v", err)
		return
	case errors.Is(err, scan.ErrEmpty), errors.Is(err, scan.ErrNotImage), errors.Is(err, scan.ErrTruncated):
		writeError(w, http.StatusBadRequest, "the photo cannot be read: %v", err)
		return
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		writeError(w, http.StatusServiceUnavailable, "the scan was cut short (%v): send the photo again", err)
		return
	case err != nil:
		writeError(w, http.StatusUnprocessableEntity, "the scanner could not read the photo: %v", err)
		return
	}
	if !obs.OK {
		writeJSON(w, http.StatusUnprocessableEntity, scanError{
			Error:       "the photo shows no readable grid: " + obs.Reason + "; take the photo from above with all 25 cards in the frame",
			Observation: obs})
		return
	}
	var rep ScanReport
	st, err := t.update(r.Context(), s.Store, t.observe(obs, "upload", s.Now(), &rep))
	if err != nil {
		writeError(w, statusOf(err), "%v", err)
		return
	}
	if pic != nil {
		t.setPicture(pic)
	}
	writeJSON(w, http.StatusOK, ScanAnswer{Scan: rep, State: t.public(st)})
}

// Observe referees one observation of a game (from the camera loop or an
// upload) through the game's guarded update: a guess token on a new cell
// becomes a guess, new covers are checked against the referee, and what does
// not agree becomes a warning on the host screen.
func (s *Server) Observe(ctx context.Context, gameID string, obs cnscan.Reading, source string) (ScanReport, error) {
	t, err := s.table(ctx, gameID)
	if err != nil {
		return ScanReport{}, err
	}
	var rep ScanReport
	_, err = t.update(ctx, s.Store, t.observe(obs, source, s.Now(), &rep))
	return rep, err
}
