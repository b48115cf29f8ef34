package codenames

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
)

var (
	catalogKey = regexp.MustCompile(`(?m)^\s*"((?:[^"\\]|\\.)*)":\s*"`)
	tCall      = regexp.MustCompile(`fk\.t\("((?:[^"\\]|\\.)*)"`)
	tMap       = regexp.MustCompile(`fk\.t\(\{([^}]*)\}`)
	mapValue   = regexp.MustCompile(`:\s*"((?:[^"\\]|\\.)*)"`)
)

// TestCatalogs checks the pages' message catalogs: Polish, Czech and
// Portuguese hold the same messages, and every message the scripts
// translate is in each of them.
func TestCatalogs(t *testing.T) {
	keys := map[string][]string{}
	for _, lang := range []string{"pl", "cs", "pt"} {
		b, err := os.ReadFile(filepath.Join("..", "assets", "static", "msg", lang+".js"))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range catalogKey.FindAllSubmatch(b, -1) {
			keys[lang] = append(keys[lang], string(m[1]))
		}
		if len(keys[lang]) < 100 {
			t.Fatalf("%s.js holds %d messages", lang, len(keys[lang]))
		}
	}
	for _, lang := range []string{"cs", "pt"} {
		for _, k := range keys["pl"] {
			if !slices.Contains(keys[lang], k) {
				t.Errorf("%s.js has no %q", lang, k)
			}
		}
		for _, k := range keys[lang] {
			if !slices.Contains(keys["pl"], k) {
				t.Errorf("%s.js has %q, which pl.js has not", lang, k)
			}
		}
	}
	scripts, _ := filepath.Glob(filepath.Join("assets", "static", "*.js"))
	more, _ := filepath.Glob(filepath.Join("..", "assets", "static", "*.js"))
	for _, f := range append(scripts, more...) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var used []string
		for _, m := range tCall.FindAllSubmatch(b, -1) {
			used = append(used, string(m[1]))
		}
		for _, m := range tMap.FindAllSubmatch(b, -1) {
			for _, v := range mapValue.FindAllSubmatch(m[1], -1) {
				used = append(used, string(v[1]))
			}
		}
		for _, k := range used {
			if !slices.Contains(keys["pl"], k) {
				t.Errorf("%s translates %q, which the catalogs lack", filepath.Base(f), k)
			}
		}
	}
}
