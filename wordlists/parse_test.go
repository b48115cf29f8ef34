package wordlists

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"fieldkit/internal/golden"
)

// filler returns n distinct good lines, for lists that must be long enough.
func filler(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "FILLER%c%c\n", 'A'+i/26, 'A'+i%26)
	}
	return b.String()
}

// problems renders the problems of err compactly, one per element.
func problems(t *testing.T, err error) []string {
	t.Helper()
	if err == nil {
		return nil
	}
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v is a %T, want *ParseError", err, err)
	}
	var out []string
	for _, p := range pe.Problems {
		out = append(out, fmt.Sprintf("%d %s: %s", p.Line, p.Kind, p.Msg))
	}
	return out
}

var parseTests = []struct {
	name  string
	in    string
	words []string // the first words of the list when it parses; nil to skip
	probs []string // expected problems, "LINE KIND: MESSAGE"
}{
	{
		name:  "good",
		in:    "# party words\n\n  kot  \nŻółw\n\tice   cream\n" + filler(22),
		words: []string{"KOT", "ŻÓŁW", "ICE CREAM", "FILLERAA"},
	},
	{
		name:  "exactly 25",
		in:    filler(25),
		words: []string{"FILLERAA"},
	},
	{
		name:  "windows line endings and byte order mark",
		in:    "\uFEFFkot\r\npies\r\n" + strings.ReplaceAll(filler(23), "\n", "\r\n"),
		words: []string{"KOT", "PIES", "FILLERAA"},
	},
	{
		name:  "upper-casing",
		in:    "straße\nﬁsh\nčtyřlístek\ncoração\n" + filler(21),
		words: []string{"STRASSE", "FISH", "ČTYŘLÍSTEK", "CORAÇÃO"},
	},
	{
		name:  "combining accents are made precomposed",
		in:    "z\u0307o\u0301łw\nc\u030Ctyr\u030Cli\u0301stek\n" + filler(23),
		words: []string{"ŻÓŁW", "ČTYŘLÍSTEK"},
	},
	{
		name:  "fifteen characters fit, counted with accents as one",
		in:    "abcdefghijklmno\nz\u0307z\u0307z\u0307z\u0307z\u0307z\u0307z\u0307z\u0307z\u0307z\u0307z\u0307z\u0307z\u0307z\u0307z\u0307\n" + filler(23),
		words: []string{"ABCDEFGHIJKLMNO", "ŻŻŻŻŻŻŻŻŻŻŻŻŻŻŻ"},
	},
	{
		name:  "zero-width joiners are spelling",
		in:    "ab\u200Ccd\n" + filler(24),
		words: []string{"AB\u200CCD"},
	},
	{
		name:  "duplicate after case folding",
		in:    "ŻÓŁW\nkot\nżółw\n" + filler(25),
		probs: []string{"3 duplicate: ŻÓŁW repeats line 1; delete one of them"},
	},
	{
		name:  "duplicate after normalisation",
		in:    "ŻÓŁW\nZ\u0307O\u0301ŁW\n" + filler(25),
		probs: []string{"2 duplicate: ŻÓŁW repeats line 1; delete one of them"},
	},
	{
		name:  "duplicate sharp s",
		in:    "Straße\nSTRASSE\n" + filler(25),
		probs: []string{"2 duplicate: STRASSE repeats line 1; delete one of them"},
	},
	{
		name:  "duplicate that looks alike: fullwidth",
		in:    "kot\nＫＯＴ\n" + filler(25),
		probs: []string{"2 duplicate: ＫＯＴ repeats line 1; delete one of them"},
	},
	{
		name:  "duplicate that looks alike: a zero-width non-joiner",
		in:    "kot\nk\u200Cot\n" + filler(25),
		probs: []string{"2 duplicate: K\u200COT repeats line 1; delete one of them"},
	},
	{
		name:  "duplicate with other spacing",
		in:    "ice cream\nICE   CREAM\n" + filler(25),
		probs: []string{"2 duplicate: ICE CREAM repeats line 1; delete one of them"},
	},
	{
		name: "too long",
		in:   "abcdefghijklmnop\nnajdłuższesłowoświata\n" + filler(25),
		probs: []string{
			"1 too long: ABCDEFGHIJKLMNOP has 16 characters, a card fits at most 15; choose a shorter word",
			"2 too long: NAJDŁUŻSZESŁOWOŚWIATA has 21 characters, a card fits at most 15; choose a shorter word",
		},
	},
	{
		name:  "sharp s grows when upper-cased",
		in:    "straßestraßestr\n" + filler(25),
		probs: []string{"1 too long: STRASSESTRASSESTR has 17 characters, a card fits at most 15; choose a shorter word"},
	},
	{
		name: "invalid UTF-8",
		in:   "kot\xff\n\xc5\n" + filler(25),
		probs: []string{
			"1 invalid UTF-8: invalid UTF-8: byte 4 of the line is 0xFF; save the file as UTF-8",
			"2 invalid UTF-8: invalid UTF-8: byte 1 of the line is 0xC5; save the file as UTF-8",
		},
	},
	{
		name:  "Windows-1250 is not UTF-8",
		in:    "\xafӣW\n" + filler(25),
		probs: []string{"1 invalid UTF-8: invalid UTF-8: byte 1 of the line is 0xAF; save the file as UTF-8"},
	},
	{
		name:  "replacement character",
		in:    "\uFFFDÓŁW\n" + filler(25),
		probs: []string{"1 invalid UTF-8: replacement character U+FFFD at character 1: a conversion from another encoding lost a letter here; retype the word"},
	},
	{
		name: "control characters",
		in:   "a\x01b\n  ice\tcream\nkot\rpies\nx\x00\x7f\u200By\n" + filler(25),
		probs: []string{
			"1 control character: control character U+0001 at character 2; delete it",
			"2 control character: tab (U+0009) at character 6; put one word per line, or a space between the parts of one",
			"3 control character: carriage return (U+000D) at character 4; save the file with Unix or Windows line endings",
			"4 control character: control character U+0000 at character 2; delete it (and 2 more such characters on this line)",
		},
	},
	{
		name:  "invisible character",
		in:    "ko\u200Bt\n" + filler(25),
		probs: []string{"1 invisible character: invisible character U+200B at character 3; delete it"},
	},
	{
		name:  "comment after a word",
		in:    "kot # a cat\n" + filler(25),
		probs: []string{`1 # in word: "kot # a cat" has a "#" after the word; a comment needs its own line starting with "#"`},
	},
	{
		name: "no letters",
		in:   "----\n42\n" + filler(25),
		probs: []string{
			`1 no letters: "----" has no letters; to keep it as a note, start the line with "#"`,
			`2 no letters: "42" has no letters; to keep it as a note, start the line with "#"`,
		},
	},
	{
		name:  "too few",
		in:    "# three words\nkot\npies\nmysz\n",
		probs: []string{"0 too few words: 3 usable words; a game needs at least 25, add 22 more"},
	},
	{
		name:  "empty",
		in:    "",
		probs: []string{"0 too few words: 0 usable words; a game needs at least 25, add 25 more"},
	},
	{
		name: "bad lines do not count",
		in:   "kot\nkot\n" + filler(23),
		probs: []string{
			"2 duplicate: KOT repeats line 1; delete one of them",
			"0 too few words: 24 usable words; a game needs at least 25, add 1 more",
		},
	},
}

