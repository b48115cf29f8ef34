package codenames

import (
	"encoding/json"
	"fieldkit/catalog"
	"fieldkit/server"
	"fieldkit/server/servertest"
	"net/http"
	"strings"
	"testing"
)

func TestCreateGame(t *testing.T) {
	ts := newTestServer(t)
	words := `["A1","A2","A3","A4","A5","B1","B2","B3","B4","B5","C1","C2","C3","C4","C5","D1","D2","D3","D4","D5","E1","E2","E3","E4","E5"]`
	tests := []struct {
		name, body string
		code       int
		want       string // in the body: a state field on success, the error otherwise
	}{
		{"duet default", `{"game":"duet"}`, 201, `"mission":"9-9"`},
		{"duet mission", `{"game":"duet","mission":{"turns":9,"mistakes":5}}`, 201, `"mission":"9-5"`},
		{"duet key and words", `{"game":"duet","key":"` + testKey + `","words":` + words + `}`, 201, `"word":"C3"`},
		{"duet loose no words", `{"game":"duet","loose":true,"lang":"none"}`, 201, `"loose":true`},
		{"classic", `{"game":"classic","lang":"pl"}`, 201, `"variant":"teams"`},
		{"classic solo", `{"game":"classic","variant":"solo"}`, 201, `"variant":"solo"`},
		{"unknown game", `{"game":"chess"}`, 400, `"game" "chess"; choose one of duet, classic`},
		{"no game", `{}`, 400, `no "game"; choose one of duet, classic`},
		{"bad mission", `{"game":"duet","mission":{"turns":12,"mistakes":1}}`, 400, `box holds 1 to 11 timer tokens`},
		{"mistakes over turns", `{"game":"duet","mission":{"turns":5,"mistakes":6}}`, 400, `want 0 to 5`},
		{"wrong key", `{"game":"duet","key":"D2D3N-FNZ9J-ZZMA"}`, 400, `wrong character or two swapped`},
		{"classic key for duet", `{"game":"duet","key":"C39GZ-WYHPH"}`, 400, `"key": C39GZ-WYHPH is a classic key card; this is a duet game`},
		{"variant on duet", `{"game":"duet","variant":"solo"}`, 400, `"variant" is for classic games`},
		{"mission on classic", `{"game":"classic","mission":{"turns":9,"mistakes":9}}`, 400, `"mission" and "loose" are for Duet`},
		{"few words", `{"game":"duet","words":["X","Y"]}`, 400, `2 words; give all 25`},
		{"words and lang", `{"game":"duet","lang":"en","words":` + words + `}`, 400, `not both`},
		{"unknown lang", `{"game":"duet","lang":"xx"}`, 400, `"lang"`},
		{"unknown field", `{"game":"duet","colour":"red"}`, 400, `unknown field "colour"`},
		{"not JSON", `duet please`, 400, `new game: the body is not a JSON object`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := newClient(t)
			r := c.postJSON(ts.URL+"/api/games", tc.body)
			if r.code != tc.code {
				t.Fatalf("POST /api/games %s = %s, want %d", tc.body, r, tc.code)
			}
			if tc.code != 201 {
				var e apiError
				if err := json.Unmarshal(r.body, &e); err != nil || !strings.Contains(e.Error, tc.want) {
					t.Errorf("POST /api/games %s = %s, want an error with %q", tc.body, r.body, tc.want)
				}
				return
			}
			var created server.Created
			if err := json.Unmarshal(r.body, &created); err != nil {
				t.Fatal(err)
			}
			if len(created.Seats) != 2 || !strings.HasPrefix(created.HostURL, ts.URL+"/h/") {
				t.Errorf("created = %+v, want two seats and a host URL under %s", created, ts.URL)
			}
			for seat, u := range created.Seats {
				tok := u[strings.LastIndex(u, "/")+1:]
				if len(tok) < 26 { // 26 base32 characters carry 130 bits
					t.Errorf("seat %s token %q is too short to carry 128 bits", seat, tok)
				}
			}
			g := c.get(ts.URL + "/api/games/" + created.ID)
			if g.code != 200 || !strings.Contains(string(g.body), tc.want) {
				t.Errorf("GET /api/games/%s = %s, want 200 with %q", created.ID, g, tc.want)
			}
		})
	}
}

