package textrule

import (
	"errors"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"fieldkit/catalog"
	"fieldkit/engine"
)

func TestClean(t *testing.T) {
	for _, c := range []struct {
		name, in, want string
		problem        string // "" when Clean accepts in
	}{
		{"plain", "Ada", "Ada", ""},
		{"zero-width space", "Ada\u200b", "Ada", ""},
		{"zero-width space inside", "A\u200bda", "Ada", ""},
		{"zero-width joiner and non-joiner", "A\u200dd\u200ca", "Ada", ""},
		{"word joiner and BOM", "\ufeffAda\u2060", "Ada", ""},
		{"soft hyphen", "Ada\u00ad", "Ada", ""},
		{"right-to-left override", "\u202eadA", "adA", ""},
		{"right-to-left isolate", "\u2067Ada\u2069", "Ada", ""},
		{"direction marks", "\u200eAda\u200f", "Ada", ""},
		{"Hangul filler", "Ada\u3164", "Ada", ""},
		{"only invisible", "\u200b\u202e\u3164", "", "text.blank"},
		{"empty", "", "", "text.blank"},
		{"spaces", "  \u00a0 ", "", "text.blank"},
		{"braille blank", "\u2800", "", "text.blank"},
		{"lone combining accent", "\u0301", "", "text.blank"},
		{"fullwidth", "Ａｄａ", "Ada", ""},
		{"ligature", "ﬁsh", "fish", ""},
		{"NFD Zoë", "Zoe\u0308", "Zoë", ""},
		{"NFC Zoë", "Zo\u00eb", "Zoë", ""},
		{"Polish", "Łucja Źdźbło", "Łucja Źdźbło", ""},
		{"Czech", "Řehoř Čížek", "Řehoř Čížek", ""},
		{"Portuguese", "João São", "João São", ""},
		{"case kept", "aDa", "aDa", ""},
		{"spaces folded", "  Ada\u00a0\u3000 Lovelace ", "Ada Lovelace", ""},
		{"emoji", "Ada 😀", "Ada 😀", ""},
		{"emoji with variation selector", "❤\ufe0f", "❤", ""},
		{"emoji with skin tone", "👍🏽", "👍🏽", ""},
		{"emoji joined", "👩\u200d💻", "👩💻", ""},
		{"Cyrillic", "Анна", "Анна", ""},
		{"newline", "Ada\nBob", "", "text.char"},
		{"tab", "Ada\tBob", "", "text.char"},
		{"NUL", "Ada\x00", "", "text.char"},
		{"private use", "Ada\ue000", "", "text.char"},
		{"unassigned", "Ada\u0378", "", "text.char"},
		{"not UTF-8", "Ada\xff", "", "text.char"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := Clean(c.in)
			var p *Problem
			switch {
			case c.problem == "" && err != nil:
				t.Fatalf("Clean(%+q) = %v; want %+q", c.in, err, c.want)
			case c.problem != "" && !errors.As(err, &p):
				t.Fatalf("Clean(%+q) = %+q, %v; want problem %s", c.in, got, err, c.problem)
			case c.problem != "" && p.ID != c.problem:
				t.Fatalf("Clean(%+q): problem %s (%v); want %s", c.in, p.ID, p, c.problem)
			case got != c.want:
				t.Fatalf("Clean(%+q) = %+q; want %+q", c.in, got, c.want)
			}
		})
	}
}

