package codenames

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fieldkit/keycards"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

var shots = flag.String("shots", "", "write the browser test's screenshots into this directory (e.g. ../docs)")

// chromium returns the path of Debian's chromium, or skips the test.
func chromium(t *testing.T) string {
	for _, p := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	t.Skip("chromium is not installed (scripts/setup installs Debian's chromium package)")
	return ""
}

// browser starts a headless chromium with a fresh profile and no network
// beyond what the test serves.
func browser(t *testing.T) context.Context {
	// Not t.TempDir: chromium's helpers may still write to the profile for a
	// moment after the browser is gone, and a failed cleanup fails the test.
	profile, err := os.MkdirTemp("", "fieldkit-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium(t)),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.NoFirstRun,
		chromedp.UserDataDir(profile),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	ctx, cancelTime := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() {
		cancelTime()
		cancel()
		cancelAlloc()
		for range 20 {
			if os.RemoveAll(profile) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	if err := chromedp.Run(ctx); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return ctx
}

// device opens a new tab with its own cookies (like another phone) and a viewport.
func device(t *testing.T, b context.Context, w, h int64, mobile bool) context.Context {
	// A browser context of its own (cookies included) in a new window: this
	// chromium refuses new tabs of a new browser context without a window.
	bx := cdp.WithExecutor(b, chromedp.FromContext(b).Browser)
	bc, err := target.CreateBrowserContext().WithDisposeOnDetach(true).Do(bx)
	if err != nil {
		t.Fatalf("new browser context: %v", err)
	}
	id, err := target.CreateTarget("about:blank").WithBrowserContextID(bc).WithNewWindow(true).Do(bx)
	if err != nil {
		t.Fatalf("new window: %v", err)
	}
	ctx, cancel := chromedp.NewContext(b, chromedp.WithTargetID(id))
	t.Cleanup(cancel)
	opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
	if mobile {
		opts = append(opts, chromedp.EmulateMobile)
	}
	run(t, ctx, "viewport", chromedp.EmulateViewport(w, h, opts...))
	return ctx
}

func run(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action) {
	t.Helper()
	if err := chromedp.Run(ctx, actions...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// waitFor polls a JavaScript condition.
func waitFor(t *testing.T, ctx context.Context, what, expr string) {
	t.Helper()
	for try := 0; ; try++ {
		err := chromedp.Run(ctx, chromedp.Poll(expr, nil, chromedp.WithPollingTimeout(15*time.Second)))
		if err == nil {
			return
		}
		if try == 5 || !(strings.Contains(err.Error(), "navigated") || strings.Contains(err.Error(), "Cannot find context")) {
			t.Fatalf("waiting for %s: %v", what, err)
		}
		time.Sleep(100 * time.Millisecond) // the page was replaced while polling: poll the new one
	}
}

func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	var s string
	run(t, ctx, "reading "+sel, chromedp.TextContent(sel, &s, chromedp.ByQuery))
	return s
}

// screenshot saves the tab's viewport as NAME.png in -shots (or a scratch directory).
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	var png []byte
	run(t, ctx, "screenshot "+name, chromedp.CaptureScreenshot(&png))
	saveShot(t, name+".png", png)
}

// saveShot writes an image file in -shots (or a scratch directory).
func saveShot(t *testing.T, name string, data []byte) {
	t.Helper()
	dir := *shots
	if dir == "" {
		dir = t.TempDir()
	}
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d bytes", name, len(data))
}

func cellSel(board string, i int) string {
	return fmt.Sprintf(`%s .cell[data-cell="%d,%d"]`, board, i/5, i%5)
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
	b := browser(t)
	host := device(t, b, 1280, 800, false)
	phoneA := device(t, b, 390, 780, true)
	phoneB := device(t, b, 390, 780, true)
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
	if r := newClient(t).postJSON(ts.url+"/api/campaigns", `{"team":"Ola i Piotr"}`); r.code != 201 {
		t.Fatalf("new campaign: %s", r)
	}
	run(t, host, "home page", chromedp.Navigate(ts.url+"/"))
	var options int
	run(t, host, "campaign choice", chromedp.Evaluate(`document.querySelectorAll("select[name=campaign] option").length`, &options))
	if options != 2 {
		t.Errorf("the home page offers %d campaign choices, want none and the one campaign", options)
	}
	screenshot(t, host, "serve-home")
	run(t, host, "home page",
		chromedp.SetValue(`input[name=key]`, testKey, chromedp.ByQuery),
		chromedp.Click(`#start`, chromedp.ByQuery))
	waitFor(t, host, "the host page", `location.pathname.startsWith("/h/") && document.querySelectorAll("#board .cell").length == 25`)
	waitFor(t, host, "the host stream", `document.getElementById("conn").textContent == "live"`)

	// Each phone joins with its seat's link, shown one at a time.
	join := func(phone context.Context, seat string) string {
		run(t, host, "show join code "+seat, chromedp.Click(`.seats li[data-seat=`+seat+`] .show-qr`, chromedp.ByQuery), chromedp.WaitVisible("#qr-link", chromedp.ByQuery))
		waitFor(t, host, "the join code", `!document.getElementById("qr").hidden && document.querySelector("#qr img").complete`)
		link := text(t, host, "#qr-link")
		if !strings.HasPrefix(link, ts.url+"/s/") {
			t.Fatalf("seat %s link %q", seat, link)
		}
		if seat == "a" {
			screenshot(t, host, "serve-host-join")
		}
		run(t, phone, "open seat "+seat, chromedp.Navigate(link))
		waitFor(t, phone, "seat "+seat+"'s key", `document.querySelectorAll("#key .cell").length == 25 && document.getElementById("conn").textContent == "live"`)
		waitFor(t, host, "the join code to go once the phone is in", `document.getElementById("qr").hidden`)
		return link
	}
	linkA := join(phoneA, "a")
	join(phoneB, "b")
	waitFor(t, host, "both seats joined", `[...document.querySelectorAll(".seat-status")].every(e => e.textContent == "joined")`)

	thief := device(t, b, 390, 780, true)
	run(t, thief, "open seat a again", chromedp.Navigate(linkA))
	if got := text(t, thief, "h1"); got != "This seat is taken" {
		t.Errorf("a second phone on seat a sees %q, want This seat is taken", got)
	}

	for _, ctx := range []context.Context{host, phoneA, phoneB, thief} {
		var title string
		run(t, ctx, "title", chromedp.Title(&title))
		for _, w := range []string{"green", "black", "beige", "red", "blue", "agent", "assassin", "bystander"} {
			if strings.Contains(strings.ToLower(title), w) {
				t.Errorf("page title %q names a colour or role", title)
			}
		}
	}

	// Turn 1: A gives a clue on the phone; B finds A's nine agents (the first
	// one touched on the host board), then stops.
	clue := func(phone context.Context, word string, n int) {
		waitFor(t, phone, "the clue form", `!document.getElementById("clue").hidden`)
		run(t, phone, "clue "+word,
			chromedp.SetValue(`#clue input[name=word]`, word, chromedp.ByQuery),
			chromedp.SetValue(`#clue input[name=count]`, fmt.Sprint(n), chromedp.ByQuery),
			chromedp.Click(`#clue button`, chromedp.ByQuery))
	}
	guess := func(ctx context.Context, board string, i int) {
		sel := cellSel(board, i)
		waitFor(t, ctx, "cell to guess", `!document.querySelector('`+sel+`').disabled`)
		run(t, ctx, "guess", chromedp.Click(sel, chromedp.ByQuery))
		waitFor(t, ctx, "the covered cell", `document.querySelector('`+sel+`').classList.contains("covered")`)
	}
	clue(phoneA, "ANIMALS", 9)
	waitFor(t, host, "the clue on the host", `document.getElementById("status").textContent.includes("ANIMALS")`)
	guess(host, "#board", greensA[0])
	for _, i := range greensA[1:5] {
		guess(phoneB, "#key", i)
	}
	screenshot(t, phoneA, "serve-phone-a")
	screenshot(t, phoneB, "serve-phone-b")
	screenshot(t, host, "serve-host")
	for _, i := range greensA[5:] {
		guess(phoneB, "#key", i)
	}
	waitFor(t, phoneB, "the stop button", `!document.getElementById("stop").hidden`)
	run(t, phoneB, "stop", chromedp.Click(`#stop`, chromedp.ByQuery))

	// The hide button covers the key.
	run(t, phoneA, "hide", chromedp.Click(`#hide`, chromedp.ByQuery))
	waitFor(t, phoneA, "the hidden key", `getComputedStyle(document.getElementById("key")).visibility == "hidden"`)
	screenshot(t, phoneA, "serve-phone-hidden")
	run(t, phoneA, "show", chromedp.Click(`#hide`, chromedp.ByQuery))

	// Turn 2: A's side is done, so B gives the clue and A finds the rest.
	clue(phoneB, "PLANETS", len(greensB))
	for _, i := range greensB {
		guess(phoneA, "#key", i)
	}
	waitFor(t, host, "the win", `document.getElementById("status").textContent.startsWith("Won")`)

	// The host takes the last guess back; A touches the word again.
	run(t, host, "undo", chromedp.Click(`#undo`, chromedp.ByQuery))
	waitFor(t, host, "the undo on the host", `!document.getElementById("status").textContent.startsWith("Won")`)
	waitFor(t, phoneA, "the undone guess", `!document.querySelector('`+cellSel("#key", greensB[len(greensB)-1])+`').classList.contains("covered")`)
	guess(phoneA, "#key", greensB[len(greensB)-1])
	waitFor(t, host, "the win again", `document.getElementById("status").textContent.startsWith("Won")`)
	// Two turns: the stop took a token, the winning turn another; 3 x 7 for the bank, 1 for the stop and 1 for the winning turn's token.
	if status := text(t, host, "#status"); !strings.HasPrefix(status, "Won · score 23 ·") {
		t.Errorf("final status on the host: %q, want a win with score 23", status)
	}
	waitFor(t, phoneA, "the win on the phone", `document.getElementById("status").textContent.startsWith("Won")`)
	screenshot(t, host, "serve-host-won")
	var hist int
	run(t, host, "history", chromedp.Evaluate(`document.querySelectorAll("#history li").length`, &hist))
	if want := 1 + 9 + 1 + 1 + len(greensB); hist != want {
		t.Errorf("the host's history lists %d events, want %d", hist, want)
	}
}
