package codenames

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"fieldkit/deck"
	"fieldkit/internal/browsertest"
	"fieldkit/internal/pdftest"
	"fieldkit/keycards"
	"fieldkit/printgen"
	cnprint "fieldkit/printgen/codenames"
	"fieldkit/wordlists"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestBrowserPrintedSet goes the whole way from a printed Polish set to a
// played game: `print set --lang pl --url` with one Duet key card; the host
// starts a Duet game on the home page by typing the card's two side codes;
// each phone (a Polish browser) opens the address its printed side's QR code
// holds and lands in its seat, seeing its own side in Polish; a clue with a
// warning both the host and the giver see; the game lost on the assassin with
// an end screen revealing both sides; the next game with the phones kept; a
// sand timer run out.
func TestBrowserPrintedSet(t *testing.T) {
	if testing.Short() {
		t.Skip("starts chromium")
	}
	ts := newTestServer(t)

	// The printed set.
	l, err := wordlists.Builtin("pl")
	if err != nil {
		t.Fatal(err)
	}
	d, err := deck.New(l.Name, "pl", l.Words, deck.SeedFromText("e2e"))
	if err != nil {
		t.Fatal(err)
	}
	card := keycards.NewDuet(keycards.SeededSource("e2e"))
	set := &cnprint.Set{Deck: d, Duet: []keycards.DuetCard{card}, URL: ts.URL, Options: printgen.Options{Paper: printgen.A4}}
	dir := t.TempDir()
	if _, err := set.Write(dir); err != nil {
		t.Fatal(err)
	}
	qrs := pdftest.ReadQR(t, filepath.Join(dir, "keycards-duet.pdf"))
	sideURL := map[string]string{}
	for _, q := range qrs {
		code := q[strings.LastIndex(q, "/")+1:]
		switch {
		case strings.HasPrefix(q, ts.URL+"/k/A"):
			sideURL["a"] = q
			if code != card.SideCode(keycards.SideA) {
				t.Errorf("side A's QR holds %s, want %s", code, card.SideCode(keycards.SideA))
			}
		case strings.HasPrefix(q, ts.URL+"/k/B"):
			sideURL["b"] = q
		}
	}
	if len(sideURL) != 2 {
		t.Fatalf("the printed key card's QR codes read %q, want one address per side", qrs)
	}
	codeOf := func(u string) string { return u[strings.LastIndex(u, "/")+1:] }

	b := browsertest.Browser(t)
	host := browsertest.Device(t, b, 1280, 800, false)
	phones := map[string]context.Context{"a": browsertest.Device(t, b, 390, 844, true), "b": browsertest.Device(t, b, 390, 844, true)}
	// A Polish table: the host's browser is Polish, so the table is, and the
	// phones follow it.
	for _, p := range []context.Context{host, phones["a"], phones["b"]} {
		browsertest.Run(t, p, "Polish browser", emulation.SetLocaleOverride().WithLocale("pl-PL"),
			chromedp.ActionFunc(func(ctx context.Context) error {
				return emulation.SetUserAgentOverride("Mozilla/5.0 (Linux; Android 14) Mobile").WithAcceptLanguage("pl-PL,pl").Do(ctx)
			}))
	}

	// The host types the two side codes, B's first, and draws Polish words.
	browsertest.Run(t, host, "home page", chromedp.Navigate(ts.URL+"/"))
	browsertest.WaitFor(t, host, "the form", `document.getElementById("start") != null`)
	browsertest.Run(t, host, "start from the printed card",
		chromedp.SetValue(`input[name=key]`, codeOf(sideURL["b"])+" "+codeOf(sideURL["a"]), chromedp.ByQuery),
		chromedp.SetValue(`#new-game select[name=lang]`, "pl", chromedp.ByQuery),
		chromedp.Click(`#start`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the host page", `location.pathname.startsWith("/h/") && document.querySelectorAll("#board .cell").length == 25 && document.getElementById("conn").className.includes("live")`)
	browsertest.Screenshot(t, host, "e2e-host-start")
	var gameID string
	browsertest.Run(t, host, "game id", chromedp.Evaluate(`document.body.dataset.id`, &gameID))

	// Each phone scans its side's QR code and lands in that side's seat.
	for side, p := range phones {
		browsertest.Run(t, p, "scan side "+side, chromedp.Navigate(sideURL[side]))
		browsertest.WaitFor(t, p, "seat "+side, `document.body.dataset.seat == "`+side+`" && document.querySelectorAll("#key .cell").length == 25 && document.getElementById("conn").textContent == "na żywo"`)
		if got := browsertest.Text(t, p, "h1"); got != "Miejsce "+strings.ToUpper(side) {
			t.Errorf("phone %s heading %q, want Miejsce %s", side, got, strings.ToUpper(side))
		}
		var roles string
		browsertest.Run(t, p, "roles", chromedp.Evaluate(rolesJS, &roles))
		s := keycards.SideA
		if side == "b" {
			s = keycards.SideB
		}
		var want []string
		for _, r := range card.Side(s) {
			want = append(want, r.String())
		}
		if roles != strings.Join(want, ",") {
			t.Errorf("phone %s shows\n%s\nnot its printed side\n%s", side, roles, strings.Join(want, ","))
		}
	}
	browsertest.Screenshot(t, phones["a"], "e2e-phone-a")
	browsertest.WaitFor(t, host, "both seats joined", `[...document.querySelectorAll(".seat-status")].every(e => e.textContent == fk.t("seat.taken"))`)

	// A clue that holds a visible word: a warning on the host and A's phone.
	var word string
	browsertest.Run(t, host, "a visible word", chromedp.Evaluate(`document.querySelector("#board .cell .word").textContent`, &word))
	browsertest.WaitFor(t, phones["a"], "the clue form", `!document.getElementById("clue").hidden`)
	browsertest.Run(t, phones["a"], "clue",
		chromedp.SetValue(`#clue input[name=word]`, strings.ToLower(word)+"owy", chromedp.ByQuery),
		chromedp.SetValue(`#clue input[name=count]`, "1", chromedp.ByQuery),
		chromedp.Click(`#clue button`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the warning on the host", `!document.getElementById("clue-warnings").hidden`)
	browsertest.WaitFor(t, phones["a"], "the warning on the giver's phone", `!document.getElementById("clue-warnings").hidden`)
	browsertest.Screenshot(t, phones["a"], "e2e-phone-a-warning")

	// The sand timer runs out on the phones.
	browsertest.Run(t, phones["b"], "a two-second timer", chromedp.Evaluate(`fk.call("POST", location.pathname + "/events", {type: "timer", seconds: 2}).then(() => true)`, nil, awaitPromise))
	browsertest.WaitFor(t, phones["b"], "time is up", `document.querySelector("#timer .timer-left").textContent == "Czas minął!"`)

	// B touches A's assassin: the end screen with both sides.
	assassin := -1
	for i := range 25 {
		if a, bb := card.At(i); a == keycards.Assassin && bb != keycards.Assassin {
			assassin = i
		}
	}
	sel := cellSel("#key", assassin)
	browsertest.WaitFor(t, phones["b"], "the cell to guess", `!document.querySelector('`+sel+`').disabled`)
	browsertest.Run(t, phones["b"], "guess the assassin", chromedp.Click(sel, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the end banner", `!document.getElementById("end").hidden && document.querySelectorAll("#board .cell .reveal .side").length == 50`)
	browsertest.Screenshot(t, host, "e2e-host-end")

	// Next game: the phones keep their seats.
	browsertest.Run(t, host, "next game", chromedp.Click(`#next-end`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the next game", `document.body.dataset.id != "`+gameID+`" && document.querySelectorAll("#board .cell").length == 25`)
	for side, p := range phones {
		browsertest.WaitFor(t, p, "phone "+side+" in the next game", `document.body.dataset.gameId != "`+gameID+`" && document.body.dataset.seat == "`+side+`" && document.querySelectorAll("#key .cell").length == 25`)
	}
	browsertest.Screenshot(t, phones["b"], "e2e-phone-b-next")
}
