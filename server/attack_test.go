package server_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fieldkit/catalog"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"fieldkit/server"
	"fieldkit/server/servertest"
)

// The attack suite of the neutral table server: what anyone on the table's
// Wi-Fi can send without a token or with a seat's, and the safe outcome
// each attack must meet. Codenames' own attacks are in server/codenames.

// heapMB returns the live heap after a collection, in MB.
func heapMB() float64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapAlloc) / (1 << 20)
}

// TestAttackUnknownIDs is hole 4 of issue 13: requests for tables, games,
// seats and host links that do not exist, with ids of every length up to
// 60 KB, must cost nothing: no table is loaded or kept, and the live heap
// does not grow with their number.
func TestAttackUnknownIDs(t *testing.T) {
	srv, base := fakeServer(t)
	p := newPhone(t, base)
	code, _ := p.do("POST", base+"/api/games", `{"game":"tictactoe"}`)
	if code != http.StatusCreated {
		t.Fatalf("new game: %d", code)
	}
	paths := []string{"/api/games/%s", "/api/tables/%s", "/api/games/%s/events/stream", "/api/tables/%s/stream", "/s/%s", "/s/%s/state", "/h/%s", "/h/%s/camera"}
	n := 10_000
	if testing.Short() {
		n = 1000
	}
	before := heapMB()
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 8}}
	var wg sync.WaitGroup
	var mu sync.Mutex
	bad := map[int]int{}
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < n; i += 8 {
				id := fmt.Sprintf("%032d", i)
				if i%10 == 0 {
					id = strings.Repeat(fmt.Sprint(i%10), 60<<10-200) // 60 KB
				} else if i%3 == 0 {
					id = fmt.Sprintf("%d", i)
				}
				res, err := client.Get(base + fmt.Sprintf(paths[i%len(paths)], id))
				if err != nil {
					t.Errorf("request %d: %v", i, err)
					return
				}
				res.Body.Close()
				mu.Lock()
				bad[res.StatusCode]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	client.CloseIdleConnections()
	after := heapMB()
	t.Logf("%d unknown-id requests (answers %v): live heap %.1f MB before, %.1f MB after; %d tables loaded", n, bad, before, after, srv.LoadedTables())
	for code := range bad {
		if code != http.StatusNotFound && code != http.StatusRequestHeaderFieldsTooLarge && code != http.StatusRequestURITooLong {
			t.Errorf("an unknown id got %d", code)
		}
	}
	if got := srv.LoadedTables(); got > 1 {
		t.Errorf("%d tables loaded after requests for unknown ids, want at most the one that exists", got)
	}
}

// padFamily is a game whose public state is large (64 KB): every "pad"
// event changes it, so that a stream that stops reading falls behind fast.
type padFamily struct{ tttFamily }

func (padFamily) Name() string    { return "pad" }
func (padFamily) Games() []string { return []string{"pad"} }
func (padFamily) Assets() fs.FS {
	return fstest.MapFS{"home.html": {Data: []byte(`{{define "home-pad"}}pad{{end}}`)}}
}
func (f padFamily) Start(ctx context.Context, env *server.Env, req server.StartRequest) (*server.Start, error) {
	g, _ := f.Load(ctx, env, server.Stored{})
	return &server.Start{Setup: []byte(`{"type":"new","game":"pad"}`), Parts: []string{"p"}, Game: g}, nil
}
func (padFamily) Load(context.Context, *server.Env, server.Stored) (server.Game, error) {
	return pad{}, nil
}

type pad struct{ n int }

func (g pad) Apply(line []byte, part string, at time.Time) (server.Game, server.Step, error) {
	if string(line) != `{"type":"pad"}` {
		return g, server.Step{}, fmt.Errorf("%w: send {\"type\":\"pad\"}", errBad)
	}
	g.n++
	return g, server.Step{Events: []server.LoggedEvent{{Event: json.RawMessage(line)}}}, nil
}
func (g pad) Public() any {
	return map[string]any{"n": g.n, "pad": strings.Repeat("x", 64<<10)}
}
func (pad) Secret(string) any { return nil }
func (pad) Playing() bool     { return true }

