package codenames

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	cncamera "fieldkit/camera/codenames"
	"fieldkit/deck"
	"fieldkit/internal/testkit"
	cnscan "fieldkit/scan/codenames"
	"fieldkit/server"
	"fieldkit/server/servertest"
	"fmt"
	"gocv.io/x/gocv"
	"maps"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"fieldkit/catalog"
	"fieldkit/keycards"

	rules "fieldkit/engine/codenames"
)

// The oracle of issue 23 for Codenames: every refusal and warning a player
// can meet crosses the wire as a message of the catalog ({"id","args"}),
// never as English text, and every language of a table says it whole.

// leftover is a {placeholder} a message left unfilled.
var leftover = regexp.MustCompile(`\{[A-Za-z0-9_]+\}`)

// rulebookLine is a rulebook's line number ("002:L425"), which players
// never read.
var rulebookLine = regexp.MustCompile(`\b00\d:L?\d+`)

// checkMsg checks that m is a message of the catalog (not the fallback
// "error.text"), that its arguments that are messages are too, and that
// Polish, Czech and Portuguese say it without a leftover {placeholder}.
func checkMsg(t *testing.T, what string, m catalog.Msg) {
	t.Helper()
	if m.ID == "" || m.ID == "error.text" || !catalog.Known(m.ID) {
		if key := t.Name() + " " + m.ID; m.ID == "error.text" || !reported[key] { // each unknown id once
			reported[key] = true
			t.Errorf("%s: message %q is not a message of the catalog (args %v)", what, m.ID, m.Args)
		}
		return
	}
	for name, v := range m.Args {
		if arg, ok := v.(map[string]any); ok {
			id, _ := arg["id"].(string)
			if !catalog.Known(id) {
				t.Errorf("%s: %s: argument %s is the message %q, which the catalog lacks", what, m.ID, name, id)
			}
		}
	}
	for _, lang := range []string{"pl", "cs", "pt"} {
		s := m.In(lang)
		if leftover.MatchString(s) || strings.Contains(s, "cn.") || rulebookLine.MatchString(s) {
			t.Errorf("%s: %s in %s leaves %q", what, m.ID, lang, s)
		}
	}
}

// reported are the unknown ids a test has reported, each once.
var reported = map[string]bool{}

// saidBody is what a 4xx answer and a state carry for the pages.
type saidBody struct {
	Error string       `json:"error"`
	Msg   *catalog.Msg `json:"msg"`
}

// checkAnswer checks an answer: a 4xx or 5xx must carry its message; it
// returns the message's id ("" for an answer that is no error).
func checkAnswer(t *testing.T, what string, r response) string {
	t.Helper()
	if r.code < 400 {
		return ""
	}
	var b saidBody
	if err := json.Unmarshal(r.body, &b); err != nil {
		t.Errorf("%s: %d answer is no JSON: %s", what, r.code, r.body)
		return ""
	}
	if b.Msg == nil {
		t.Errorf("%s: %d %q carries no message", what, r.code, b.Error)
		return ""
	}
	checkMsg(t, fmt.Sprintf("%s (%d %q)", what, r.code, b.Error), *b.Msg)
	return b.Msg.ID
}

// checkWarnings checks the warnings of a game's public state: the camera's
// (warnings) and the clue's (state.clue.warnings[].msg).
func checkWarnings(t *testing.T, what string, body []byte) int {
	t.Helper()
	var st struct {
		Warnings []catalog.Msg `json:"warnings"`
		State    struct {
			Clue *struct {
				Warnings []struct {
					Msg catalog.Msg `json:"msg"`
				} `json:"warnings"`
			} `json:"clue"`
		} `json:"state"`
	}
	if err := json.Unmarshal(body, &st); err != nil {
		t.Errorf("%s: the state does not read as messages: %v", what, err)
		return 0
	}
	n := len(st.Warnings)
	for _, m := range st.Warnings {
		checkMsg(t, what+": camera warning", m)
	}
	if st.State.Clue != nil {
		for _, w := range st.State.Clue.Warnings {
			checkMsg(t, what+": clue warning", w.Msg)
			n++
		}
	}
	return n
}

