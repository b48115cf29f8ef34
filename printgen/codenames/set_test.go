package codenames

import (
	"bytes"
	"crypto/sha256"
	geom "fieldkit/geometry/codenames"
	"fieldkit/internal/pdftest"
	"fieldkit/printgen"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fieldkit/deck"
	"fieldkit/internal/golden"
	"fieldkit/keycards"
)

// testWords returns n distinct words, the first ones in Czech, Polish and
// Portuguese, one of the longest a list may hold (15 wide letters) and one of
// two words.
func testWords(n int) []string {
	w := []string{"ČTYŘLÍSTEK", "ŻÓŁW", "CORAÇÃO", "WWWWWWWWWWWWWWW", "ICE CREAM", "PAŘÍŽ", "SÃO PAULO", "ŹDŹBŁO"}
	for i := len(w); i < n; i++ {
		w = append(w, fmt.Sprintf("WORD%03d", i))
	}
	return w[:n]
}

func testSet(t testing.TB, words, duet, classic int, o printgen.Options) *Set {
	t.Helper()
	d, err := deck.New("test", "", testWords(words), 12345)
	if err != nil {
		t.Fatal(err)
	}
	s := &Set{Deck: d, Options: o}
	src := keycards.SeededSource("printgen tests")
	for range duet {
		s.Duet = append(s.Duet, keycards.NewDuet(src))
	}
	for range classic {
		s.Classic = append(s.Classic, keycards.NewClassic(src))
	}
	return s
}

