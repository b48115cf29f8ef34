package codenames

import (
	"net/http"
	"strings"
	"testing"

	"fieldkit/catalog"
	"fieldkit/keycards"
	"fieldkit/printgen/codenames"
)

// TestPrintedCard starts a Duet game from a printed card's two side codes (in
// either order) and lands each phone that opens its side's QR address in that
// side's seat; a card no table plays gets a clear page.
func TestPrintedCard(t *testing.T) {
	ts := newTestServer(t)
	card, err := keycards.ParseDuet(testKey)
	if err != nil {
		t.Fatal(err)
	}
	a, b := card.SideCode(keycards.SideA), card.SideCode(keycards.SideB)
	for _, tc := range []struct {
		key  string
		code int
		want string
	}{
		{a, 400, "give side B's code too"},
		{a + " " + a, 400, "both codes are side A"},
		{a + " " + keycards.NewDuet(keycards.SeededSource("other")).SideCode(keycards.SideB), 400, "are not two sides of one key card"},
	} {
		if r := newClient(t).postJSON(ts.URL+"/api/games", `{"game":"duet","key":"`+tc.key+`"}`); r.code != tc.code || !strings.Contains(string(r.body), tc.want) {
			t.Errorf("key %q: %s, want %d with %q", tc.key, r, tc.code, tc.want)
		}
	}
	// Nobody plays the card yet.
	phone := newClient(t)
	if r := phone.get(codenames.SideQR(a, ts.URL)); r.code != 404 || !strings.Contains(string(r.body), catalog.Text("pl", "cn.page.no_game_card", nil)) {
		t.Errorf("side A's QR before the game: %s", r)
	}
	g := ts.NewGame(t, `{"game":"duet","key":"`+b+`, `+a+`","lang":"pl"}`)
	if got := keyOf(t, ts, g); got != testKey {
		t.Errorf("the game from the side codes has key %s, want %s", got, testKey)
	}
	for side, code := range map[string]string{"a": a, "b": b} {
		noRedirect := newClient(t)
		noRedirect.HTTP.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
		req, _ := http.NewRequest("GET", codenames.SideQR(code, ts.URL), nil)
		res, err := noRedirect.HTTP.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != g.Seats[side] {
			t.Errorf("side %s's QR: %d to %q, want 303 to seat %s's link %s", side, res.StatusCode, res.Header.Get("Location"), side, g.Seats[side])
		}
		// Followed, it is that seat's page.
		if r := newClient(t).get(codenames.SideQR(code, ts.URL)); r.code != 200 || !strings.Contains(string(r.body), `data-seat="`+side+`"`) {
			t.Errorf("side %s's QR followed: %s", side, r)
		}
	}
	if r := phone.get(ts.URL + "/k/NOT-A-CODE"); r.code != 404 || !strings.Contains(string(r.body), catalog.Text("pl", "cn.page.not_side", nil)) {
		t.Errorf("a bad side code: %s", r)
	}
}
