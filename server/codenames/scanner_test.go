package codenames

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	cncamera "fieldkit/camera/codenames"
	"fieldkit/codes"
	"fieldkit/deck"
	rules "fieldkit/engine/codenames"
	"fieldkit/internal/scene"
	"fieldkit/internal/testkit"
	"fieldkit/keycards"
	"fieldkit/markers"
	"fieldkit/server"
	"fieldkit/server/servertest"
)

// withScanner gives the server the real photo reader and camera tracker, as
// cmd/fieldkit does.
func withScanner(f *Family) {
	f.Scanner = cncamera.NewPhotos(1)
	f.Track = func(d *deck.Deck, hold int) Tracker { return cncamera.NewTracker(d, hold) }
}

// scanned posts a photo to a scan URL as a phone's form would and decodes
// the answer.
func scanned(t *testing.T, c *client, url string, photo []byte) (response, ScanAnswer) {
	t.Helper()
	ctype, body := testkit.Multipart(t, "image", "table.jpg", photo)
	r := c.do("POST", url, ctype, body)
	var a ScanAnswer
	if r.code == 200 {
		if err := json.Unmarshal(r.body, &a); err != nil {
			t.Fatalf("scan answer: %v: %s", err, r)
		}
	}
	return r, a
}

func greens(card keycards.DuetCard) (onA []int) {
	for i := range 25 {
		if a, _ := card.At(i); a == keycards.Agent {
			onA = append(onA, i)
		}
	}
	return onA
}