// writeSet writes a set into a temporary directory and returns its path.
func writeSet(t *testing.T, s *Set) string {
	t.Helper()
	dir := t.TempDir()
	if _, err := s.Write(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestWordsText: every word comes back from pdftotext with its diacritics,
// upright and upside down, and every font is embedded in every file.
func TestWordsText(t *testing.T) {
	s := testSet(t, 30, 2, 2, printgen.Options{Paper: printgen.A4})
	dir := writeSet(t, s)
	text := pdftest.PDFText(t, filepath.Join(dir, "words.pdf"))
	for _, w := range s.Deck.Words {
		if n := strings.Count(text, w); n < 2 {
			t.Errorf("pdftotext found %q %d times, want 2 (upright and upside down)", w, n)
		}
	}
	for _, name := range []string{"words.pdf", "keycards-duet.pdf", "keycards-classic.pdf", "pieces.pdf", "deck.pdf"} {
		pdftest.CheckFontsEmbedded(t, filepath.Join(dir, name))
	}
}

// TestQRCodes: every QR code on every page decodes with zbarimg to what we
// put in: each Duet side its own side code, each classic card its code, the
// deck sheet the deck code.
func TestQRCodes(t *testing.T) {
	s := testSet(t, 30, 12, 12, printgen.Options{Paper: printgen.Letter})
	s.URL = "http://192.168.1.20:8080"
	dir := writeSet(t, s)
	var sideA, sideB, classic []string
	for _, d := range s.Duet {
		sideA = append(sideA, SideQR(d.SideCode(keycards.SideA), s.URL))
		sideB = append(sideB, SideQR(d.SideCode(keycards.SideB), s.URL))
	}
	for _, c := range s.Classic {
		classic = append(classic, c.Code())
	}
	// A phone reads one card at a time: cut each card out of the rendered
	// page where the layout put it, and read it alone.
	g, err := printgen.PlanGrid(s.Paper, geom.KeyW, geom.KeyH, 0)
	if err != nil {
		t.Fatal(err)
	}
	per := g.Cols * g.Rows
	for _, tt := range []struct {
		file string
		page int
		back bool
		want []string
	}{
		{"keycards-duet.pdf", 1, false, sideA[:per]},
		{"keycards-duet.pdf", 2, true, sideB[:per]},
		{"keycards-duet.pdf", 3, false, sideA[per:]},
		{"keycards-duet.pdf", 4, true, sideB[per:]},
		{"keycards-classic.pdf", 1, false, classic[:per]},
		{"keycards-classic.pdf", 2, false, classic[per:]},
	} {
		png := pdftest.RenderPNG(t, filepath.Join(dir, tt.file), tt.page, 150)
		for i, want := range tt.want {
			x, y := g.Place(i, tt.back)
			got := pdftest.ZbarDecode(t, cropPNG(t, png, 150, x, y, g.CW, g.CH))
			if len(got) != 1 || got[0] != want {
				t.Errorf("%s page %d, card %d: zbarimg read %q, want %q", tt.file, tt.page, i+1, got, want)
			}
		}
	}
	got := pdftest.ZbarDecode(t, pdftest.RenderPNG(t, filepath.Join(dir, "deck.pdf"), 1, 150))
	if want := []string{s.Deck.Code()}; !slices.Equal(got, want) {
		t.Errorf("deck.pdf: zbarimg read %q, want %q", got, want)
	}
	// Side A's QR code says nothing about side B: it is side A's code alone,
	// and that code parses back to side A's cells.
	for i, d := range s.Duet {
		code := strings.TrimPrefix(sideA[i], s.URL+"/k/")
		side, cells, err := keycards.ParseSideCode(code)
		if err != nil || side != keycards.SideA || cells != d.A {
			t.Errorf("card %d: side A's printgen.QR %q reads as side %v, %v", i+1, sideA[i], side, err)
		}
		if strings.Contains(sideA[i], d.Code()) || strings.Contains(sideA[i], d.SideCode(keycards.SideB)) {
			t.Errorf("card %d: side A's printgen.QR %q carries side B", i+1, sideA[i])
		}
	}
}

// TestGrids: pieces are printed at their real size, and as many as fit.
func TestGrids(t *testing.T) {
	for _, tt := range []struct {
		paper   printgen.Paper
		w, h    float64
		bleed   float64
		perPage int
		turned  bool
	}{
		{printgen.A4, geom.CardW, geom.CardH, 0, 12, false},
		{printgen.Letter, geom.CardW, geom.CardH, 0, 12, true},
		{printgen.A4, geom.CardW, geom.CardH, printgen.Bleed, 10, false},
		{printgen.A4, geom.KeyW, geom.KeyH, 0, 9, true},
		{printgen.Letter, geom.KeyW, geom.KeyH, 0, 8, false},
		{printgen.A4, geom.TokenSide, geom.TokenSide, 0, 54, false},
	} {
		g, err := printgen.PlanGrid(tt.paper, tt.w, tt.h, tt.bleed)
		if err != nil {
			t.Fatal(err)
		}
		if n := g.Cols * g.Rows; n != tt.perPage || g.Turned != tt.turned {
			t.Errorf("%v %gx%g bleed %g: %d per page (turned %v), want %d (turned %v)", tt.paper, tt.w, tt.h, tt.bleed, n, g.Turned, tt.perPage, tt.turned)
		}
		pw, ph := tt.paper.Size()
		for i := range g.Cols * g.Rows {
			x, y := g.Place(i, false)
			bx, by := g.Place(i, true)
			// Long-edge duplex flips the sheet left to right: a back must
			// lie exactly behind its front.
			if d := (pw - (bx + g.CW)) - x; d > 1e-9 || d < -1e-9 || by != y {
				t.Errorf("%v: piece %d front at (%.2f, %.2f), back at (%.2f, %.2f): not behind it", tt.paper, i, x, y, bx, by)
			}
			if x < printgen.SheetMargin-tt.bleed-1e-9 || y < printgen.SheetMargin-1e-9 || x+g.CW > pw-printgen.SheetMargin+1e-9 || y+g.CH > ph-printgen.SheetMargin+1e-9 {
				t.Errorf("%v: piece %d at (%.1f, %.1f) reaches into the margin", tt.paper, i, x, y)
			}
		}
	}
	if _, err := printgen.PlanGrid(printgen.A4, 300, 300, 0); err == nil {
		t.Error("a piece larger than the paper was laid out")
	}
}

// TestReproducible: the same set gives the same bytes, pinned by a golden
// list of SHA-256 sums (go test -update rewrites it after a reviewed change).
func TestReproducible(t *testing.T) {
	var sums strings.Builder
	for _, o := range []printgen.Options{{Paper: printgen.A4}, {Paper: printgen.Letter, LowInk: true, Bleed: true}} {
		a := writeSet(t, testSet(t, 40, 3, 3, o))
		b := writeSet(t, testSet(t, 40, 3, 3, o))
		for _, name := range []string{"words.pdf", "keycards-duet.pdf", "keycards-classic.pdf", "pieces.pdf", "deck.pdf", "deck.json"} {
			x, err := os.ReadFile(filepath.Join(a, name))
			if err != nil {
				t.Fatal(err)
			}
			y, _ := os.ReadFile(filepath.Join(b, name))
			if !bytes.Equal(x, y) {
				t.Errorf("%s (%+v): two runs differ", name, o)
			}
			fmt.Fprintf(&sums, "%x  %s %s low-ink=%v bleed=%v\n", sha256.Sum256(x), name, o.Paper, o.LowInk, o.Bleed)
		}
	}
	path := filepath.Join("testdata", "set.sha256")
	if golden.Update() {
		if err := os.WriteFile(path, []byte(sums.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update creates it)", err)
	}
	if sums.String() != string(want) {
		t.Errorf("output changed; if intended, look at the pages and run go test -update:\ngot:\n%swant:\n%s", sums.String(), want)
	}
}

// TestExportPNG: one file per face at 300 dpi with bleed, and a manifest that
// says what each file is.
func TestExportPNG(t *testing.T) {
	s := testSet(t, 27, 1, 1, printgen.Options{})
	dir := t.TempDir()
	m, err := printgen.ExportPNG(dir, s.Sections(), s.Deck.Code(), 300, false)
	if err != nil {
		t.Fatal(err)
	}
	// 27 word faces, 2 Duet sides, 1 classic card, 16 Duet covers,
	// 26 classic cover faces, 22 timer faces, 4 guess tokens, the seat marker.
	if want := 27 + 2 + 1 + 16 + 26 + 22 + 4 + 1; len(m.Files) != want {
		t.Errorf("%d files, want %d", len(m.Files), want)
	}
	ids := map[int]bool{}
	for _, f := range m.Files {
		b, err := os.ReadFile(filepath.Join(dir, f.File))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(b[:64], []byte("pHYs")) {
			t.Errorf("%s has no pHYs chunk", f.File)
		}
		wantW := int((f.WidthMM+2*printgen.Bleed)/25.4*300 + 0.5)
		if f.Pixels[0] != wantW {
			t.Errorf("%s is %d pixels wide, want %d", f.File, f.Pixels[0], wantW)
		}
		for _, id := range f.Markers {
			if ids[id] {
				t.Errorf("marker %d on two files", id)
			}
			ids[id] = true
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "manifest.json")); err != nil {
		t.Error(err)
	}
}

// cropPNG cuts the rectangle (x, y, w, h), in millimetres, out of a page
// rendered at dpi and returns the new PNG's path.
func cropPNG(t *testing.T, path string, dpi int, x, y, w, h float64) string {
	t.Helper()
	img := pdftest.ReadPNG(t, path)
	px := func(mm float64) int { return int(mm / 25.4 * float64(dpi)) }
	sub := img.(interface {
		SubImage(image.Rectangle) image.Image
	}).SubImage(image.Rect(px(x), px(y), px(x+w), px(y+h)))
	out := filepath.Join(t.TempDir(), "crop.png")
	o, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	if err := png.Encode(o, sub); err != nil {
		t.Fatal(err)
	}
	return out
}
