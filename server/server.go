// Package server is fieldkit's table server, for every game family: a table
// is what the host page opens (its seats, claimed once by the phones, its
// host token, the camera) and a sequence of games played at it. The server
// serves the host page, a phone page per seat that shows only that seat's
// secret, an HTTP API and server-sent event streams, photo uploads and the
// camera loop, and keeps every table and game in an embedded SQLite
// database.
//
// It knows no game: a game family (server/codenames, ...) plugs in through
// the Family and Game interfaces, and cmd/fieldkit registers each family.
// Every change to a table goes through one guarded function (table.update):
// the family checks the change, the store commits it, and only then is it
// acknowledged and sent to every screen.
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
	"slices"
	"strings"
	"sync"
	"time"
)

// Server serves the tables of one fieldkit instance. Create it with New; its
// exported fields are read at New and must not change afterwards.
type Server struct {
	// Store holds tables, seats and games. Required.
	Store *Store
	// BaseURL is the address that phones at the table can reach, without a
	// trailing slash, e.g. "http://192.168.1.20:8080". Join links and QR codes
	// use it. Required.
	BaseURL string
	// LocalURL is the address the server is announced at on the table's
	// network by mDNS (see server/mdns), e.g. "http://fieldkit.local:8080",
	// which printed key cards hold; empty when it is not announced.
	LocalURL string
	// Rand is the source of tokens, ids and each family's draws; nil means crypto/rand.
	Rand io.Reader
	// Now is the clock for event times; nil means time.Now.
	Now func() time.Time
	// Logf logs one line; nil discards.
	Logf func(format string, args ...any)

	pseudo   bool // pages may speak the pseudo-locale (tests)
	limits   Limits
	families []Family
	env      *Env
	pages    map[string]*template.Template // by language and family (pageKey); family "" is the server's own
	mux      *http.ServeMux
	done     chan struct{}
	closed   sync.Once

	cam cameraState

	streams streams // open event streams
	creates limiter // new tables, games and campaigns by client

	mu     sync.Mutex
	tables map[string]*table // loaded tables by id, at most limits.Tables without streams
	load   map[string]*sync.Mutex
	clock  uint64 // counts uses of tables, for putting away the least recently used
}

