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
