package codenames

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"fieldkit/camera"
	cncamera "fieldkit/camera/codenames"
	"fieldkit/catalog"
	"fieldkit/deck"
	sceneretail "fieldkit/internal/scene/retail"
	"fieldkit/scan/codenames/reading"
	"fieldkit/server"
	"fieldkit/server/servertest"
	"fieldkit/wordlists"

	"gocv.io/x/gocv"
)

// A table that lays the boxed game's own word cards (no markers): the game
// is started with "boxed" and its 25 words, and the camera reads the cards
// by their words (camera/codenames.RetailPhotos) where a printed deck's
// table is read by its markers.

// withBoxed gives the server the real readers of both kinds of table, as
// cmd/fieldkit does.
func withBoxed(f *Family) {
	withScanner(f)
	f.Boxed = cncamera.NewRetailPhotos(1)
	f.TrackBoxed = func(d *deck.Deck, hold int) (Tracker, error) {
		tr, err := cncamera.NewRetailTracker(d, hold)
		if err != nil {
			return nil, err
		}
		return tr, nil
	}
}

// standIn is a photo reader that says what it was handed and answers
// with a set reading.
type standIn struct {
	mu    sync.Mutex
	name  string
	decks []*deck.Deck
	obs   reading.Reading
}

// Scan implements Scanner.
func (s *standIn) Scan(_ context.Context, _ []byte, d *deck.Deck) (reading.Reading, server.Picture, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.decks = append(s.decks, d)
	return s.obs, nil, nil
}

// handed returns the decks the reader was handed.
func (s *standIn) handed() []*deck.Deck {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.decks)
}

// boxedWords returns 25 words of a built-in list, as a table dealt them.
func boxedWords(t testing.TB, lang string, from int) []string {
	t.Helper()
	l, err := wordlists.Builtin(lang)
	if err != nil {
		t.Fatal(err)
	}
	return slices.Clone(l.Words[from : from+25])
}

// refusalID returns the catalog id of a refused request's answer.
func refusalID(t *testing.T, r response) string {
	t.Helper()
	var body struct {
		Msg catalog.Msg `json:"msg"`
	}
	if err := json.Unmarshal(r.body, &body); err != nil {
		t.Fatalf("refusal %s: %v", r, err)
	}
	return body.Msg.ID
}