func TestParse(t *testing.T) {
	for _, tt := range parseTests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Parse("test.txt", strings.NewReader(tt.in))
			got := problems(t, err)
			if !slices.Equal(got, tt.probs) {
				t.Fatalf("Parse(%q) problems:\n%s\nwant:\n%s", tt.in, strings.Join(got, "\n"), strings.Join(tt.probs, "\n"))
			}
			if err != nil {
				if l != nil {
					t.Errorf("Parse(%q) = %v and an error, want nil list", tt.in, l)
				}
				return
			}
			if l.Name != "test.txt" {
				t.Errorf("Name = %q, want test.txt", l.Name)
			}
			if len(l.Words) < len(tt.words) || !slices.Equal(l.Words[:len(tt.words)], tt.words) {
				t.Errorf("Parse(%q) words = %q, want them to start %q", tt.in, l.Words, tt.words)
			}
		})
	}
}

func TestParseCap(t *testing.T) {
	in := strings.Repeat("kot\n", MaxProblems+51) + filler(25)
	_, err := Parse("many.txt", strings.NewReader(in))
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("Parse = %v, want *ParseError", err)
	}
	if len(pe.Problems) != MaxProblems || pe.Omitted != 50 {
		t.Errorf("%d problems and %d omitted, want %d and 50", len(pe.Problems), pe.Omitted, MaxProblems)
	}
	if msg := err.Error(); !strings.HasSuffix(msg, "\nmany.txt: 50 more problems not shown") {
		t.Errorf("error ends %q, want it to count the problems not shown", msg[max(0, len(msg)-80):])
	}
}

