package codenames

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"fieldkit/deck"
	"fieldkit/internal/testkit"
	"fieldkit/keycards"
	cnscan "fieldkit/scan/codenames"
	"fieldkit/server"
	"fieldkit/server/servertest"
)

// The attack suite of the Codenames family: what a player on the table's
// Wi-Fi can try with the host page's token, a seat's phone or no token at
// all, and the safe outcome each attack must meet. The neutral server's
// attacks are in package server (attack_test.go there).

// coverPhase starts a classic game of variant on card and plays it to the
// moment a spymaster's cover is due: the solo variant's enemy cover after
// the team's turn, or the teams game's own cover after a penalty.
func coverPhase(t *testing.T, ts *servertest.Server, card keycards.ClassicCard, variant string) (string, *client, map[string]string) {
	t.Helper()
	g := ts.NewGame(t, fmt.Sprintf(`{"game":"classic","variant":%q,"lang":"en","key":%q}`, variant, card.Code()))
	host := hostClient(t, g)
	api := ts.URL + "/api/games/" + g.ID
	send := func(e string) {
		t.Helper()
		if r := host.postJSON(api+"/events", e); r.code != http.StatusOK {
			t.Fatalf("host %s: %s", e, r)
		}
	}
	send(`{"type":"clue","word":"probe","count":1}`)
	if variant == "solo" {
		b := cellsOf(card, keycards.Bystander)[0]
		send(fmt.Sprintf(`{"type":"guess","cell":[%d,%d]}`, b/5, b%5)) // a miss ends the turn: the enemy cover is due
	} else {
		send(`{"type":"penalty"}`) // the other team may now cover one of its own agents
	}
	return api, host, g.Seats
}

// TestAttackKeyOracle is hole 1 of issue 13: in a classic game's cover
// phase the host (whose screen everyone sees) probes every cell with a
// cover, undoing whatever is accepted. No answer may depend on the colour
// under the cell: all 25 answers must be alike and nothing may change. The
// spymaster's phone, which holds the key, still covers.
func TestAttackKeyOracle(t *testing.T) {
	card := classicKey(t)
	for _, tc := range []struct{ variant, event string }{
		{"solo", "enemy_cover"},
		{"teams", "cover"},
		{"teams", "enemy_cover"},
		{"solo", "cover"},
	} {
		t.Run(tc.variant+"/"+tc.event, func(t *testing.T) {
			ts := newTestServer(t)
			api, host, seats := coverPhase(t, ts, card, tc.variant)
			before := host.get(api)
			answers := map[string][]int{}
			for i := range 25 {
				r := host.postJSON(api+"/events", fmt.Sprintf(`{"type":%q,"cell":[%d,%d]}`, tc.event, i/5, i%5))
				if r.code == http.StatusOK {
					host.postJSON(api+"/undo", "")
				}
				var a struct {
					Error string `json:"error"`
				}
				json.Unmarshal(r.body, &a)
				key := fmt.Sprintf("%d %s", r.code, strings.ReplaceAll(a.Error, fmt.Sprintf("[%d,%d]", i/5, i%5), "[r,c]"))
				answers[key] = append(answers[key], i)
			}
			if len(answers) != 1 {
				for k, cells := range answers {
					t.Errorf("host %s on cells %v: %s", tc.event, cells, k)
				}
				t.Fatalf("the host's %d answers to %s differ with the key: a key oracle", len(answers), tc.event)
			}
			for k := range answers {
				if !strings.HasPrefix(k, "4") {
					t.Errorf("host %s: %s, want a refusal", tc.event, k)
				}
			}
			if after := host.get(api); string(after.body) != string(before.body) {
				t.Errorf("the host's probes changed the game:\nbefore %s\nafter  %s", before.body, after.body)
			}
			// The spymaster whose cover is due covers from the phone.
			if tc.event != map[string]string{"solo": "enemy_cover", "teams": "cover"}[tc.variant] {
				return
			}
			team, enemy := card.Start, keycards.Blue
			if team == keycards.Blue {
				enemy = keycards.Red
			}
			target, who := cellsOf(card, enemy)[0], team.String()
			if tc.variant == "teams" { // after the start team's penalty the other team covers its own
				target, who = cellsOf(card, enemy)[0], enemy.String()
			}
			phone := newClient(t)
			phone.get(seats[who])
			if r := phone.postJSON(seats[who]+"/events", fmt.Sprintf(`{"type":%q,"cell":[%d,%d]}`, tc.event, target/5, target%5)); r.code != http.StatusOK {
				t.Errorf("the %s spymaster's %s on their phone: %s, want 200", who, tc.event, r)
			}
		})
	}
}