// limitedServer starts a server with the given limits and families.
func limitedServer(t *testing.T, l server.Limits, families ...server.Family) (*server.Server, string) {
	t.Helper()
	ts := servertest.StartLimited(t, 3, l, families...)
	return ts.Server, ts.URL
}

// TestAttackManyTables is the rest of hole 4: tables anyone can make stay
// bounded in memory. The least recently used table without a stream is put
// away and loaded again, whole, when asked for.
func TestAttackManyTables(t *testing.T) {
	const limit, n = 8, 40
	srv, base := limitedServer(t, server.Limits{Tables: limit, Creates: -1}, tttFamily{})
	p := newPhone(t, base)
	var hosts []*phone
	var games []string
	for range n {
		code, b := p.do("POST", base+"/api/games", `{"game":"tictactoe"}`)
		var c server.Created
		if json.Unmarshal(b, &c); code != http.StatusCreated {
			t.Fatalf("new game: %d %s", code, b)
		}
		h := newPhone(t, base)
		h.Host = servertest.HostToken(c)
		hosts, games = append(hosts, h), append(games, c.ID)
	}
	if got := srv.LoadedTables(); got > limit {
		t.Errorf("%d tables in memory after %d new games, want at most %d", got, n, limit)
	}
	for i, h := range hosts { // every table, put away or not, plays on
		if code, b := h.do("POST", base+"/api/games/"+games[i]+"/events", `{"type":"mark","by":"x","cell":4}`); code != http.StatusOK {
			t.Errorf("game %d after being put away: %d %s", i, code, b)
		}
	}
	for i := range games {
		_, b := p.do("GET", base+"/api/games/"+games[i], "")
		if !strings.Contains(string(b), `"board":"    x    "`) {
			t.Errorf("game %d: %s, want its move", i, b)
		}
	}
	if got := srv.LoadedTables(); got > limit {
		t.Errorf("%d tables in memory, want at most %d", got, limit)
	}
	t.Logf("%d games at %d tables: %d tables in memory", n, n, srv.LoadedTables())
}

// stuckStream opens url's stream on a raw connection with a small receive
// buffer and never reads from it: a phone that stopped reading.
func stuckStream(t *testing.T, base, path string) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	conn.(*net.TCPConn).SetReadBuffer(4 << 10)
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: x\r\n\r\n", path)
	t.Cleanup(func() { conn.Close() })
	return conn
}

// padGame starts a pad game and returns its id and a host.
func padGame(t *testing.T, base string) (string, *phone) {
	t.Helper()
	p := newPhone(t, base)
	code, b := p.do("POST", base+"/api/games", `{"game":"pad"}`)
	var c server.Created
	if json.Unmarshal(b, &c); code != http.StatusCreated {
		t.Fatalf("new game: %d %s", code, b)
	}
	p.Host = servertest.HostToken(c)
	return c.ID, p
}

// eventually waits up to 20 s for cond; no timing is asserted.
func eventually(cond func() bool) bool {
	for range 200 {
		if cond() {
			return true
		}
		time.Sleep(100 * time.Millisecond)
	}
	return cond()
}

