package catalog

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var (
	placeholder = regexp.MustCompile(`\{([A-Za-z0-9_]+)\}`)
	idShape     = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)
)

// names returns the {names} of every text of e, sorted and unique.
func names(e Entry) []string {
	var out []string
	texts := []string{e.Text}
	for _, v := range e.Forms {
		texts = append(texts, v)
	}
	for _, s := range texts {
		for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
			out = append(out, m[1])
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestComplete: every message has every language, with the same arguments,
// and the plural forms each language's CLDR rules ask for.
func TestComplete(t *testing.T) {
	en := catalogs["en"]
	if len(en) == 0 {
		t.Fatal("no English catalog")
	}
	for _, lang := range Langs {
		c := catalogs[lang]
		for id, e := range en {
			if !idShape.MatchString(id) {
				t.Errorf("id %q: want letters, digits, '.', '_' or '-'", id)
			}
			le, ok := c[id]
			if !ok {
				t.Errorf("%s lacks %q (en: %q)", lang, id, e.Text)
				continue
			}
			if le.Text == "" && le.Forms == nil {
				t.Errorf("%s: %q is empty", lang, id)
			}
			// A translation may leave out an argument English needs (a
			// plural's count said by the form), never name one it lacks.
			for _, n := range names(le) {
				if !slices.Contains(names(e), n) {
					t.Errorf("%s: %q names {%s}, which English does not have (%v)", lang, id, n, names(e))
				}
			}
			if (e.Forms == nil) != (le.Forms == nil) {
				t.Errorf("%s: %q has plural forms and en does not, or the other way", lang, id)
			}
			if le.Forms != nil {
				for n := 0; n <= 200; n++ {
					if f := Form(lang, n); le.Forms[f] == "" {
						t.Errorf("%s: %q lacks the %q form (for %d)", lang, id, f, n)
						break
					}
				}
			}
		}
		for id := range c {
			if _, ok := en[id]; !ok {
				t.Errorf("%s has %q, which English lacks", lang, id)
			}
		}
	}
}

// sources returns the text of every production source of the module: Go
// (tests left out), JavaScript and HTML.
func sources(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	root := ".."
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == ".git" || n == "testdata" || n == "bin" || n == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		n := d.Name()
		if strings.HasSuffix(n, "_test.go") || !(strings.HasSuffix(n, ".go") || strings.HasSuffix(n, ".js") || strings.HasSuffix(n, ".html")) {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		b.Write(data)
		b.WriteByte('\n')
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// uses finds ids named in the sources through the ways of saying a message:
// catalog.M("id"...), catalog.Text(lang, "id"...), fk.t("id"...),
// fk.say("id"...), data-t="id" and data-t-*="id".
var uses = regexp.MustCompile(`(?:\bM\(|\bText\([^,()]+,\s*|\bfk\.t\(|\bfk\.say\(|\bdata-t(?:-[a-z]+)?=)\s*["'` + "`" + `]([A-Za-z0-9][A-Za-z0-9_.-]*)["'` + "`" + `]`)

// TestUsed: every message is used by some production source, named there
// whole (an id built from pieces is written out in a table instead), and
// every id a source says is in the catalog.
func TestUsed(t *testing.T) {
	src := sources(t)
	for _, id := range IDs("en") {
		if !strings.Contains(src, `"`+id+`"`) && !strings.Contains(src, `'`+id+`'`) && !strings.Contains(src, "`"+id+"`") {
			t.Errorf("nothing uses %q (%q)", id, catalogs["en"][id].Text)
		}
	}
	for _, m := range uses.FindAllStringSubmatch(src, -1) {
		if !Known(m[1]) && strings.Contains(m[1], ".") {
			t.Errorf("a source says %q, which the catalog lacks", m[1])
		}
	}
}
