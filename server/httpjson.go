package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fieldkit/catalog"
	"fmt"
	"io"
	"net/http"
)

// mustJSON encodes plain data (no channels, no funcs), without escaping HTML
// characters: the pages put the values into text, never into markup.
func mustJSON(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic("server: state does not encode: " + err.Error()) // plain data
	}
	return bytes.TrimRight(b.Bytes(), "\n")
}

// mergeObjects returns the JSON object with a's fields, then b's. Both must
// be JSON objects; an empty or null b adds nothing.
func mergeObjects(a, b []byte) []byte {
	b = bytes.TrimSpace(b)
	if len(b) < 2 || string(b) == "null" || string(b) == "{}" {
		return a
	}
	if string(a) == "{}" {
		return b
	}
	out := make([]byte, 0, len(a)+len(b))
	out = append(out, a[:len(a)-1]...)
	out = append(out, ',')
	return append(out, b[1:]...)
}

// writeJSON answers with v as JSON.
func WriteJSON(w http.ResponseWriter, code int, v any) {
	writeRaw(w, code, mustJSON(v))
}

// writeRaw answers with JSON bytes.
func writeRaw(w http.ResponseWriter, code int, b []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	w.Write(b)
	w.Write([]byte("\n"))
}

// apiError is the body of every 4xx and 5xx answer of the API: the error in
// English (for tools and logs) and, for the pages, the message to say in the
// players' language and its kind.
type apiError struct {
	Error string       `json:"error"`
	Msg   *catalog.Msg `json:"msg,omitempty"`
}

// WriteError answers with {"error": message}.
func WriteError(w http.ResponseWriter, code int, format string, args ...any) {
	WriteJSON(w, code, apiError{Error: fmt.Sprintf(format, args...)})
}

// WriteSaid answers with {"error": message, "msg": m}: the English for
// tools and the logs, and the message each page says in its language.
func WriteSaid(w http.ResponseWriter, code int, m catalog.Msg, format string, args ...any) {
	WriteJSON(w, code, apiError{Error: fmt.Sprintf(format, args...), Msg: &m})
}

// said is an error of the server with its message of the catalog: kind
// (errRefused, errNotFound...) for errors.Is and the status, the English
// for the logs, and the message for the pages (catalog.Sayable).
type said struct {
	kind    error
	english string
	msg     catalog.Msg
}

// saidErr returns an error of kind with the English text and the message
// id with its arguments as name, value pairs.
func saidErr(kind error, english, id string, pairs ...any) error {
	return &said{kind: kind, english: english, msg: catalog.M(id, pairs...)}
}

func (e *said) Error() string {
	if e.kind == nil {
		return e.english
	}
	return e.kind.Error() + ": " + e.english
}

func (e *said) Unwrap() error { return e.kind }

// Say returns the message (catalog.Sayable).
func (e *said) Say() (string, map[string]any) { return e.msg.ID, e.msg.Args }

// errorBody is the answer for err: its English text and its message.
func errorBody(err error, text string) apiError {
	m := msgOf(err, text)
	return apiError{Error: text, Msg: &m}
}

// msgOf returns the message of err: the one it carries (an engine's
// refusal, a catalog.Sayable), else the text as it is (catalog "error.text").
func msgOf(err error, text string) catalog.Msg {
	var say catalog.Sayable
	if errors.As(err, &say) {
		return catalog.Of(say)
	}
	return catalog.M("error.text", "text", text)
}

// writeRefused answers a refused change: the error and the unchanged state.
func writeRefused(w http.ResponseWriter, code int, err error, state []byte) {
	b := mustJSON(errorBody(err, err.Error()))
	if state != nil {
		b = mergeObjects(b, []byte(`{"state":`+string(state)+`}`))
	}
	writeRaw(w, code, b)
}

// readBody reads a request body of at most limit bytes.
func ReadBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, bool) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		WriteSaid(w, http.StatusRequestEntityTooLarge, catalog.M("server.too_big", "n", limit), "the request body is over %d bytes", limit)
		return nil, false
	}
	if err != nil {
		WriteSaid(w, http.StatusBadRequest, catalog.M("server.body"), "reading the request body: %v", err)
		return nil, false
	}
	return b, true
}

// statusOf maps an error to an HTTP status: a photo reader's errors
// (photoStatus), then the family's mapping, then
// 404 for unknown tables, games and seats, 409 for what the server refuses
// now, 500 for storage failures.
func (s *Server) statusOf(err error, f Family) int {
	if code := photoStatus(err); code != 0 {
		return code
	}
	if f != nil {
		if code := f.Status(err); code != 0 {
			return code
		}
	}
	switch {
	case errors.Is(err, errNotFound):
		return http.StatusNotFound
	case errors.Is(err, errStorage):
		return http.StatusInternalServerError
	case errors.Is(err, errSeatTaken), errors.Is(err, errOld), errors.Is(err, errNoGame), errors.Is(err, errRefused):
		return http.StatusConflict
	case errors.Is(err, errBadRequest):
		return http.StatusBadRequest
	}
	for _, fam := range s.families {
		if code := fam.Status(err); code != 0 {
			return code
		}
	}
	return http.StatusInternalServerError
}

// errBadRequest is a malformed request the server itself refuses (400).
var errBadRequest = errors.New("bad request")

// fail answers with err: its status, and its text or, for a fault of the
// server (5xx), what it means for the people at the table.
func (s *Server) fail(w http.ResponseWriter, err error, f Family) {
	code := s.statusOf(err, f)
	if code >= 500 {
		WriteJSON(w, code, apiError{Error: s.errText(err, code), Msg: ptr(s.errMsg(err, code))})
		return
	}
	WriteJSON(w, code, errorBody(err, s.errText(err, code)))
}

func ptr[T any](v T) *T { return &v }

// errMsg is the message of an answer with err and code: for a fault of the
// server (5xx), what it means for the people at the table (FaultMsg).
func (s *Server) errMsg(err error, code int) catalog.Msg {
	if code < 500 {
		return msgOf(err, err.Error())
	}
	return FaultMsg(err)
}

// errText is the text of an answer with err and code: for a fault of the
// server (5xx) the full error goes to the log and the answer says, without
// file names or SQL, that nothing happened and what to do.
func (s *Server) errText(err error, code int) string {
	if code < 500 {
		return err.Error()
	}
	s.Logf("error: %v", err)
	return Fault(err)
}
