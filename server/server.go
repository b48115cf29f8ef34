// Package server is fieldkit's table server: a host page that starts games and
// shows the public board, a phone page per seat that shows only that seat's
// secret, an HTTP API and server-sent event streams, the camera referee
// (photos uploaded from phones and a webcam's frames, read by package scan),
// and storage of every game in an embedded SQLite database.
//
// Every change to a game goes through one guarded function per game (see
// table.update): the engine checks the change, the store commits it, and only
// then is it acknowledged and sent to every screen.
package server

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"net/http"
	"strings"
	"sync"
	"time"

	rules "fieldkit/engine/codenames"
	"fieldkit/missionmap"
)

// Server serves the tables of one fieldkit instance. Create it with New; its
// exported fields are read at New and must not change afterwards.
type Server struct {
	// Store holds games, seats and campaigns. Required.
	Store *Store
	// BaseURL is the address that phones at the table can reach, without a
	// trailing slash, e.g. "http://192.168.1.20:8080". Join links and QR codes
	// use it. Required.
	BaseURL string
	// Scanner reads uploaded photos of the table (NewPhotoScanner); nil for
	// a server without one, which answers uploads with 501.
	Scanner Scanner
	// Rand is the source of tokens, ids, key cards and words; nil means crypto/rand.
	Rand io.Reader
	// Now is the clock for event times; nil means time.Now.
	Now func() time.Time
	// Logf logs one line; nil discards.
	Logf func(format string, args ...any)

	tmpl   *template.Template
	static http.Handler
	mux    *http.ServeMux
	done   chan struct{}
	closed sync.Once

	cam cameraState

	mu     sync.Mutex
	tables map[string]*table // loaded games by id
	load   map[string]*sync.Mutex
	maps   map[string]*missionmap.Map // loaded mission maps by upper-case code
}

// Config is what New needs; see the fields of Server.
type Config struct {
	Store   *Store
	BaseURL string
	Scanner Scanner
	Rand    io.Reader
	Now     func() time.Time
	Logf    func(format string, args ...any)
}

// Request limits and timeouts.
const (
	maxEventBody   = 64 << 10  // an event
	maxNewGameBody = 256 << 10 // a new game request, which may carry a deck manifest of 800 faces
	readTimeout    = 60 * time.Second
	writeTimeout   = 30 * time.Second
)

// New returns a server: templates are parsed and assets bound once, here.
func New(c Config) (*Server, error) {
	if c.Store == nil {
		return nil, errors.New("server: no store; open one with OpenStore")
	}
	if c.BaseURL == "" {
		return nil, errors.New("server: no base URL: the address phones reach the server at, e.g. http://192.168.1.20:8080")
	}
	s := &Server{Store: c.Store, BaseURL: strings.TrimRight(c.BaseURL, "/"), Scanner: c.Scanner, Rand: c.Rand, Now: c.Now, Logf: c.Logf,
		done: make(chan struct{}), tables: map[string]*table{}, load: map[string]*sync.Mutex{}, maps: map[string]*missionmap.Map{}}
	if s.Rand == nil {
		s.Rand = rand.Reader
	}
	if s.Now == nil {
		s.Now = time.Now
	}
	if s.Logf == nil {
		s.Logf = func(string, ...any) {}
	}
	t, err := template.New("").Funcs(templateFuncs).ParseFS(assets, "assets/*.html")
	if err != nil {
		return nil, fmt.Errorf("server: templates: %w", err)
	}
	s.tmpl = t
	static, err := fs.Sub(assets, "assets/static")
	if err != nil {
		return nil, err
	}
	s.static = http.StripPrefix("/static/", http.FileServerFS(static))
	s.routes()
	return s, nil
}

// Handler returns the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.mux }

// HTTPServer returns an http.Server for addr with the server's timeouts.
// Streams lift the write timeout for themselves.
func (s *Server) HTTPServer(addr string) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           s.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
}

// Close ends every open stream; the HTTP server's Shutdown can then finish.
func (s *Server) Close() { s.closed.Do(func() { close(s.done) }) }

