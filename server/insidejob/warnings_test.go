package insidejob

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	warnCall   = regexp.MustCompile(`(?:warn\(|Warnings = append\(obs\.Warnings, (?:fmt\.Sprintf\()?)"((?:[^"\\]|\\.)*)"`)
	verb       = regexp.MustCompile(`%[sdvq]`)
	catalogKey = regexp.MustCompile(`(?m)^\s*"((?:[^"\\]|\\.)*)":\s*"`)
)

// TestWarningsTranslated checks that every warning the host page shows for
// a photo or the camera (the referee's, here, and the trick reader's, in
// scan/insidejob) is in the Polish, Czech and Portuguese catalogs, with its
// values as {0}, {1}...: a new warning without its translations fails.
func TestWarningsTranslated(t *testing.T) {
	var warnings []string
	for _, f := range []string{"referee.go", filepath.Join("..", "..", "scan", "insidejob", "observe.go"), filepath.Join("..", "..", "scan", "insidejob", "geometry.go")} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range warnCall.FindAllSubmatch(b, -1) {
			n := -1
			key := verb.ReplaceAllStringFunc(string(m[1]), func(string) string { n++; return fmt.Sprintf("{%d}", n) })
			warnings = append(warnings, key)
		}
	}
	if len(warnings) < 20 {
		t.Fatalf("found %d warnings in the sources, want the 20 or more there are: %q", len(warnings), warnings)
	}
	for _, lang := range []string{"pl", "cs", "pt"} {
		b, err := os.ReadFile(filepath.Join("..", "assets", "static", "msg", lang+".js"))
		if err != nil {
			t.Fatal(err)
		}
		keys := map[string]bool{}
		for _, m := range catalogKey.FindAllSubmatch(b, -1) {
			keys[strings.ReplaceAll(string(m[1]), `\"`, `"`)] = true
		}
		for _, w := range warnings {
			if !keys[w] {
				t.Errorf("%s.js has no translation of the warning %q", lang, w)
			}
		}
	}
}
