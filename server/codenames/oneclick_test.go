package codenames

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"fieldkit/keycards"
	"fieldkit/server"
	"fieldkit/server/servertest"
)

// tableGames is the list of a table's games in GET /api/tables/{id}.
type tableGames struct {
	Games   int `json:"games"`
	History []struct {
		ID        string `json:"id"`
		Number    int    `json:"number"`
		Game      string `json:"game"`
		Events    int    `json:"events"`
		Abandoned bool   `json:"abandoned"`
	} `json:"history"`
}

// suddenDeath plays a Duet game of one turn into sudden death: a clue and a
// penalty take the bank's only token, and a bystander ends the turn.
func suddenDeath(t *testing.T, host *client, ts *servertest.Server, c server.Created) {
	t.Helper()
	cell := bystandersOnBoth(t, keyOf(t, ts, c))[0]
	guess := fmt.Sprintf(`{"type":"guess","cell":[%d,%d]}`, cell[0], cell[1])
	for _, e := range []string{`{"type":"clue","by":"a","word":"zima","count":1}`, `{"type":"penalty"}`, guess} {
		if r := host.postJSON(ts.URL+"/api/games/"+c.ID+"/events", e); r.code != http.StatusOK {
			t.Fatalf("%s = %s", e, r)
		}
	}
	var st GameState
	if r := newClient(t).get(ts.URL + "/api/games/" + c.ID); json.Unmarshal(r.body, &st) != nil || st.State.Status != "sudden_death" {
		t.Fatalf("after a clue and a penalty in a one-turn mission: %s, want sudden death", r)
	}
}

// bystandersOnBoth returns the cells that are bystanders on both sides of
// a Duet key card (at least two), as the events' [row, column].
func bystandersOnBoth(t *testing.T, key string) [][2]int {
	t.Helper()
	card, err := keycards.Parse(key)
	if err != nil {
		t.Fatal(err)
	}
	d := card.(keycards.DuetCard)
	a, b := d.Side(keycards.SideA), d.Side(keycards.SideB)
	var out [][2]int
	for i := range a {
		if a[i] == keycards.Bystander && b[i] == keycards.Bystander {
			out = append(out, [2]int{i / 5, i % 5})
		}
	}
	if len(out) < 2 {
		t.Fatalf("key %s has %d cells that are bystanders on both sides, want 2", key, len(out))
	}
	return out
}

