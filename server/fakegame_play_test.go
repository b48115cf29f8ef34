package server_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	"fieldkit/server"
	"fieldkit/server/servertest"
)

// fakeServer starts a table server with only the tic-tac-toe family.
func fakeServer(t *testing.T) (*server.Server, string) {
	t.Helper()
	ts := servertest.Start(t, 7, tttFamily{})
	return ts.Server, ts.URL
}

// phone is one device: its own cookies, and the bytes it was sent.
type phone struct {
	t    *testing.T
	c    *http.Client
	host string // a host token sent as a bearer, if any
	base string
	log  bytes.Buffer
}

func newPhone(t *testing.T, base string) *phone {
	jar, _ := cookiejar.New(nil)
	return &phone{t: t, c: &http.Client{Jar: jar, Timeout: 10 * time.Second}, base: base}
}

// do sends a request, records the answer (with the server's address made
// neutral) and returns its status and body.
func (p *phone) do(method, url, body string) (int, []byte) {
	p.t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if p.host != "" {
		req.Header.Set("Authorization", "Bearer "+p.host)
	}
	res, err := p.c.Do(req)
	if err != nil {
		p.t.Fatalf("%s %s: %v", method, url, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	fmt.Fprintf(&p.log, "%s %s -> %d %s\n", method, strings.TrimPrefix(url, p.base), res.StatusCode, bytes.ReplaceAll(b, []byte(p.base), []byte("BASE")))
	return res.StatusCode, b
}

// sse reads a server-sent event stream in the background.
type sse struct {
	cancel context.CancelFunc
	done   chan struct{}
	events chan string
	raw    bytes.Buffer
}

func (p *phone) stream(url string) *sse {
	p.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	res, err := (&http.Client{Jar: p.c.Jar}).Do(req)
	if err != nil || res.StatusCode != 200 {
		cancel()
		p.t.Fatalf("stream %s: %v %v", url, err, res)
	}
	s := &sse{cancel: cancel, done: make(chan struct{}), events: make(chan string, 256)}
	go func() {
		defer close(s.done)
		defer res.Body.Close()
		sc := bufio.NewScanner(io.TeeReader(res.Body, &s.raw))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				s.events <- d
			}
		}
	}()
	return s
}

