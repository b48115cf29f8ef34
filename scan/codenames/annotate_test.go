package codenames_test

import (
	"bytes"
	"flag"
	"strings"
	"testing"
	"unicode"

	"fieldkit/deck"
	"fieldkit/internal/scene"
	"fieldkit/scan/codenames"
	"fieldkit/wordlists"

	"gocv.io/x/gocv"
)

var annotated = flag.String("annotated", "", "write TestAnnotateDiacritics' picture to this PNG file, to look at")

// langDeck is a deck of the built-in word list for lang.
func langDeck(t testing.TB, lang string) *deck.Deck {
	t.Helper()
	l, err := wordlists.Builtin(lang)
	if err != nil {
		t.Fatal(err)
	}
	d, err := deck.New(l.Name, l.Lang, l.Words, 7)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// annotatedScene scans a square-on, sharp 1080p scene of deck d with four
// covers, a timer and the guess token.
func annotatedScene(t testing.TB, d *deck.Deck) (*scene.Scene, codenames.Observation, codenames.Deck) {
	t.Helper()
	g := scene.NewGenerator(d)
	defer g.Close()
	p := scene.Params{Seed: 3, Size: scene.Size1080p, Fill: 0.92, Rotate: 2, Tilt: 10, Dist: 2,
		Gap: 6, Covers: 4, Duet: true, Timers: 1, Guess: true, Light: 1}
	sc, err := g.Scene(p)
	if err != nil {
		t.Fatal(err)
	}
	sd := codenames.FromDeck(d)
	obs, err := (&codenames.Scanner{Deck: sd}).Scan(sc.Frame)
	if err != nil || !obs.OK {
		sc.Close()
		t.Fatalf("Scan = %v, %v (%s); want a read grid", obs.OK, err, obs.Reason)
	}
	return sc, obs, sd
}

// BenchmarkAnnotate1080p measures drawing a read 1080p frame's annotation
// (25 cells of Polish words, covers, a timer, the token):
//
//	go test -run '^$' -bench Annotate -benchtime 100x ./scan/codenames
func BenchmarkAnnotate1080p(b *testing.B) {
	sc, obs, d := annotatedScene(b, langDeck(b, "pl"))
	defer sc.Close()
	b.ResetTimer()
	for range b.N {
		out, err := codenames.Annotate(sc.Frame, &obs, d, "pl")
		if err != nil {
			b.Fatal(err)
		}
		out.Close()
	}
}

// TestAnnotateDiacritics annotates a scene of Polish word cards and checks
// that the words are drawn letter for letter: the picture differs from the
// one with every letter beyond ASCII drawn as '?' (what OpenCV's Hershey
// font made of them), and from the one with the words left out.
func TestAnnotateDiacritics(t *testing.T) {
	sc, obs, d := annotatedScene(t, langDeck(t, "pl"))
	defer sc.Close()
	asQuery := obs
	noWords := obs
	accented := 0
	for r := range 5 {
		for c := range 5 {
			w := obs.Cells[r][c].Word
			if strings.ContainsFunc(w, func(c rune) bool { return c > unicode.MaxASCII }) {
				accented++
			}
			asQuery.Cells[r][c].Word = strings.Map(func(c rune) rune {
				if c > unicode.MaxASCII {
					return '?'
				}
				return c
			}, w)
			noWords.Cells[r][c].Word = ""
		}
	}
	if accented == 0 {
		t.Fatal("the Polish scene shows no word with diacritics; pick another seed")
	}
	draw := func(o codenames.Observation, save string) []byte {
		out, err := codenames.Annotate(sc.Frame, &o, d, "pl")
		if err != nil {
			t.Fatalf("Annotate: %v", err)
		}
		defer out.Close()
		if out.Rows() != sc.Frame.Rows() || out.Cols() != sc.Frame.Cols() {
			t.Fatalf("Annotate = %dx%d image, want %dx%d", out.Cols(), out.Rows(), sc.Frame.Cols(), sc.Frame.Rows())
		}
		if save != "" && !gocv.IMWrite(save, out) {
			t.Errorf("could not write %s", save)
		}
		return out.ToBytes()
	}
	got := draw(obs, *annotated)
	for name, o := range map[string]codenames.Observation{"'?' for letters beyond ASCII": asQuery, "no words": noWords} {
		if bytes.Equal(got, draw(o, "")) {
			t.Errorf("%d words with diacritics: the annotation is the same as with %s", accented, name)
		}
	}
}
