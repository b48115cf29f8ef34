// Package servertest starts table servers for tests: on a loopback port,
// with a fresh database, seeded randomness and a clock that ticks one second
// per call, so that two test servers answer alike.
package servertest

import (
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
}

// Start starts a server with families on a new database; seed seeds its
// randomness. It stops when the test ends.
func Start(t testing.TB, seed byte, families ...server.Family) *Server {
	t.Helper()
	st, err := server.OpenStore(filepath.Join(t.TempDir(), "test.db"), families...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return Reopen(t, st, seed, families...)
}

// Reopen starts another server on store: what a restart of the process sees.
func Reopen(t testing.TB, store *server.Store, seed byte, families ...server.Family) *Server {
	t.Helper()
	hs := httptest.NewUnstartedServer(nil)
	base := "http://" + hs.Listener.Addr().String()
	clock := testkit.NewClock(time.Date(2026, 3, 1, 19, 0, 0, 0, time.UTC))
	// Every phone of a test is on 127.0.0.1: the limits per client address
	// would take them for one device.
	limits := server.Limits{StreamsPerClient: 10_000, Creates: -1}
	srv, err := server.New(server.Config{Store: store, BaseURL: base, Rand: testkit.NewSeeded(seed), Now: clock.Now, Families: families, Limits: limits})
	if err != nil {
		t.Fatal(err)
	}
	hs.Config = srv.HTTPServer("")
	hs.Start()
	t.Cleanup(func() {
		srv.Close()
		hs.Close()
	})
	return &Server{Server: srv, HTTP: hs, URL: base, Store: store}
}