// Config is what New needs; see the fields of Server.
type Config struct {
	Store    *Store
	BaseURL  string
	LocalURL string   // see Server.LocalURL
	Families []Family // the game families the server plays; at least one
	Rand     io.Reader
	Now      func() time.Time
	Logf     func(format string, args ...any)
	// Pseudo lets pages speak the test-only pseudo-locale (catalog.Pseudo).
	Pseudo bool
	Limits Limits // zero fields take the defaults
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
	if len(c.Families) == 0 {
		return nil, errors.New("server: no game family to play")
	}
	s := &Server{Store: c.Store, BaseURL: strings.TrimRight(c.BaseURL, "/"), LocalURL: strings.TrimRight(c.LocalURL, "/"), Rand: c.Rand, Now: c.Now, Logf: c.Logf, pseudo: c.Pseudo,
		families: c.Families, limits: c.Limits.withDefaults(), done: make(chan struct{}), tables: map[string]*table{}, load: map[string]*sync.Mutex{}}
	if s.Rand == nil {
		s.Rand = rand.Reader
	}
	if s.Now == nil {
		s.Now = time.Now
	}
	if s.Logf == nil {
		s.Logf = func(string, ...any) {}
	}
	s.env = &Env{
		Rand:        s.random,
		Now:         s.Now,
		Logf:        s.Logf,
		BaseURL:     s.BaseURL,
		Tx:          s.Store.tx,
		DB:          s.Store.db,
		HostOf:      s.hostOfGame,
		StartGame:   s.startGame,
		Current:     s.Store.current,
		SeatLink:    s.partLink,
		Message:     s.message,
		AllowCreate: s.allowCreate,
	}
	if err := s.parsePages(); err != nil {
		return nil, err
	}
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

// Close ends every open stream, a stream whose client stopped reading
// included; the HTTP server's Shutdown can then finish.
func (s *Server) Close() {
	s.closed.Do(func() { close(s.done) })
	s.endStreams()
}

func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /{$}", s.homePage)
	m.HandleFunc("GET /catalog/{file}", s.catalogScript)
	m.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(s.staticFS())))
	m.HandleFunc("GET /h/{token}", s.hostPage)
	m.HandleFunc("GET /h/{token}/qr/{seat}", s.seatQR)
	m.HandleFunc("GET /h/{token}/link/{seat}", s.seatLinkOf)
	m.HandleFunc("GET /h/{token}/camera", s.cameraStatus)
	m.HandleFunc("GET /h/{token}/view.jpg", s.cameraView)
	m.HandleFunc("GET /s/{token}", s.seatPage)
	m.HandleFunc("GET /s/{token}/state", s.seatState)
	m.HandleFunc("GET /s/{token}/stream", s.seatStream)
	m.HandleFunc("POST /s/{token}/events", s.seatEvent)
	m.HandleFunc("POST /s/{token}/scan", s.seatScan)
	m.HandleFunc("POST /api/tables", s.createTable)
	m.HandleFunc("GET /api/tables/{id}", s.getTable)
	m.HandleFunc("POST /api/tables/{id}/games", s.postGame)
	m.HandleFunc("POST /api/tables/{id}/lang", s.postTableLang)
	m.HandleFunc("GET /api/tables/{id}/stream", s.tableStream)
	m.HandleFunc("POST /api/tables/{id}/seats/{seat}/release", s.releaseTableSeat)
	m.HandleFunc("POST /api/tables/{id}/camera", s.postTableCamera)
	m.HandleFunc("POST /api/games", s.createGame)
	m.HandleFunc("GET /api/games", s.listGames)
	m.HandleFunc("GET /api/games/{id}", s.getGame)
	m.HandleFunc("POST /api/games/{id}/events", s.postEvent)
	m.HandleFunc("POST /api/games/{id}/undo", s.postUndo)
	m.HandleFunc("POST /api/games/{id}/seats/{seat}/release", s.releaseSeat)
	m.HandleFunc("POST /api/games/{id}/scan", s.postScan)
	m.HandleFunc("POST /api/games/{id}/camera", s.postCamera)
	m.HandleFunc("GET /api/games/{id}/events/stream", s.publicStream)
	for _, f := range s.families {
		f.Routes(m, s.env)
	}
	s.mux = m
}

// staticFS serves the server's static files at /static/ and each family's
// at /static/NAME/.
func (s *Server) staticFS() fs.FS {
	own, _ := fs.Sub(assets, "assets/static")
	m := staticDirs{"": own}
	for _, f := range s.families {
		if sub, err := fs.Sub(f.Assets(), "static"); err == nil {
			m[f.Name()] = sub
		}
	}
	return m
}

// staticDirs is a file system of the server's static files with each
// family's under a folder of its name.
type staticDirs map[string]fs.FS

// Open implements fs.FS.
func (d staticDirs) Open(name string) (fs.File, error) {
	if dir, rest, ok := strings.Cut(name, "/"); ok {
		if f, found := d[dir]; found && dir != "" {
			return f.Open(rest)
		}
	}
	return d[""].Open(name)
}

// random returns n random bytes from the server's source.
func (s *Server) random(n int) ([]byte, error) {
	b := make([]byte, n)
	if _, err := io.ReadFull(s.Rand, b); err != nil {
		return nil, fmt.Errorf("server: no randomness: %w", err)
	}
	return b, nil
}

// token returns a fresh random token of 160 bits in lower-case base32 (32 characters).
func (s *Server) token() (string, error) { return s.randomString(20) }

// randomString returns n random bytes in lower-case base32 without padding.
func (s *Server) randomString(n int) (string, error) {
	b, err := s.random(n)
	if err != nil {
		return "", err
	}
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)), nil
}

// family returns the family of a name.
func (s *Server) family(name string) (Family, bool) {
	for _, f := range s.families {
		if f.Name() == name {
			return f, true
		}
	}
	return nil, false
}

// familyOfGame returns the family that starts game.
func (s *Server) familyOfGame(game string) (Family, bool) {
	for _, f := range s.families {
		if slices.Contains(f.Games(), game) {
			return f, true
		}
	}
	return nil, false
}

// gameNames lists every game the server plays.
func (s *Server) gameNames() []string {
	var names []string
	for _, f := range s.families {
		names = append(names, f.Games()...)
	}
	return names
}