func TestEvents(t *testing.T) {
	ts := newTestServer(t)
	g := ts.NewGame(t, `{"game":"duet","key":"`+testKey+`","lang":"none"}`)
	api := ts.URL + "/api/games/" + g.ID
	host := hostClient(t, g)
	nobody := newClient(t)
	wrong := newClient(t)
	wrong.Host = strings.Repeat("x", 32)
	steps := []struct {
		name  string
		c     *client
		path  string
		event string
		code  int
		want  string
	}{
		{"no token", nobody, "/events", `{"type":"clue","by":"a","word":"river","count":2}`, 401, `needs its table's host token`},
		{"wrong token", wrong, "/events", `{"type":"clue","by":"a","word":"river","count":2}`, 403, `not the host token`},
		{"malformed", host, "/events", `{"type":"clue","by":"a","word":"river"}`, 400, `a clue needs a \"count\"`},
		{"not JSON", host, "/events", `clue river 2`, 400, `not a JSON object`},
		{"new is refused", host, "/events", `{"type":"new","game":"duet","key":"` + testKey + `"}`, 409, `start the table's next game with POST /api/tables/{id}/games`},
		{"stop before clue", host, "/events", `{"type":"stop"}`, 409, `not now`},
		{"clue", host, "/events", `{"type":"clue","by":"a","word":"river","count":2}`, 200, `"phase":"guess","next":"b"`},
		{"guess", host, "/events", `{"type":"guess","cell":[0,0]}`, 200, `"result":"agent"`},
		{"guess again covered", host, "/events", `{"type":"guess","cell":[0,0]}`, 409, `covered`},
		{"undo", host, "/undo", ``, 200, `"seq":1`},
		{"undo without token", nobody, "/undo", ``, 401, `host token`},
		{"guess after undo", host, "/events", `{"type":"guess","cell":[0,0]}`, 200, `"seq":2`},
		{"too big", host, "/events", `{"type":"clue","by":"a","count":1,"word":"` + strings.Repeat("w", 70000) + `"}`, 413, `over 65536 bytes`},
	}
	for _, s := range steps {
		r := s.c.postJSON(api+s.path, s.event)
		if r.code != s.code || !strings.Contains(string(r.body), s.want) {
			t.Errorf("%s: POST %s %.80s = %.300s, want %d with %q", s.name, s.path, s.event, r, s.code, s.want)
		}
	}
	if r := nobody.get(ts.URL + "/api/games/nosuchgame"); r.code != 404 {
		t.Errorf("GET unknown game = %s, want 404", r)
	}
	if r := nobody.get(ts.URL + "/api/games"); r.code != 200 || !strings.Contains(string(r.body), g.ID) || strings.Contains(string(r.body), servertest.HostToken(g)) {
		t.Errorf("GET /api/games = %s, want the game's id and no token", r)
	}
}