// TestAttackStreams is hole 5 of issue 13: event streams are capped in all
// and per client address (the rest get 503 and nothing is kept), and a
// client that stops reading loses its stream once a write times out, while
// the server goes on serving everyone else.
func TestAttackStreams(t *testing.T) {
	t.Run("cap per client", func(t *testing.T) {
		srv, base := limitedServer(t, server.Limits{Streams: 100, StreamsPerClient: 5}, padFamily{})
		id, _ := padGame(t, base)
		codes := map[int]int{}
		for range 12 {
			res, err := http.Get(base + "/api/games/" + id + "/events/stream")
			if err != nil {
				t.Fatal(err)
			}
			codes[res.StatusCode]++
			if res.StatusCode != http.StatusOK {
				res.Body.Close()
			} else {
				t.Cleanup(func() { res.Body.Close() })
			}
		}
		if codes[200] != 5 || codes[503] != 7 || srv.OpenStreams() != 5 {
			t.Errorf("12 streams from one client: answers %v, %d open; want 5 200s and 7 503s", codes, srv.OpenStreams())
		}
	})
	t.Run("cap in all", func(t *testing.T) {
		srv, base := limitedServer(t, server.Limits{Streams: 6, StreamsPerClient: 100}, padFamily{})
		id, _ := padGame(t, base)
		for range 10 {
			stuckStream(t, base, "/api/games/"+id+"/events/stream")
		}
		if !eventually(func() bool { return srv.OpenStreams() == 6 }) {
			t.Errorf("%d streams open, want the limit, 6", srv.OpenStreams())
		}
	})
	t.Run("a client that stops reading", func(t *testing.T) {
		srv, base := limitedServer(t, server.Limits{StreamWrite: 300 * time.Millisecond}, padFamily{})
		id, host := padGame(t, base)
		stuckStream(t, base, "/api/games/"+id+"/events/stream")
		if !eventually(func() bool { return srv.OpenStreams() == 1 }) {
			t.Fatal("the stream did not open")
		}
		sent := 0
		for srv.OpenStreams() > 0 && sent < 2000 {
			if code, b := host.do("POST", base+"/api/games/"+id+"/events", `{"type":"pad"}`); code != http.StatusOK {
				t.Fatalf("event %d: %d %.100s", sent, code, b)
			}
			host.log.Reset()
			sent++
		}
		if !eventually(func() bool { return srv.OpenStreams() == 0 }) {
			t.Errorf("a stream that is never read is still open after %d changes of 64 KB", sent)
		}
		t.Logf("the stuck stream was closed after %d changes of 64 KB", sent)
	})
}

