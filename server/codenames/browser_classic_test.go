package codenames

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"fieldkit/internal/browsertest"
	"fieldkit/keycards"

	"github.com/chromedp/chromedp"
)

// cardColours are the colours of revealed cover cards on the host board
// (app.css).
var cardColours = map[keycards.Role]string{
	keycards.Red:       "rgb(192, 57, 43)",
	keycards.Blue:      "rgb(46, 95, 168)",
	keycards.Bystander: "rgb(233, 220, 192)",
}

// TestBrowserClassic plays a whole classic teams game in headless chromium
// through the host page and the red and blue spymasters' phone pages: the
// game is started on the home page; the host page shows no key; each
// spymaster's phone shows the whole key once it has joined with its seat's
// link, and a second phone on a taken seat sees no key; clues are given on
// the phones, the operatives' guesses are touched on the host board; the
// host calls a penalty, after which the other spymaster covers one of their
// agents on the phone; and the start team wins.
func TestBrowserClassic(t *testing.T) {
	if testing.Short() {
		t.Skip("starts chromium")
	}
	ts := newTestServer(t)
	b := browsertest.Browser(t)
	host := browsertest.Device(t, b, 1280, 800, false)
	phones := map[string]context.Context{
		"red":  browsertest.Device(t, b, 390, 780, true),
		"blue": browsertest.Device(t, b, 390, 780, true),
	}
	card := classicKey(t)
	start, other := card.Start.String(), "blue"
	if start == "blue" {
		other = "red"
	}
	mine, theirs := cellsOf(card, card.Start), cellsOf(card, keycards.Red)
	if start == "red" {
		theirs = cellsOf(card, keycards.Blue)
	}
	bys := cellsOf(card, keycards.Bystander)

	browsertest.Run(t, host, "home page", chromedp.Navigate(ts.URL+"/"),
		chromedp.Click(`input[name=game][value=classic]`, chromedp.ByQuery),
		chromedp.SetValue(`input[name=key]`, card.Code(), chromedp.ByQuery),
		chromedp.Click(`#start`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the host page", `location.pathname.startsWith("/h/") && document.querySelectorAll("#board .cell").length == 25`)
	browsertest.WaitFor(t, host, "the host stream", `document.getElementById("conn").className.includes("live")`)
	var seats []string
	browsertest.Run(t, host, "seats", chromedp.Evaluate(`[...document.querySelectorAll(".seats li")].map(li => li.dataset.seat)`, &seats))
	if fmt.Sprint(seats) != "[red blue]" {
		t.Fatalf("the host page's seats %q, want the red and blue spymasters", seats)
	}
	noKey := func(ctx context.Context, what string) {
		t.Helper()
		var n int
		browsertest.Run(t, ctx, what, chromedp.Evaluate(`document.querySelectorAll("[class*=role-], [class*=revealed-]").length`, &n))
		if n != 0 {
			t.Errorf("%s shows %d coloured cells before any guess", what, n)
		}
	}
	noKey(host, "the host page")

	// Each spymaster joins with the seat's link; then, and only then, the
	// phone shows the key: 9 cells of the start team, 8, 7 and 1.
	links := map[string]string{}
	for _, seat := range seats {
		phone := phones[seat]
		browsertest.Run(t, host, "show join code "+seat, chromedp.Click(`.seats li[data-seat=`+seat+`] .show-qr`, chromedp.ByQuery), chromedp.WaitVisible("#qr-link", chromedp.ByQuery))
		browsertest.WaitFor(t, host, "the join code", `!document.getElementById("qr").hidden && document.querySelector("#qr img").complete`)
		links[seat] = browsertest.Text(t, host, "#qr-link")
		browsertest.Run(t, phone, "open seat "+seat, chromedp.Navigate(links[seat]))
		browsertest.WaitFor(t, phone, seat+"'s key", `document.querySelectorAll("#key .cell").length == 25 && document.getElementById("conn").className.includes("live")`)
		browsertest.WaitFor(t, host, "the join code to go", `document.getElementById("qr").hidden`)
		var roles map[string]int
		browsertest.Run(t, phone, "the key", chromedp.Evaluate(`[...document.querySelectorAll("#key .cell")].reduce((m, c) => { const r = [...c.classList].find(k => k.startsWith("role-")); m[r] = (m[r] || 0) + 1; return m; }, {})`, &roles))
		want := map[string]int{"role-" + start: 9, "role-" + other: 8, "role-bystander": 7, "role-assassin": 1}
		if fmt.Sprint(roles) != fmt.Sprint(want) {
			t.Errorf("%s's phone shows the key %v, want %v", seat, roles, want)
		}
		for i, r := range card.Cells {
			var cls string
			browsertest.Run(t, phone, "a key cell", chromedp.Evaluate(`document.querySelector('`+cellSel("#key", i)+`').className`, &cls))
			if !strings.Contains(cls, "role-"+r.String()) {
				t.Fatalf("%s's phone shows cell %d as %q, want %s", seat, i, cls, r)
			}
		}
	}
	browsertest.WaitFor(t, host, "both seats joined", `[...document.querySelectorAll(".seat-status")].every(e => e.textContent == fk.t("seat.taken"))`)
	noKey(host, "the host page after the joins")
	thief := browsertest.Device(t, b, 390, 780, true)
	browsertest.Run(t, thief, "open the red seat again", chromedp.Navigate(links["red"]))
	if got := browsertest.Text(t, thief, "h1"); got != "This seat is taken" {
		t.Errorf("a second phone on the red seat sees %q, want This seat is taken", got)
	}
	noKey(thief, "the taken seat's page")
	for _, ctx := range []context.Context{host, phones["red"], phones["blue"], thief} {
		var title string
		browsertest.Run(t, ctx, "title", chromedp.Title(&title))
		for _, w := range []string{"red", "blue", "agent", "assassin", "bystander", "spymaster"} {
			if strings.Contains(strings.ToLower(title), w) {
				t.Errorf("page title %q names a colour or role", title)
			}
		}
	}

	clue := func(seat, word string, n int, unlimited bool) {
		t.Helper()
		phone := phones[seat]
		browsertest.WaitFor(t, phone, seat+"'s clue form", `!document.getElementById("clue").hidden`)
		browsertest.WaitFor(t, phones[map[string]string{"red": "blue", "blue": "red"}[seat]], "no clue form on the other phone", `document.getElementById("clue").hidden`)
		browsertest.Run(t, phone, "clue "+word,
			chromedp.SetValue(`#clue input[name=word]`, word, chromedp.ByQuery),
			chromedp.SetValue(`#clue input[name=count]`, fmt.Sprint(n), chromedp.ByQuery))
		if unlimited {
			browsertest.Run(t, phone, "unlimited", chromedp.Click(`#clue input[name=unlimited]`, chromedp.ByQuery))
		}
		browsertest.Run(t, phone, "give "+word, chromedp.Click(`#clue button`, chromedp.ByQuery))
		browsertest.WaitFor(t, host, "the clue on the host", `document.getElementById("status").textContent.includes("`+word+`")`)
	}
	guess := func(i int) {
		t.Helper()
		sel := cellSel("#board", i)
		browsertest.Run(t, host, "guess", chromedp.Click(sel, chromedp.ByQuery))
		browsertest.WaitFor(t, host, "the revealed cell", `document.querySelector('`+sel+`').classList.contains("revealed-`+card.Cells[i].String()+`")`)
		if want, ok := cardColours[card.Cells[i]]; ok {
			var bg string
			browsertest.Run(t, host, "the revealed colour", chromedp.Evaluate(`getComputedStyle(document.querySelector('`+sel+`')).backgroundColor`, &bg))
			if bg != want {
				t.Errorf("the host board shows the revealed %s card on cell %d in %s, want %s", card.Cells[i], i, bg, want)
			}
		}
		for seat, phone := range phones {
			browsertest.WaitFor(t, phone, "the covered cell on "+seat+"'s phone", `document.querySelector('`+cellSel("#key", i)+`').classList.contains("covered")`)
		}
	}
	status := func(ctx context.Context) string { return browsertest.Text(t, ctx, "#status") }

	// The start team: two agents, then a bystander ends the turn.
	clue(start, "OCEAN", 2, false)
	guess(mine[0])
	guess(mine[1])
	guess(bys[0])
	browsertest.WaitFor(t, host, "the other team's turn", `document.getElementById("status").textContent.startsWith("Clue by `+capital(other)+`")`)
	browsertest.Screenshot(t, phones[start], "serve-classic-phone-"+start)

	// The other team: one agent; then the host calls the clue invalid.
	clue(other, "FOREST", 3, false)
	guess(theirs[0])
	browsertest.Screenshot(t, host, "serve-classic-host")
	browsertest.Screenshot(t, phones[other], "serve-classic-phone-"+other)
	browsertest.Run(t, host, "penalty", chromedp.Click(`#penalty`, chromedp.ByQuery))
	phone := phones[start]
	browsertest.WaitFor(t, phone, "the cover offer", `document.getElementById("status").textContent.includes("after the penalty")`)
	var offered int
	browsertest.Run(t, phone, "cells to cover", chromedp.Evaluate(`document.querySelectorAll("#key .cell.may-cover:not(:disabled)").length`, &offered))
	if offered != len(mine)-2 {
		t.Errorf("after the penalty %s's phone offers %d cells to cover, want its %d uncovered agents", start, offered, len(mine)-2)
	}
	var enemy bool
	browsertest.Run(t, phone, "an enemy cell", chromedp.Evaluate(`document.querySelector('`+cellSel("#key", theirs[1])+`').disabled`, &enemy))
	if !enemy {
		t.Errorf("after the penalty %s's phone lets the spymaster tap an enemy agent", start)
	}
	browsertest.Screenshot(t, phone, "serve-classic-phone-cover")
	browsertest.Run(t, phone, "cover", chromedp.Click(cellSel("#key", mine[2]), chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the cover on the host", `document.querySelector('`+cellSel("#board", mine[2])+`').classList.contains("revealed-`+start+`")`)
	if s := status(phone); strings.Contains(s, "after the penalty") {
		t.Errorf("after the cover %s's phone still says %q", start, s)
	}

	// The start team finds the rest with an unlimited clue and wins.
	clue(start, "STARS", 0, true)
	if s := status(host); !strings.Contains(s, "guesses left unlimited") {
		t.Errorf("the host's status after an unlimited clue: %q", s)
	}
	for _, i := range mine[3:] {
		guess(i)
	}
	want := "Won by " + capital(start) + " · all its agents covered"
	for _, ctx := range []context.Context{host, phones["red"], phones["blue"]} {
		browsertest.WaitFor(t, ctx, "the win", `document.getElementById("status").textContent.startsWith("`+want+`")`)
	}
	browsertest.Screenshot(t, host, "serve-classic-host-won")
	var hist []string
	browsertest.Run(t, host, "history", chromedp.Evaluate(`[...document.querySelectorAll("#history li")].map(li => li.textContent)`, &hist))
	// OCEAN, 3 guesses, FOREST, 1 guess, penalty, cover, STARS, the rest.
	if n := 1 + 3 + 1 + 1 + 1 + 1 + 1 + len(mine[3:]); len(hist) != n {
		t.Errorf("the host's history lists %d events, want %d: %q", len(hist), n, hist)
	}
	for _, w := range []string{"penalty: invalid clue", capital(start) + ": covers", "→ bystander", "→ agent"} {
		if !strings.Contains(strings.Join(hist, "\n"), w) {
			t.Errorf("the host's history has no %q: %q", w, hist)
		}
	}
}

// capital is a team's name as the pages write it: "Red", not "RED".
func capital(team string) string { return strings.ToUpper(team[:1]) + team[1:] }