// table returns the loaded table id, loading it from the store on first use.
func (s *Server) table(ctx context.Context, id string) (*table, error) {
	if id == "" || len(id) > 64 {
		return nil, errNotFound
	}
	s.mu.Lock()
	if t, ok := s.tables[id]; ok {
		s.touch(t)
		s.mu.Unlock()
		return t, nil
	}
	l, ok := s.load[id]
	if !ok {
		l = &sync.Mutex{}
		s.load[id] = l
	}
	s.mu.Unlock()
	l.Lock() // one loader per table
	defer l.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.load, id)
		s.mu.Unlock()
	}()
	s.mu.Lock()
	t, ok := s.tables[id]
	s.mu.Unlock()
	if ok {
		return t, nil
	}
	t, err := s.loadTable(ctx, id)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.keep(t)
	s.mu.Unlock()
	return t, nil
}

// loadTable reads a table and rebuilds its current game from the store.
func (s *Server) loadTable(ctx context.Context, id string) (*table, error) {
	st, err := s.Store.loadTable(ctx, id)
	if err != nil {
		return nil, err
	}
	t := &table{id: id, hostToken: st.hostToken, subs: map[*subscriber]struct{}{}}
	t.state.lang = st.lang
	for _, seat := range st.seats {
		t.state.seats = append(t.state.seats, seatState(seat))
	}
	gameID, n, err := s.Store.currentGame(ctx, id)
	if err != nil || gameID == "" {
		return t, err
	}
	g, err := s.loadGame(ctx, gameID)
	if err != nil {
		return nil, err
	}
	t.state.game, t.state.n = g, n
	return t, nil
}

// loadGame rebuilds a stored game.
func (s *Server) loadGame(ctx context.Context, id string) (*gameState, error) {
	stored, events, err := s.Store.loadGame(ctx, id)
	if err != nil {
		return nil, err
	}
	f, ok := s.family(stored.Family)
	if !ok {
		return nil, fmt.Errorf("game %s is a %s game, which this server does not play", id, stored.Family)
	}
	log := make([]logEntry, len(events))
	for i, e := range events {
		log[i] = logEntry{LoggedEvent: LoggedEvent{Event: e.Event}, at: e.at}
	}
	return replay(ctx, s.env, f, stored, log)
}

// tableByToken returns the table and seat (0 for the host) of a host or seat token.
func (s *Server) tableByToken(ctx context.Context, token string) (*table, int, error) {
	if len(token) < 26 || len(token) > 64 {
		return nil, 0, errNotFound
	}
	id, seat, err := s.Store.byToken(ctx, token)
	if err != nil {
		return nil, 0, err
	}
	t, err := s.table(ctx, id)
	return t, seat, err
}

// tableOfGame returns the table of game id.
func (s *Server) tableOfGame(ctx context.Context, id string) (*table, error) {
	if id == "" || len(id) > 64 {
		return nil, errNotFound
	}
	tid, err := s.Store.tableOf(ctx, id)
	if err != nil {
		return nil, err
	}
	return s.table(ctx, tid)
}

// Unfinished returns the host links of the tables whose current game is still
// being played, newest first, so that `fieldkit serve` can print them after
// a restart.
func (s *Server) Unfinished(ctx context.Context) ([]string, error) {
	list, err := s.Store.games(ctx, 20)
	if err != nil {
		return nil, err
	}
	var out []string
	seen := map[string]bool{}
	for _, g := range list {
		if seen[g.Table] {
			continue
		}
		seen[g.Table] = true
		t, err := s.table(ctx, g.Table)
		if err != nil {
			return nil, err
		}
		if st := t.snapshot(); st.game != nil && st.game.game.Playing() {
			out = append(out, s.BaseURL+"/h/"+t.hostToken)
		}
	}
	return out, nil
}

// partLink is Env.SeatLink.
func (s *Server) partLink(ctx context.Context, game, part string) (string, error) {
	t, err := s.tableOfGame(ctx, game)
	if err != nil {
		return "", err
	}
	st := t.snapshot()
	if _, err := currentGame(st, game); err != nil {
		return "", err
	}
	n := st.game.seatOf(part)
	if n == 0 || n > len(st.seats) {
		return "", saidErr(errNotFound, fmt.Sprintf("game %s has no part %q", game, part), "server.no_part")
	}
	return s.BaseURL + "/s/" + st.seats[n-1].token, nil
}