func TestParseTooLarge(t *testing.T) {
	in := strings.Repeat("kot\n", MaxFileSize/4+1)
	_, err := Parse("big.txt", strings.NewReader(in))
	got := problems(t, err)
	want := []string{"0 file too large: file is larger than 1024 KiB; a word list has one word per line, is this the right file?"}
	if !slices.Equal(got, want) {
		t.Errorf("Parse(big) problems %q, want %q", got, want)
	}
}

func TestParseReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	_, err := Parse("x.txt", iotest.ErrReader(boom))
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "x.txt") {
		t.Errorf("Parse(failing reader) = %v, want it to wrap %v and name x.txt", err, boom)
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "party.words.txt")
	if err := os.WriteFile(path, []byte(filler(30)), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := Load(path)
	if err != nil {
		t.Fatalf("Load(%s): %v", path, err)
	}
	if l.Name != "party.words" || len(l.Words) != 30 {
		t.Errorf("Load = %q with %d words, want party.words with 30", l.Name, len(l.Words))
	}

	_, err = Load(filepath.Join(dir, "missing.txt"))
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Load(missing) = %v, want os.ErrNotExist", err)
	}

	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("kot\nKOT\n"+filler(30)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Load(bad)
	if want := bad + ":2: KOT repeats line 1; delete one of them"; err == nil || err.Error() != want {
		t.Errorf("Load(bad) = %v, want %q", err, want)
	}
}

// TestGolden checks the whole report for a list with one of every problem,
// testdata/bad.txt, against testdata/bad.golden. Run with -update to rewrite it.
func TestGolden(t *testing.T) {
	_, err := Load("testdata/bad.txt")
	if err == nil {
		t.Fatal("Load(testdata/bad.txt) succeeded, want problems")
	}
	golden.Check(t, "testdata/bad.golden", []byte(err.Error()+"\n"))
}

func TestKindString(t *testing.T) {
	for k := InvalidUTF8; k <= TooLarge; k++ {
		if s := k.String(); s == "" || strings.HasPrefix(s, "Kind(") {
			t.Errorf("Kind(%d).String() = %q, want a name", int(k), s)
		}
	}
	if s := Kind(0).String(); s != "Kind(0)" {
		t.Errorf("Kind(0).String() = %q, want Kind(0)", s)
	}
}

func TestWriteTo(t *testing.T) {
	l := &List{Name: "two\nlines", Words: []string{"KOT", "ICE CREAM"}}
	var b strings.Builder
	n, err := l.WriteTo(&b)
	want := "# two lines\nKOT\nICE CREAM\n"
	if err != nil || b.String() != want || n != int64(len(want)) {
		t.Errorf("WriteTo = %d, %v, %q; want %d, nil, %q", n, err, b.String(), len(want), want)
	}
}

