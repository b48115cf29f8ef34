package codenames

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"fieldkit/keycards"
)

// winningEvents wins a Duet game on card: A's clue, B finds A's nine greens and
// stops, B's clue, A finds the rest.
func winningEvents(t *testing.T, key string) []string {
	card, err := keycards.ParseDuet(key)
	if err != nil {
		t.Fatal(err)
	}
	ev := []string{`{"type":"clue","by":"a","word":"one","count":9}`}
	var rest []string
	for i := range 25 {
		a, b := card.At(i)
		if a == keycards.Agent {
			ev = append(ev, fmt.Sprintf(`{"type":"guess","cell":[%d,%d]}`, i/5, i%5))
		} else if b == keycards.Agent {
			rest = append(rest, fmt.Sprintf(`{"type":"guess","cell":[%d,%d]}`, i/5, i%5))
		}
	}
	ev = append(ev, `{"type":"stop"}`, `{"type":"clue","by":"b","word":"two","count":6}`)
	return append(ev, rest...)
}

func TestCampaign(t *testing.T) {
	ts := newTestServer(t)
	c := newClient(t)
	r := c.postJSON(ts.URL+"/api/campaigns", `{"team":"Ola i Piotr","map":"rulebook"}`)
	var camp CampaignView
	if err := json.Unmarshal(r.body, &camp); r.code != 201 || err != nil {
		t.Fatalf("POST /api/campaigns = %s", r)
	}
	if len(camp.Playable) != 1 || camp.Playable[0].ID != "praha" || camp.Playable[0].Turns != 9 {
		t.Fatalf("a new campaign may play %+v, want only praha 9-9", camp.Playable)
	}
	for _, bad := range []struct{ body, want string }{
		{`{"game":"duet","campaign":"` + camp.ID + `","campaign_token":"` + camp.Token + `","mission":{"id":"madrid"}}`, "cannot play \"madrid\" now"},
		{`{"game":"duet","campaign":"` + camp.ID + `","campaign_token":"` + camp.Token + `","mission":{"id":"atlantis"}}`, "not a mission of"},
		{`{"game":"duet","campaign":"nosuch","mission":{"id":"praha"}}`, "no campaign"},
		{`{"game":"duet","campaign":"` + camp.ID + `"}`, "a campaign game is Duet with a mission"},
		{`{"game":"duet","mission":{"id":"praha"}}`, "needs a \"campaign\""},
	} {
		r := c.postJSON(ts.URL+"/api/games", bad.body)
		var e apiError
		json.Unmarshal(r.body, &e)
		if r.code != 400 || !strings.Contains(e.Error, bad.want) {
			t.Errorf("POST /api/games %s = %s, want 400 with %q", bad.body, r, bad.want)
		}
	}
	for _, bad := range []string{`{"team":""}`, `{"team":"x","map":"M2222-22222-22222"}`, `{"team":"x","colour":1}`} {
		if r := c.postJSON(ts.URL+"/api/campaigns", bad); r.code != 400 {
			t.Errorf("POST /api/campaigns %s = %s, want 400", bad, r)
		}
	}

	g := ts.NewGame(t, `{"game":"duet","lang":"none","key":"`+testKey+`","campaign":"`+camp.ID+`","campaign_token":"`+camp.Token+`","mission":{"id":"praha"}}`)
	host := hostClient(t, g)
	api := ts.URL + "/api/games/" + g.ID
	events := winningEvents(t, testKey)
	for _, e := range events {
		if r := host.postJSON(api+"/events", e); r.code != 200 {
			t.Fatalf("%s: %s", e, r)
		}
	}
	get := func() CampaignView {
		var v CampaignView
		r := c.get(ts.URL + "/api/campaigns/" + camp.ID)
		if err := json.Unmarshal(r.body, &v); r.code != 200 || err != nil {
			t.Fatalf("GET campaign: %s", r)
		}
		return v
	}
	v := get()
	if len(v.Results) != 1 || !v.Results[0].Won || v.Results[0].Mission != "praha" || v.Results[0].Score != 23 {
		t.Errorf("after the win: results %+v, want praha won with score 23", v.Results)
	}
	if len(v.Ticked) != 1 || len(v.Playable) != 3 {
		t.Errorf("after the win: ticked %v, playable %+v; want praha ticked and its 3 neighbours open", v.Ticked, v.Playable)
	}
	host.postJSON(api+"/undo", "")
	if v := get(); len(v.Results) != 0 {
		t.Errorf("after undoing the winning guess: results %+v, want none", v.Results)
	}
	host.postJSON(api+"/events", events[len(events)-1])
	if v := get(); len(v.Results) != 1 {
		t.Errorf("after the win again: results %+v", v.Results)
	}
	if r := c.get(ts.URL + "/api/campaigns"); r.code != 200 || !strings.Contains(string(r.body), camp.ID) {
		t.Errorf("GET /api/campaigns = %.200s", r)
	}
	if r := c.get(ts.URL + "/api/campaigns/nosuch"); r.code != 404 {
		t.Errorf("GET unknown campaign = %s", r)
	}
	var st GameState
	json.Unmarshal(c.get(api).body, &st)
	if st.Campaign != camp.ID || st.Mission != "praha" {
		t.Errorf("game state names campaign %q mission %q", st.Campaign, st.Mission)
	}
}
