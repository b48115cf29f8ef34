// Package servertest starts table servers for tests: on a loopback port,
// with a fresh database, seeded randomness and a clock that ticks one second
// per call, so that two test servers answer alike.
package servertest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"fieldkit/internal/testkit"
	"fieldkit/server"
)

// Server is a table server under test.
type Server struct {
	*server.Server
	HTTP  *httptest.Server
	URL   string // its address, e.g. http://127.0.0.1:41234
	Store *server.Store
	// Families are the game families it serves.
	Families []server.Family
}

// Start starts a server with families on a new database; seed seeds its
// randomness. It stops when the test ends.
func Start(t testing.TB, seed byte, families ...server.Family) *Server {
	t.Helper()
	return StartWith(t, seed, server.StoreOptions{}, families...)
}

// StartWith is Start on a database opened with opts (benchmarks compare
// ways of syncing, see StoreModes).
func StartWith(t testing.TB, seed byte, opts server.StoreOptions, families ...server.Family) *Server {
	t.Helper()
	st, err := server.OpenStoreWith(filepath.Join(t.TempDir(), "test.db"), opts, families...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return Reopen(t, st, seed, families...)
}

// Reopen starts another server on store: what a restart of the process sees.
func Reopen(t testing.TB, store *server.Store, seed byte, families ...server.Family) *Server {
	t.Helper()
	clock := testkit.NewClock(time.Date(2026, 3, 1, 19, 0, 0, 0, time.UTC))
	// Every phone of a test is on 127.0.0.1: the limits per client address
	// would take them for one device.
	limits := server.Limits{StreamsPerClient: 10_000, Creates: -1}
	return serve(t, server.Config{Store: store, Rand: testkit.NewSeeded(seed), Now: clock.Now, Families: families, Limits: limits, Pseudo: true})
}

// StartLimited starts a server on a fresh database with limits l and the
// real clock: for tests of the limits themselves.
func StartLimited(t testing.TB, seed byte, l server.Limits, families ...server.Family) *Server {
	t.Helper()
	st, err := server.OpenStore(filepath.Join(t.TempDir(), "limits.db"), families...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return serve(t, server.Config{Store: st, Rand: testkit.NewSeeded(seed), Families: families, Limits: l, Pseudo: true})
}

// serve starts a server of cfg on a loopback port (cfg.BaseURL is set).
func serve(t testing.TB, cfg server.Config) *Server {
	t.Helper()
	hs := httptest.NewUnstartedServer(nil)
	cfg.BaseURL = "http://" + hs.Listener.Addr().String()
	srv, err := server.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs.Config = srv.HTTPServer("")
	hs.Start()
	t.Cleanup(func() {
		srv.Close()
		hs.Close()
	})
	return &Server{Server: srv, HTTP: hs, URL: cfg.BaseURL, Store: cfg.Store, Families: cfg.Families}
}

// Restart starts another server on s's store with s's families, its
// randomness seeded with seed: what a restart of the process sees.
func (s *Server) Restart(t testing.TB, seed byte) *Server {
	t.Helper()
	return Reopen(t, s.Store, seed, s.Families...)
}

// NewGame creates a game from the JSON request req and returns the server's
// answer; it fails the test on anything but 201 Created.
func (s *Server) NewGame(t testing.TB, req string) server.Created {
	t.Helper()
	code, b := NewClient(t).Do("POST", s.URL+"/api/games", req)
	var g server.Created
	if code != http.StatusCreated {
		t.Fatalf("POST /api/games %s = %d %s, want 201", req, code, b)
	}
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatalf("POST /api/games %s: %v", req, err)
	}
	return g
}