// TestAttackShutdownStuckClient measures the stop (what SIGTERM does in
// fieldkit serve) with a client whose stream write is blocked: the server
// ends its streams at once instead of waiting for the write.
func TestAttackShutdownStuckClient(t *testing.T) {
	st, err := server.OpenStore(filepath.Join(t.TempDir(), "stop.db"), padFamily{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	srv, err := server.New(server.Config{Store: st, BaseURL: base, Families: []server.Family{padFamily{}}})
	if err != nil {
		t.Fatal(err)
	}
	hs := srv.HTTPServer("")
	go hs.Serve(ln)
	id, host := padGame(t, base)
	stuckStream(t, base, "/api/games/"+id+"/events/stream")
	for range 300 { // 20 MB: more than the socket buffers hold
		host.do("POST", base+"/api/games/"+id+"/events", `{"type":"pad"}`)
		host.log.Reset()
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	closed, err := srv.Shutdown(ctx, hs)
	took := time.Since(start)
	if err != nil || closed {
		t.Errorf("Shutdown = %v, %v; want the stream ended without closing connections by force", closed, err)
	}
	t.Logf("stop with a stuck stream client: %v", took.Round(time.Microsecond))
}

// TestIdleStreamsMemory measures the memory of 1,000 idle streams.
func TestIdleStreamsMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("opens 1,000 streams")
	}
	const n = 1000
	srv, base := limitedServer(t, server.Limits{Streams: 2 * n, StreamsPerClient: 2 * n}, tttFamily{})
	p := newPhone(t, base)
	_, b := p.do("POST", base+"/api/games", `{"game":"tictactoe"}`)
	var c server.Created
	json.Unmarshal(b, &c)
	before := heapMB()
	g0 := runtime.NumGoroutine()
	for range n {
		stuckStream(t, base, "/api/games/"+c.ID+"/events/stream")
	}
	if !eventually(func() bool { return srv.OpenStreams() == n }) {
		t.Fatalf("%d streams open, want %d", srv.OpenStreams(), n)
	}
	after := heapMB()
	t.Logf("%d idle streams: live heap %.1f MB before, %.1f MB after (%.1f KB a stream, both ends in this process); %d goroutines more",
		n, before, after, (after-before)*1024/n, runtime.NumGoroutine()-g0)
}

// badBodies are request bodies of every kind that no endpoint takes.
var badBodies = []string{
	``, ` `, `null`, `[]`, `"game"`, `42`, `{`, `}`, `{"game":}`, `{"game":"tictactoe"} trailing`,
	`{"game":"tictactoe"}{"game":"tictactoe"}`, `{"game":"tictactoe"}]`, `{"game":"tictactoe"}}`,
	`{"game":"nosuch"}`, `{"game":42}`, `{"game":["tictactoe"]}`, `{"game":null,"x":1}`, `{"game":"tictactoe","x":1}`,
	`{"type":"mark","cell":99}`, `{"type":"mark","cell":-1}`, `{"type":"mark","cell":1e308}`, `{"type":"mark","cell":"4"}`,
	`{"type":"mark","by":"o","cell":4}`, `{"type":"mark","by":"\u0000","cell":4}`, `{"type":"new","game":"tictactoe"}`,
	"\xff\xfe{\"game\":\"tictactoe\"}", `{"game":"tictactoe","secrets":["` + strings.Repeat("a", 300<<10) + `"]}`,
	strings.Repeat("[", 10000) + strings.Repeat("]", 10000), strings.Repeat(`{"a":`, 5000) + `1` + strings.Repeat(`}`, 5000),
	"\x00\x00\x00\x00", `<script>alert(1)</script>`, `'; DROP TABLE tables; --`,
}

// TestAttackBadInput sends every bad body to every endpoint that takes
// one, with and without the right tokens, and every malformed id to every
// endpoint that takes one: no answer is a 5xx, none is a success, and the
// game, its table and the store stay exactly as they were.
func TestAttackBadInput(t *testing.T) {
	srv, base := limitedServer(t, server.Limits{Creates: -1}, tttFamily{})
	p := newPhone(t, base)
	code, b := p.do("POST", base+"/api/games", `{"game":"tictactoe"}`)
	var c server.Created
	if json.Unmarshal(b, &c); code != http.StatusCreated {
		t.Fatalf("new game: %d %s", code, b)
	}
	host := newPhone(t, base)
	host.Host = servertest.HostToken(c)
	seat := newPhone(t, base)
	seat.do("GET", c.Seats["x"], "")
	stranger := newPhone(t, base)
	stranger.Host = strings.Repeat("a", 32)
	game, table := "/api/games/"+c.ID, "/api/tables/"+c.Table
	snapshot := func() string {
		_, g := p.do("GET", base+game, "")
		_, tb := p.do("GET", base+table, "")
		var n int
		srv.Store.DB().QueryRow(`SELECT (SELECT COUNT(*) FROM tables) + (SELECT COUNT(*) FROM table_games) * 100 + (SELECT COUNT(*) FROM game_events) * 10000`).Scan(&n)
		return fmt.Sprintf("%s %s %d", g, tb, n)
	}
	before := snapshot()
	tried := 0
	check := func(who *phone, method, url, body string) {
		t.Helper()
		tried++
		code, b := who.do(method, url, body)
		who.log.Reset()
		if code >= 500 || (code < 400 && method == "POST") {
			t.Errorf("%s %s %.60q = %d %.200s, want a 4xx", method, strings.TrimPrefix(url, base), body, code, b)
		}
		checkSaid(t, fmt.Sprintf("%s %s %.60q", method, strings.TrimPrefix(url, base), body), code, b)
	}
	// Bodies: to every endpoint that reads one, as the host, a seat and a stranger.
	posts := []struct {
		who  *phone
		path string
	}{
		{p, "/api/games"}, {p, "/api/tables"}, {host, table + "/games"}, {host, game + "/events"},
		{seat, strings.TrimPrefix(c.Seats["x"], base) + "/events"}, {stranger, game + "/events"}, {stranger, table + "/games"},
		{p, game + "/events"}, {host, game + "/scan"}, {seat, strings.TrimPrefix(c.Seats["x"], base) + "/scan"},
	}
	for _, ep := range posts {
		for _, body := range badBodies {
			if ep.path == "/api/tables" && (body == "" || body == " ") {
				continue // an empty body makes an empty table: not bad input
			}
			check(ep.who, "POST", base+ep.path, body)
		}
	}
	// Ids: malformed, unknown, long, encoded, on every endpoint that takes one.
	ids := []string{"q", strings.Repeat("z", 65), strings.Repeat("9", 4000), "..%2f..%2fetc%2fpasswd", "%00", "%ff%fe", "a%20b", "'%20OR%201=1", c.ID + "x", strings.ToUpper(c.ID)}
	idPaths := []struct{ method, path string }{
		{"GET", "/api/games/%s"}, {"POST", "/api/games/%s/events"}, {"POST", "/api/games/%s/undo"}, {"POST", "/api/games/%s/seats/x/release"},
		{"POST", "/api/games/%s/camera"}, {"GET", "/api/tables/%s"}, {"POST", "/api/tables/%s/games"}, {"POST", "/api/tables/%s/seats/1/release"},
		{"GET", "/s/%s"}, {"GET", "/s/%s/state"}, {"POST", "/s/%s/events"}, {"GET", "/h/%s"}, {"GET", "/h/%s/qr/1"}, {"GET", "/h/%s/camera"},
		{"GET", "/h/%s/view.jpg"}, {"POST", game + "/seats/%s/release"}, {"GET", "/h/" + host.Host + "/qr/%s"},
	}
	for _, ip := range idPaths {
		for _, id := range ids {
			for _, who := range []*phone{host, stranger} {
				tried++
				code, b := who.do(ip.method, base+fmt.Sprintf(ip.path, id), `{"type":"mark","by":"x","cell":4}`)
				who.log.Reset()
				checkSaid(t, ip.method+" "+fmt.Sprintf(ip.path, id), code, b)
				if code >= 500 || code < 400 {
					t.Errorf("%s %s = %d %.200s, want a 4xx", ip.method, fmt.Sprintf(ip.path, id), code, b)
				}
			}
		}
	}
	// Methods and headers.
	for _, m := range []string{"PUT", "DELETE", "PATCH"} {
		for _, path := range []string{"/api/games", game, game + "/events", table} {
			check(host, m, base+path, "{}")
		}
	}
	for _, auth := range []string{"Bearer", "Bearer ", "Basic " + host.Host, "bearer " + host.Host, "Bearer " + host.Host + "x", "Bearer " + strings.Repeat("a", 60<<10)} {
		tried++
		req, _ := http.NewRequest("POST", base+game+"/events", strings.NewReader(`{"type":"mark","by":"x","cell":4}`))
		req.Header.Set("Authorization", auth)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode < 400 || res.StatusCode >= 500 {
			t.Errorf("Authorization %.40q: %d, want a 4xx", auth, res.StatusCode)
		}
	}
	if after := snapshot(); after != before {
		t.Errorf("bad input changed the server:\nbefore %s\nafter  %s", before, after)
	}
	t.Logf("bad inputs tried: %d, all answered 4xx with nothing changed", tried)
}

// TestAttackStoreFaults: a database the server cannot use is refused at
// start with one message that says what to do (a missing folder, a file it
// cannot write, another program's SQLite file, a file another server has
// open), and a fault while serving is answered without the file's name.
func TestAttackStoreFaults(t *testing.T) {
	dir := t.TempDir()
	open := func(path string) error {
		st, err := server.OpenStore(path, tttFamily{})
		if err == nil {
			st.Close()
		}
		return err
	}
	other := filepath.Join(dir, "notes.db")
	db, err := sql.Open("sqlite", other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	readOnly := filepath.Join(dir, "ro", "fieldkit.db")
	os.Mkdir(filepath.Dir(readOnly), 0o755)
	if err := open(readOnly); err != nil {
		t.Fatal(err)
	}
	os.Chmod(readOnly, 0o444)
	os.Chmod(filepath.Dir(readOnly), 0o555)
	t.Cleanup(func() { os.Chmod(filepath.Dir(readOnly), 0o755) })
	for _, tc := range []struct {
		name, path, want string
		skip             bool
	}{
		{"missing folder", filepath.Join(dir, "nosuch", "fieldkit.db"), "does not exist: create it", false},
		{"another program's database", other, "another program's SQLite database (tables notes)", false},
		{"read-only file and folder", readOnly, "cannot be written", os.Getuid() == 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.skip {
				t.Skip("root writes read-only files")
			}
			err := open(tc.path)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("OpenStore(%s) = %v, want an error with %q", tc.name, err, tc.want)
			}
		})
	}
	db, _ = sql.Open("sqlite", other)
	var n int
	db.QueryRow(`SELECT COUNT(*) FROM sqlite_master`).Scan(&n)
	db.Close()
	if n != 1 {
		t.Errorf("another program's database has %d tables after fieldkit refused it, want its 1", n)
	}

	t.Run("two servers on one file", func(t *testing.T) {
		path := filepath.Join(dir, "shared.db")
		first, err := server.OpenStore(path, tttFamily{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = server.OpenStore(path, tttFamily{})
		if !errors.Is(err, server.ErrInUse) || !strings.Contains(err.Error(), "stop that fieldkit serve first") {
			t.Errorf("the second OpenStore = %v, want ErrInUse with advice", err)
		}
		first.Close()
		again, err := server.OpenStore(path, tttFamily{})
		if err != nil {
			t.Errorf("after the first closed: %v", err)
		} else {
			again.Close()
		}
	})

	t.Run("a fault while serving", func(t *testing.T) {
		srv, base := limitedServer(t, server.Limits{Creates: -1}, tttFamily{})
		p := newPhone(t, base)
		_, b := p.do("POST", base+"/api/games", `{"game":"tictactoe"}`)
		var c server.Created
		json.Unmarshal(b, &c)
		p.Host = servertest.HostToken(c)
		srv.Store.DB().Close() // every query fails from now on
		for _, req := range [][3]string{
			{"POST", "/api/games/" + c.ID + "/events", `{"type":"mark","by":"x","cell":4}`},
			{"POST", "/api/games", `{"game":"tictactoe"}`},
			{"GET", "/api/games", ""},
			{"GET", "/s/" + strings.Repeat("b", 32), ""},
		} {
			code, b := p.do(req[0], base+req[1], req[2])
			if code != http.StatusInternalServerError || strings.Contains(string(b), "limits.db") || strings.Contains(string(b), "sql") ||
				!strings.Contains(string(b), "not saved") && !strings.Contains(string(b), "went wrong") {
				t.Errorf("%s %s with a failed database = %d %.300s, want 500 saying nothing happened, without the file", req[0], req[1], code, b)
			}
		}
	})
}

// stillCamera is a camera whose frames show nothing a game reads.
type stillCamera struct{}

func (stillCamera) Next() (server.Frame, bool) {
	time.Sleep(5 * time.Millisecond)
	return struct{}{}, true
}

// TestAttackCameraTaken: a stranger's new game does not take the camera
// from a table whose game is still being played; a new game takes it
// once that game is over, and the table's host takes it on purpose.
func TestAttackCameraTaken(t *testing.T) {
	srv, base := limitedServer(t, server.Limits{Creates: -1}, tttFamily{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { srv.WatchCamera(ctx, stillCamera{}, 1); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	newGame := func() (*phone, server.Created) {
		p := newPhone(t, base)
		_, b := p.do("POST", base+"/api/games", `{"game":"tictactoe"}`)
		var c server.Created
		json.Unmarshal(b, &c)
		p.Host = servertest.HostToken(c)
		return p, c
	}
	watching := func(p *phone) bool {
		_, b := p.do("GET", base+"/h/"+p.Host+"/camera", "")
		var st server.CameraStatus
		json.Unmarshal(b, &st)
		return st.Watching
	}
	ours, game := newGame()
	if !eventually(func() bool { return watching(ours) }) { // once the loop runs
		t.Fatal("the first table's new game does not have the camera")
	}
	stranger, _ := newGame()
	if watching(stranger) || !watching(ours) {
		t.Errorf("a stranger's new game took the camera from a game being played")
	}
	for _, cell := range []int{0, 3, 1, 4, 2} { // x wins: the game is over
		ours.do("POST", base+"/api/games/"+game.ID+"/events", fmt.Sprintf(`{"type":"mark","cell":%d,"by":"%s"}`, cell, map[bool]string{true: "x", false: "o"}[cell < 3]))
	}
	next, _ := newGame()
	if !watching(next) {
		t.Errorf("a new game did not get the camera of a table whose game is over")
	}
	if code, b := stranger.do("POST", base+"/api/tables/"+tableOf(stranger, base)+"/camera", ""); code != http.StatusOK || !watching(stranger) {
		t.Errorf("the host taking the camera on purpose: %d %s", code, b)
	}
}

// tableOf returns the table of a host's token.
func tableOf(p *phone, base string) string {
	_, b := p.do("GET", base+"/h/"+p.Host, "")
	i := strings.Index(string(b), `data-table="`)
	if i < 0 {
		return ""
	}
	rest := string(b)[i+len(`data-table="`):]
	return rest[:strings.Index(rest, `"`)]
}

// TestAttackHostPageLinks: the host page's HTML holds no seat link (anyone
// who sees its source, a cache or a screenshot of it would take the seat);
// the page asks for a free seat's link when the host shows its join code,
// and a taken seat's link is not given out.
func TestAttackHostPageLinks(t *testing.T) {
	_, base := limitedServer(t, server.Limits{Creates: -1}, tttFamily{})
	p := newPhone(t, base)
	_, b := p.do("POST", base+"/api/games", `{"game":"tictactoe"}`)
	var c server.Created
	json.Unmarshal(b, &c)
	host := newPhone(t, base)
	host.Host = servertest.HostToken(c)
	tokens := map[string]string{}
	for part, link := range c.Seats {
		tokens[part] = link[strings.LastIndex(link, "/")+1:]
	}
	_, page := host.do("GET", c.HostURL, "")
	for part, tok := range tokens {
		if strings.Contains(string(page), tok) {
			t.Errorf("the host page's HTML holds seat %s's link", part)
		}
	}
	if code, b := host.do("GET", base+"/h/"+host.Host+"/link/x", ""); code != http.StatusOK || !strings.Contains(string(b), tokens["x"]) {
		t.Errorf("the free seat's link: %d %s", code, b)
	}
	newPhone(t, base).do("GET", c.Seats["x"], "")
	if code, b := host.do("GET", base+"/h/"+host.Host+"/link/x", ""); code != http.StatusConflict || strings.Contains(string(b), tokens["x"]) {
		t.Errorf("the taken seat's link: %d %s, want 409 without it", code, b)
	}
	if code, _ := host.do("GET", base+"/h/"+tokens["o"]+"/link/x", ""); code != http.StatusNotFound {
		t.Errorf("a seat token as host token: %d, want 404", code)
	}
}

// TestAttackCreateRate: creating tables and games needs no token, so it is
// rate limited per client address: a burst beyond the limit gets 429 and
// stores nothing.
func TestAttackCreateRate(t *testing.T) {
	const limit = 5
	srv, base := limitedServer(t, server.Limits{Creates: limit}, tttFamily{})
	p := newPhone(t, base)
	codes := map[int]int{}
	for i := range 3 * limit {
		path, body := "/api/games", `{"game":"tictactoe"}`
		if i%2 == 1 {
			path, body = "/api/tables", `{}`
		}
		code, _ := p.do("POST", base+path, body)
		codes[code]++
	}
	var tables int
	srv.Store.DB().QueryRow(`SELECT COUNT(*) FROM tables`).Scan(&tables)
	if codes[http.StatusCreated] != limit || codes[http.StatusTooManyRequests] != 2*limit || tables != limit {
		t.Errorf("%d creations in a burst: answers %v, %d tables stored; want %d created and the rest 429", 3*limit, codes, tables, limit)
	}
}

// TestAttackRaces sends events to one game from the host and both seats at
// once, with seat claims and releases in between: every acknowledged event
// is in the store in order, the state is the one they lead to, and no
// answer is a 5xx.
func TestAttackRaces(t *testing.T) {
	srv, base := limitedServer(t, server.Limits{Creates: -1, StreamsPerClient: 1000}, padFamily{})
	id, host := padGame(t, base)
	code, b := host.do("GET", base+"/api/games/"+id, "")
	if code != http.StatusOK {
		t.Fatalf("%d %s", code, b)
	}
	var mu sync.Mutex
	acked, bad := 0, map[int]int{}
	var wg sync.WaitGroup
	for w := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := &http.Client{Timeout: 10 * time.Second}
			for range 40 {
				var req *http.Request
				switch w % 3 {
				case 0, 1:
					req, _ = http.NewRequest("POST", base+"/api/games/"+id+"/events", strings.NewReader(`{"type":"pad"}`))
					req.Header.Set("Authorization", "Bearer "+host.Host)
				default:
					req, _ = http.NewRequest("POST", base+"/api/games/"+id+"/undo", nil)
					req.Header.Set("Authorization", "Bearer "+host.Host)
				}
				res, err := c.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				res.Body.Close()
				mu.Lock()
				switch {
				case res.StatusCode == http.StatusOK && req.URL.Path[len(req.URL.Path)-4:] == "undo":
					acked--
				case res.StatusCode == http.StatusOK:
					acked++
				default:
					bad[res.StatusCode]++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	var stored int
	srv.Store.DB().QueryRow(`SELECT COUNT(*) FROM game_events`).Scan(&stored)
	_, b = host.do("GET", base+"/api/games/"+id, "")
	host.log.Reset()
	var st struct {
		Seq int `json:"seq"`
		N   int `json:"n"`
	}
	json.Unmarshal(b, &st)
	if stored != acked || st.Seq != acked || st.N != acked {
		t.Errorf("after the race: %d events acknowledged (net of undos), %d stored, state seq %d, n %d", acked, stored, st.Seq, st.N)
	}
	for code := range bad {
		if code >= 500 {
			t.Errorf("%d answers %d", bad[code], code)
		}
	}
	t.Logf("240 racing requests: %d events kept, refusals %v", acked, bad)
}

// TestAttackSlowClients opens 200 connections that send their request
// headers a byte at a time and never finish: the server goes on answering
// everyone else meanwhile, and closes them once the header timeout passes.
func TestAttackSlowClients(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the header timeout (10 s)")
	}
	_, base := limitedServer(t, server.Limits{Creates: -1}, tttFamily{})
	var conns []net.Conn
	for range 200 {
		c, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprint(c, "GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ")
		conns = append(conns, c)
		t.Cleanup(func() { c.Close() })
	}
	p := newPhone(t, base)
	for i := range 5 {
		if code, _ := p.do("GET", base+"/api/games", ""); code != http.StatusOK {
			t.Errorf("request %d beside 200 slow clients: %d", i, code)
		}
		for _, c := range conns {
			c.Write([]byte("a"))
		}
		time.Sleep(time.Second)
	}
	time.Sleep(7 * time.Second) // past the 10 s header timeout
	open := 0
	for _, c := range conns {
		c.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
		if _, err := c.Read(make([]byte, 1)); err != nil && !errors.Is(err, io.EOF) && !strings.Contains(err.Error(), "reset") {
			open++ // a timeout: the server has not closed it
		}
	}
	if open > 0 {
		t.Errorf("%d of 200 slow clients still connected after the header timeout", open)
	}
}

// checkSaid checks that a 4xx answer in JSON carries the message the pages
// say ({"msg":{"id","args"}}), one of the catalog's, not the English text
// itself ("error.text"): only the test family's own refusals (errBad,
// errTurn) have no message of the catalog.
func checkSaid(t *testing.T, what string, code int, b []byte) {
	t.Helper()
	var a struct {
		Error string       `json:"error"`
		Msg   *catalog.Msg `json:"msg"`
	}
	if code < 400 || code >= 500 || json.Unmarshal(b, &a) != nil || a.Error == "" {
		return // not a refusal in JSON: a page, or the mux's plain 404 and 405
	}
	switch {
	case a.Msg == nil:
		t.Errorf("%s = %d %q: no message", what, code, a.Error)
	case a.Msg.ID == "error.text" && !strings.HasPrefix(a.Error, errBad.Error()) && !strings.HasPrefix(a.Error, errTurn.Error()):
		t.Errorf("%s = %d %q: the message is the English text", what, code, a.Error)
	case a.Msg.ID != "error.text" && !catalog.Known(a.Msg.ID):
		t.Errorf("%s = %d %q: message %q, which the catalog lacks", what, code, a.Error, a.Msg.ID)
	}
}
