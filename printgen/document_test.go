package printgen

import (
	"bytes"
	"fieldkit/internal/pdftest"
	"slices"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// TestDocumentUnicodeAndQR prints words in every built-in language's script and
// a few QR codes, then reads them back with independent tools.
func TestDocumentUnicodeAndQR(t *testing.T) {
	pdf := NewDocument(A4, "P")
	pdf.AddPage()
	words := []string{"ČTYŘLÍSTEK", "ŻÓŁW", "CORAÇÃO", "Paříž", "São Paulo"}
	pdf.SetFont(FontSans, "B", 18)
	for i, w := range words {
		pdf.Text(20, 30+float64(i)*12, w)
	}
	codes := []string{"D2685-WMWJA-6SU8", "https://fieldkit.example/j/abc", "C39GZ-WYHPH"}
	for i, c := range codes {
		if err := QR(pdf, c, 20+float64(i)*60, 120, 40); err != nil {
			t.Fatal(err)
		}
	}
	if err := pdf.Error(); err != nil {
		t.Fatal(err)
	}
	path := pdftest.WritePDF(t, pdf)

	text := pdftest.PDFText(t, path)
	for _, w := range words {
		if !strings.Contains(text, w) {
			t.Errorf("pdftotext lost %q; got:\n%s", w, text)
		}
	}
	fonts := pdftest.PDFFonts(t, path)
	if !strings.Contains(strings.ToLower(fonts), "gosans") {
		t.Errorf("pdffonts does not show the Go fonts embedded:\n%s", fonts)
	}
	for _, line := range strings.Split(fonts, "\n")[2:] {
		if line == "" {
			continue
		}
		f := strings.Fields(line)
		// name type [encoding] emb sub uni object ID: emb is the fifth field from the end.
		if len(f) < 7 || f[len(f)-5] != "yes" {
			t.Errorf("font not embedded: %q", line)
		}
	}

	got := pdftest.ZbarDecode(t, pdftest.RenderPNG(t, path, 1, 150))
	slices.Sort(got)
	want := slices.Clone(codes)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("zbarimg read %q, want %q", got, want)
	}
}

// TestDocumentReproducible: the same drawing gives the same bytes.
func TestDocumentReproducible(t *testing.T) {
	render := func() []byte {
		pdf := NewDocument(Letter, "L")
		pdf.AddPage()
		pdf.SetFont(FontSans, "", 12)
		pdf.Text(10, 10, "ŻÓŁW")
		if err := QR(pdf, "x", 10, 20, 30); err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := pdf.Output(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	a, b := render(), render()
	if !bytes.Equal(a, b) {
		t.Errorf("two renderings differ (%d and %d bytes)", len(a), len(b))
	}
}

func TestParsePaper(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Paper
		err  bool
	}{{"a4", A4, false}, {"A4", A4, false}, {"letter", Letter, false}, {"legal", 0, true}, {"", 0, true}} {
		got, err := ParsePaper(tt.in)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("ParsePaper(%q) = %v, %v", tt.in, got, err)
		}
	}
}

// TestDocumentLeavesFontsAlone: gofpdf writes into the font bytes it
// subsets; NewDocument must give it copies, or the shared Go font bytes change
// and later documents differ from the first.
func TestDocumentLeavesFontsAlone(t *testing.T) {
	before := [][]byte{bytes.Clone(goregular.TTF), bytes.Clone(gobold.TTF), bytes.Clone(gomono.TTF)}
	pdf := NewDocument(A4, "P")
	pdf.AddPage()
	for _, style := range []string{"", "B"} {
		pdf.SetFont(FontSans, style, 12)
		pdf.Text(10, 10, "ŻÓŁW")
	}
	pdf.SetFont(FontMono, "", 12)
	pdf.Text(10, 20, "D2685")
	var b bytes.Buffer
	if err := pdf.Output(&b); err != nil {
		t.Fatal(err)
	}
	for i, after := range [][]byte{goregular.TTF, gobold.TTF, gomono.TTF} {
		if !bytes.Equal(before[i], after) {
			t.Errorf("font %d changed while writing a document", i)
		}
	}
}

// TestFooter: a sheet's footer says the section and the sheet in the set's
// language, and on the front of two-sided pieces how to print them.
func TestFooter(t *testing.T) {
	sec := Section{Name: "word cards", Title: "karty ze słowami"}
	for _, tc := range []struct {
		lang         string
		s            Section
		duplex, back bool
		want         string
	}{
		{"pl", sec, true, false, "fieldkit · karty ze słowami · arkusz 1 z 2 · przód: drukuj dwustronnie, z obracaniem wzdłuż dłuższej krawędzi"},
		{"pl", sec, true, true, "fieldkit · karty ze słowami · arkusz 1 z 2 · tył"},
		{"pl", sec, false, false, "fieldkit · karty ze słowami · arkusz 1 z 2"},
		{"cs", Section{Name: "pieces"}, true, false, "fieldkit · pieces · arch 1 z 2 · líc: tiskněte oboustranně, s otáčením podél delší strany"},
		{"", Section{Name: "word cards"}, true, false, "fieldkit · word cards · sheet 1 of 2 · front: print double-sided, flip on the long edge"},
	} {
		if got := Footer(tc.lang, tc.s, 1, 2, tc.duplex, tc.back); got != tc.want {
			t.Errorf("Footer(%q, %q, duplex %v, back %v) = %q, want %q", tc.lang, tc.s.Title, tc.duplex, tc.back, got, tc.want)
		}
	}
}
