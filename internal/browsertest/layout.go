package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Scrollbars is the browser option that shows scroll bars as a desktop
// browser does (chromedp hides them by default): a page must fit beside its
// vertical scroll bar. Pass it to Browser for CheckLayout.
var Scrollbars = chromedp.Flag("hide-scrollbars", false)

// Widths are the screen widths the pages must fit, from a small phone to a
// full-HD screen. Widths under 600 px are phones.
var Widths = []int64{360, 390, 768, 1366, 1920}

// Phone reports whether width w is a phone's.
func Phone(w int64) bool { return w < 600 }

// MinPhonePx is the smallest font size, in CSS pixels, of a word the players
// read on the board or a card on a phone.
const MinPhonePx = 16

// layoutJS measures the page after the layout has settled: the document's
// width against the window's, the elements that stick out past the right
// edge, and, among the elements matching sel that are shown, those whose
// font is smaller than min pixels or whose text is clipped (wider than their
// box, or past the edge of the card or cell they are in).
const layoutJS = `((sel, min) => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
  const name = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && typeof e.className === "string" ? "." + e.className.trim().split(/\s+/).join(".") : "");
  const de = document.documentElement;
  const out = {scroll: Math.max(de.scrollWidth, document.body.scrollWidth), inner: innerWidth, client: de.clientWidth, wide: [], small: [], clipped: []};
  for (const e of document.body.querySelectorAll("*")) {
    const r = e.getBoundingClientRect();
    if (r.width > 0 && r.right > de.clientWidth + 0.5 && out.wide.length < 6) out.wide.push(name(e) + " to " + r.right.toFixed(0) + " px");
  }
  for (const e of sel ? document.querySelectorAll(sel) : []) {
    if (!e.getClientRects().length || getComputedStyle(e).visibility === "hidden") continue;
    const px = parseFloat(getComputedStyle(e).fontSize);
    const text = (e.getAttribute("aria-label") || e.textContent || "").trim();
    if (px < min - 0.05) out.small.push(text + " " + px.toFixed(1) + " px");
    const box = e.parentElement && e.parentElement.closest(".ij-card, .cell");
    const r = e.getBoundingClientRect(), b = box ? box.getBoundingClientRect() : r;
    if (e.scrollWidth > e.clientWidth + 1 || r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5) out.clipped.push(text);
  }
  done(JSON.stringify(out));
}))))`

// Layout is what CheckLayout measured.
type Layout struct {
	Scroll  float64  `json:"scroll"`  // the document's scrollWidth
	Inner   float64  `json:"inner"`   // the window's innerWidth
	Client  float64  `json:"client"`  // the width the page may use: innerWidth less a vertical scroll bar
	Wide    []string `json:"wide"`    // elements past the right edge (at most 6)
	Small   []string `json:"small"`   // words and cards under the minimum size
	Clipped []string `json:"clipped"` // words and cards wider than their box
}

// Resize sets the tab's viewport to w x h, as a phone's (touch, mobile) when
// w is a phone's width, and waits until the page has been drawn again.
func Resize(t testing.TB, ctx context.Context, w, h int64) {
	t.Helper()
	opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
	if Phone(w) {
		opts = append(opts, chromedp.EmulateMobile)
	}
	Run(t, ctx, fmt.Sprintf("viewport %dx%d", w, h), chromedp.EmulateViewport(w, h, opts...),
		chromedp.Evaluate(`new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))`, nil,
			func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
}

// MeasureLayout measures the page in the tab (see layoutJS); words selects
// the words and cards whose size counts, minPx their smallest size (0: any).
func MeasureLayout(t testing.TB, ctx context.Context, words string, minPx float64) Layout {
	t.Helper()
	var s string
	args, _ := json.Marshal([]any{words, minPx})
	expr := layoutJS + "(..." + string(args) + ")"
	Run(t, ctx, "layout", chromedp.Evaluate(expr, &s, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	var l Layout
	if err := json.Unmarshal([]byte(s), &l); err != nil {
		t.Fatalf("layout: %v (%s)", err, s)
	}
	return l
}

// CheckLayout resizes the tab to each of Widths and fails the test where the
// page scrolls sideways, or where a word or card of words (a selector) is
// clipped, or smaller than MinPhonePx on a phone. ready is a condition the
// page must meet at every width before it is measured (e.g. the board drawn
// again).
func CheckLayout(t testing.TB, ctx context.Context, what, words, ready string) {
	t.Helper()
	for _, w := range Widths {
		h := int64(844)
		if !Phone(w) {
			h = w * 9 / 16
		}
		Resize(t, ctx, w, h)
		if ready != "" {
			WaitFor(t, ctx, fmt.Sprintf("%s at %d px", what, w), ready)
		}
		min := 0.0
		if Phone(w) {
			min = MinPhonePx
		}
		l := MeasureLayout(t, ctx, words, min)
		if l.Scroll > l.Inner || l.Scroll > l.Client {
			t.Errorf("%s at %d px scrolls sideways: scrollWidth %.0f > %.0f (innerWidth %.0f less the scroll bar); past the edge: %v", what, w, l.Scroll, l.Client, l.Inner, l.Wide)
		}
		if len(l.Small) > 0 {
			t.Errorf("%s at %d px: %d words under %d px: %v", what, w, len(l.Small), MinPhonePx, head(l.Small))
		}
		if len(l.Clipped) > 0 {
			t.Errorf("%s at %d px: %d words clipped: %v", what, w, len(l.Clipped), head(l.Clipped))
		}
	}
}

func head(s []string) []string {
	if len(s) > 8 {
		return append(s[:8:8], fmt.Sprintf("and %d more", len(s)-8))
	}
	return s
}