// TestRefusalsSaidEngine: every refusal of the rules engine to random
// events of the kinds the pages send, in random Duet and classic games,
// and every answer of the key card field to typing mistakes, is a message
// of the catalog, and errors.Is still finds its kind.
func TestRefusalsSaidEngine(t *testing.T) {
	seen := map[string]bool{}
	check := func(err error) {
		t.Helper()
		var s catalog.Sayable
		if !errors.As(err, &s) {
			t.Errorf("%v: no message", err)
			return
		}
		m := catalog.Of(s)
		seen[m.ID] = true
		checkMsg(t, err.Error(), m)
	}
	r := rand.New(rand.NewPCG(14, 1))
	words := [25]string{}
	for i := range words {
		words[i] = "WORD" + string(rune('A'+i))
	}
	duet := keycards.NewDuet(keycards.SeededSource("refusals"))
	classic := keycards.NewClassic(keycards.SeededSource("refusals"))
	for game := range 300 {
		setup := rules.Setup{Game: keycards.Duet, Key: duet.Code(), Words: words[:]}
		players := []rules.Player{rules.Nobody, rules.A, rules.B}
		types := []rules.EventType{rules.ClueGiven, rules.GuessMade, rules.StopGuess, rules.PenaltyCall}
		if game%2 == 1 {
			setup = rules.Setup{Game: keycards.Classic, Key: classic.Code(), Words: words[:], Variant: rules.Variant(game / 2 % 2)}
			players = []rules.Player{rules.Nobody, rules.Red, rules.Blue}
			types = append(types, rules.EnemyCover, rules.OwnCover)
		}
		s, err := rules.Replay(setup, nil)
		if err != nil {
			t.Fatal(err)
		}
		for range 120 {
			e := rules.Event{Type: types[r.IntN(len(types))], By: players[r.IntN(len(players))], Cell: rules.NoCell}
			switch e.Type {
			case rules.ClueGiven:
				e.Word = []string{"", "clue", "WORDB", "wordc", "WORDS"}[r.IntN(5)]
				e.Count = r.IntN(12) - 1
			case rules.GuessMade, rules.EnemyCover, rules.OwnCover:
				e.Cell = r.IntN(25)
			}
			next, err := s.Apply(e)
			if err != nil {
				check(err)
				continue
			}
			s = next
			for _, w := range s.ClueWarnings() {
				checkMsg(t, "clue warning", catalog.Of(w.Said(e.Word)))
			}
		}
	}
	for _, line := range []string{`{"type":"clue","word":"","count":1}`, `{"type":"clue","word":"\u200b","count":1}`,
		`{"type":"clue","word":"` + strings.Repeat("x", 80) + `","count":1}`, `{"type":"clue","word":"x","count":"many"}`,
		`{"type":"clue","word":"x","count":99}`, `{"type":"clue","word":"x"}`, `{"type":"guess","cell":[5,0]}`,
		`{"type":"guess"}`, `{"type":"guess","cell":[0,0],"word":"x"}`, `{"type":"stop","by":"c"}`, `{"type":"jump"}`,
		`{}`, `null`, `[1]`, `{"type":"stop","cell":[0,0]}`, `{"type":"penalty","by":"a"}`, `{"type":"new"}`,
		`{"type":"new","game":"chess","key":"x"}`, `{"type":"new","game":"duet"}`, `{"type":"new","game":"duet","key":"x","turns":12}`,
		`{"type":"new","game":"duet","key":"x","turns":5,"mistakes":6}`, `{"type":"new","game":"classic","key":"x","turns":5}`,
		`{"type":"new","game":"duet","key":"x","variant":"solo"}`, `{"type":"new","game":"classic","key":"x","variant":"duo"}`,
		`{"type":"new","game":"duet","key":"x","words":["a"]}`} {
		if _, err := rules.DecodeEvent([]byte(line)); err != nil {
			check(err)
		}
	}
	other := keycards.NewDuet(keycards.SeededSource("refusals"))
	for _, in := range []string{"", "A2CKA", "X2CKA-9Q7C", "D2D3N-FNZ9K-ZZMT", "C2D3N-FNZ9J-ZZMT", "D2D3N-FNZ9J-ZZM",
		duet.SideCode(keycards.SideA), duet.SideCode(keycards.SideB) + " " + duet.SideCode(keycards.SideB),
		duet.SideCode(keycards.SideA) + " " + other.SideCode(keycards.SideB), "D2D3N D2D3N D2D3N",
		"ZZZZZ-ZZZZZ-ZZZZ", "D0D3N", "DIL"} {
		if _, err := keycards.Read(in); err != nil {
			check(err)
		}
	}
	for _, bad := range []rules.Setup{
		{Game: keycards.Duet, Key: classic.Code()}, {Game: keycards.Classic, Key: duet.Code()},
		{Game: keycards.Duet, Key: duet.Code(), Words: words[:3]},
		{Game: keycards.Duet, Key: duet.Code(), Words: append([]string{"WORDB"}, words[1:]...)},
		{Game: keycards.Duet, Key: duet.Code(), Mission: rules.Mission{Turns: 12, Mistakes: 1}},
	} {
		if _, err := rules.Replay(bad, nil); err != nil {
			check(err)
		} else {
			t.Errorf("setup %+v: no refusal", bad)
		}
	}
	t.Logf("%d different refusals met: %v", len(seen), slices.Sorted(maps.Keys(seen)))
	if len(seen) < 40 {
		t.Errorf("only %d different refusals met; the test plays too little", len(seen))
	}
}

