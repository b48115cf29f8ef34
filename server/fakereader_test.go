package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"strings"
	"testing"
	"time"

	"fieldkit/server"
	"fieldkit/server/servertest"
)

// The tic-tac-toe game's reader proves that the server's one camera and
// photo path serves any game: the upload gate, the error-to-status mapping
// and the camera loop are the server's; the game only reads.
//
// A photo of the board is a 3x3 PNG: the first black pixel, row by row, is
// the cell the player to move marks. A camera frame is a cell number (an
// int); a cell that holds over the camera's hold frames is marked.

var (
	_ server.Photos    = ttt{}
	_ server.Watchable = ttt{}
)

// ReadsPhotos implements server.Photos.
func (g ttt) ReadsPhotos() bool { return g.reads }

// ReadPhoto implements server.Photos: a photo that is no 3x3 board is an
// error of the server's kinds, a board with no mark is unreadable.
func (g ttt) ReadPhoto(ctx context.Context, photo []byte) (server.Sight, error) {
	if !g.reads {
		return nil, server.ErrNoReader
	}
	img, err := png.Decode(bytes.NewReader(photo))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", server.ErrPhotoBytes, err)
	}
	b := img.Bounds()
	if b.Dx() > 3 || b.Dy() > 3 {
		return nil, fmt.Errorf("%w: a board is 3 x 3 pixels, not %d x %d", server.ErrPhotoTooLarge, b.Dx(), b.Dy())
	}
	if b.Dx() != 3 || b.Dy() != 3 {
		return nil, fmt.Errorf("%w: a board is 3 x 3 pixels, not %d x %d", server.ErrPhotoBytes, b.Dx(), b.Dy())
	}
	for i := range 9 {
		if r, _, _, _ := img.At(b.Min.X+i%3, b.Min.Y+i/3).RGBA(); r < 0x8000 {
			return tttSight{cell: i}, nil
		}
	}
	return tttSight{cell: -1}, nil
}

// Watch implements server.Watchable.
func (g ttt) Watch(hold int) server.Watcher { return &tttWatcher{hold: hold} }

// tttWatcher follows the board through frames that are cell numbers; any
// other frame shows no board.
type tttWatcher struct {
	hold, last, n int
	seen          bool
}

// See implements server.Watcher.
func (w *tttWatcher) See(f server.Frame) (server.Sight, error) {
	w.seen = true
	cell, ok := f.(int)
	if !ok { // a frame that shows no board (stillCamera)
		w.last, w.n = -1, 0
		return nil, nil
	}
	if cell != w.last {
		w.last, w.n = cell, 0
	}
	w.n++
	if w.n != w.hold {
		return nil, nil
	}
	return tttSight{cell: cell}, nil
}

func (w *tttWatcher) Seen() server.Seen {
	return server.Seen{Kept: w.seen, Read: w.seen && w.last >= 0, Reason: "no mark on the board"}
}
func (w *tttWatcher) View(string, int) ([]byte, error) { return nil, nil }
func (w *tttWatcher) Close()                           {}

// tttSight is a cell seen marked; -1 for none.
type tttSight struct{ cell int }

func (s tttSight) Unreadable() (any, bool) {
	if s.cell < 0 {
		return map[string]string{"error": "no mark on the board"}, true
	}
	return nil, false
}

func (s tttSight) Referee(g server.Game, source, part string, at time.Time) (server.Game, server.Step, any, error) {
	t := g.(ttt)
	line := fmt.Sprintf(`{"type":"mark","by":%q,"cell":%d}`, t.next(), s.cell)
	next, step, err := t.Apply([]byte(line), part, at)
	return next, step, map[string]any{"source": source, "cell": s.cell}, err
}

func (s tttSight) Picture() server.Picture { return nil }