// tokenScanner is a stand-in scanner that reads every photo as a grid of
// 25 bare cards with the guess token on cell token.
type tokenScanner struct{ token *int }

func (s tokenScanner) Scan(ctx context.Context, photo []byte, d *deck.Deck) (cnscan.Reading, server.Picture, error) {
	r := cnscan.Reading{OK: true, Refusal: "readable"}
	for i := range 25 {
		r.Cells = append(r.Cells, cnscan.CellReading{Row: i / 5, Col: i % 5})
	}
	if *s.token >= 0 {
		r.Token = &[2]int{*s.token / 5, *s.token % 5}
	}
	return r, nil, nil
}

// TestAttackPhotoActsForAnotherSeat is hole 2 of issue 13: a phone's photo
// with the guess token on a word may cause only what that phone's seat may
// do by hand. A Duet seat's photo guesses for that seat only when it is the
// guesser; a classic spymaster (who sees the whole key) never guesses, so
// the token on the assassin during the other team's turn does nothing; the
// host's photo guesses for whoever guesses.
func TestAttackPhotoActsForAnotherSeat(t *testing.T) {
	duet, err := keycards.ParseDuet(testKey)
	if err != nil {
		t.Fatal(err)
	}
	classic := classicKey(t)
	other := keycards.Blue
	if classic.Start == keycards.Blue {
		other = keycards.Red
	}
	assassin := cellsOf(classic, keycards.Assassin)[0]
	var duetAgentForB int // a cell that is an agent on side A, so that B's guess finds one
	for i := range 25 {
		if r, _ := duet.At(i); r == keycards.Agent {
			duetAgentForB = i
			break
		}
	}
	for _, tc := range []struct {
		name, req, clue string
		sender          string // the seat whose phone sends the photo, "" for the host
		token           int
		guesses         bool
	}{
		{"duet: A's photo while B guesses", `{"game":"duet","lang":"en","key":"` + testKey + `"}`, `{"type":"clue","by":"a","word":"x","count":1}`, "a", duetAgentForB, false},
		{"duet: B's photo while B guesses", `{"game":"duet","lang":"en","key":"` + testKey + `"}`, `{"type":"clue","by":"a","word":"x","count":1}`, "b", duetAgentForB, true},
		{"duet: the host's photo", `{"game":"duet","lang":"en","key":"` + testKey + `"}`, `{"type":"clue","by":"a","word":"x","count":1}`, "", duetAgentForB, true},
		{"classic: the other spymaster on the assassin", `{"game":"classic","lang":"en","key":"` + classic.Code() + `"}`, `{"type":"clue","word":"x","count":1}`, other.String(), assassin, false},
		{"classic: the guessing team's spymaster", `{"game":"classic","lang":"en","key":"` + classic.Code() + `"}`, `{"type":"clue","word":"x","count":1}`, classic.Start.String(), assassin, false},
		{"classic: the host's photo", `{"game":"classic","lang":"en","key":"` + classic.Code() + `"}`, `{"type":"clue","word":"x","count":1}`, "", assassin, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			token := -1
			ts := newTestServer(t, func(f *Family) { f.Scanner = tokenScanner{&token} })
			g := ts.NewGame(t, tc.req)
			host := hostClient(t, g)
			api := ts.URL + "/api/games/" + g.ID
			phones := map[string]*client{}
			for part, link := range g.Seats {
				phones[part] = newClient(t)
				phones[part].get(link)
			}
			png := testkit.PNG(t, 8, 8)
			upload := func() response {
				if tc.sender == "" {
					return host.do("POST", api+"/scan", "image/png", png)
				}
				return phones[tc.sender].do("POST", g.Seats[tc.sender]+"/scan", "image/png", png)
			}
			if r := upload(); r.code != http.StatusOK { // the token off the grid
				t.Fatalf("first photo: %s", r)
			}
			if r := host.postJSON(api+"/events", tc.clue); r.code != http.StatusOK {
				t.Fatalf("clue: %s", r)
			}
			token = tc.token
			r := upload()
			if r.code != http.StatusOK {
				t.Fatalf("photo with the token: %s", r)
			}
			var a ScanAnswer
			json.Unmarshal(r.body, &a)
			if guessed := len(a.Scan.Events) > 0; guessed != tc.guesses || a.State.Seq != boolInt(tc.guesses)+1 {
				t.Errorf("photo from %q with the token on cell %d: events %s, seq %d, refused %q; want a guess %v",
					tc.sender, tc.token, a.Scan.Events, a.State.Seq, a.Scan.Refused, tc.guesses)
			}
		})
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestAttackCampaignOwner is hole 3 of issue 13: a campaign has an owner
// token, given once when it is made; a game counts for a campaign only when
// its request carries that token. A stranger who lists the campaigns cannot
// start a game in one (with a key card they chose, to win it and tick its
// mission), with no token, a wrong one, or another campaign's.
func TestAttackCampaignOwner(t *testing.T) {
	ts := newTestServer(t)
	c := newClient(t)
	newCampaign := func(team string) CampaignView {
		t.Helper()
		r := c.postJSON(ts.URL+"/api/campaigns", `{"team":"`+team+`"}`)
		var v CampaignView
		if err := json.Unmarshal(r.body, &v); r.code != http.StatusCreated || err != nil {
			t.Fatalf("POST /api/campaigns = %s", r)
		}
		return v
	}
	ours, theirs := newCampaign("ours"), newCampaign("theirs")
	if ours.Token == "" || len(ours.Token) < 26 {
		t.Fatalf("a new campaign's answer holds owner token %q, want a fresh token", ours.Token)
	}
	list := c.get(ts.URL + "/api/campaigns")
	if strings.Contains(string(list.body), ours.Token) || strings.Contains(string(c.get(ts.URL+"/").body), ours.Token) ||
		strings.Contains(string(c.get(ts.URL+"/api/campaigns/"+ours.ID).body), ours.Token) {
		t.Fatal("the campaign list, the home page or the campaign's view holds the owner token")
	}
	game := func(token string) string {
		return fmt.Sprintf(`{"game":"duet","lang":"none","key":%q,"campaign":%q,"campaign_token":%q,"mission":{"id":"praha"}}`, testKey, ours.ID, token)
	}
	for _, tc := range []struct{ name, body string }{
		{"no token", fmt.Sprintf(`{"game":"duet","lang":"none","key":%q,"campaign":%q,"mission":{"id":"praha"}}`, testKey, ours.ID)},
		{"empty token", game("")},
		{"wrong token", game(strings.Repeat("a", 32))},
		{"another campaign's token", game(theirs.Token)},
		{"the token with a space", game(ours.Token + " ")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := c.postJSON(ts.URL+"/api/games", tc.body)
			if r.code != http.StatusForbidden && r.code != http.StatusUnauthorized {
				t.Errorf("POST /api/games %s = %s, want 401 or 403", tc.name, r)
			}
		})
	}
	if r := c.get(ts.URL + "/api/games"); strings.Contains(string(r.body), `"events"`) {
		t.Errorf("a refused campaign game was stored: %s", r)
	}
	g := ts.NewGame(t, game(ours.Token))
	host := hostClient(t, g)
	for _, e := range winningEvents(t, testKey) {
		if r := host.postJSON(ts.URL+"/api/games/"+g.ID+"/events", e); r.code != http.StatusOK {
			t.Fatalf("%s: %s", e, r)
		}
	}
	var v CampaignView
	json.Unmarshal(c.get(ts.URL+"/api/campaigns/"+ours.ID).body, &v)
	if len(v.Ticked) != 1 {
		t.Errorf("the owner's won game ticked %v, want praha", v.Ticked)
	}
}