// TestScanPhotos referees photos of a Duet table through the real scanner:
// a game with a printed deck takes its words from the first photo, a guess
// token on a word is a guess, the agent card laid on it is confirmed, a
// cover the referee does not know is a warning and nothing else, and bad or
// unreadable photos are clear 4xx answers that change nothing.
func TestScanPhotos(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and scans photos")
	}
	ts := newTestServer(t, withScanner)
	d := testDeck(t)
	card, err := keycards.ParseDuet(testKey)
	if err != nil {
		t.Fatal(err)
	}
	g := ts.NewGame(t, `{"game":"duet","key":"`+testKey+`","deck":"`+d.Code()+`"}`)
	host := hostClient(t, g)
	api := ts.URL + "/api/games/" + g.ID
	cards := deal(1)
	size := scene.Size1080p
	var st GameState
	json.Unmarshal(host.get(api).body, &st)
	if st.Deck != d.Code() || st.State.Cells[0].Word != "" {
		t.Fatalf("new game with a deck: deck %q, first word %q; want %q and no words yet", st.Deck, st.State.Cells[0].Word, d.Code())
	}
	if r := host.get(ts.URL + "/h/" + servertest.HostToken(g) + "/view.jpg"); r.code != 404 {
		t.Errorf("camera view before any photo = %s, want 404", r)
	}

	// The first photo: the words.
	r, a := scanned(t, host, api+"/scan", photo(t, cards, lay{token: -1}, size, 1))
	if r.code != 200 {
		t.Fatalf("first photo = %s", r)
	}
	want := cards.words(d)
	if !slices.Equal(a.Scan.Words, want) {
		t.Errorf("words read from the table = %q, want %q", a.Scan.Words, want)
	}
	for i, c := range a.State.State.Cells {
		if c.Word != want[i] {
			t.Errorf("cell %d has word %q after the first photo, want %q", i, c.Word, want[i])
		}
	}
	if len(a.Scan.Events) != 0 || len(a.Scan.Warnings) != 0 || a.State.Seq != 0 {
		t.Errorf("first photo: events %s, warnings %q, seq %d; want none", a.Scan.Events, a.Scan.Warnings, a.State.Seq)
	}
	for _, c := range a.Scan.Observation.Cells {
		if i := c.Row*5 + c.Col; c.Card == nil || *c.Card != cards[i] || c.Word != want[i] || c.Cover != "" {
			t.Errorf("observed cell %d = %+v, want card %d %q uncovered", i, c, cards[i], want[i])
		}
	}

	// A clue, then the guess token on one of A's agents: a guess.
	host.postJSON(api+"/events", `{"type":"clue","by":"a","word":"TREES","count":2}`)
	green := greens(card)[0]
	r, a = scanned(t, host, api+"/scan", photo(t, cards, lay{token: green}, size, 2))
	wantGuess := fmt.Sprintf(`{"type":"guess","cell":[%d,%d]}`, green/5, green%5)
	if r.code != 200 || len(a.Scan.Events) != 1 || string(a.Scan.Events[0]) != wantGuess {
		t.Fatalf("token on %d: %s", green, r)
	}
	if c := a.State.State.Cells[green]; !c.Covered || c.AgentFor == "" || a.State.Seq != 2 {
		t.Errorf("after the guess by photo: cell %+v, seq %d", c, a.State.Seq)
	}
	// The same token again is no second guess.
	r, a = scanned(t, host, api+"/scan", photo(t, cards, lay{token: green}, size, 3))
	if r.code != 200 || len(a.Scan.Events) != 0 || a.State.Seq != 2 {
		t.Errorf("the token still on %d: %s", green, r)
	}

	// The agent card laid on the word: confirmed. An assassin card on a
	// word nobody guessed: a warning, and the game is as it was.
	other := greens(card)[1]
	covers := map[int]int{green: markers.DuetAgentBase, other: markers.DuetAssassinID}
	r, a = scanned(t, host, api+"/scan", photo(t, cards, lay{covers: covers, token: -1}, size, 4))
	if r.code != 200 {
		t.Fatalf("covers: %s", r)
	}
	if !slices.Equal(a.Scan.Confirmed, [][2]int{{green / 5, green % 5}}) {
		t.Errorf("confirmed %v, want [[%d %d]]", a.Scan.Confirmed, green/5, green%5)
	}
	if len(a.Scan.Warnings) != 1 || !strings.Contains(a.Scan.Warnings[0].In("en"), "the assassin card on "+want[other]) || a.State.Seq != 2 {
		t.Errorf("an unknown assassin card: warnings %q, seq %d", a.Scan.Warnings, a.State.Seq)
	}
	if len(a.State.Warnings) == 0 {
		t.Errorf("the public state lists no warning for the host screen")
	}

	// Photos that say nothing: 4xx, nothing changes.
	for _, tc := range []struct {
		name  string
		photo []byte
		code  int
		want  string
	}{
		{"six cards", fewCardsPhoto(t), 422, "no readable grid: "},
		{"cut short", photo(t, cards, lay{token: -1}, size, 5)[:40000], 400, "cut short"},
		{"empty table", testkit.JPEG(t, 640, 480), 422, "only 0 cards seen"},
	} {
		r, _ := scanned(t, host, api+"/scan", tc.photo)
		if r.code != tc.code || !strings.Contains(string(r.body), tc.want) {
			t.Errorf("%s: %s, want %d with %q", tc.name, r, tc.code, tc.want)
		}
		if tc.code == 422 {
			var e scanError
			if err := json.Unmarshal(r.body, &e); err != nil || e.Observation.OK || e.Observation.Reason == "" {
				t.Errorf("%s: the 422 carries no observation with a reason: %s", tc.name, r)
			}
		}
	}
	json.Unmarshal(host.get(api).body, &st)
	if st.Seq != 2 {
		t.Errorf("after the refused photos seq = %d, want 2", st.Seq)
	}

	// The host's camera view: the last photo read, annotated, scaled down.
	r = host.get(ts.URL + "/h/" + servertest.HostToken(g) + "/view.jpg")
	if r.code != 200 {
		t.Fatalf("camera view: %s", r)
	}
	img, err := jpeg.Decode(bytes.NewReader(r.body))
	if err != nil || max(img.Bounds().Dx(), img.Bounds().Dy()) != 960 {
		t.Errorf("camera view: %v, %v; want a JPEG of side %d", err, boundsOf(img), 960)
	}
	var cs server.CameraStatus
	if r := host.get(ts.URL + "/h/" + servertest.HostToken(g) + "/camera"); json.Unmarshal(r.body, &cs) != nil || cs.Camera || !cs.View {
		t.Errorf("camera status = %s, want no camera and a view", r)
	}
}

func boundsOf(img image.Image) image.Rectangle {
	if img == nil {
		return image.Rectangle{}
	}
	return img.Bounds()
}