func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /{$}", s.homePage)
	m.Handle("GET /static/", s.static)
	m.HandleFunc("GET /h/{token}", s.hostPage)
	m.HandleFunc("GET /h/{token}/qr/{seat}", s.seatQR)
	m.HandleFunc("GET /h/{token}/camera", s.cameraStatus)
	m.HandleFunc("GET /h/{token}/view.jpg", s.cameraView)
	m.HandleFunc("GET /s/{token}", s.seatPage)
	m.HandleFunc("GET /s/{token}/state", s.seatState)
	m.HandleFunc("GET /s/{token}/stream", s.seatStream)
	m.HandleFunc("POST /s/{token}/events", s.seatEvent)
	m.HandleFunc("POST /s/{token}/scan", s.seatScan)
	m.HandleFunc("POST /api/games", s.createGame)
	m.HandleFunc("GET /api/games", s.listGames)
	m.HandleFunc("GET /api/games/{id}", s.getGame)
	m.HandleFunc("POST /api/games/{id}/events", s.postEvent)
	m.HandleFunc("POST /api/games/{id}/undo", s.postUndo)
	m.HandleFunc("POST /api/games/{id}/seats/{seat}/release", s.releaseSeat)
	m.HandleFunc("POST /api/games/{id}/scan", s.postScan)
	m.HandleFunc("POST /api/games/{id}/camera", s.postCamera)
	m.HandleFunc("GET /api/games/{id}/events/stream", s.publicStream)
	m.HandleFunc("POST /api/campaigns", s.createCampaign)
	m.HandleFunc("GET /api/campaigns", s.listCampaigns)
	m.HandleFunc("GET /api/campaigns/{id}", s.getCampaign)
	s.mux = m
}

// token returns a fresh random token of 160 bits in lower-case base32 (32 characters).
func (s *Server) token() (string, error) { return s.randomString(20) }

// randomString returns n random bytes in lower-case base32 without padding.
func (s *Server) randomString(n int) (string, error) {
	b := make([]byte, n)
	if _, err := io.ReadFull(s.Rand, b); err != nil {
		return "", fmt.Errorf("server: no randomness: %w", err)
	}
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)), nil
}

// table returns the loaded game id, loading it from the store on first use.
func (s *Server) table(ctx context.Context, id string) (*table, error) {
	s.mu.Lock()
	if t, ok := s.tables[id]; ok {
		s.mu.Unlock()
		return t, nil
	}
	l, ok := s.load[id]
	if !ok {
		l = &sync.Mutex{}
		s.load[id] = l
	}
	s.mu.Unlock()
	l.Lock() // one loader per game
	defer l.Unlock()
	s.mu.Lock()
	t, ok := s.tables[id]
	s.mu.Unlock()
	if ok {
		return t, nil
	}
	g, err := s.Store.loadGame(ctx, id)
	if err != nil {
		return nil, err
	}
	if t, err = newTable(g); err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.tables[id] = t
	delete(s.load, id)
	s.mu.Unlock()
	return t, nil
}

// tableByToken returns the game and seat of a host or seat token.
func (s *Server) tableByToken(ctx context.Context, token string) (*table, rules.Player, error) {
	if len(token) < 26 || len(token) > 64 {
		return nil, 0, errNotFound
	}
	id, seat, err := s.Store.gameBy(ctx, token)
	if err != nil {
		return nil, 0, err
	}
	t, err := s.table(ctx, id)
	return t, seat, err
}

// Unfinished returns the host links of the games still being played, newest
// first, so that `fieldkit serve` can print them after a restart.
func (s *Server) Unfinished(ctx context.Context) ([]string, error) {
	list, err := s.Store.games(ctx, 20)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, g := range list {
		t, err := s.table(ctx, g.ID)
		if err != nil {
			return nil, err
		}
		st := t.snapshot()
		if v := st.sess.View(); v.Status == "playing" || v.Status == "sudden_death" {
			out = append(out, s.BaseURL+"/h/"+t.hostToken)
		}
	}
	return out, nil
}
