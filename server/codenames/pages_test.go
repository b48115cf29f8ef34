package codenames

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"fieldkit/keycards"
)

// TestTimerAndReveal turns the sand timer over from a phone and from the
// host, and checks that the key card shows in the public state once the game
// is over, and not before.
func TestTimerAndReveal(t *testing.T) {
	ts := newTestServer(t)
	g := ts.NewGame(t, `{"game":"duet","key":"`+testKey+`","lang":"en"}`)
	host := hostClient(t, g)
	api := ts.URL + "/api/games/" + g.ID
	phone := newClient(t)
	if r := phone.get(g.Seats["b"]); r.code != http.StatusOK {
		t.Fatalf("seat page: %s", r)
	}
	state := func() GameState {
		t.Helper()
		var st GameState
		if r := newClient(t).get(api); json.Unmarshal(r.body, &st) != nil {
			t.Fatalf("GET game: %s", r)
		}
		return st
	}

	if r := phone.postJSON(g.Seats["b"]+"/events", `{"type":"timer","seconds":30}`); r.code != http.StatusOK {
		t.Fatalf("timer from a phone: %s", r)
	}
	st := state()
	if st.Timer == nil || st.Timer.Seconds != 30 || st.Timer.Ends.IsZero() {
		t.Errorf("timer %+v, want 30 s", st.Timer)
	}
	if st.Seq != 0 || len(st.History) != 0 {
		t.Errorf("the timer is in the game's history: seq %d, %d events", st.Seq, len(st.History))
	}
	for _, bad := range []string{`{"type":"timer","seconds":-1}`, `{"type":"timer","seconds":601}`} {
		if r := phone.postJSON(g.Seats["b"]+"/events", bad); r.code != http.StatusBadRequest {
			t.Errorf("%s = %s, want 400", bad, r)
		}
	}
	if r := host.postJSON(api+"/events", `{"type":"timer","seconds":0}`); r.code != http.StatusOK || state().Timer != nil {
		t.Errorf("taking the timer away: %s", r)
	}

	// A's clue, B touches a word that is the assassin on A's side: lost.
	card, _ := keycards.ParseDuet(testKey)
	assassin := -1
	for i := range 25 {
		if a, _ := card.At(i); a == keycards.Assassin {
			assassin = i
		}
	}
	if r := host.postJSON(api+"/events", `{"type":"clue","by":"a","word":"ZEBRA","count":1}`); r.code != http.StatusOK {
		t.Fatalf("clue: %s", r)
	}
	if st := state(); st.Reveal != nil {
		t.Fatalf("the key card shows during the game: %+v", st.Reveal)
	}
	if r := host.postJSON(api+"/events", fmt.Sprintf(`{"type":"guess","by":"b","cell":[%d,%d]}`, assassin/5, assassin%5)); r.code != http.StatusOK {
		t.Fatalf("guess: %s", r)
	}
	st = state()
	if st.State.Status != "lost" || st.Reveal == nil || len(st.Reveal.A) != 25 || len(st.Reveal.B) != 25 {
		t.Fatalf("after the assassin: status %q, reveal %+v", st.State.Status, st.Reveal)
	}
	for i := range 25 {
		a, b := card.At(i)
		if st.Reveal.A[i] != a.String() || st.Reveal.B[i] != b.String() {
			t.Errorf("cell %d revealed %s/%s, want %s/%s", i, st.Reveal.A[i], st.Reveal.B[i], a, b)
		}
	}
}