// TestScanWithoutDeck: a game with no printed deck reads places only: card
// ids, covers and the token, no words; the game's own words stay, and a
// token is a guess all the same. A game whose words differ from the cards
// on the table gets a warning per card.
func TestScanWithoutDeck(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and scans photos")
	}
	ts := newTestServer(t, withScanner)
	cards := deal(2)
	card, _ := keycards.ParseDuet(testKey)
	green := greens(card)[0]
	pic := photo(t, cards, lay{token: green}, scene.Size1080p, 9)

	g := ts.NewGame(t, `{"game":"duet","key":"`+testKey+`","lang":"en"}`)
	host := hostClient(t, g)
	api := ts.URL + "/api/games/" + g.ID
	var before GameState
	json.Unmarshal(host.get(api).body, &before)
	host.postJSON(api+"/events", `{"type":"clue","by":"a","word":"TREES","count":2}`)
	r, a := scanned(t, host, api+"/scan", pic)
	if r.code != 200 || len(a.Scan.Events) != 1 || len(a.Scan.Words) != 0 || len(a.Scan.Warnings) != 0 {
		t.Fatalf("photo without a deck: %s", r)
	}
	for _, c := range a.Scan.Observation.Cells {
		if i := c.Row*5 + c.Col; c.Card == nil || *c.Card != cards[i] || c.Word != "" {
			t.Errorf("observed cell %d = %+v, want card %d and no word", i, c, cards[i])
		}
	}
	if a.State.State.Cells[0].Word != before.State.Cells[0].Word {
		t.Errorf("the game's words changed without a deck")
	}

	// With the deck and other words than the cards on the table: warnings.
	d := testDeck(t)
	words, _ := json.Marshal(deal(3).words(d))
	g = ts.NewGame(t, `{"game":"duet","key":"`+testKey+`","deck":"`+d.Code()+`","words":`+string(words)+`}`)
	host = hostClient(t, g)
	r, a = scanned(t, host, ts.URL+"/api/games/"+g.ID+"/scan", pic)
	if r.code != 200 || len(a.Scan.Warnings) != 2 || !strings.Contains(a.Scan.Warnings[1].In("pl"), "Kamera widzi 25 kart spoza słów gry (np. CACTUS na polu [0,0], gdzie według gry leży CORN)") {
		t.Errorf("cards that are not the game's words: warnings %q", a.Scan.Warnings)
	}
}

// TestNewGameDeck: a deck is a code of a built-in list or a manifest; bad
// ones are refused with the reason.
func TestNewGameDeck(t *testing.T) {
	ts := newTestServer(t)
	d := testDeck(t)
	manifest, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, req string
		code      int
		want      string
	}{
		{"code", `{"game":"duet","deck":"` + d.Code() + `"}`, 201, ""},
		{"manifest", `{"game":"classic","deck":` + string(manifest) + `}`, 201, ""},
		{"bad code", `{"game":"duet","deck":"` + badCode(d.Code()) + `"}`, 400, "does not check out"},
		{"not a deck", `{"game":"duet","deck":12}`, 400, "a deck code"},
		{"deck and lang", `{"game":"duet","deck":"` + d.Code() + `","lang":"pl"}`, 400, "leave out"},
		{"bad manifest", `{"game":"duet","deck":{"format":9}}`, 400, "format 9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newClient(t).postJSON(ts.URL+"/api/games", tc.req)
			if r.code != tc.code || !strings.Contains(string(r.body), tc.want) {
				t.Fatalf("POST /api/games %s = %s, want %d with %q", tc.name, r, tc.code, tc.want)
			}
			if r.code != 201 {
				return
			}
			var c server.Created
			json.Unmarshal(r.body, &c)
			// The deck survives a restart of the server.
			var st GameState
			if r := newClient(t).get(ts.Restart(t, 2).URL + "/api/games/" + c.ID); json.Unmarshal(r.body, &st) != nil || st.Deck != d.Code() {
				t.Errorf("reloaded game: %s, want deck %s", r, d.Code())
			}
		})
	}
}

// badCode changes the last character of a code.
func badCode(code string) string {
	last := code[len(code)-1]
	for _, c := range codes.Alphabet {
		if byte(c) != last {
			return code[:len(code)-1] + string(c)
		}
	}
	return code
}