// boardPNG is a w x h white PNG with the cells marked black.
func boardPNG(t *testing.T, w, h int, marked ...int) []byte {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	for _, c := range marked {
		img.Set(c%w, c/w, color.Black)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// tttTable starts a server with fam and a tic-tac-toe table; it returns
// the server, the host and the game's id.
func tttTable(t *testing.T, fam tttFamily) (*servertest.Server, *servertest.Client, server.Created) {
	t.Helper()
	ts := servertest.Start(t, 7, fam)
	anyone := servertest.NewClient(t)
	code, b := anyone.Do("POST", ts.URL+"/api/tables", `{"game":"tictactoe"}`)
	if code != http.StatusCreated {
		t.Fatalf("POST /api/tables = %d %s", code, b)
	}
	var c server.Created
	if err := json.Unmarshal(b, &c); err != nil || c.ID == "" {
		t.Fatalf("created %s: %v", b, err)
	}
	return ts, servertest.HostClient(t, c), c
}

// board returns the public board of game id.
func board(t *testing.T, host *servertest.Client, base, id string) string {
	t.Helper()
	code, b := host.Do("GET", base+"/api/games/"+id, "")
	if code != http.StatusOK {
		t.Fatalf("GET /api/games/%s = %d %s", id, code, b)
	}
	var g struct {
		Board string `json:"board"`
	}
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatalf("GET /api/games/%s: %v in %s", id, err, b)
	}
	return g.Board
}

// TestFakeReaderPhotos: a photo reaches the fake game's reader through the
// server's upload path, and the reader's errors get the server's statuses.
func TestFakeReaderPhotos(t *testing.T) {
	tests := []struct {
		name  string
		fam   tttFamily
		photo func(t *testing.T) []byte
		code  int
		board string
	}{
		{"a mark", tttFamily{reads: true}, func(t *testing.T) []byte { return boardPNG(t, 3, 3, 4) }, http.StatusOK, "    x    "},
		{"no mark", tttFamily{reads: true}, func(t *testing.T) []byte { return boardPNG(t, 3, 3) }, http.StatusUnprocessableEntity, "         "},
		{"too large for the reader", tttFamily{reads: true}, func(t *testing.T) []byte { return boardPNG(t, 4, 4, 4) }, http.StatusRequestEntityTooLarge, "         "},
		{"no board", tttFamily{reads: true}, func(t *testing.T) []byte { return boardPNG(t, 2, 2, 1) }, http.StatusBadRequest, "         "},
		{"no reader", tttFamily{}, func(t *testing.T) []byte { return boardPNG(t, 3, 3, 4) }, http.StatusNotImplemented, "         "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts, host, c := tttTable(t, tt.fam)
			code, b := host.Send("POST", ts.URL+"/api/games/"+c.ID+"/scan", "image/png", tt.photo(t))
			if code != tt.code {
				t.Errorf("POST scan = %d %s, want %d", code, b, tt.code)
			}
			if got := board(t, host, ts.URL, c.ID); got != tt.board {
				t.Errorf("board after the scan = %q, want %q", got, tt.board)
			}
		})
	}
}

// frames is a camera of the given frames.
type frames []any

func (f *frames) Next() (server.Frame, bool) {
	if len(*f) == 0 {
		return nil, false
	}
	x := (*f)[0]
	*f = (*f)[1:]
	return x, true
}

// TestFakeReaderCamera: the server's camera loop hands frames to the fake
// game's watcher and referees what held, as it does for Codenames and
// Inside Job.
func TestFakeReaderCamera(t *testing.T) {
	ts, host, c := tttTable(t, tttFamily{reads: true})
	// 4 holds for 2 frames (x), 7 for only 1 (no mark), 0 for 2 (o).
	cam := frames{4, 4, 7, 0, 0, 0}
	if err := ts.WatchCamera(context.Background(), &cam, 2); err != nil {
		t.Fatalf("WatchCamera = %v, want nil at the end of the frames", err)
	}
	if got, want := board(t, host, ts.URL, c.ID), "o   x    "; got != want {
		t.Errorf("board after the camera = %q, want %q", got, want)
	}
	code, b := host.Do("GET", ts.URL+"/h/"+servertest.HostToken(c)+"/camera", "")
	if code != http.StatusOK || !strings.Contains(string(b), `"frames":6`) {
		t.Errorf("GET camera = %d %s, want 200 with 6 frames", code, b)
	}
}
