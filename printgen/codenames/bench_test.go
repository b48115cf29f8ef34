package codenames

import (
	"fieldkit/printgen"
	"io"
	"testing"
)

// countingWriter counts bytes written.
type countingWriter struct{ n int }

func (c *countingWriter) Write(b []byte) (int, error) { c.n += len(b); return len(b), nil }

var _ io.Writer = (*countingWriter)(nil)

// BenchmarkDeck400 prints a full 400-card deck (800 words) and 40 key cards
// (20 Duet, 20 classic) to PDF: the goal is under 2 seconds. It reports the
// file sizes.
func BenchmarkDeck400(b *testing.B) {
	s := testSet(b, 800, 20, 20, printgen.Options{Paper: printgen.A4})
	var words, duet, classic countingWriter
	for b.Loop() {
		words, duet, classic = countingWriter{}, countingWriter{}, countingWriter{}
		if _, err := printgen.WritePDF(&words, "words", []printgen.Section{{Name: "word cards", Pieces: WordCards(s.Deck)}}, s.Options); err != nil {
			b.Fatal(err)
		}
		if _, err := printgen.WritePDF(&duet, "duet", []printgen.Section{{Name: "Duet key cards", Pieces: DuetKeyCards(s.Duet, 1, "", en)}}, s.Options); err != nil {
			b.Fatal(err)
		}
		if _, err := printgen.WritePDF(&classic, "classic", []printgen.Section{{Name: "classic key cards", Pieces: ClassicKeyCards(s.Classic, 1, en)}}, s.Options); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(words.n)/1e6, "words-MB")
	b.ReportMetric(float64(duet.n+classic.n)/1e6, "keycards-MB")
}

// BenchmarkRenderWordFace draws one word face at 300 dpi with bleed, as --png does.
func BenchmarkRenderWordFace(b *testing.B) {
	s := testSet(b, 26, 0, 0, printgen.Options{})
	f := WordCards(s.Deck)[0].Front
	for b.Loop() {
		if _, err := printgen.RenderFace(f, 300, printgen.Bleed, false); err != nil {
			b.Fatal(err)
		}
	}
}
