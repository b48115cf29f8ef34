package scan

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fieldkit/internal/golden"

	"gocv.io/x/gocv"
)

// labelWords are words of the built-in lists with letters beyond ASCII, and
// what OpenCV's Hershey font drew for them.
var labelWords = []struct{ word, ascii string }{
	{"ŻÓŁW", "????"},
	{"ČTYŘLÍSTEK", "?TY?L?STEK"},
	{"CORAÇÃO", "CORA??O"},
	{"GWÓŹDŹ", "GW????"},
}

// drawLabel draws text on a grey BGR image and returns its pixels.
func drawLabel(t *testing.T, text string) []byte {
	t.Helper()
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(128, 128, 128, 0), 40, 260, gocv.MatTypeCV8UC3)
	defer m.Close()
	if err := DrawText(&m, image.Pt(6, 30), text, LabelText, LabelOutline, 21, 2); err != nil {
		t.Fatalf("DrawText(%q): %v", text, err)
	}
	return m.ToBytes()
}

// TestLabelLetters checks that every letter of a word with diacritics is
// drawn: the label differs from the word with those letters as '?' and from
// the word without its accents, and matches the golden picture
// testdata/labels.png (go test -run TestLabelLetters -update ./scan).
func TestLabelLetters(t *testing.T) {
	strip := strings.NewReplacer("Ż", "Z", "Ó", "O", "Ł", "L", "Č", "C", "Ř", "R", "Í", "I", "Ç", "C", "Ã", "A", "Ź", "Z")
	sheet := image.NewRGBA(image.Rect(0, 0, 260, 40*len(labelWords)))
	for i, w := range labelWords {
		got := drawLabel(t, w.word)
		for _, other := range []string{w.ascii, strip.Replace(w.word)} {
			if bytes.Equal(got, drawLabel(t, other)) {
				t.Errorf("label %q draws the same pixels as %q", w.word, other)
			}
		}
		for k := 0; k < len(got); k += 3 {
			sheet.Set(k/3%260, 40*i+k/3/260, color.RGBA{got[k+2], got[k+1], got[k], 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, sheet); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "labels.png")
	if golden.Update() {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run TestLabelLetters -update ./scan to write it)", err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		out := filepath.Join(t.TempDir(), "labels.png")
		os.WriteFile(out, buf.Bytes(), 0o644)
		t.Errorf("labels differ from %s; see %s (go test -run TestLabelLetters -update ./scan after checking it)", path, out)
	}
}

// TestLabelClips draws labels that run off every edge of the image.
func TestLabelClips(t *testing.T) {
	m := gocv.NewMatWithSize(20, 30, gocv.MatTypeCV8UC3)
	defer m.Close()
	for _, at := range []image.Point{{-40, 10}, {25, 10}, {0, -5}, {0, 40}, {-1000, -1000}} {
		if err := DrawText(&m, at, "ŻÓŁW wide", LabelText, LabelOutline, 21, 2); err != nil {
			t.Errorf("drawText at %v: %v", at, err)
		}
	}
	gray := gocv.NewMatWithSize(20, 30, gocv.MatTypeCV8U)
	defer gray.Close()
	if err := DrawText(&gray, image.Pt(0, 10), "A", LabelText, LabelOutline, 21, 2); err == nil {
		t.Error("drawText on a grey image: no error")
	}
}

// BenchmarkLabelsCold draws 25 cell labels with an empty glyph cache: the
// cost of the first annotated frame at a new size.
//
//	go test -run '^$' -bench LabelsCold -benchtime 20x ./scan
func BenchmarkLabelsCold(b *testing.B) {
	m := gocv.NewMatWithSize(1080, 1920, gocv.MatTypeCV8UC3)
	defer m.Close()
	for range b.N {
		glyphCache.mu.Lock()
		glyphCache.sizes = nil
		glyphCache.mu.Unlock()
		for i := range 25 {
			w := labelWords[i%len(labelWords)].word
			if err := DrawText(&m, image.Pt(300*(i%5), 200*(i/5)+50), "123 "+w, LabelText, LabelOutline, 21, 2); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestLabelWrap: Wrap splits a label at spaces into lines within the
// width, keeps a word wider than it whole, and loses no word.
func TestLabelWrap(t *testing.T) {
	text := "nie odczytano: ostatni rząd siatki pokazuje mało kart i pusty stół tam, gdzie powinny leżeć pozostałe"
	lines, err := Wrap(text, 21, 2, 300)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) < 3 || strings.Join(lines, " ") != text {
		t.Errorf("Wrap = %q: want 3 lines or more that join to the text", lines)
	}
	for _, l := range lines {
		if w, _ := TextWidth(l, 21, 2); w > 300 {
			t.Errorf("line %q is %d pixels wide, want at most 300", l, w)
		}
	}
	if lines, _ := Wrap("ČTYŘLÍSTEK", 21, 2, 10); len(lines) != 1 || lines[0] != "ČTYŘLÍSTEK" {
		t.Errorf("Wrap(one long word) = %q", lines)
	}
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(128, 128, 128, 0), 200, 320, gocv.MatTypeCV8UC3)
	defer m.Close()
	if n, err := DrawWrapped(&m, image.Pt(10, 30), text, LabelText, LabelOutline, 21, 2, 300, 30); err != nil || n != len(lines) {
		t.Errorf("DrawWrapped = %d, %v; want %d lines", n, err, len(lines))
	}
}
