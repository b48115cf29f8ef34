package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

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
	*servertest.Client
	base string
	log  bytes.Buffer
}

func newPhone(t *testing.T, base string) *phone {
	return &phone{Client: servertest.NewClient(t), base: base}
}

// do sends a request, records the answer (with the server's address made
// neutral) and returns its status and body.
func (p *phone) do(method, url, body string) (int, []byte) {
	p.T.Helper()
	code, b := p.Do(method, url, body)
	fmt.Fprintf(&p.log, "%s %s -> %d %s\n", method, strings.TrimPrefix(url, p.base), code, bytes.ReplaceAll(b, []byte(p.base), []byte("BASE")))
	return code, b
}

// has is a stream event whose data contains s.
func has(s string) func(servertest.Event) bool {
	return func(ev servertest.Event) bool { return strings.Contains(string(ev.Data), s) }
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
	host.Host = servertest.HostToken(c)
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
	pub := anyone.OpenStream(base + "/api/tables/" + c.Table + "/stream")
	sx, so := px.OpenStream(c.Seats["x"]+"/stream"), po.OpenStream(c.Seats["o"]+"/stream")
	pub.Next(t) // the first state

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
	sx.Wait(t, "the last move", has(`"seq":9`))

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
	for _, s := range []*servertest.Stream{sx, so, pub} {
		s.Wait(t, "the new game", has(`"id":"`+next.ID+`"`))
	}
	if code, b := px.do("POST", c.Seats["x"]+"/events", `{"type":"mark","cell":0}`); code != 200 {
		t.Fatalf("x in the rematch: %d %s", code, b)
	}
	if code, _ := host.do("POST", api+"/events", `{"type":"mark","by":"o","cell":1}`); code != http.StatusConflict {
		t.Errorf("an event for the finished game = %d, want 409", code)
	}
	// Every stream up to x's move in the rematch: a stream's reader may have
	// read on past it, or not yet reached it, when the streams are closed.
	streams := []*servertest.Stream{pub, sx, so}
	ends := make([]int, len(streams))
	for i, s := range streams {
		ends[i] = s.Wait(t, "x's move in the rematch", has(`"seq":1,`)).End
	}
	anyone.do("GET", base+"/api/tables/"+c.Table, "")
	anyone.do("GET", api, "")
	upTo := func(i int) string { return string(streams[i].CloseAt(ends[i])) }
	public = anyone.log.String() + host.log.String() + "== stream\n" + upTo(0)
	return public, px.log.String() + "== stream\n" + upTo(1), po.log.String() + "== stream\n" + upTo(2)
}