// TestRefusalsSaid plays what the pages send to a test server: new games
// and tables with mistakes in them, random events from the host page and
// the seats' phones in Duet and classic games (clues, guesses, stops,
// penalties, covers, timers, undos), photos, and campaigns. Every 4xx and
// 5xx answer must carry a message of the catalog said in every language, and
// every warning of a state too.
func TestRefusalsSaid(t *testing.T) {
	ts := newTestServer(t)
	ids := map[string]bool{}
	answer := func(what string, r response) {
		t.Helper()
		if id := checkAnswer(t, what, r); id != "" {
			ids[id] = true
		}
	}
	c := newClient(t)
	card, err := keycards.ParseDuet(testKey)
	if err != nil {
		t.Fatal(err)
	}
	classic := classicKey(t)
	for _, body := range []string{
		`{"game":"duet","key":"A2CKA"}`, `{"game":"duet","key":"` + card.SideCode(keycards.SideA) + `"}`,
		`{"game":"duet","key":"D2D3N-FNZ9K-ZZMT"}`, `{"game":"duet","key":"` + classic.Code() + `"}`,
		`{"game":"classic","key":"` + testKey + `"}`, `{"game":"duet","key":"D0D3N"}`,
		`{"game":"duet","words":["A","B"]}`, `{"game":"duet","words":["A","B"],"lang":"pl"}`,
		`{"game":"duet","lang":"xx"}`, `{"game":"duet","deck":"W4NQR-FBS8W-UA"}`, `{"game":"duet","deck":"X4NQR"}`,
		`{"game":"duet","deck":7}`, `{"game":"duet","deck":{"format":99}}`, `{"game":"duet","variant":"solo"}`,
		`{"game":"classic","mission":{"turns":9,"mistakes":9}}`, `{"game":"classic","variant":"duo"}`,
		`{"game":"duet","mission":{"turns":12,"mistakes":1}}`, `{"game":"duet","mission":{"turns":5,"mistakes":6}}`,
		`{"game":"duet","mission":{"id":"praha"}}`, `{"game":"duet","campaign":"nosuch","mission":{"id":"praha"}}`,
		`{"game":"duet","campaign":"x"}`, `{"game":"duet","colour":1}`, `{"game":"duet"} {}`, `{"game":"chess"}`,
		`{"game":7}`, `[]`, `{"game":"duet","lang":"pl","words":null,"extra":1}`,
	} {
		answer("POST /api/games "+body, c.postJSON(ts.URL+"/api/games", body))
		answer("POST /api/tables "+body, c.postJSON(ts.URL+"/api/tables", body))
	}
	for _, body := range []string{`{"team":""}`, `{"team":"x","map":"M2222-22222-22222"}`, `{"team":"x","colour":1}`, `[`, `{"team":"x"} 1`} {
		answer("POST /api/campaigns "+body, c.postJSON(ts.URL+"/api/campaigns", body))
	}
	answer("GET campaign", c.get(ts.URL+"/api/campaigns/nosuch"))

	r := rand.New(rand.NewPCG(23, 1))
	words := []string{"", " ", "river", "\u200b", strings.Repeat("x", 80), "WORD"}
	kinds := []string{"clue", "guess", "stop", "penalty", "enemy_cover", "cover", "timer", "undo", "new", "bogus"}
	bys := []string{"", "a", "b", "red", "blue", "x"}
	for game := range 8 {
		body := `{"game":"duet","lang":"pl"}`
		if game%2 == 1 {
			body = fmt.Sprintf(`{"game":"classic","lang":"pl","variant":%q}`, []string{"teams", "solo"}[game/2%2])
		}
		g := ts.NewGame(t, body)
		host := hostClient(t, g)
		api := ts.URL + "/api/games/" + g.ID
		phones := map[string]*client{}
		for part, url := range g.Seats {
			phones[part] = newClient(t)
			phones[part].get(url)
		}
		parts := []string{"a", "b"}
		if game%2 == 1 {
			parts = []string{"red", "blue"}
		}
		thief := newClient(t)
		for range 150 {
			kind := kinds[r.IntN(len(kinds))]
			ev := map[string]any{"type": kind}
			if by := bys[r.IntN(len(bys))]; by != "" {
				ev["by"] = by
			}
			switch kind {
			case "clue":
				ev["word"] = words[r.IntN(len(words))]
				ev["count"] = []any{1, 2, 0, -1, 99, "unlimited", "many"}[r.IntN(7)]
			case "guess", "enemy_cover", "cover":
				if r.IntN(5) == 0 {
					ev["word"] = "nosuchword"
				} else {
					ev["cell"] = []int{r.IntN(6), r.IntN(5)}
				}
			case "timer":
				ev["seconds"] = []int{60, -1, 99999, 0}[r.IntN(4)]
			}
			b, _ := json.Marshal(ev)
			what := fmt.Sprintf("game %d: %s", game, b)
			var res response
			switch who := r.IntN(4); {
			case kind == "undo":
				res = host.postJSON(api+"/undo", "")
			case who == 0:
				res = host.postJSON(api+"/events", b)
			case who == 3:
				res = thief.postJSON(g.Seats[parts[r.IntN(2)]]+"/events", b)
			default:
				part := parts[r.IntN(2)]
				res = phones[part].postJSON(g.Seats[part]+"/events", b)
			}
			answer(what, res)
			checkWarnings(t, what, host.get(api).body)
		}
		answer("photo without a scanner", host.do("POST", api+"/scan", "image/jpeg", []byte("\xff\xd8\xff")))
		answer("a good photo without a scanner", host.do("POST", api+"/scan", "image/jpeg", testkit.JPEG(t, 32, 32)))
		answer("an empty photo", host.do("POST", api+"/scan", "image/jpeg", nil))
		answer("a text as a photo", host.do("POST", api+"/scan", "image/jpeg", []byte("hello")))
		answer("the camera without a camera", host.postJSON(api+"/camera", ""))
		answer("release of no seat", host.postJSON(api+"/seats/zz/release", ""))
		hostToken := strings.TrimPrefix(g.HostURL, ts.URL+"/h/")
		answer("link of a taken seat", host.get(ts.URL+"/h/"+hostToken+"/link/"+parts[0]))
		answer("link of no seat", host.get(ts.URL+"/h/"+hostToken+"/link/zz"))
		answer("view before any scan", host.get(ts.URL+"/h/"+hostToken+"/view.jpg"))
		answer("an event without the host token", c.postJSON(api+"/events", `{"type":"stop"}`))
		answer("an event with a wrong host token", (&client{servertest.HostClient(t, server.Created{HostURL: ts.URL + "/h/" + strings.Repeat("a", 32)})}).postJSON(api+"/events", `{"type":"stop"}`))
		answer("a game that is not", c.get(ts.URL+"/api/games/nosuch"))
		answer("a table that is not", c.get(ts.URL+"/api/tables/nosuch"))
		answer("next game", host.postJSON(ts.URL+"/api/tables/"+g.Table+"/games", `{"game":"duet","key":"A2CKA"}`))
		if res := host.postJSON(ts.URL+"/api/tables/"+g.Table+"/games", `{}`); res.code != 201 {
			t.Fatalf("next game: %s", res)
		}
		answer("event of an old game", host.postJSON(api+"/events", `{"type":"stop"}`))
	}
	if len(ids) < 30 {
		t.Errorf("only %d different refusals met: the test plays too little", len(ids))
	}
	t.Logf("%d different refusals met: %v", len(ids), slices.Sorted(maps.Keys(ids)))
}