func TestAlike(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"Ada", "Ada\u200b", true},
		{"Ada", "\u202eAda", true},
		{"Ada", "ada", true},
		{"Ada", "Ａｄａ", true},
		{"Ada", " Ada ", true},
		{"Zo\u00eb", "Zoe\u0308", true},
		{"Ada Lovelace", "Ada  Lovelace", true},
		{"Łucja", "Lucja", false}, // a diacritic is a different name
		{"Řehoř", "Rehor", false},
		{"Ada", "Adam", false},
		{"adA", "Ada", true},        // case only
		{"\u200b", "\u202e", false}, // neither is a name
	} {
		if got := Alike(c.a, c.b); got != c.want {
			t.Errorf("Alike(%+q, %+q) = %v; want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestDistinct(t *testing.T) {
	for _, c := range []struct {
		in   []string
		i, j int
		ok   bool
	}{
		{[]string{"Ada", "Bob", "Cy"}, 0, 0, true},
		{[]string{"Ada", "Bob", "Ada\u200b"}, 0, 2, false},
		{[]string{"Bob", "\u202eadA", "Cy", "adA"}, 1, 3, false},
		{[]string{"Łucja", "Lucja"}, 0, 0, true},
	} {
		i, j, ok := Distinct(c.in)
		if i != c.i || j != c.j || ok != c.ok {
			t.Errorf("Distinct(%+q) = %d, %d, %v; want %d, %d, %v", c.in, i, j, ok, c.i, c.j, c.ok)
		}
	}
}

func TestCheck(t *testing.T) {
	kind := errors.New("bad setup")
	field := catalog.M("text.field.player", "n", 2)
	if got, err := Check(kind, field, "Ada\u200b"); err != nil || got != "Ada" {
		t.Errorf("Check(Ada+ZWSP) = %q, %v; want Ada", got, err)
	}
	for in, id := range map[string]string{"Ada\n": "text.char", "\u200b": "text.blank"} {
		_, err := Check(kind, field, in)
		var r *engine.Refusal
		if !errors.As(err, &r) || r.ID != id || !errors.Is(err, kind) {
			t.Fatalf("Check(%+q) = %v; want a %s refusal of kind %v", in, err, id, kind)
		}
		if r.Args["field"] == nil {
			t.Errorf("Check(%+q): the refusal does not name the field: %v", in, r.Args)
		}
		for _, lang := range catalog.Langs {
			if s := catalog.Of(r).In(lang); strings.Contains(s, "text.") {
				t.Errorf("%s: %q has a message id in it", lang, s)
			}
		}
	}
}

// FuzzClean checks what Clean promises for any input: valid text, with no
// control or invisible characters, something visible, no space at either
// end, the same after cleaning again (idempotent), and alike to the input.
func FuzzClean(f *testing.F) {
	for _, s := range []string{"Ada", "Ada\u200b", "\u202eadA", "Ａｄａ", "Zoe\u0308", "Łucja", "Řehoř", "❤\ufe0f", "👩\u200d💻", "a\nb", "\u3164", " a  b ", "ﬁ", "\xff", "\u0301a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Clean(s)
		if err != nil {
			var p *Problem
			if !errors.As(err, &p) || (p.ID != "text.char" && p.ID != "text.blank") {
				t.Fatalf("Clean(%+q): %v is not a Problem", s, err)
			}
			return
		}
		if !utf8.ValidString(c) {
			t.Fatalf("Clean(%+q) = %+q: not UTF-8", s, c)
		}
		for _, r := range c {
			if unicode.IsControl(r) || invisible(r) {
				t.Fatalf("Clean(%+q) = %+q: holds %U", s, c, r)
			}
		}
		if strings.IndexFunc(c, visible) < 0 || strings.TrimSpace(c) != c || strings.Contains(c, "  ") {
			t.Fatalf("Clean(%+q) = %+q: blank, or spaces at an end or doubled", s, c)
		}
		again, err := Clean(c)
		if err != nil || again != c {
			t.Fatalf("Clean(Clean(%+q)) = %+q, %v; want %+q", s, again, err, c)
		}
		if !Alike(s, c) {
			t.Fatalf("Alike(%+q, Clean(it) = %+q) is false", s, c)
		}
	})
}

func BenchmarkClean(b *testing.B) {
	for _, s := range []string{"Ada", "Łucja Źdźbło", "\u202eＡｄａ\u200b"} {
		b.Run(s, func(b *testing.B) {
			for b.Loop() {
				Clean(s)
			}
		})
	}
}

// TestCleanLengthens: text that NFKC makes much longer is cleaned, not a
// panic of x/text's PRECIS transformer (FuzzClean found "㌉㌉").
func TestCleanLengthens(t *testing.T) {
	for _, s := range []string{"㌉㌉", "㌉㌉㌉㌉㌉㌉㌉㌉", "ﷺﷺﷺ", strings.Repeat("㍻", 30)} {
		c, err := Clean(s)
		if err != nil || c == "" || !Alike(s, c) {
			t.Errorf("Clean(%+q) = %+q, %v; want it cleaned", s, c, err)
		}
	}
}