// BenchmarkScanUpload12MP is a phone upload scanned and applied: a 12 MP
// JPEG photo of the table (4000 x 3000, from package scene, with sensor
// noise and quality 92 like a phone's: about 3.5 MB) posted as a
// form to POST /api/games/{id}/scan of a game with a printed deck, during a
// clue, with the guess token on one of A's agents. Each upload reads the
// photo, decodes it with scan's loader, reads the grid, referees the guess
// and commits it to SQLite. It reports the median and 95th percentile, and
// the median time until the host's camera view of the photo is drawn (in the
// background, after the answer):
//
//	go test ./server -run '^$' -bench ScanUpload12MP -benchtime 40x
func BenchmarkScanUpload12MP(b *testing.B) {
	ts := newTestServer(b, withScanner)
	d := testDeck(b)
	card, _ := keycards.ParseDuet(testKey)
	green := greens(card)[0]
	var forms [][]byte
	var ctypes []string
	for seed := range int64(4) {
		ctype, body := testkit.Multipart(b, "image", "table.jpg", phonePhoto(b, deal(int(seed)), lay{token: green}, scene.Size12MP, 100+seed, 6, 92))
		forms, ctypes = append(forms, body), append(ctypes, ctype)
	}
	h := ts.Handler()
	times := make([]time.Duration, 0, b.N)
	var draws []time.Duration // from the upload until its camera view is drawn
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		g := ts.NewGame(b, `{"game":"duet","key":"`+testKey+`","deck":"`+d.Code()+`","words":`+wordsJSON(deal(i%4).words(d))+`}`)
		hostClient(b, g).postJSON(ts.URL+"/api/games/"+g.ID+"/events", `{"type":"clue","by":"a","word":"TREES","count":2}`)
		r := httptest.NewRequest("POST", "/api/games/"+g.ID+"/scan", bytes.NewReader(forms[i%4]))
		r.Header.Set("Content-Type", ctypes[i%4])
		r.Header.Set("Authorization", "Bearer "+servertest.HostToken(g))
		w := httptest.NewRecorder()
		b.StartTimer()
		start := time.Now()
		h.ServeHTTP(w, r)
		times = append(times, time.Since(start))
		if w.Code != 200 || !strings.Contains(w.Body.String(), `"events":[{"type":"guess"`) {
			b.Fatalf("upload %d: %d %s", i, w.Code, w.Body.String()[:min(w.Body.Len(), 300)])
		}
		// The camera view is drawn in the background after the answer: wait
		// for it (a table's photos come seconds apart), and time it.
		b.StopTimer()
		if r := newClient(b).get(ts.URL + "/h/" + servertest.HostToken(g) + "/view.jpg"); r.code != 200 {
			b.Fatalf("camera view: %s", r)
		}
		draws = append(draws, time.Since(start))
		b.StartTimer()
	}
	b.StopTimer()
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	slices.Sort(times)
	slices.Sort(draws)
	b.ReportMetric(ms(times[len(times)/2]), "median-ms")
	b.ReportMetric(ms(times[len(times)*95/100]), "p95-ms")
	b.ReportMetric(ms(draws[len(draws)/2]), "view-drawn-ms")
	b.ReportMetric(float64(len(forms[0]))/1e6, "MB/photo")
}

func wordsJSON(words []string) string {
	b, _ := json.Marshal(words)
	return string(b)
}

// FuzzDeckOf: any "deck" value of a new game is a deck or a setup error,
// never a panic.
func FuzzDeckOf(f *testing.F) {
	d := testDeck(f)
	manifest, _ := json.Marshal(d)
	for _, s := range []string{`"` + d.Code() + `"`, string(manifest), `null`, `12`, `"W"`, `{"format":1}`, `[]`, `"` + badCode(d.Code()) + `"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := deckOf(b)
		switch {
		case err != nil && !errors.Is(err, rules.ErrSetup):
			t.Fatalf("deckOf(%q) = %v, want a setup error", b, err)
		case err == nil && got != nil && (len(got.Words) < 1 || len(got.Words) > markers.MaxFaces):
			t.Fatalf("deckOf(%q) = a deck of %d words", b, len(got.Words))
		}
	})
}