// TestAttackClues: a clue is a word every screen shows as the spymaster
// said it. Clues made only of invisible characters, or holding control
// characters or line breaks, are refused from the host and from the
// phones, and change nothing. Invisible (format) characters inside a clue
// are taken out (textrule): "river" with a direction override is "river".
func TestAttackClues(t *testing.T) {
	ts := newTestServer(t)
	g := ts.NewGame(t, `{"game":"duet","lang":"en","key":"`+testKey+`"}`)
	host := hostClient(t, g)
	phone := newClient(t)
	phone.get(g.Seats["a"])
	api := ts.URL + "/api/games/" + g.ID
	before := host.get(api)
	bad := []string{"", " ", "\u200b", "\u200b\u200b\u200b", "\u00ad", "\ufeff", "\u2060", "\u202e",
		"river\x00", "\x07", "river\nforest", "river\r", "\t", "river\u2028", "\u3000", "\u0301", strings.Repeat("a", 65), "\xff"}
	tried := 0
	for _, w := range bad {
		for _, send := range []func(string) response{
			func(b string) response { return host.postJSON(api+"/events", b) },
			func(b string) response { return phone.postJSON(g.Seats["a"]+"/events", b) },
		} {
			b, _ := json.Marshal(map[string]any{"type": "clue", "by": "a", "word": w, "count": 1})
			if w == "\xff" {
				b = []byte("{\"type\":\"clue\",\"by\":\"a\",\"word\":\"\xff\",\"count\":1}")
			}
			tried++
			if r := send(string(b)); r.code != http.StatusBadRequest {
				t.Errorf("clue %+q: %s, want 400", w, r)
			}
		}
	}
	if after := host.get(api); string(after.body) != string(before.body) {
		t.Errorf("refused clues changed the game: %s", after.body)
	}
	for _, w := range []string{"river\u202e", "ri\u200dver"} {
		b, _ := json.Marshal(map[string]any{"type": "clue", "by": "a", "word": w, "count": 1})
		if r := host.postJSON(api+"/events", b); r.code != http.StatusOK || !strings.Contains(string(r.body), `"clue":{"by":"a","word":"river"`) {
			t.Errorf("clue %+q: %s, want 200 with the clue \"river\"", w, r)
		}
		host.postJSON(api+"/undo", "")
	}
	for _, w := range []string{"river", "ice cream", "Łódź", "東京", "naïve", "x-ray", "2"} {
		b, _ := json.Marshal(map[string]any{"type": "clue", "by": "a", "word": w, "count": 1})
		if r := host.postJSON(api+"/events", b); r.code != http.StatusOK {
			t.Errorf("clue %q: %s, want 200", w, r)
		}
		host.postJSON(api+"/undo", "")
	}
	t.Logf("bad clues tried: %d, all refused", tried)
}

