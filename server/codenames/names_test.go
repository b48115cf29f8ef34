package codenames

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// saidID returns the message id of an error answer, "" for none.
func saidID(body []byte) string {
	var e struct {
		Msg *struct {
			ID string `json:"id"`
		} `json:"msg"`
	}
	if json.Unmarshal(body, &e) != nil || e.Msg == nil {
		return ""
	}
	return e.Msg.ID
}

// TestClueLookAlike: a clue is cleaned as every screen shows it (textrule):
// a zero-width space or a direction override typed with it goes, fullwidth
// letters are folded, and a clue with a character no screen shows the same
// is refused, naming the clue.
func TestClueLookAlike(t *testing.T) {
	for _, tc := range []struct {
		name, word string
		code       int
		want       string // the clue's word in the state, or the refusal's id
	}{
		{"zero-width space", "river\u200b", 200, "river"},
		{"zero-width inside", "ri\u200bver", 200, "river"},
		{"right-to-left override", "\u202erevir", 200, "revir"},
		{"fullwidth", "ｒｉｖｅｒ", 200, "river"},
		{"NFD", "Zoe\u0308", 200, "Zoë"},
		{"Polish", "Łódź", 200, "Łódź"},
		{"only invisible", "\u200b\u2060", 400, "text.blank"},
		{"line break", "ri\nver", 400, "text.char"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ts := newTestServer(t)
			g := ts.NewGame(t, `{"game":"duet","key":"`+testKey+`","lang":"none"}`)
			ev, _ := json.Marshal(map[string]any{"type": "clue", "by": "a", "word": tc.word, "count": 2})
			r := hostClient(t, g).postJSON(ts.URL+"/api/games/"+g.ID+"/events", ev)
			if r.code != tc.code {
				t.Fatalf("clue %+q = %s; want %d", tc.word, r, tc.code)
			}
			if tc.code != 200 {
				if id := saidID(r.body); id != tc.want {
					t.Errorf("clue %+q = %s; want the message %s", tc.word, r, tc.want)
				}
				return
			}
			var st struct {
				State struct {
					Clue struct {
						Word string `json:"word"`
					} `json:"clue"`
				} `json:"state"`
			}
			s := newClient(t).get(ts.URL + "/api/games/" + g.ID)
			if err := json.Unmarshal(s.body, &st); err != nil || st.State.Clue.Word != tc.want {
				t.Errorf("clue %+q: the state says %+q (%s); want %+q", tc.word, st.State.Clue.Word, s, tc.want)
			}
		})
	}
}

// TestWordsLookAlike: the 25 words of a game are cleaned the same way, so
// two that look alike are the same word and refused.
func TestWordsLookAlike(t *testing.T) {
	ts := newTestServer(t)
	words := func(last string) string {
		var w []string
		for i := range 24 {
			w = append(w, fmt.Sprintf("słowo%d", i+1))
		}
		b, _ := json.Marshal(append(w, last))
		return `{"game":"duet","key":"` + testKey + `","words":` + string(b) + `}`
	}
	for _, tc := range []struct {
		last, id string
	}{
		{"słowo1\u200b", "cn.refuse.words_twice"},
		{"ｓłｏｗｏ1", "cn.refuse.words_twice"},
		{"\u200b", "text.blank"},
		{"a\tb", "text.char"},
	} {
		r := newClient(t).postJSON(ts.URL+"/api/games", words(tc.last))
		if r.code != 400 || saidID(r.body) != tc.id {
			t.Errorf("word 25 %+q = %s; want 400 with the message %s", tc.last, r, tc.id)
		}
	}
	g := ts.NewGame(t, words("\u202eZoe\u0308"))
	if s := newClient(t).get(ts.URL + "/api/games/" + g.ID); !strings.Contains(string(s.body), `"Zoë"`) {
		t.Errorf("word 25 \\u202eZoe\\u0308: the state %s lacks it cleaned as \"Zoë\"", s)
	}
}

// TestTeamLookAlike: a campaign's team name is cleaned the same way.
func TestTeamLookAlike(t *testing.T) {
	ts := newTestServer(t)
	for _, tc := range []struct {
		team string
		code int
		want string // the team's name, or the refusal's id
	}{
		{"Ola i Piotr\u200b", 201, "Ola i Piotr"},
		{"\u202eOla  i\u00a0Piotr", 201, "Ola i Piotr"},
		{"Ola\nPiotr", 400, "text.char"},
		{"\u200b", 400, "text.blank"},
		{" ", 400, "cn.campaign.team"},
	} {
		body, _ := json.Marshal(map[string]string{"team": tc.team, "map": "rulebook"})
		r := newClient(t).postJSON(ts.URL+"/api/campaigns", body)
		if r.code != tc.code {
			t.Errorf("team %+q = %s; want %d", tc.team, r, tc.code)
			continue
		}
		if tc.code != 201 {
			if id := saidID(r.body); id != tc.want {
				t.Errorf("team %+q = %s; want the message %s", tc.team, r, tc.want)
			}
			continue
		}
		var v CampaignView
		if json.Unmarshal(r.body, &v) != nil || v.Team != tc.want {
			t.Errorf("team %+q = %s; want the team %+q", tc.team, r, tc.want)
		}
	}
}
