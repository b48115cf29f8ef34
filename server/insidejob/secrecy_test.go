package insidejob

import (
	"bytes"
	"database/sql"
	"encoding/json"
	ijcamera "fieldkit/camera/insidejob"
	"fmt"
	"regexp"
	"slices"
	"sync"
	"testing"

	"fieldkit/catalog"
	rules "fieldkit/engine/insidejob"
	ijscene "fieldkit/internal/scene/insidejob"
	"fieldkit/internal/testkit"
	"fieldkit/markers"
	"fieldkit/scan"
	"fieldkit/server"
	"fieldkit/server/servertest"
)

// transcript is everything the readers of one game got from the server, in
// order: the public (host screen, API, public stream) and each phone.
type transcript struct {
	public bytes.Buffer
	phones map[string]*bytes.Buffer
	url    string
	// after the vote: the final answers and the store
	final []byte
	store []byte
	// the server's log, and the host's camera views of the photos
	logs  bytes.Buffer
	views [][]byte
}

type resp struct {
	code int
	body []byte
}

// req sends c's request and returns its answer.
func req(c *servertest.Client, method, url, body string) resp {
	c.T.Helper()
	code, b := c.Do(method, url, body)
	return resp{code, b}
}

// scanTime is the reader's time in a scan report, which differs between runs.
var scanTime = regexp.MustCompile(`"ms":[0-9.e+-]+`)

func (tr *transcript) add(w *bytes.Buffer, what string, r resp) {
	body := scanTime.ReplaceAll(bytes.ReplaceAll(r.body, []byte(tr.url), []byte("http://server")), []byte(`"ms":0`))
	fmt.Fprintf(w, "== %s\n%d\n%s\n", what, r.code, body)
}

var players4 = []string{"Ada", "Bob", "Cy", "Dee"}

