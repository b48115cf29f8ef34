// Package catalogtest reads the pages' message catalogs
// (server/assets/static/msg/LANG.js) as the pages match them (app.js
// fk.match and fk.errorMatch), for tests that check a text the players can
// meet is said in their language. Tests only.
package catalogtest

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var (
	key         = regexp.MustCompile(`(?m)^\s*"((?:[^"\\]|\\.)*)":\s*"`)
	placeholder = regexp.MustCompile(`\\\{\d\\\}|\{\d\}`)
)

// Catalog is one language's messages: the keys, and the keys with values
// ({0}, {1}...) as patterns.
type Catalog struct {
	Keys     map[string]bool
	patterns []*regexp.Regexp
}

// Read reads the catalog of lang from dir (server/assets/static/msg).
func Read(t testing.TB, dir, lang string) Catalog {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, lang+".js"))
	if err != nil {
		t.Fatal(err)
	}
	c := Catalog{Keys: map[string]bool{}}
	for _, m := range key.FindAllSubmatch(b, -1) {
		k := strings.ReplaceAll(string(m[1]), `\"`, `"`)
		c.Keys[k] = true
		if strings.Contains(k, "{0}") {
			re := placeholder.ReplaceAllString(regexp.QuoteMeta(k), `(.+?)`)
			c.patterns = append(c.patterns, regexp.MustCompile("(?s)^"+re+"$"))
		}
	}
	return c
}

// Match says whether the pages translate s whole, with short values (no
// clause: no ": " or "; "), as app.js fk.match(s, true) does.
func (c Catalog) Match(s string) bool {
	if c.Keys[s] {
		return true
	}
	for _, re := range c.patterns {
		if m := re.FindStringSubmatch(s); m != nil && !slices.ContainsFunc(m[1:], func(v string) bool { return strings.Contains(v, ": ") || strings.Contains(v, "; ") }) {
			return true
		}
	}
	return false
}

// Says mirrors app.js fk.errorMatch: s whole, or "reason: detail" with both
// parts said.
func (c Catalog) Says(s string) bool {
	if c.Match(s) {
		return true
	}
	head, rest, ok := strings.Cut(s, ": ")
	return ok && c.Match(head) && c.Says(rest)
}

// Langs are the languages the pages speak besides English.
var Langs = []string{"pl", "cs", "pt"}

// CheckSaid fails t for each text in texts (at least min of them, or the
// collection went wrong) that a catalog of Langs in dir cannot say.
func CheckSaid(t testing.TB, dir string, texts []string, min int) {
	t.Helper()
	if len(texts) < min {
		t.Fatalf("only %d texts collected, want %d or more: %q", len(texts), min, texts)
	}
	for _, lang := range Langs {
		c := Read(t, dir, lang)
		for _, s := range texts {
			if !c.Says(s) {
				t.Errorf("%s.js cannot say %q", lang, s)
			}
		}
	}
}

// Sorted returns the texts of a set, sorted.
func Sorted(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}
