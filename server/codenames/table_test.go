package codenames

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"

	"fieldkit/server"
	"fieldkit/wordlists"
)

// TestNextGame starts the next games of a table through the API: a rematch
// keeps the game, its options and its word list with a fresh key card and
// words; another game keeps the word list; the seat links stay; only the
// host may do it.
func TestNextGame(t *testing.T) {
	ts := newTestServer(t)
	first := ts.NewGame(t, `{"game":"duet","mission":{"turns":9,"mistakes":5},"loose":true,"lang":"pl"}`)
	host := hostClient(t, first)
	tables := ts.URL + "/api/tables/" + first.Table + "/games"
	if r := newClient(t).postJSON(tables, `{}`); r.code != http.StatusUnauthorized {
		t.Errorf("next game without the host token = %s, want 401", r)
	}
	polish, err := wordlists.Builtin("pl")
	if err != nil {
		t.Fatal(err)
	}
	next := func(body string) (server.Created, GameState) {
		t.Helper()
		r := host.postJSON(tables, body)
		var c server.Created
		if r.code != http.StatusCreated || json.Unmarshal(r.body, &c) != nil {
			t.Fatalf("POST %s %s = %s, want 201", tables, body, r)
		}
		if c.Table != first.Table || len(c.Seats) != 2 {
			t.Fatalf("next game %+v, want table %s with two seats", c, first.Table)
		}
		var st GameState
		if r := host.get(ts.URL + "/api/games/" + c.ID); json.Unmarshal(r.body, &st) != nil {
			t.Fatalf("GET game: %s", r)
		}
		for _, cell := range st.State.Cells {
			if !slices.Contains(polish.Words, cell.Word) {
				t.Errorf("game %s: word %q is not from the Polish list", c.ID, cell.Word)
			}
		}
		return c, st
	}
	again, st := next(`{}`)
	if again.ID == first.ID || st.State.Mission != "9-5" || !st.State.Loose || st.Number != 2 {
		t.Errorf("rematch: game %s number %d mission %q loose %v, want a new game 2 with 9-5 and the loose order", again.ID, st.Number, st.State.Mission, st.State.Loose)
	}
	if again.Seats["a"] != first.Seats["a"] || again.Seats["b"] != first.Seats["b"] {
		t.Errorf("rematch seat links %v, want the table's %v", again.Seats, first.Seats)
	}
	if keyOf(t, ts, again) == keyOf(t, ts, first) {
		t.Error("the rematch has the same key card")
	}
	classic, st := next(`{"game":"classic"}`)
	if st.State.Game != "classic" || st.State.Variant != "teams" || classic.Seats["red"] != first.Seats["a"] || classic.Seats["blue"] != first.Seats["b"] {
		t.Errorf("classic at the table: %s %s, seats %v", st.State.Game, st.State.Variant, classic.Seats)
	}
	// The first game is still there to look at, and refuses events.
	if r := host.get(ts.URL + "/api/games/" + first.ID); r.code != 200 {
		t.Errorf("GET the first game = %s", r)
	}
	if r := host.postJSON(ts.URL+"/api/games/"+first.ID+"/events", `{"type":"clue","by":"a","word":"x","count":1}`); r.code != http.StatusConflict {
		t.Errorf("an event for a game the table moved on from = %s, want 409", r)
	}
	var tv server.TableView
	if r := host.get(ts.URL + "/api/tables/" + first.Table); json.Unmarshal(r.body, &tv) != nil || tv.Game != classic.ID || tv.Games != 3 || len(tv.Seats) != 2 || tv.Seats[0].Part != "red" {
		t.Errorf("GET table: %+v", tv)
	}
}