// playRecorded plays steps on a fresh server whose deal is fix, recording
// every answer, page and stream until the last vote (which would reveal every
// role); then it casts the last vote and keeps the final answers and a dump
// of the store. The host photographs the table three times, with Ada's role
// card peeked at and the mission the lead rejected in plain view: the first
// card is entered by a photo, not by hand; a complete trick is photographed
// before it is scored; and once the rejected mission lies in the middle
// instead of the kept one.
func playRecorded(t *testing.T, fix func(*rules.Setup), steps []step) *transcript {
	t.Helper()
	ts := servertest.Start(t, 7, &Family{fix: fix, Scanner: ijcamera.NewPhotos(1), Track: trickTracker})
	tr := &transcript{url: ts.URL, phones: map[string]*bytes.Buffer{}}
	var logMu sync.Mutex
	ts.Logf = func(format string, args ...any) { // before any request
		logMu.Lock()
		defer logMu.Unlock()
		fmt.Fprintf(&tr.logs, format+"\n", args...)
	}
	s := setup4(nil, nil)
	fix(&s)
	truth, err := rules.NewGame(s)
	if err != nil {
		t.Fatal(err)
	}
	peeked := markers.RoleBase + 1 // an Agent's card
	if truth.Role(0) == rules.Insider {
		peeked = markers.RoleBase
	}
	var kept, rejected rules.Mission
	photos := 0
	anyone := servertest.NewClient(t)
	tr.add(&tr.public, "home", req(anyone, "GET", ts.URL+"/", ""))
	code, b := anyone.Do("POST", ts.URL+"/api/games", req4)
	tr.add(&tr.public, "create", resp{code, b})
	var g server.Created
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatalf("create: %d %s", code, b)
	}
	host := servertest.HostClient(t, g)
	api := ts.URL + "/api/games/" + g.ID
	tr.add(&tr.public, "host page", req(host, "GET", g.HostURL, ""))
	phones := map[string]*servertest.Client{}
	streams := map[string]*servertest.Stream{}
	for _, p := range players4 {
		tr.phones[p] = &bytes.Buffer{}
		phones[p] = servertest.NewClient(t)
		tr.add(tr.phones[p], "seat page", req(phones[p], "GET", g.Seats[p], ""))
		streams[p] = phones[p].OpenStream(g.Seats[p] + "/stream")
	}
	tr.add(&tr.public, "taken", req(servertest.NewClient(t), "GET", g.Seats["Ada"], ""))
	pub := anyone.OpenStream(api + "/events/stream")
	last := len(steps) - 1
	for i, st := range steps[:last] {
		switch i {
		case 1: // the choice: the host and a player who does not lead try their luck
			tr.add(&tr.public, "host keeps a mission", req(host, "POST", api+"/events", `{"type":"mission","id":"M05"}`))
			tr.add(tr.phones["Bob"], "not the lead", req(phones["Bob"], "POST", g.Seats["Bob"]+"/events", `{"type":"mission","id":"`+deckOf(fix)[1].String()+`"}`))
		case 6:
			tr.add(&tr.public, "undo", req(host, "POST", api+"/undo", ""))
			tr.add(&tr.public, "redo", req(host, "POST", api+"/events", steps[i-1].event))
		}
		e, err := s.DecodeEvent([]byte(st.event))
		if err != nil {
			t.Fatal(err)
		}
		if e.Type == rules.MissionChosen {
			a, b, _ := truth.Drawn()
			kept, rejected = a, b
			if e.Mission == b {
				kept, rejected = b, a
			}
		}
		before := truth
		if truth, err = truth.Apply(e); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		photo := func(what string, tb ijscene.Table) {
			t.Helper()
			b, _ := trickPhoto(t, 4, tb, int64(100*i))
			r := resp{}
			ctype, body := testkit.Multipart(t, "image", "trick.jpg", b)
			r.code, r.body = host.Send("POST", api+"/scan", ctype, body)
			tr.add(&tr.public, "photo: "+what, r)
			tr.add(&tr.public, "camera", req(host, "GET", g.HostURL+"/camera", ""))
			_, view := host.Do("GET", g.HostURL+"/view.jpg", "")
			tr.views = append(tr.views, view)
			photos++
		}
		switch {
		case e.Type == rules.CardPlayed && before.Tricks() == 0 && before.Trick().N == 0:
			// The lead's card: a photo enters it.
			photo("the first card", tableOf(truth, peeked, missionID(rejected)))
			continue
		case e.Type == rules.TrickResolved && before.Tricks() == 1:
			photo("a complete trick", tableOf(before, peeked, missionID(rejected)))
		case e.Type == rules.TrickResolved && before.Tricks() == 2:
			tb := tableOf(before, peeked, missionID(kept))
			tb.Mission = missionID(rejected) // laid in the middle by mistake
			photo("the rejected mission in the middle", tb)
		}
		w, c := &tr.public, host
		if st.who != "" {
			w, c = tr.phones[st.who], phones[st.who]
		}
		tr.add(w, "event "+st.event, req(c, "POST", eventURL(g, ts.URL, st.who), st.event))
		tr.add(&tr.public, "state", req(anyone, "GET", api, ""))
		for _, p := range players4 {
			tr.add(tr.phones[p], "state", req(phones[p], "GET", g.Seats[p]+"/state", ""))
		}
	}
	tr.add(&tr.public, "list", req(anyone, "GET", ts.URL+"/api/games", ""))
	tr.add(&tr.public, "table", req(anyone, "GET", ts.URL+"/api/tables/"+g.Table, ""))
	var now struct{ Seq int }
	_, b = anyone.Do("GET", api, "")
	json.Unmarshal(b, &now)
	ends := map[string]int{}
	for _, p := range players4 {
		ends[p] = streams[p].Until(t, now.Seq).End
	}
	pubEnd := pub.Until(t, now.Seq).End
	for _, p := range players4 {
		tr.add(tr.phones[p], "stream", resp{200, streams[p].CloseAt(ends[p])})
	}
	tr.add(&tr.public, "stream", resp{200, pub.CloseAt(pubEnd)})
	// The last vote ends the game: every role shows.
	st := steps[last]
	code, b = phones[st.who].Do("POST", eventURL(g, ts.URL, st.who), st.event)
	must(t, "the last vote", code, b, 200)
	_, b = anyone.Do("GET", api, "")
	tr.final = append(tr.final, b...)
	for _, p := range players4 {
		_, b := phones[p].Do("GET", g.Seats[p]+"/state", "")
		tr.final = append(tr.final, b...)
	}
	tr.store = dumpStore(t, ts.Store.DB())
	if photos != 3 {
		t.Fatalf("%d photos taken, want 3", photos)
	}
	return tr
}

