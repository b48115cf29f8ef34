package insidejob

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"

	"fieldkit/server"
	"fieldkit/server/servertest"
)

// TestNamesLookAlike: player names that look the same on a screen (a
// zero-width space, a direction override, fullwidth letters, another case)
// are one name: the setup is refused, naming both players and the fix, in
// the players' language. Invisible characters alone are cleaned away.
func TestNamesLookAlike(t *testing.T) {
	ts := newServer(t, nil)
	for _, tc := range []struct {
		name    string
		players []string
		id      string // the refusal's message id; "" when accepted
		want    []string
	}{
		{"zero-width space", []string{"Ada", "Bob", "Ada\u200b"}, "text.alike_players", nil},
		{"right-to-left override", []string{"adA", "Bob", "\u202eadA"}, "text.alike_players", nil},
		{"fullwidth", []string{"Ada", "Bob", "Ａｄａ"}, "text.alike_players", nil},
		{"case", []string{"Ada", "Bob", "ADA"}, "text.alike_players", nil},
		{"NFD and NFC", []string{"Zo\u00eb", "Bob", "Zoe\u0308"}, "text.alike_players", nil},
		{"Larry with a zero-width space", []string{"Ada", "Larry\u200b"}, "ij.refuse.player_larry", nil},
		{"only invisible", []string{"Ada", "Bob", "\u200b\u202e"}, "text.blank", nil},
		{"line break", []string{"Ada", "Bob", "Cy\nDee"}, "text.char", nil},
		{"override cleaned", []string{"\u202eadA", "Bob", "Cy"}, "", []string{"adA", "Bob", "Cy"}},
		{"zero-width cleaned", []string{"Ada\u200b", "Bob\u2060", "Ｃｙ"}, "", []string{"Ada", "Bob", "Cy"}},
		{"diacritics kept", []string{"Łucja", "Lucja", "Řehoř", "Zo\u0065\u0308"}, "", []string{"Łucja", "Lucja", "Řehoř", "Zoë"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body, _ := json.Marshal(NewGame{Game: "insidejob", Players: tc.players})
			code, b := servertest.NewClient(t).Do("POST", ts.URL+"/api/games", string(body))
			if tc.id == "" {
				var g server.Created
				if code != http.StatusCreated || json.Unmarshal(b, &g) != nil {
					t.Fatalf("POST %s = %d %s; want 201", body, code, b)
				}
				var parts []string
				for p := range g.Seats {
					parts = append(parts, p)
				}
				slices.Sort(parts)
				want := slices.Sorted(slices.Values(tc.want))
				if !slices.Equal(parts, want) {
					t.Errorf("POST %s: players %q; want %q", body, parts, want)
				}
				return
			}
			var e struct {
				Msg *struct {
					ID   string         `json:"id"`
					Args map[string]any `json:"args"`
				} `json:"msg"`
			}
			if code != http.StatusBadRequest || json.Unmarshal(b, &e) != nil || e.Msg == nil || e.Msg.ID != tc.id {
				t.Fatalf("POST %s = %d %s; want 400 with message %s", body, code, b, tc.id)
			}
		})
	}
}

// TestNamesLookAlikeSaid: the refusal names the two players and the fix in
// each language.
func TestNamesLookAlikeSaid(t *testing.T) {
	ts := newServer(t, nil)
	code, b := servertest.NewClient(t).Do("POST", ts.URL+"/api/games", `{"game":"insidejob","players":["Ada","Bob","Ada\u200b"]}`)
	var e struct {
		Msg *struct {
			ID   string         `json:"id"`
			Args map[string]any `json:"args"`
		} `json:"msg"`
	}
	if code != http.StatusBadRequest || json.Unmarshal(b, &e) != nil || e.Msg == nil {
		t.Fatalf("POST = %d %s; want 400 with a message", code, b)
	}
	if e.Msg.ID != "text.alike_players" || e.Msg.Args["i"] != 1.0 || e.Msg.Args["j"] != 3.0 || e.Msg.Args["a"] != "Ada" || e.Msg.Args["b"] != "Ada\u200b" {
		t.Errorf("message %+v; want text.alike_players of players 1 and 3, Ada and Ada+ZWSP", e.Msg)
	}
}

// TestDealerLookAlike: the dealer is found among the players by the same rule.
func TestDealerLookAlike(t *testing.T) {
	ts := newServer(t, nil)
	g, _ := startGame(t, ts.URL, `{"game":"insidejob","players":["Ada","Bob","Cy"],"dealer":"Ｂｏｂ\u200b"}`)
	if len(g.Seats) != 3 {
		t.Fatalf("seats %v", g.Seats)
	}
}
