package codenames

import (
	"context"
	"fieldkit/catalog"
	"fmt"
	"strings"
	"testing"

	"fieldkit/internal/browsertest"
	"fieldkit/keycards"

	"github.com/chromedp/chromedp"
)

func cellSel(board string, i int) string {
	return fmt.Sprintf(`%s .cell[data-cell="%d,%d"]`, board, i/5, i%5)
}

// touchAssassinOfA taps, on seat B's phone, a cell that is the assassin on
// side A of card and not on side B (the game is lost), and returns that cell.
func touchAssassinOfA(t *testing.T, phoneB context.Context, card keycards.DuetCard) int {
	t.Helper()
	assassin := -1
	for i := range 25 {
		if a, b := card.At(i); a == keycards.Assassin && b != keycards.Assassin {
			assassin = i
		}
	}
	sel := cellSel("#key", assassin)
	browsertest.WaitFor(t, phoneB, "the cell to guess", `!document.querySelector('`+sel+`').disabled`)
	browsertest.Run(t, phoneB, "guess the assassin", chromedp.Click(sel, chromedp.ByQuery))
	return assassin
}

// TestBrowserDuet plays a whole Duet game in headless chromium through the
// host page and two phone-sized seat pages: the game is started on the home
// page, each phone joins with its seat's link from the host page, a third
// phone is told the seat is taken, clues are given on the phones, guesses are
// tapped on the phones and once on the host board, the host undoes the last
// guess, and the game is won.
func TestBrowserDuet(t *testing.T) {
	if testing.Short() {
		t.Skip("starts chromium")
	}
	ts := newTestServer(t)
	b := browsertest.Browser(t)
	host := browsertest.Device(t, b, 1280, 800, false)
	phoneA := browsertest.Device(t, b, 390, 780, true)
	phoneB := browsertest.Device(t, b, 390, 780, true)
	for _, d := range []context.Context{host, phoneA, phoneB} {
		browsertest.Language(t, d, "pl") // a Polish table: the README's pictures
	}
	card, err := keycards.ParseDuet(testKey)
	if err != nil {
		t.Fatal(err)
	}
	var greensA, greensB []int // table cells (seen from A) green on side A, on side B
	for i := range 25 {
		a, bb := card.At(i)
		if a == keycards.Agent {
			greensA = append(greensA, i)
		}
		if bb == keycards.Agent && a != keycards.Agent {
			greensB = append(greensB, i)
		}
	}

	// The host starts a game on the home page (a campaign exists, but this
	// game is a single one).
	if r := newClient(t).postJSON(ts.URL+"/api/campaigns", `{"team":"Ola i Piotr"}`); r.code != 201 {
		t.Fatalf("new campaign: %s", r)
	}
	browsertest.Run(t, host, "home page", chromedp.Navigate(ts.URL+"/"))
	var options int
	browsertest.Run(t, host, "campaign choice", chromedp.Evaluate(`document.querySelectorAll("select[name=campaign] option").length`, &options))
	if options != 2 {
		t.Errorf("the home page offers %d campaign choices, want none and the one campaign", options)
	}
	browsertest.Screenshot(t, host, "serve-home")
	browsertest.Run(t, host, "home page",
		chromedp.SetValue(`input[name=key]`, testKey, chromedp.ByQuery),
		chromedp.Click(`#start`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the host page", `location.pathname.startsWith("/h/") && document.querySelectorAll("#board .cell").length == 25`)
	browsertest.WaitFor(t, host, "the host stream", `document.getElementById("conn").className.includes("live")`)

	// Each phone joins with its seat's link, shown one at a time.
	join := func(phone context.Context, seat string) string {
		browsertest.Run(t, host, "show join code "+seat, chromedp.Click(`.seats li[data-seat=`+seat+`] .show-qr`, chromedp.ByQuery), chromedp.WaitVisible("#qr-link", chromedp.ByQuery))
		browsertest.WaitFor(t, host, "the join code", `!document.getElementById("qr").hidden && document.querySelector("#qr img").complete`)
		link := browsertest.Text(t, host, "#qr-link")
		if !strings.HasPrefix(link, ts.URL+"/s/") {
			t.Fatalf("seat %s link %q", seat, link)
		}
		if seat == "a" {
			browsertest.Screenshot(t, host, "serve-host-join")
		}
		browsertest.Run(t, phone, "open seat "+seat, chromedp.Navigate(link))
		browsertest.WaitFor(t, phone, "seat "+seat+"'s key", `document.querySelectorAll("#key .cell").length == 25 && document.getElementById("conn").className.includes("live")`)
		browsertest.WaitFor(t, host, "the join code to go once the phone is in", `document.getElementById("qr").hidden`)
		return link
	}
	linkA := join(phoneA, "a")
	join(phoneB, "b")
	browsertest.WaitFor(t, host, "both seats joined", `[...document.querySelectorAll(".seat-status")].every(e => e.textContent == fk.t("seat.taken"))`)

	thief := browsertest.Device(t, b, 390, 780, true)
	browsertest.Language(t, thief, "pl")
	browsertest.Run(t, thief, "open seat a again", chromedp.Navigate(linkA))
	if got, want := browsertest.Text(t, thief, "h1"), catalog.Text("pl", "page.seat_taken", nil); got != want {
		t.Errorf("a second phone on seat a sees %q, want %q", got, want)
	}

	for _, ctx := range []context.Context{host, phoneA, phoneB, thief} {
		var title string
		browsertest.Run(t, ctx, "title", chromedp.Title(&title))
		for _, w := range []string{"green", "black", "beige", "red", "blue", "agent", "assassin", "bystander"} {
			if strings.Contains(strings.ToLower(title), w) {
				t.Errorf("page title %q names a colour or role", title)
			}
		}
	}

	// Turn 1: A gives a clue on the phone; B finds A's nine agents (the first
	// one touched on the host board), then stops.
	clue := func(phone context.Context, word string, n int) {
		browsertest.WaitFor(t, phone, "the clue form", `!document.getElementById("clue").hidden`)
		browsertest.Run(t, phone, "clue "+word,
			chromedp.SetValue(`#clue input[name=word]`, word, chromedp.ByQuery),
			chromedp.SetValue(`#clue input[name=count]`, fmt.Sprint(n), chromedp.ByQuery),
			chromedp.Click(`#clue button`, chromedp.ByQuery))
	}
	guess := func(ctx context.Context, board string, i int) {
		sel := cellSel(board, i)
		browsertest.WaitFor(t, ctx, "cell to guess", `!document.querySelector('`+sel+`').disabled`)
		browsertest.Run(t, ctx, "guess", chromedp.Click(sel, chromedp.ByQuery))
		browsertest.WaitFor(t, ctx, "the covered cell", `document.querySelector('`+sel+`').classList.contains("covered")`)
	}
	clue(phoneA, "ANIMALS", 9)
	browsertest.WaitFor(t, host, "the clue on the host", `document.getElementById("status").textContent.includes("ANIMALS")`)
	guess(host, "#board", greensA[0])
	for _, i := range greensA[1:5] {
		guess(phoneB, "#key", i)
	}
	browsertest.Screenshot(t, phoneA, "serve-phone-a")
	browsertest.Screenshot(t, phoneB, "serve-phone-b")
	browsertest.Screenshot(t, host, "serve-host")
	for _, i := range greensA[5:] {
		guess(phoneB, "#key", i)
	}
	browsertest.WaitFor(t, phoneB, "the stop button", `!document.getElementById("stop").hidden`)
	browsertest.Run(t, phoneB, "stop", chromedp.Click(`#stop`, chromedp.ByQuery))

	// The hide button covers the key.
	browsertest.Run(t, phoneA, "hide", chromedp.Click(`#hide`, chromedp.ByQuery))
	browsertest.WaitFor(t, phoneA, "the hidden key", `getComputedStyle(document.getElementById("key")).visibility == "hidden"`)
	browsertest.Screenshot(t, phoneA, "serve-phone-hidden")
	browsertest.Run(t, phoneA, "show", chromedp.Click(`#hide`, chromedp.ByQuery))

	// Turn 2: A's side is done, so B gives the clue and A finds the rest.
	clue(phoneB, "PLANETS", len(greensB))
	for _, i := range greensB {
		guess(phoneA, "#key", i)
	}
	browsertest.WaitFor(t, host, "the win", `document.getElementById("status").textContent.startsWith(fk.t("cn.status.won"))`)

	// The host takes the last guess back; A touches the word again.
	browsertest.Run(t, host, "undo", chromedp.Click(`#undo`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the undo on the host", `!document.getElementById("status").textContent.startsWith(fk.t("cn.status.won"))`)
	browsertest.WaitFor(t, phoneA, "the undone guess", `!document.querySelector('`+cellSel("#key", greensB[len(greensB)-1])+`').classList.contains("covered")`)
	guess(phoneA, "#key", greensB[len(greensB)-1])
	browsertest.WaitFor(t, host, "the win again", `document.getElementById("status").textContent.startsWith(fk.t("cn.status.won"))`)
	// Two turns: the stop took a token, the winning turn another; 3 x 7 for the bank, 1 for the stop and 1 for the winning turn's token.
	if status := browsertest.Text(t, host, "#status"); !strings.HasPrefix(status, "Wygrana · wynik 23 ·") {
		t.Errorf("final status on the host: %q, want a win with score 23", status)
	}
	browsertest.WaitFor(t, phoneA, "the win on the phone", `document.getElementById("status").textContent.startsWith(fk.t("cn.status.won"))`)
	browsertest.Screenshot(t, host, "serve-host-won")
	var hist int
	browsertest.Run(t, host, "history", chromedp.Evaluate(`document.querySelectorAll("#history li").length`, &hist))
	if want := 1 + 9 + 1 + 1 + len(greensB); hist != want {
		t.Errorf("the host's history lists %d events, want %d", hist, want)
	}
}