// deckOf returns the deck a fix deals.
func deckOf(fix func(*rules.Setup)) []rules.Mission {
	var s rules.Setup
	fix(&s)
	return s.Deck
}

// dumpStore returns every value of every table of the store but the games'
// setups (where the roles and the deck order are kept, never served).
func dumpStore(t *testing.T, db *sql.DB) []byte {
	t.Helper()
	var tables []string
	rows, err := db.Query(`SELECT name FROM sqlite_master WHERE type = 'table'`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var n string
		rows.Scan(&n)
		tables = append(tables, n)
	}
	rows.Close()
	var out bytes.Buffer
	for _, tb := range tables {
		rows, err := db.Query(`SELECT * FROM "` + tb + `"`)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			rows.Scan(ptrs...)
			for i, v := range vals {
				if tb == "table_games" && cols[i] == "setup" {
					continue
				}
				fmt.Fprintf(&out, "%s.%s=%s\n", tb, cols[i], v)
			}
		}
		rows.Close()
	}
	if out.Len() == 0 {
		t.Fatal("the store dump is empty")
	}
	return out.Bytes()
}

var (
	drawnRE = regexp.MustCompile(`"drawn":\[[^\]]*\]`)
	roleRE  = regexp.MustCompile(`"role":"(agent|insider)"`)
	partRE  = regexp.MustCompile(`"partner_role":"(agent|insider)"`)
)