// randomScanner reads every photo as a random table: covers, words and the
// guess token on random cells, or no readable grid at all.
type randomScanner struct {
	r     *rand.Rand
	words []string
}

func (f *randomScanner) Scan(ctx context.Context, photo []byte, d *deck.Deck) (cnscan.Reading, server.Picture, error) {
	if bytes.Contains(photo, []byte("unreadable")) {
		return cnscan.Reading{}, nil, errors.New("corrupt JPEG data")
	}
	r := f.r
	if r.IntN(6) == 0 {
		refusals := []cnscan.Refusal{cnscan.TooFewCards, cnscan.NotAGrid, cnscan.PartGrid, cnscan.TwoGrids, cnscan.BadFit, cnscan.Conflict, cnscan.NoSeat}
		why := refusals[r.IntN(len(refusals))]
		return cnscan.Reading{Refusal: why.String(), Reason: "why in English"}, nil, nil
	}
	obs := cnscan.Reading{OK: true, Refusal: "readable"}
	covers := []string{"", "", "", "agent", "assassin", "bystander", "red", "blue", "double", "timer"}
	for i := range 25 {
		c := cnscan.CellReading{Row: i / 5, Col: i % 5, Card: card(i), Cover: covers[r.IntN(len(covers))]}
		if r.IntN(4) == 0 {
			c.Word = f.words[r.IntN(len(f.words))]
		}
		obs.Cells = append(obs.Cells, c)
	}
	if r.IntN(2) == 0 {
		obs.Token = &[2]int{r.IntN(5), r.IntN(5)}
	}
	return obs, nil, nil
}