// TestAttackBadInputCodenames sends bad new games, events and campaigns of
// every kind, as the host, a seat and a stranger: no answer is a 5xx or a
// success, and the game, the campaigns and the store stay as they were.
func TestAttackBadInputCodenames(t *testing.T) {
	ts := newTestServer(t)
	anyone := newClient(t)
	g := ts.NewGame(t, `{"game":"duet","lang":"en","key":"`+testKey+`"}`)
	host := hostClient(t, g)
	phone := newClient(t)
	phone.get(g.Seats["a"])
	api := ts.URL + "/api/games/" + g.ID
	snapshot := func() string {
		var n int
		ts.Store.DB().QueryRow(`SELECT (SELECT COUNT(*) FROM table_games) + 100 * (SELECT COUNT(*) FROM game_events) + 10000 * (SELECT COUNT(*) FROM codenames_campaigns)`).Scan(&n)
		return fmt.Sprintf("%s %d", anyone.get(api).body, n)
	}
	before := snapshot()
	newGames := []string{
		`{"game":"duet","key":"D2D3N-FNZ9J-ZZMX"}`, `{"game":"duet","key":"` + strings.Repeat("A", 5000) + `"}`, `{"game":"classic","key":"` + testKey + `"}`,
		`{"game":"duet","mission":{"turns":-1,"mistakes":9}}`, `{"game":"duet","mission":{"turns":1e9,"mistakes":9}}`, `{"game":"duet","mission":{"mistakes":9}}`,
		`{"game":"duet","words":["a"]}`, `{"game":"duet","words":` + strings.Repeat(`"x",`, 24) + `"x"]}`, `{"game":"duet","lang":"klingon"}`,
		`{"game":"duet","lang":"en","words":[]}`, `{"game":"classic","variant":"chaos"}`, `{"game":"classic","mission":{"turns":9,"mistakes":9}}`,
		`{"game":"duet","deck":"NOTADECK"}`, `{"game":"duet","deck":{"words":7}}`, `{"game":"duet","deck":42}`, `{"game":"duet","colour":"red"}`,
		`{"game":"duet","campaign":"nosuch","mission":{"id":"praha"}}`, `{"game":"duet","mission":{"id":"praha"}}`, `{"game":"duet"} {"game":"duet"}`,
		`{"game":"duet"}]`, `{"game":"duet","loose":"yes"}`, `{"game":"duet","type":"new"}`,
	}
	events := []string{
		`{"type":"guess","cell":[5,0]}`, `{"type":"guess","cell":[0,-1]}`, `{"type":"guess","cell":[0]}`, `{"type":"guess","cell":"0,0"}`,
		`{"type":"guess","word":"NOSUCHWORD"}`, `{"type":"guess","cell":[0,0],"word":"RIVER"}`, `{"type":"clue","word":"x","count":-2}`,
		`{"type":"clue","word":"x","count":1e400}`, `{"type":"clue","word":"x","count":"lots"}`, `{"type":"clue","by":"c","word":"x","count":1}`,
		`{"type":"new","game":"duet"}`, `{"type":"penalty"}`, `{"type":"enemy_cover","cell":[0,0]}`, `{"type":"cover","cell":[0,0]}`,
		`{"type":"stop","by":"z"}`, `{"type":"guess","cell":[0,0],"extra":1}`, `{"type":"GUESS","cell":[0,0]}`, `{"type":"guess","cell":[0,0]} x`,
		`{"type":"guess","cell":[0,0]}{"type":"guess","cell":[0,1]}`, `[{"type":"stop"}]`, `null`, ``, "\xff",
	}
	campaigns := []string{`{}`, `{"team":""}`, `{"team":"   "}`, `{"team":"` + strings.Repeat("t", 101) + `"}`, `{"team":"x","map":"NOPE"}`,
		`{"team":"x","owner":"me"}`, `{"team":"x"} trailing`, `{"team":7}`, `null`}
	tried := 0
	check := func(c *client, url, body string) {
		t.Helper()
		tried++
		if r := c.postJSON(url, body); r.code < 400 || r.code >= 500 {
			t.Errorf("POST %s %.80q = %.200s, want a 4xx", strings.TrimPrefix(url, ts.URL), body, r)
		}
	}
	for _, b := range newGames {
		check(anyone, ts.URL+"/api/games", b)
		check(host, ts.URL+"/api/tables/"+g.Table+"/games", b)
	}
	for _, b := range events {
		check(host, api+"/events", b)
		check(phone, g.Seats["a"]+"/events", b)
		check(anyone, api+"/events", b)
	}
	for _, b := range campaigns {
		check(anyone, ts.URL+"/api/campaigns", b)
	}
	for _, id := range []string{"nosuch", strings.Repeat("c", 60<<10), "%00", "..%2f"} {
		tried++
		if r := anyone.get(ts.URL + "/api/campaigns/" + id); r.code != http.StatusNotFound {
			t.Errorf("GET campaign %.20q = %d, want 404", id, r.code)
		}
	}
	if after := snapshot(); after != before {
		t.Errorf("bad input changed the server:\nbefore %.300s\nafter  %.300s", before, after)
	}
	t.Logf("bad Codenames inputs tried: %d, all answered 4xx with nothing changed", tried)
}