// TestBoxedSetup: "boxed" needs the 25 words (typed, or drawn from a list)
// and no printed deck; a boxed game's photos go to the boxed set's reader
// with the board's words in seat A's order and the cards' language, a
// printed table's to the marker scanner; the host learns how the camera
// reads the table; a reading the reader could not turn to seat A is no
// grid; the next game keeps the box but needs its new words.
func TestBoxedSetup(t *testing.T) {
	marks := &standIn{name: "markers", obs: reading.Reading{OK: true, Refusal: "readable"}}
	unturned := reading.Reading{OK: true, Refusal: "readable", Cells: make([]reading.CellReading, 25)}
	for i := range unturned.Cells {
		unturned.Cells[i] = reading.CellReading{Row: i / 5, Col: i % 5}
	}
	words := &standIn{name: "words", obs: unturned}
	ts := newTestServer(t, func(f *Family) { f.Scanner, f.Boxed = marks, words })
	pl := boxedWords(t, "pl", 40)
	c := newClient(t)
	for _, tc := range []struct {
		req  string
		code int
		id   string
	}{
		{fmt.Sprintf(`{"game":"classic","boxed":"pl","words":%s}`, wordsJSON(pl[:24])), 400, "cn.setup.boxed_words"},
		{`{"game":"classic","boxed":"pl","lang":"none"}`, 400, "cn.setup.boxed_words"},
		{fmt.Sprintf(`{"game":"classic","boxed":"xx","words":%s}`, wordsJSON(pl)), 400, "cn.setup.lang"},
		{fmt.Sprintf(`{"game":"classic","boxed":"pl","deck":%q}`, testDeck(t).Code()), 400, "cn.setup.boxed_deck"},
	} {
		r := c.postJSON(ts.URL+"/api/games", tc.req)
		if r.code != tc.code || refusalID(t, r) != tc.id {
			t.Errorf("POST %s = %s, want %d %s", tc.req, r, tc.code, tc.id)
		}
	}

	g := ts.NewGame(t, fmt.Sprintf(`{"game":"classic","boxed":"pl","words":%s}`, wordsJSON(pl)))
	host := hostClient(t, g)
	api := ts.URL + "/api/games/" + g.ID
	var st GameState
	if err := json.Unmarshal(host.get(api).body, &st); err != nil {
		t.Fatal(err)
	}
	if st.Boxed != "pl" || st.Camera == nil || st.Camera.ID != "cn.camera.boxed" {
		t.Fatalf("boxed game: boxed %q, camera %v; want pl, cn.camera.boxed", st.Boxed, st.Camera)
	}
	if say := st.Camera.In("pl"); !strings.Contains(say, "Polski") || strings.Contains(say, "{") {
		t.Errorf("the host's line in Polish: %q", say)
	}
	r, _ := scanned(t, host, api+"/scan", fewCardsPhoto(t))
	if r.code != 422 || !strings.Contains(string(r.body), "cn.scan.boxed_unturned") {
		t.Errorf("a reading not turned to seat A: %s, want 422 cn.scan.boxed_unturned", r)
	}
	if d := words.handed(); len(d) != 1 || d[0].Lang != "pl" || !slices.Equal(d[0].Words, pl) {
		t.Errorf("the boxed reader was handed %v, want the board's words in Polish", d)
	}
	if len(marks.handed()) != 0 {
		t.Errorf("the marker scanner read a boxed set's photo")
	}

	// The next game keeps the box: with its new words, or refused without.
	r = host.postJSON(ts.URL+"/api/tables/"+g.Table+"/games", `{}`)
	if r.code != 400 || refusalID(t, r) != "cn.setup.boxed_next" {
		t.Errorf("next game without words: %s, want 400 cn.setup.boxed_next", r)
	}
	r = host.postJSON(ts.URL+"/api/tables/"+g.Table+"/games", fmt.Sprintf(`{"words":%s}`, wordsJSON(boxedWords(t, "pl", 100))))
	if r.code != 201 {
		t.Fatalf("next game with words: %s", r)
	}
	var next server.Created
	json.Unmarshal(r.body, &next)
	st = GameState{}
	if err := json.Unmarshal(host.get(ts.URL+"/api/games/"+next.ID).body, &st); err != nil || st.Boxed != "pl" {
		t.Errorf("the next game: boxed %q (%v), want pl", st.Boxed, err)
	}

	// A table of printed cards: the marker scanner, no line for the host.
	g2 := ts.NewGame(t, `{"game":"duet","lang":"pl"}`)
	host2 := hostClient(t, g2)
	st = GameState{}
	if err := json.Unmarshal(host2.get(ts.URL+"/api/games/"+g2.ID).body, &st); err != nil || st.Boxed != "" || st.Camera != nil {
		t.Errorf("printed table: boxed %q, camera %v, %v", st.Boxed, st.Camera, err)
	}
	if r, _ := scanned(t, host2, ts.URL+"/api/games/"+g2.ID+"/scan", fewCardsPhoto(t)); r.code != 200 || len(marks.handed()) != 1 {
		t.Errorf("printed table's photo: %s, marker scanner handed %d", r, len(marks.handed()))
	}
}

// retailPhoto renders a retail table (internal/scene/retail) as a JPEG;
// seat returns the seat-A cell of a frame cell.
func retailPhoto(t *testing.T, p sceneretail.Params) (photo []byte, sc *sceneretail.Scene, seat func(int) int) {
	t.Helper()
	sc, err := sceneretail.Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sc.Close)
	buf, err := gocv.IMEncode(gocv.JPEGFileExt, sc.Frame)
	if err != nil {
		t.Fatal(err)
	}
	defer buf.Close()
	seat = func(i int) int { return i }
	if sc.Truth.Flipped {
		seat = func(i int) int { return 24 - i }
	}
	return append([]byte(nil), buf.GetBytes()...), sc, seat
}

