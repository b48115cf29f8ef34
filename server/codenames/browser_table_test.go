package codenames

import (
	"context"
	"strings"
	"testing"

	"fieldkit/internal/browsertest"
	"fieldkit/keycards"
	"fieldkit/server"

	"github.com/chromedp/chromedp"
)

// rolesJS reads the roles a phone's key shows, cell by cell as the phone
// lays them out.
const rolesJS = `[...document.querySelectorAll("#key .cell")].map(e => [...e.classList].find(c => c.startsWith("role-")).slice(5)).join(",")`

// TestBrowserNextGame plays a table with two phones through three games: a
// Duet game, "next game" on the host page (the same game with a fresh key
// card), and a classic game at the same table. The phones never open a link
// again: they follow the table, and each shows its own part of the new
// card (Duet side A and side B, then the red and blue spymasters' key).
func TestBrowserNextGame(t *testing.T) {
	if testing.Short() {
		t.Skip("starts chromium")
	}
	ts := newTestServer(t)
	b := browsertest.Browser(t)
	host := browsertest.Device(t, b, 1280, 800, false)
	phone1 := browsertest.Device(t, b, 390, 780, true)
	phone2 := browsertest.Device(t, b, 390, 780, true)
	first := ts.NewGame(t, `{"game":"duet","key":"`+testKey+`","lang":"pl"}`)
	browsertest.Run(t, host, "host page", chromedp.Navigate(first.HostURL))
	browsertest.WaitFor(t, host, "the board", `document.querySelectorAll("#board .cell").length == 25 && document.getElementById("conn").className.includes("live")`)
	browsertest.Run(t, phone1, "seat a", chromedp.Navigate(first.Seats["a"]))
	browsertest.Run(t, phone2, "seat b", chromedp.Navigate(first.Seats["b"]))

	// checkKeys waits until both phones show game id and compares each
	// phone's key with its part of the game's key card.
	checkKeys := func(id string, parts [2]string) {
		t.Helper()
		key := keyOf(t, ts, server.Created{ID: id})
		want := [2]string{}
		card, err := keycards.Parse(key)
		if err != nil {
			t.Fatal(err)
		}
		switch c := card.(type) {
		case keycards.DuetCard:
			for i, side := range []keycards.Side{keycards.SideA, keycards.SideB} {
				roles := c.Side(side)
				var names []string
				for _, r := range roles {
					names = append(names, r.String())
				}
				want[i] = strings.Join(names, ",")
			}
		case keycards.ClassicCard:
			var names []string
			for _, r := range c.Cells {
				names = append(names, r.String())
			}
			want[0], want[1] = strings.Join(names, ","), strings.Join(names, ",")
		}
		for i, phone := range []context.Context{phone1, phone2} {
			browsertest.WaitFor(t, phone, "game "+id+" on phone "+parts[i], `document.body.dataset.gameId == "`+id+`" && document.querySelectorAll("#key .cell").length == 25 && document.getElementById("conn").className.includes("live")`)
			// A Duet seat by its letter, a classic seat as the team's spymaster.
			heading := map[string]string{"a": "Seat A", "b": "Seat B", "red": "Red spymaster", "blue": "Blue spymaster"}[parts[i]]
			if got := browsertest.Text(t, phone, "h1"); got != heading {
				t.Errorf("phone %d's heading in game %s: %q, want %q", i+1, id, got, heading)
			}
			var got string
			browsertest.Run(t, phone, "roles", chromedp.Evaluate(rolesJS, &got))
			if got != want[i] {
				t.Errorf("phone %d (%s) in game %s shows roles\n%s\nwant the card's\n%s", i+1, parts[i], id, got, want[i])
			}
		}
	}
	checkKeys(first.ID, [2]string{"a", "b"})
	browsertest.Screenshot(t, phone1, "table-game1-phone-a")

	// Next game: the same again, a fresh key card.
	nextGame := func(choice string) string {
		t.Helper()
		var old string
		browsertest.Run(t, host, "game id", chromedp.Evaluate(`document.body.dataset.id`, &old))
		browsertest.Run(t, host, "next game",
			chromedp.SetValue(`#next-game select[name=game]`, choice, chromedp.ByQuery),
			chromedp.Click(`#next`, chromedp.ByQuery))
		browsertest.WaitFor(t, host, "the next game's host page", `document.body.dataset.id != "`+old+`" && document.querySelectorAll("#board .cell").length == 25`)
		var id string
		browsertest.Run(t, host, "game id", chromedp.Evaluate(`document.body.dataset.id`, &id))
		return id
	}
	second := nextGame("")
	if second == first.ID {
		t.Fatal("next game kept the game id")
	}
	if key := keyOf(t, ts, server.Created{ID: second}); key == testKey {
		t.Errorf("the rematch has the same key card %s", key)
	}
	checkKeys(second, [2]string{"a", "b"})
	if got := browsertest.Text(t, host, "h1"); !strings.Contains(got, "game 2") {
		t.Errorf("host heading %q, want game 2", got)
	}
	browsertest.Screenshot(t, host, "table-game2-host")

	// A classic game at the same table: the same phones are the spymasters.
	third := nextGame("classic")
	checkKeys(third, [2]string{"red", "blue"})
	browsertest.Screenshot(t, phone1, "table-game3-phone-red")
	browsertest.Screenshot(t, host, "table-game3-host")
	var seats string
	browsertest.Run(t, host, "seats", chromedp.Evaluate(`[...document.querySelectorAll(".seats li")].map(e => e.dataset.seat).join(",")`, &seats))
	if seats != "red,blue" {
		t.Errorf("host seats %q, want red,blue", seats)
	}
	browsertest.WaitFor(t, host, "both phones joined", `[...document.querySelectorAll(".seat-status")].every(e => e.textContent == fk.t("seat.taken"))`)
}