// TestNextGameKeepsAbandoned: the table's next game started while a game
// is played keeps that game in the table's list of games, marked
// abandoned; a game that ended, or where nothing was played, is not.
func TestNextGameKeepsAbandoned(t *testing.T) {
	cases := []struct {
		name      string
		play      func(t *testing.T, host *client, ts *servertest.Server, c server.Created)
		abandoned bool
	}{
		{"nothing played", func(*testing.T, *client, *servertest.Server, server.Created) {}, false},
		{"a clue given", func(t *testing.T, host *client, ts *servertest.Server, c server.Created) {
			if r := host.postJSON(ts.URL+"/api/games/"+c.ID+"/events", `{"type":"clue","by":"a","word":"zima","count":1}`); r.code != http.StatusOK {
				t.Fatalf("clue = %s", r)
			}
		}, true},
		{"in sudden death", suddenDeath, true},
		{"lost", func(t *testing.T, host *client, ts *servertest.Server, c server.Created) {
			suddenDeath(t, host, ts, c)
			cell := bystandersOnBoth(t, keyOf(t, ts, c))[1]
			e := fmt.Sprintf(`{"type":"guess","by":"a","cell":[%d,%d]}`, cell[0], cell[1])
			if r := host.postJSON(ts.URL+"/api/games/"+c.ID+"/events", e); r.code != http.StatusOK {
				t.Fatalf("%s = %s", e, r)
			}
		}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ts := newTestServer(t)
			first := ts.NewGame(t, `{"game":"duet","key":"`+testKey+`","lang":"pl","mission":{"turns":1,"mistakes":1}}`)
			host := hostClient(t, first)
			tc.play(t, host, ts, first)
			r := host.postJSON(ts.URL+"/api/tables/"+first.Table+"/games", `{}`)
			if r.code != http.StatusCreated {
				t.Fatalf("next game = %s", r)
			}
			var second server.Created
			json.Unmarshal(r.body, &second)
			var tv tableGames
			r = newClient(t).get(ts.URL + "/api/tables/" + first.Table)
			if err := json.Unmarshal(r.body, &tv); err != nil {
				t.Fatalf("GET table: %s", r)
			}
			if tv.Games != 2 || len(tv.History) != 2 {
				t.Fatalf("table after the next game: %s, want two games in \"history\"", r)
			}
			old, cur := tv.History[0], tv.History[1]
			if old.ID != first.ID || old.Number != 1 || old.Game != "duet" || old.Abandoned != tc.abandoned {
				t.Errorf("the first game in the table's list: %+v, want %s, number 1, duet, abandoned %v", old, first.ID, tc.abandoned)
			}
			if cur.ID != second.ID || cur.Number != 2 || cur.Abandoned || cur.Events != 0 {
				t.Errorf("the next game in the table's list: %+v, want %s, number 2, not abandoned", cur, second.ID)
			}
			// What the store holds survives a restart.
			rs := ts.Restart(t, 2)
			var again tableGames
			json.Unmarshal(newClient(t).get(rs.URL+"/api/tables/"+first.Table).body, &again)
			if len(again.History) != 2 || again.History[0].Abandoned != tc.abandoned {
				t.Errorf("after a restart the table's list is %+v, want the first game abandoned %v", again.History, tc.abandoned)
			}
		})
	}
}

// TestSuddenDeathHostNamesGuesser: in sudden death a host guess must say
// who guesses: one without "by" is refused with a message, and changes
// nothing; one that names the guesser is judged for that seat.
func TestSuddenDeathHostNamesGuesser(t *testing.T) {
	ts := newTestServer(t)
	c := ts.NewGame(t, `{"game":"duet","key":"`+testKey+`","lang":"pl","mission":{"turns":1,"mistakes":1}}`)
	host := hostClient(t, c)
	suddenDeath(t, host, ts, c)
	cell := bystandersOnBoth(t, keyOf(t, ts, c))[1]
	cases := []struct {
		event  string
		code   int
		msg    string
		status string
	}{
		{fmt.Sprintf(`{"type":"guess","cell":[%d,%d]}`, cell[0], cell[1]), http.StatusBadRequest, "cn.refuse.sudden_death_who", "sudden_death"},
		{fmt.Sprintf(`{"type":"guess","cell":[%d,%d],"by":""}`, cell[0], cell[1]), 0, "", "sudden_death"},
		{fmt.Sprintf(`{"type":"guess","cell":[%d,%d],"by":"a"}`, cell[0], cell[1]), http.StatusOK, "", "lost"},
	}
	for _, tc := range cases {
		r := host.postJSON(ts.URL+"/api/games/"+c.ID+"/events", tc.event)
		if tc.code != 0 && r.code != tc.code {
			t.Errorf("%s = %s, want %d", tc.event, r, tc.code)
		}
		if tc.code == 0 && r.code < 400 {
			t.Errorf("%s = %s, want a refusal", tc.event, r)
		}
		if tc.msg != "" {
			var e struct {
				Msg struct {
					ID string `json:"id"`
				} `json:"msg"`
			}
			if json.Unmarshal(r.body, &e); e.Msg.ID != tc.msg {
				t.Errorf("%s = %s, want the message %s", tc.event, r, tc.msg)
			}
		}
		var st GameState
		json.Unmarshal(newClient(t).get(ts.URL+"/api/games/"+c.ID).body, &st)
		if st.State.Status != tc.status {
			t.Errorf("after %s the game is %q, want %q", tc.event, st.State.Status, tc.status)
		}
	}
}
