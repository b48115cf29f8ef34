package codenames

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	rules "fieldkit/engine/codenames"
	"fieldkit/keycards"
)

// The attack suite of the Codenames family: what a player on the table's
// Wi-Fi can try with the host page's token, a seat's phone or no token at
// all, and the safe outcome each attack must meet. The neutral server's
// attacks are in package server (attack_test.go there).

// coverPhase starts a classic game of variant on card and plays it to the
// moment a spymaster's cover is due: the solo variant's enemy cover after
// the team's turn, or the teams game's own cover after a penalty.
func coverPhase(t *testing.T, ts *testServer, card keycards.ClassicCard, variant string) (string, *client, map[string]string) {
	t.Helper()
	g := ts.newGame(t, fmt.Sprintf(`{"game":"classic","variant":%q,"lang":"en","key":%q}`, variant, card.Code()))
	host := hostClient(t, g)
	api := ts.url + "/api/games/" + g.ID
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

// keep the rules import for helpers below.
var _ = rules.Red