// TestBoxedScan plays a classic game on a boxed set's cards through the
// scan endpoint with the real reader: the host types the 25 words dealt
// (Polish, with diacritics), a photo of the table (seen from the far side)
// is read by the words, turned to seat A, and refereed as a printed
// table's: the guess token on a word after a clue is the guess, the
// covers the referee did not have are warnings and nothing else, and every
// word read is the game's on its cell.
func TestBoxedScan(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and reads a photo with Tesseract")
	}
	photo, sc, seat := retailPhoto(t, sceneretail.Params{Seed: 212, Lang: "pl", Width: 1920, Height: 1080})
	if !sc.Truth.Flipped {
		t.Fatal("scene 212 should be seen from the far side")
	}
	ts := newTestServer(t, withBoxed)
	card := classicKey(t)
	g := ts.NewGame(t, fmt.Sprintf(`{"game":"classic","key":%q,"boxed":"pl","words":%s}`, card.Code(), wordsJSON(sc.Words)))
	host := hostClient(t, g)
	api := ts.URL + "/api/games/" + g.ID
	if r := host.postJSON(api+"/events", `{"type":"clue","word":"ZWIERZĘ","count":2}`); r.code != 200 {
		t.Fatalf("clue: %s", r)
	}
	token, covers := -1, 0
	for i, c := range sc.Truth.Cells {
		if c.Token {
			token = seat(i)
		}
		if c.Cover != "" {
			covers++
		}
	}
	a := scanAnswer(t, host, api, photo)
	obs := a.Scan.Observation
	if !obs.OK || obs.SeatAEdge == "" || len(obs.Cells) != 25 {
		t.Fatalf("reading ok %v, seat A at %q, %d cells: %s", obs.OK, obs.SeatAEdge, len(obs.Cells), obs.Reason)
	}
	read := 0
	for i, c := range obs.Cells {
		if c.Row*5+c.Col != i {
			t.Fatalf("cell %d is [%d,%d]", i, c.Row, c.Col)
		}
		if c.Word == "" {
			continue
		}
		read++
		if c.Word != sc.Words[i] {
			t.Errorf("cell %d: read %q, the game has %q", i, c.Word, sc.Words[i])
		}
	}
	legible := 0
	for _, c := range sc.Truth.Cells {
		if c.Legible {
			legible++
		}
	}
	if read < legible {
		t.Errorf("%d words read of %d legible", read, legible)
	}
	t.Logf("%d of %d legible words read, %d covers seen, token on %d; events %s; warnings %v", read, legible, covers, token, a.Scan.Events, a.Scan.Warnings)
	if len(a.Scan.Events) != 1 {
		t.Fatalf("events %s, want the guess on cell %d", a.Scan.Events, token)
	}
	var e struct {
		Type string `json:"type"`
		Cell [2]int `json:"cell"`
	}
	json.Unmarshal(a.Scan.Events[0], &e)
	if e.Type != "guess" || e.Cell != [2]int{token / 5, token % 5} {
		t.Errorf("event %s, want a guess on [%d,%d]", a.Scan.Events[0], token/5, token%5)
	}
	v := a.State.State
	if v.Cells[token].Revealed != card.Cells[token].String() {
		t.Errorf("cell %d revealed %q, want %q", token, v.Cells[token].Revealed, card.Cells[token])
	}
	for i, c := range v.Cells {
		if i != token && c.Covered {
			t.Errorf("cell %d covered by a photo", i)
		}
	}
	for _, w := range a.Scan.Warnings {
		if w.ID == "cn.camera.word" || w.ID == "cn.camera.not_words" {
			t.Errorf("warning %s: %s", w.ID, w.In("en"))
		}
	}
	if covers > 0 && len(a.Scan.Warnings) == 0 && len(a.Scan.Confirmed) == 0 {
		t.Errorf("%d covers seen, neither confirmed nor warned about", covers)
	}

	// A phone's 12 MP photo of the same table: the words again, nothing new.
	phone, _, _ := retailPhoto(t, sceneretail.Params{Seed: 212, Lang: "pl", Width: 4000, Height: 3000})
	a2 := scanAnswer(t, host, api, phone)
	read2 := 0
	for i, c := range a2.Scan.Observation.Cells {
		if c.Word != "" {
			read2++
			if c.Word != sc.Words[i] {
				t.Errorf("12 MP: cell %d: read %q, the game has %q", i, c.Word, sc.Words[i])
			}
		}
	}
	t.Logf("12 MP: %d words read in %.0f ms (1080p: %.0f ms)", read2, a2.Scan.Observation.MS, obs.MS)
	if !a2.Scan.Observation.OK || read2 < legible || len(a2.Scan.Events) != 0 || len(a2.Scan.Warnings) != 0 {
		t.Errorf("12 MP photo of the same table: ok %v, %d words, events %s, warnings %v; want the words and nothing new",
			a2.Scan.Observation.OK, read2, a2.Scan.Events, a2.Scan.Warnings)
	}
}