// wait returns the next state on the stream that satisfies ok.
func (s *sse) wait(t *testing.T, what string, ok func(string) bool) string {
	t.Helper()
	for {
		select {
		case d := <-s.events:
			if ok(d) {
				return d
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no state on the stream with %s", what)
		}
	}
}

func (s *sse) close() string {
	s.cancel()
	<-s.done
	return s.raw.String()
}

// tttTranscript plays a scripted tic-tac-toe table with the given secrets
// through the HTTP API, the phones' pages and the streams, then a rematch at
// the same table, and returns what the public, seat x and seat o received.
func tttTranscript(t *testing.T, secrets [2]string) (public, x, o string) {
	_, base := fakeServer(t)
	anyone := newPhone(t, base)
	code, b := anyone.do("POST", base+"/api/tables", fmt.Sprintf(`{"game":"tictactoe","secrets":[%q,%q]}`, secrets[0], secrets[1]))
	if code != http.StatusCreated {
		t.Fatalf("POST /api/tables = %d %s", code, b)
	}
	var c server.Created
	if err := json.Unmarshal(b, &c); err != nil || len(c.Seats) != 2 || c.ID == "" {
		t.Fatalf("created %s: %v", b, err)
	}
	host := newPhone(t, base)
	host.host = c.HostURL[strings.LastIndex(c.HostURL, "/")+1:]
	px, po := newPhone(t, base), newPhone(t, base)
	for _, p := range []struct {
		ph   *phone
		link string
		want string
	}{{px, c.Seats["x"], "seat 1 plays x"}, {po, c.Seats["o"], "seat 2 plays o"}} {
		if code, page := p.ph.do("GET", p.link, ""); code != 200 || !strings.Contains(string(page), p.want) {
			t.Fatalf("seat page %s = %d %s, want %q", p.link, code, page, p.want)
		}
	}
	if code, page := host.do("GET", c.HostURL, ""); code != 200 || !strings.Contains(string(page), "host of tictactoe "+c.ID+" x o") {
		t.Fatalf("host page = %d %s", code, page)
	}
	pub := anyone.stream(base + "/api/tables/" + c.Table + "/stream")
	sx, so := px.stream(c.Seats["x"]+"/stream"), po.stream(c.Seats["o"]+"/stream")
	pub.wait(t, "the first state", func(string) bool { return true })

	api := base + "/api/games/" + c.ID
	steps := []struct {
		who  *phone
		url  string
		body string
		code int
	}{
		{px, c.Seats["x"] + "/events", `{"type":"mark","cell":4}`, 200},
		{px, c.Seats["x"] + "/events", `{"type":"mark","cell":0}`, 409},          // not x's turn
		{po, c.Seats["o"] + "/events", `{"type":"mark","by":"x","cell":0}`, 409}, // o cannot act for x
		{po, c.Seats["o"] + "/events", `{"type":"mark","cell":4}`, 400},          // taken
		{po, c.Seats["o"] + "/events", `{"type":"mark","cell":0}`, 200},
		{anyone, api + "/events", `{"type":"mark","by":"x","cell":8}`, 401}, // no host token
		{host, api + "/events", `{"type":"mark","by":"x","cell":8}`, 200},
		{host, api + "/undo", ``, 200},
		{px, c.Seats["x"] + "/events", `{"type":"mark","cell":2}`, 200},
		{po, c.Seats["o"] + "/events", `{"type":"mark","cell":6}`, 200},
		{px, c.Seats["x"] + "/events", `{"type":"mark","cell":3}`, 200},
		{po, c.Seats["o"] + "/events", `{"type":"mark","cell":5}`, 200},
		{px, c.Seats["x"] + "/events", `{"type":"mark","cell":1}`, 200},
		{po, c.Seats["o"] + "/events", `{"type":"mark","cell":7}`, 200},
		{px, c.Seats["x"] + "/events", `{"type":"mark","cell":8}`, 200}, // the ninth mark: a draw
		{po, c.Seats["o"] + "/events", `{"type":"mark","cell":8}`, 409}, // over
	}
	for i, st := range steps {
		if code, b := st.who.do("POST", st.url, st.body); code != st.code {
			t.Fatalf("step %d: POST %s %s = %d %s, want %d", i+1, st.url, st.body, code, b, st.code)
		}
	}
	anyone.do("GET", api, "")
	sx.wait(t, "the last move", func(d string) bool { return strings.Contains(d, `"seq":9`) })

	// Next game: a rematch at the same table. The phones keep their seats
	// and their streams follow to the new game without opening any link.
	code, b = host.do("POST", base+"/api/tables/"+c.Table+"/games", `{}`)
	if code != http.StatusCreated {
		t.Fatalf("rematch = %d %s", code, b)
	}
	var next server.Created
	json.Unmarshal(b, &next)
	if next.ID == c.ID || next.Table != c.Table || next.Seats["x"] != c.Seats["x"] || next.Seats["o"] != c.Seats["o"] {
		t.Fatalf("rematch %+v after %+v: want a new game at the same table with the same seat links", next, c)
	}
	for _, s := range []*sse{sx, so, pub} {
		s.wait(t, "the new game", func(d string) bool { return strings.Contains(d, `"id":"`+next.ID+`"`) })
	}
	if code, b := px.do("POST", c.Seats["x"]+"/events", `{"type":"mark","cell":0}`); code != 200 {
		t.Fatalf("x in the rematch: %d %s", code, b)
	}
	if code, _ := host.do("POST", api+"/events", `{"type":"mark","by":"o","cell":1}`); code != http.StatusConflict {
		t.Errorf("an event for the finished game = %d, want 409", code)
	}
	sx.wait(t, "x's move in the rematch", func(d string) bool { return strings.Contains(d, `"seq":1`) })
	anyone.do("GET", base+"/api/tables/"+c.Table, "")
	anyone.do("GET", api, "")
	public = anyone.log.String() + host.log.String() + "== stream\n" + pub.close()
	return public, px.log.String() + "== stream\n" + sx.close(), po.log.String() + "== stream\n" + so.close()
}
