// Package browsertest drives a headless chromium for the table server's
// browser tests: a browser with a fresh profile, devices (windows with their
// own cookies and viewport), actions that fail the test, polled conditions,
// and screenshots written to the directory of the -shots flag.
package browsertest

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

var shots = flag.String("shots", "", "write the browser tests' screenshots into this directory (e.g. $PWD/docs)")

// Chromium returns the path of Debian's chromium, or skips the test.
func Chromium(t testing.TB) string {
	for _, p := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	t.Skip("chromium is not installed (scripts/setup installs Debian's chromium package)")
	return ""
}

// Browser starts a headless chromium with a fresh profile and no network
// beyond what the test serves; extra adds flags (e.g. the language). It
// stops when the test ends, at the latest after 5 minutes.
func Browser(t testing.TB, extra ...chromedp.ExecAllocatorOption) context.Context {
	// Not t.TempDir: chromium's helpers may still write to the profile for a
	// moment after the browser is gone, and a failed cleanup fails the test.
	profile, err := os.MkdirTemp("", "fieldkit-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(Chromium(t)),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.NoFirstRun,
		chromedp.UserDataDir(profile),
	)
	opts = append(opts, extra...)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	ctx, cancelTime := context.WithTimeout(ctx, 5*time.Minute)
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

// Device opens a new window of browser b with its own cookies (like another
// phone) and a w x h viewport.
func Device(t testing.TB, b context.Context, w, h int64, mobile bool) context.Context {
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
	Run(t, ctx, "viewport", chromedp.EmulateViewport(w, h, opts...))
	return ctx
}

// Run runs actions in the tab; an error fails the test with what.
func Run(t testing.TB, ctx context.Context, what string, actions ...chromedp.Action) {
	t.Helper()
	if err := chromedp.Run(ctx, actions...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// WaitFor evaluates a JavaScript condition every 100 ms until it is true,
// for up to 45 seconds (a loaded CI machine is slow). Each try is a fresh
// evaluation in whatever page the tab shows then, so a page that navigates
// or loads again while waiting is simply read anew. A condition that throws
// (an element the page has not drawn yet, read while it loads) counts as not
// yet true; on failure the message names the last error and the page's
// address and state.
func WaitFor(t testing.TB, ctx context.Context, what, expr string) {
	t.Helper()
	guarded := "(() => { try { return !!(" + expr + "); } catch (e) { return false; } })()"
	deadline := time.Now().Add(45 * time.Second)
	var last error
	for time.Now().Before(deadline) {
		try, cancel := context.WithTimeout(ctx, 5*time.Second)
		var ok bool
		last = chromedp.Run(try, chromedp.Evaluate(guarded, &ok))
		cancel()
		if last == nil && ok {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	var state string
	try, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	_ = chromedp.Run(try, chromedp.Evaluate(`location.href + " (" + document.readyState + ", lang " + document.documentElement.lang + ")"`, &state))
	t.Fatalf("waiting for %s: not true after 45 s (last error %v) on %s", what, last, state)
}

// Text returns the text content of the first element matching sel.
func Text(t testing.TB, ctx context.Context, sel string) string {
	t.Helper()
	var s string
	Run(t, ctx, "reading "+sel, chromedp.TextContent(sel, &s, chromedp.ByQuery))
	return s
}

// Screenshot saves the tab's viewport as NAME.png in -shots (or a scratch directory).
func Screenshot(t testing.TB, ctx context.Context, name string) {
	t.Helper()
	var png []byte
	Run(t, ctx, "screenshot "+name, chromedp.CaptureScreenshot(&png))
	SaveShot(t, name+".png", png)
}

// SaveShot writes an image file in -shots (or a scratch directory).
func SaveShot(t testing.TB, name string, data []byte) {
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

// SwitchLang picks value in the language switch sel and waits for the page
// it loads again: the switch reloads the page, and until it has, the old
// page (already in the language, when the table's switch reached it first)
// would satisfy ready. The old page is marked before the pick; ready is
// polled only on a page without the mark. The pick waits until the switch
// offers value.
func SwitchLang(t testing.TB, ctx context.Context, what, sel, value, ready string) {
	t.Helper()
	// The page's script fills the switch after the page is drawn; a pick
	// before it has its options would choose nothing (and change nothing).
	WaitFor(t, ctx, what+", the switch filled", fmt.Sprintf(`[...document.querySelector(%q).options].some((o) => o.value === %q)`, sel, value))
	pick := fmt.Sprintf(`(() => { window.fkOldPage = true; const s = document.querySelector(%q); s.value = %q; s.dispatchEvent(new Event("change")); })()`, sel, value)
	Run(t, ctx, what, chromedp.Evaluate(pick, nil))
	WaitFor(t, ctx, what+", the page loaded again", `window.fkOldPage === undefined && (`+ready+`)`)
}