// stillTable is a camera.FrameSource showing one frame n times, then
// waiting until the test lets it go (as heldVideo).
type stillTable struct {
	frame gocv.Mat
	n     int
	ended chan struct{}
	end   chan struct{}
	once  sync.Once
}

func (s *stillTable) Read(m *gocv.Mat) bool {
	if s.n > 0 {
		s.n--
		s.frame.CopyTo(m)
		return true
	}
	s.once.Do(func() { close(s.ended) })
	<-s.end
	return false
}

// TestBoxedCamera drives the camera loop over a boxed set's table (the
// frames of a 1080p webcam): the table's reading, once it held, is
// refereed as a photo's (the guess token after a clue is the guess), and
// the host sees the camera's status and view.
func TestBoxedCamera(t *testing.T) {
	if testing.Short() {
		t.Skip("reads frames with Tesseract")
	}
	_, sc, seat := retailPhoto(t, sceneretail.Params{Seed: 212, Lang: "pl", Width: 1920, Height: 1080})
	token := -1
	for i, c := range sc.Truth.Cells {
		if c.Token {
			token = seat(i)
		}
	}
	ts := newTestServer(t, withBoxed)
	g := ts.NewGame(t, fmt.Sprintf(`{"game":"classic","key":%q,"boxed":"pl","words":%s}`, classicKey(t).Code(), wordsJSON(sc.Words)))
	host := hostClient(t, g)
	api := ts.URL + "/api/games/" + g.ID
	if r := host.postJSON(api+"/events", `{"type":"clue","word":"ZWIERZĘ","count":2}`); r.code != 200 {
		t.Fatalf("clue: %s", r)
	}
	src := &stillTable{frame: sc.Frame, n: 4, ended: make(chan struct{}), end: make(chan struct{})}
	cam := camera.NewCamera(src)
	defer cam.Close()
	done := make(chan error, 1)
	go func() { done <- ts.WatchCamera(context.Background(), cam, 3) }()
	select {
	case <-src.ended:
	case err := <-done:
		t.Fatalf("the camera loop ended early: %v", err)
	case <-time.After(2 * time.Minute):
		t.Fatal("the camera loop did not read 4 frames within two minutes")
	}
	var st GameState
	json.Unmarshal(host.get(api).body, &st)
	wantGuess := fmt.Sprintf(`{"type":"guess","cell":[%d,%d]}`, token/5, token%5)
	if st.Seq != 2 || string(st.History[1].Event) != wantGuess {
		t.Errorf("after the camera saw the token on %d: seq %d, history %+v", token, st.Seq, st.History)
	}
	if st.Scan == nil || st.Scan.Source != "camera" || st.Scan.Observation.SeatAEdge == "" {
		t.Errorf("the camera's last report: %+v", st.Scan)
	}
	var cs server.CameraStatus
	if r := host.get(ts.URL + "/h/" + servertest.HostToken(g) + "/camera"); r.code != 200 || json.Unmarshal(r.body, &cs) != nil {
		t.Fatalf("camera status: %s", r)
	}
	if !cs.Watching || cs.Frames != 4 || cs.Read != 4 || !cs.View || cs.Seen != "read" {
		t.Errorf("camera status = %+v, want 4 frames read, watching, a view", cs)
	}
	close(src.end)
	if err := <-done; err != nil {
		t.Errorf("WatchCamera at the end = %v, want nil", err)
	}
}