func TestSeats(t *testing.T) {
	ts := newTestServer(t)
	g := ts.NewGame(t, `{"game":"duet","key":"`+testKey+`","lang":"en"}`)
	host := hostClient(t, g)
	phoneA, thief, phoneB := newClient(t), newClient(t), newClient(t)
	a, b := g.Seats["a"], g.Seats["b"]

	if r := phoneA.get(a + "/state"); r.code != 403 {
		t.Errorf("state before claiming = %s, want 403", r)
	}
	if r := phoneA.get(a); r.code != 200 || !strings.Contains(string(r.body), "<title>fieldkit</title>") {
		t.Fatalf("first open of seat a = %.200s, want the seat page titled just fieldkit", r)
	}
	if r := thief.get(a); r.code != http.StatusConflict || !strings.Contains(string(r.body), catalog.Text("pl", "page.seat_taken", nil)) {
		t.Errorf("second device on seat a = %.200s, want 409 this seat is taken", r)
	}
	if r := thief.get(a + "/state"); r.code != 403 {
		t.Errorf("second device reading seat a's state = %.200s, want 403", r)
	}
	if r := phoneA.get(a); r.code != 200 {
		t.Errorf("the claiming phone again = %.200s, want 200", r)
	}
	r := phoneA.get(a + "/state")
	var sa SeatState
	if err := json.Unmarshal(r.body, &sa); r.code != 200 || err != nil {
		t.Fatalf("seat a state = %.200s (%v)", r, err)
	}
	if sa.Seat != "a" || sa.Key.Side != "a" || len(sa.Key.Cells) != 25 || sa.Seats["a"] != "taken" || sa.Seats["b"] != "free" {
		t.Errorf("seat a state = %+v", sa)
	}
	agents := 0
	for _, c := range sa.Key.Cells {
		if c.Role == "agent" {
			agents++
		}
	}
	if agents != 9 {
		t.Errorf("seat a sees %d agents, want 9", agents)
	}
	phoneB.get(b)
	var sb SeatState
	json.Unmarshal(phoneB.get(b+"/state").body, &sb)
	// Seat B sees the table turned: its first cell is table cell [4,4].
	if sb.Key.Cells[0].Cell != [2]int{4, 4} || sa.Key.Cells[0].Cell != [2]int{0, 0} {
		t.Errorf("first key cells: a %v, b %v; want [0,0] and [4,4]", sa.Key.Cells[0].Cell, sb.Key.Cells[0].Cell)
	}
	if sb.Key.Cells[0].Word != sa.Key.Cells[24].Word {
		t.Errorf("seat b's first word %q, seat a's last %q: want the same table cell", sb.Key.Cells[0].Word, sa.Key.Cells[24].Word)
	}

	// Events from phones: only for their own seat.
	steps := []struct {
		name  string
		c     *client
		url   string
		event string
		code  int
		want  string
	}{
		{"a gives a clue", phoneA, a + "/events", `{"type":"clue","word":"river","count":1}`, 200, `"by":"a"`},
		{"a guesses for b", phoneA, a + "/events", `{"type":"guess","cell":[0,0]}`, 409, `not your turn`},
		{"a names b", phoneA, a + "/events", `{"type":"stop","by":"b"}`, 409, `cannot act for b`},
		{"b penalty", phoneB, b + "/events", `{"type":"penalty"}`, 400, `cannot send a penalty event`},
		{"thief guesses", thief, b + "/events", `{"type":"guess","cell":[0,0]}`, 403, `does not hold seat 2 (b)`},
		{"b guesses", phoneB, b + "/events", `{"type":"guess","cell":[0,0]}`, 200, `"result":"agent"`},
	}
	for _, s := range steps {
		r := s.c.postJSON(s.url, s.event)
		if r.code != s.code || !strings.Contains(string(r.body), s.want) {
			t.Errorf("%s: %s = %.300s, want %d with %q", s.name, s.event, r, s.code, s.want)
		}
	}

	// The host releases seat a: the old phone loses it, the next device claims it.
	st := phoneA.OpenStream(a + "/stream")
	defer st.Close()
	st.Next(t)
	if r := newClient(t).postJSON(ts.URL+"/api/games/"+g.ID+"/seats/a/release", ""); r.code != 401 {
		t.Errorf("release without token = %s, want 401", r)
	}
	if r := host.postJSON(ts.URL+"/api/games/"+g.ID+"/seats/a/release", ""); r.code != 200 || !strings.Contains(string(r.body), `"a":"free"`) {
		t.Errorf("release = %.200s, want 200 with seat a free", r)
	}
	if _, open := <-st.Events; open { // the stream ends
		t.Error("the released phone's stream got another state")
	}
	if r := thief.get(a); r.code != 200 {
		t.Errorf("new device after release = %.200s, want 200", r)
	}
	if r := phoneA.get(a + "/state"); r.code != 403 {
		t.Errorf("old phone after release = %.200s, want 403", r)
	}
	if r := host.postJSON(ts.URL+"/api/games/"+g.ID+"/seats/c/release", ""); r.code != 404 {
		t.Errorf("release seat c = %s, want 404", r)
	}
	if r := newClient(t).get(ts.URL + "/s/" + strings.Repeat("a", 32)); r.code != 404 {
		t.Errorf("unknown seat link = %.100s, want 404", r)
	}
	if r := newClient(t).get(ts.URL + "/s/" + servertest.HostToken(g)); r.code != 404 {
		t.Errorf("host token as a seat link = %.100s, want 404", r)
	}
	if r := newClient(t).get(ts.URL + "/h/" + servertest.HostToken(g) + "/qr/a"); r.code != 200 || !strings.HasPrefix(string(r.body), "\x89PNG") {
		t.Errorf("QR of seat a = %d %.8q, want a PNG", r.code, r.body)
	}
	if r := newClient(t).get(ts.URL + "/h/" + strings.Repeat("b", 32) + "/qr/a"); r.code != 404 {
		t.Errorf("QR with a wrong host token = %s, want 404", r)
	}
}

