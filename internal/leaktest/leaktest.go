// Package leaktest finds the words of a page that did not come through the
// catalog: rendered in the pseudo-locale (catalog.Pseudo), every message
// stands between ⟦ and ⟧, so a visible run of letters outside them was
// written somewhere else (a template, a script, the server's English). Tests
// only.
package leaktest

import (
	"bytes"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"fieldkit/catalog"

	"golang.org/x/net/html"
)

// Exempt are the runs a page may show without the catalog: the product's
// name, codes and numbers. Tests add player names and deck words.
var Exempt = []string{"fieldkit"}

var (
	bracketed = regexp.MustCompile(`⟦[^⟦⟧]*⟧`) // the innermost: a message may say another in it
	letters   = regexp.MustCompile(`\p{L}{2,}`)
	code      = regexp.MustCompile(`^[A-Z0-9]+(?:-[A-Z0-9]+)*$`)
)

// Leaks returns the runs of letters of text that stand outside ⟦...⟧ and
// are not exempt (Exempt, extra, codes such as "W4NQR-FBS8W-UA", and
// addresses).
func Leaks(text string, extra ...string) []string {
	rest := text
	for bracketed.MatchString(rest) {
		rest = bracketed.ReplaceAllString(rest, " ")
	}
	var out []string
	for _, w := range strings.Fields(rest) {
		w = strings.Trim(w, ".,:;!?()[]{}\"'«»„”“·…-–—/#%+*=<>|")
		if !letters.MatchString(w) || code.MatchString(w) || strings.Contains(w, "://") {
			continue // no word, a code or an address
		}
		if slices.ContainsFunc(append(Exempt, extra...), func(e string) bool { return strings.EqualFold(e, w) }) {
			continue
		}
		out = append(out, w)
	}
	return out
}

// HTML returns the leaks of a page's HTML: its text (scripts, styles and
// <code> left out) and the attributes people read (title, placeholder, alt,
// aria-label, value of buttons).
func HTML(page []byte, extra ...string) []string {
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		return []string{"unparsable page: " + err.Error()}
	}
	var out []string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.Data {
			case "script", "style", "code":
				return
			}
			for _, a := range n.Attr {
				switch a.Key {
				case "title", "placeholder", "alt", "aria-label":
					out = append(out, Leaks(a.Val, extra...)...)
				}
			}
		}
		if n.Type == html.TextNode {
			out = append(out, Leaks(n.Data, extra...)...)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return out
}

// Script is a browser expression that lists, as a JSON array of strings,
// the visible texts of the page (text nodes that are rendered, and the
// attributes people read) for Leaks; and Overflows one that lists the
// elements whose text does not fit their box.
const Script = `(() => {
  const out = [];
  const split = new Set(); // words cut into pieces to break across lines: read whole
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const p = n.parentElement;
    if (!p || p.closest("script, style, code, [hidden]") || !n.nodeValue.trim()) continue;
    const whole = p.closest("[data-whole]");
    if (whole) { if (!split.has(whole)) { split.add(whole); out.push(whole.dataset.whole); } continue; }
    const r = p.getBoundingClientRect();
    const cs = getComputedStyle(p);
    if (r.width === 0 || r.height === 0 || cs.visibility === "hidden" || cs.display === "none") continue;
    out.push(n.nodeValue.trim());
  }
  for (const a of ["title", "placeholder", "alt", "aria-label"])
    for (const e of document.querySelectorAll("[" + a + "]")) out.push(e.getAttribute(a));
  for (const o of document.querySelectorAll("option")) out.push(o.textContent);
  out.push(document.title);
  return out;
})()`

// Overflows is a browser expression listing elements whose text overflows
// their box sideways (scrollWidth over clientWidth), and the page's own
// sideways scroll, as JSON strings.
const Overflows = `(() => {
  const out = [];
  if (document.documentElement.scrollWidth > window.innerWidth + 1)
    out.push("the page scrolls sideways: " + document.documentElement.scrollWidth + " > " + window.innerWidth);
  for (const e of document.body.querySelectorAll("*")) {
    if (e.closest("[hidden]") || !e.textContent.trim() || e.children.length > 0) continue;
    const cs = getComputedStyle(e);
    if (cs.display === "none" || cs.overflowX === "auto" || cs.overflowX === "scroll") continue;
    if (e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0)
      out.push(e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className ? "." + String(e.className).split(" ")[0] : "") + ": " + e.textContent.trim().slice(0, 40) + " (" + e.scrollWidth + " > " + e.clientWidth + ")");
  }
  return out;
})()`

// Get fetches url as a device that chose the pseudo-locale and returns the
// status and the body.
func Get(t testing.TB, url string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.AddCookie(&http.Cookie{Name: "fieldkit-lang", Value: catalog.Pseudo})
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, b
}

// Check fetches each page in the pseudo-locale and fails the test on every
// leak, naming the page.
func Check(t testing.TB, pages map[string]string, extra ...string) {
	t.Helper()
	for name, url := range pages {
		code, b := Get(t, url)
		if code >= 500 {
			t.Errorf("%s: GET %s = %d", name, url, code)
		}
		if !bytes.Contains(b, []byte(`lang="`+catalog.Pseudo+`"`)) {
			t.Errorf("%s: the page is not in the pseudo-locale (no lang=%q)", name, catalog.Pseudo)
		}
		if l := HTML(b, extra...); len(l) > 0 {
			t.Errorf("%s: words that did not come through the catalog: %q", name, l)
		}
	}
}