func TestNormalizeUpperLen(t *testing.T) {
	tests := []struct {
		in, norm, upper string
		n               int
	}{
		{"Żółw", "żółw", "ŻÓŁW", 4},
		{"z\u0307o\u0301łw", "żółw", "ŻÓŁW", 4},
		{"Straße", "strasse", "STRASSE", 7},
		{"  ice \t cream ", "ice cream", "ICE CREAM", 9},
		{"ǆungla", "ǆungla", "ǄUNGLA", 6},
		{"a\u0301\u0301", "á\u0301", "Á\u0301", 1},
	}
	for _, tt := range tests {
		if got := Normalize(tt.in); got != tt.norm {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.norm)
		}
		if got := Upper(tt.in); got != tt.upper {
			t.Errorf("Upper(%q) = %q, want %q", tt.in, got, tt.upper)
		}
		if got := Len(tt.upper); got != tt.n {
			t.Errorf("Len(%q) = %d, want %d", tt.upper, got, tt.n)
		}
	}
}

// FuzzParse checks that Parse never panics, that its problems are sane, and
// that a list it accepts survives WriteTo and Parse unchanged.
func FuzzParse(f *testing.F) {
	for _, tt := range parseTests {
		f.Add([]byte(tt.in))
	}
	files, _ := filepath.Glob("testdata/*.txt")
	lists, _ := filepath.Glob("lists/*.txt")
	for _, name := range append(files, lists...) {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Parse("fuzz.txt", bytes.NewReader(data))
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is a %T, want *ParseError", err, err)
			}
			lines := bytes.Count(data, []byte("\n")) + 1
			if len(pe.Problems) == 0 || len(pe.Problems) > MaxProblems {
				t.Fatalf("%d problems", len(pe.Problems))
			}
			for _, p := range pe.Problems {
				if p.Line < 0 || p.Line > lines || p.Msg == "" || strings.HasPrefix(p.Kind.String(), "Kind(") {
					t.Fatalf("bad problem %+v in a file of %d lines", p, lines)
				}
			}
			return
		}
		if len(l.Words) < MinWords {
			t.Fatalf("accepted %d words", len(l.Words))
		}
		seen := map[string]bool{}
		for _, w := range l.Words {
			if w != Upper(w) || Len(w) > MaxLen || seen[Normalize(w)] {
				t.Fatalf("accepted word %q (upper %q, %d characters, seen %v)", w, Upper(w), Len(w), seen[Normalize(w)])
			}
			seen[Normalize(w)] = true
		}
		var b bytes.Buffer
		if _, err := l.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		l2, err := Parse("fuzz.txt", &b)
		if err != nil {
			t.Fatalf("written list does not parse: %v\n%s", err, b.String())
		}
		if !slices.Equal(l.Words, l2.Words) {
			t.Fatalf("round trip changed the words:\n%q\n%q", l.Words, l2.Words)
		}
	})
}

// BenchmarkParse parses the largest built-in list, about 450 words.
func BenchmarkParse(b *testing.B) {
	data, err := builtinFS.ReadFile("lists/pl.txt")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Parse("pl.txt", bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

// TestLoadName: a list's name, printed on its deck sheet, is its file's name
// as every screen shows it (textrule): a file saved on a Mac has decomposed
// accents, and invisible characters go.
func TestLoadName(t *testing.T) {
	dir := t.TempDir()
	for file, want := range map[string]string{
		"Zoe\u0308.txt":             "Zoë",
		"\u202eimprezowe\u200b.txt": "imprezowe",
		"Słowa Łucji.txt":           "Słowa Łucji",
	} {
		path := filepath.Join(dir, file)
		if err := os.WriteFile(path, []byte(filler(30)), 0o644); err != nil {
			t.Fatal(err)
		}
		l, err := Load(path)
		if err != nil || l.Name != want {
			t.Errorf("Load(%+q) = %+q, %v; want the list %+q", file, l.Name, err, want)
			continue
		}
	}
}