// TestRefusalsSaidCamera: the camera referee's warnings and refusals, on
// random photos of Duet and classic tables sent by the host and the seats'
// phones between random moves, cross the wire as messages of the catalog,
// in the scan's report and in the state the host screen shows.
func TestRefusalsSaidCamera(t *testing.T) {
	fake := &randomScanner{r: rand.New(rand.NewPCG(23, 2)), words: []string{"KOT", "PIES", "WIATRAK", "ŻÓŁW"}}
	ts := newTestServer(t, func(f *Family) { f.Scanner = fake })
	r := rand.New(rand.NewPCG(23, 3))
	ids := map[string]bool{}
	photo := testkit.JPEG(t, 32, 32)
	// Six games, and more (up to 12) while fewer than 12 messages were met:
	// the fake scanner's draws depend on map order, so a run meets more or
	// fewer.
	for game := 0; game < 12 && (game < 6 || len(ids) < 12); game++ {
		body := `{"game":"duet","lang":"pl"}`
		parts := []string{"a", "b"}
		if game%2 == 1 {
			body = fmt.Sprintf(`{"game":"classic","lang":"pl","variant":%q}`, []string{"teams", "solo"}[game/2%2])
			parts = []string{"red", "blue"}
		}
		g := ts.NewGame(t, body)
		host := hostClient(t, g)
		api := ts.URL + "/api/games/" + g.ID
		phones := map[string]*client{}
		for _, part := range parts {
			phones[part] = newClient(t)
			phones[part].get(g.Seats[part])
		}
		s := sessionOf(t, ts, g)
		for range 40 {
			if game%2 == 0 {
				if e, ok := randomMove(s, r); ok {
					host.postJSON(api+"/events", eventJSON(t, e))
					s = sessionOf(t, ts, g)
				}
			} else {
				host.postJSON(api+"/events", fmt.Sprintf(`{"type":"clue","word":"w%d","count":2}`, r.IntN(99)))
				host.postJSON(api+"/events", fmt.Sprintf(`{"type":"guess","cell":[%d,%d]}`, r.IntN(5), r.IntN(5)))
			}
			url := api + "/scan"
			sender := host
			if r.IntN(3) == 0 {
				part := parts[r.IntN(2)]
				url, sender = g.Seats[part]+"/scan", phones[part]
			}
			ctype, b := testkit.Multipart(t, "image", "photo.jpg", photo)
			if r.IntN(10) == 0 {
				ctype, b = "image/jpeg", append(slices.Clone(photo), "unreadable"...)
			}
			res := sender.do("POST", url, ctype, b)
			what := fmt.Sprintf("game %d: photo to %s", game, url)
			if id := checkAnswer(t, what, res); id != "" {
				ids[id] = true
				continue
			}
			var a struct {
				Scan struct {
					Warnings []catalog.Msg `json:"warnings"`
					Refused  *catalog.Msg  `json:"refused"`
				} `json:"scan"`
			}
			if err := json.Unmarshal(res.body, &a); err != nil {
				t.Fatalf("%s: %s: %v", what, res, err)
			}
			for _, w := range a.Scan.Warnings {
				checkMsg(t, what+": warning", w)
				ids[w.ID] = true
			}
			if a.Scan.Refused != nil {
				checkMsg(t, what+": refused", *a.Scan.Refused)
				ids[a.Scan.Refused.ID] = true
			}
			checkWarnings(t, what, host.get(api).body)
		}
	}
	tr := cncamera.NewTracker(nil, 1)
	defer tr.Close()
	blank := gocv.NewMatWithSize(720, 1280, gocv.MatTypeCV8UC1)
	defer blank.Close()
	if _, _, err := tr.See(&blank); err != nil {
		t.Fatal(err)
	}
	seen := tr.Seen()
	if !seen.Kept || seen.Read || seen.Why.ID == "" {
		t.Fatalf("a blank frame: Seen = %+v, want kept, not read, with a message", seen)
	}
	checkMsg(t, "the camera status of a grid not read", seen.Why)
	// Each of the scanner's reasons is a message of its own: scan/codenames
	// TestRefusalKindsSaid.
	t.Logf("%d different messages met: %v", len(ids), slices.Sorted(maps.Keys(ids)))
	if len(ids) < 10 {
		t.Errorf("only %d different messages met: the test plays too little", len(ids))
	}
}
