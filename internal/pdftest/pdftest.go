// Package pdftest looks at printed output in tests the way a person would,
// with independent tools: poppler's pdftoppm, pdftotext and pdffonts and
// zbar's zbarimg (scripts/setup installs them).
package pdftest

import (
	"bytes"
	"fieldkit/internal/golden"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jung-kurt/gofpdf"
)

// NeedTool returns the path of a tool, and fails the test without it.
func NeedTool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("%s not found: run scripts/setup (it installs poppler-utils and zbar-tools)", name)
	}
	return p
}

// WritePDF writes pdf to a temporary file and returns its path.
func WritePDF(t testing.TB, pdf *gofpdf.Fpdf) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "out.pdf")
	if err := pdf.OutputFileAndClose(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// RenderPNG renders one page of a PDF at dpi and returns the PNG's path.
func RenderPNG(t testing.TB, pdfPath string, page, dpi int) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "page")
	cmd := exec.Command(NeedTool(t, "pdftoppm"), "-png", "-r", strconv.Itoa(dpi), "-f", strconv.Itoa(page), "-l", strconv.Itoa(page), "-singlefile", pdfPath, out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, b)
	}
	return out + ".png"
}

// RenderPages renders every page of a PDF at dpi, with pdftoppm's extra
// options opts (such as "-gray"), and returns the PNGs' paths in page order.
func RenderPages(t testing.TB, pdfPath string, dpi int, opts ...string) []string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "p")
	args := append([]string{"-png", "-r", strconv.Itoa(dpi)}, opts...)
	if b, err := exec.Command(NeedTool(t, "pdftoppm"), append(args, pdfPath, out)...).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, b)
	}
	pages, _ := filepath.Glob(out + "-*.png")
	slices.Sort(pages) // pdftoppm pads page numbers to the same width
	if len(pages) == 0 {
		t.Fatalf("pdftoppm rendered no page of %s", pdfPath)
	}
	return pages
}

// ReadPNG decodes a PNG file.
func ReadPNG(t testing.TB, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

// PagePicture keeps a picture of one page of a PDF at path (a docs image):
// with -update it renders page of the PDF at the path pdf returns at dpi and
// writes it there. It returns the picture as it is at path.
func PagePicture(t testing.TB, path string, pdf func() string, page, dpi int) image.Image {
	t.Helper()
	if golden.Update() {
		b, err := os.ReadFile(RenderPNG(t, pdf(), page, dpi))
		if err != nil {
			t.Fatal(err)
		}
		golden.Write(t, path, b)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("%v (go test -run %s -update makes it)", err, t.Name())
	}
	return ReadPNG(t, path)
}

// ZbarDecode returns every QR code zbarimg finds in an image, in its order.
func ZbarDecode(t testing.TB, png string) []string {
	t.Helper()
	cmd := exec.Command(NeedTool(t, "zbarimg"), "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", png)
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil && out.Len() == 0 {
		return nil // zbarimg exits 4 when it finds nothing
	}
	return strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
}

// ReadQR renders every page of a PDF at 200 dpi and returns the QR codes
// zbarimg reads on them, page by page: what a phone's camera would read.
func ReadQR(t testing.TB, pdfPath string) []string {
	t.Helper()
	var codes []string
	for _, p := range RenderPages(t, pdfPath, 200) {
		for _, c := range ZbarDecode(t, p) {
			if c != "" {
				codes = append(codes, c)
			}
		}
	}
	return codes
}

// PDFText returns the text pdftotext extracts from a PDF, with its extra
// options opts (such as "-raw": in the order the page draws it).
func PDFText(t testing.TB, pdfPath string, opts ...string) string {
	t.Helper()
	args := append(append([]string{"-enc", "UTF-8"}, opts...), pdfPath, "-")
	b, err := exec.Command(NeedTool(t, "pdftotext"), args...).Output()
	if err != nil {
		t.Fatalf("pdftotext %s: %v", filepath.Base(pdfPath), err)
	}
	return string(b)
}

// PDFFonts returns pdffonts' table for a PDF.
func PDFFonts(t testing.TB, pdfPath string) string {
	t.Helper()
	b, err := exec.Command(NeedTool(t, "pdffonts"), pdfPath).Output()
	if err != nil {
		t.Fatalf("pdffonts: %v", err)
	}
	return string(b)
}

// CheckFontsEmbedded fails the test unless pdffonts lists fonts for a PDF
// and every one is a Go font embedded in the file.
func CheckFontsEmbedded(t testing.TB, pdfPath string) {
	t.Helper()
	name := filepath.Base(pdfPath)
	fonts := PDFFonts(t, pdfPath)
	lines := strings.Split(strings.TrimSpace(fonts), "\n")
	if len(lines) < 3 {
		t.Errorf("%s: pdffonts lists no fonts:\n%s", name, fonts)
	}
	for _, line := range lines[min(2, len(lines)):] {
		f := strings.Fields(line)
		if len(f) < 7 || f[len(f)-5] != "yes" || !strings.Contains(strings.ToLower(f[0]), "go") {
			t.Errorf("%s: font not embedded: %q", name, line)
		}
	}
}