func TestStream(t *testing.T) {
	ts := newTestServer(t)
	g := ts.NewGame(t, `{"game":"classic","key":"C39GZ-WYHPH","lang":"none"}`)
	host := hostClient(t, g)
	pub := newClient(t).OpenStream(ts.URL + "/api/games/" + g.ID + "/events/stream")
	defer pub.Close()
	first := pub.Next(t)
	if first.ID != "0" || !strings.Contains(string(first.Data), `"game":"classic"`) {
		t.Fatalf("first event id %s data %.200s", first.ID, first.Data)
	}
	host.postJSON(ts.URL+"/api/games/"+g.ID+"/events", `{"type":"clue","word":"sea","count":"unlimited"}`)
	ev := pub.Until(t, 1)
	if !strings.Contains(string(ev.Data), `"guesses_left":"unlimited"`) {
		t.Errorf("after the clue: %.300s", ev.Data)
	}
	if !strings.Contains(pub.Raw.String(), "retry: 1000\n") {
		t.Errorf("the stream does not tell browsers to reconnect after 1 s: %.100q", pub.Raw.String())
	}
	if r := newClient(t).get(ts.URL + "/api/games/nosuch/events/stream"); r.code != 404 {
		t.Errorf("stream of an unknown game = %s", r)
	}
}

func TestPages(t *testing.T) {
	ts := newTestServer(t)
	g := ts.NewGame(t, `{"game":"duet"}`)
	c := newClient(t)
	for _, p := range []struct{ path, want string }{
		{"/", `id="new-game"`},
		{"/h/" + servertest.HostToken(g), `data-id="` + g.ID + `"`},
		{"/static/app.css", `.board`},
		{"/static/codenames/host.js", `/stream`},
	} {
		r := c.get(ts.URL + p.path)
		if r.code != 200 || !strings.Contains(string(r.body), p.want) {
			t.Errorf("GET %s = %.200s, want 200 with %q", p.path, r, p.want)
		}
	}
	// The warning, in Polish (the language of a browser that names none).
	warn, _, _ := strings.Cut(catalog.Entries("pl")["cn.page.loopback"].Text, "{url}")
	if warn == "" || !strings.Contains(string(c.get(ts.URL+"/h/"+servertest.HostToken(g)).body), warn) {
		t.Error("the host page on a loopback address does not warn that phones cannot join")
	}
	if r := c.get(ts.URL + "/h/" + g.Seats["a"][len(g.Seats["a"])-32:]); r.code != 404 {
		t.Errorf("a seat token as a host link = %.100s, want 404", r)
	}
}