// TestNoSecretLeaks plays one game three times: deal A, deal B (the Insider
// and an Agent swapped: Ada and Bob), and deal A with deck B (other rejected
// missions). Every answer, page and stream the public gets is byte for byte
// the same in the three, until the last vote reveals the roles. Each phone's
// transcript changes only with its own secrets: Cy's never; Ada's and Bob's
// with their roles; Dee's, the Accomplice partnered with Bob, with Bob's
// role; the leads' with the missions drawn. A rejected mission appears in no
// byte the server sends or stores, but on the lead's phone while it chooses.
func TestNoSecretLeaks(t *testing.T) {
	steps := scriptGame(t, setup4(dealA, deckA), plan4)
	t0 := playRecorded(t, fixed(dealA, deckA), steps)
	t1 := playRecorded(t, fixed(dealB, deckA), steps)
	t2 := playRecorded(t, fixed(dealA, deckB), steps)
	same := func(what string, a, b []byte) {
		t.Helper()
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs:\n%s", what, testkit.FirstDiff(a, b))
		}
	}
	differ := func(what string, a, b []byte) {
		t.Helper()
		if bytes.Equal(a, b) {
			t.Errorf("%s did not change with its own secret: the comparison proves nothing", what)
		}
	}
	same("the public transcript (deals A and B)", t0.public.Bytes(), t1.public.Bytes())
	same("the server's log (deals A and B)", t0.logs.Bytes(), t1.logs.Bytes())
	same("the server's log (decks A and B)", t0.logs.Bytes(), t2.logs.Bytes())
	same("the public transcript (decks A and B)", t0.public.Bytes(), t2.public.Bytes())
	same("Cy's transcript (deals A and B)", t0.phones["Cy"].Bytes(), t1.phones["Cy"].Bytes())
	for _, p := range []string{"Ada", "Bob"} {
		differ(p+"'s transcript", t0.phones[p].Bytes(), t1.phones[p].Bytes())
		same(p+"'s transcript but for its role", roleRE.ReplaceAll(t0.phones[p].Bytes(), []byte(`"role":"R"`)), roleRE.ReplaceAll(t1.phones[p].Bytes(), []byte(`"role":"R"`)))
	}
	differ("Dee's transcript (the partner's role)", t0.phones["Dee"].Bytes(), t1.phones["Dee"].Bytes())
	same("Dee's transcript but for the partner's role", partRE.ReplaceAll(t0.phones["Dee"].Bytes(), nil), partRE.ReplaceAll(t1.phones["Dee"].Bytes(), nil))
	leads := 0
	for _, p := range players4 {
		a, b := t0.phones[p].Bytes(), t2.phones[p].Bytes()
		if !bytes.Equal(a, b) {
			leads++
		}
		same(p+"'s transcript but for the missions drawn", drawnRE.ReplaceAll(a, nil), drawnRE.ReplaceAll(b, nil))
	}
	if leads < 2 {
		t.Errorf("only %d phones saw other missions drawn with deck B: the comparison proves little", leads)
	}
	// The rejected missions: nowhere but on the lead's phone during the choice.
	for _, tc := range []struct {
		tr       *transcript
		rejected []rules.Mission
	}{{t0, rest[:10]}, {t2, rest[4:]}} {
		all := map[string][]byte{"public": tc.tr.public.Bytes(), "final states": tc.tr.final, "store": tc.tr.store, "log": tc.tr.logs.Bytes()}
		for _, p := range players4 {
			all[p] = drawnRE.ReplaceAll(tc.tr.phones[p].Bytes(), nil)
		}
		for what, b := range all {
			for _, m := range tc.rejected {
				if bytes.Contains(b, []byte(`"`+m.String()+`"`)) || bytes.Contains(b, []byte(catalog.Text("en", string(m.Term()), nil))) {
					t.Errorf("rejected mission %s (%s) in the %s", m, catalog.Text("en", string(m.Term()), nil), what)
				}
			}
		}
	}
	// The camera views show no secret legibly: neither role card nor any
	// rejected mission is found when their markers are detected again.
	for _, tc := range []struct {
		tr       *transcript
		rejected []rules.Mission
	}{{t0, rest[:10]}, {t1, rest[:10]}, {t2, rest[4:]}} {
		for k, v := range tc.tr.views {
			for _, id := range legibleMarkers(t, v) {
				kind, _ := markers.PieceKind(id)
				if kind == markers.RoleCard || slices.ContainsFunc(tc.rejected, func(m rules.Mission) bool { return missionID(m) == id }) {
					t.Errorf("camera view %d: secret marker %d is legible", k, id)
				}
			}
		}
	}
	// The photos did what they show.
	for _, want := range []string{`"events":[{"type":"play","by":"Ada"`, `"confirmed":[{"id":"ij.scan.play"`, `"id":"ij.warn.mission_not_kept"`} {
		if !bytes.Contains(t0.public.Bytes(), []byte(want)) {
			t.Errorf("no %s in the public transcript: the photos did not do what they show", want)
		}
	}
	// The transcripts are not empty shells.
	for _, want := range []string{`"phase":"vote"`, `"revealed":"paranoid"`, `"wager":true`, "on the lead's phone", `"partner":{"by":"Dee","partner":"Bob"}`, `"history":[]`} {
		if !bytes.Contains(t0.public.Bytes(), []byte(want)) {
			t.Errorf("no %s in the public transcript", want)
		}
	}
	for _, want := range []string{`"role":"paranoid"`, `"votes":2`, `"may":["play"]`} {
		if !bytes.Contains(t0.phones["Cy"].Bytes(), []byte(want)) {
			t.Errorf("no %s in Cy's transcript", want)
		}
	}
	if !bytes.Contains(t0.phones["Dee"].Bytes(), []byte(`"partner_role":"insider"`)) || !bytes.Contains(t0.phones["Bob"].Bytes(), []byte(`"role":"insider"`)) {
		t.Error("the Accomplice never saw its partner's role, or Bob his")
	}
	if !bytes.Contains(t0.final, []byte(`"replay":[`)) || !bytes.Contains(t0.final, []byte(`"votes":[`)) || bytes.Contains(t0.final, []byte(`"history":[]`)) {
		t.Errorf("the end shows no replay, votes or history: %.400s", t0.final)
	}
	t.Logf("%d steps; public transcript %d bytes", len(steps), t0.public.Len())
}

// legibleMarkers returns the ids detected in a JPEG (OpenCV's default
// detector); it fails the test when the image cannot be decoded.
func legibleMarkers(t *testing.T, jpeg []byte) []int {
	t.Helper()
	img, err := scan.DecodeImage(jpeg, false)
	if err != nil {
		t.Fatalf("the camera view is no image: %v", err)
	}
	defer img.Close()
	ms, err := scan.DetectMarkers(img, scan.DetectorParams{})
	if err != nil {
		t.Fatal(err)
	}
	var ids []int
	for _, m := range ms {
		ids = append(ids, m.ID)
	}
	return ids
}
