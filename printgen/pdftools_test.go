package printgen

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/jung-kurt/gofpdf"
)

// Helpers that look at printed output the way a person would, with independent
// tools: poppler's pdftoppm/pdftotext/pdffonts and zbar's zbarimg (scripts/setup
// installs them).

func needTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("%s not found: run scripts/setup (it installs poppler-utils and zbar-tools)", name)
	}
	return p
}

// writePDF writes pdf to a temporary file and returns its path.
func writePDF(t *testing.T, pdf *gofpdf.Fpdf) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "out.pdf")
	if err := pdf.OutputFileAndClose(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// renderPNG renders one page of a PDF at dpi and returns the PNG's path.
func renderPNG(t *testing.T, pdfPath string, page, dpi int) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "page")
	cmd := exec.Command(needTool(t, "pdftoppm"), "-png", "-r", strconv.Itoa(dpi), "-f", strconv.Itoa(page), "-l", strconv.Itoa(page), "-singlefile", pdfPath, out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, b)
	}
	return out + ".png"
}

// zbarDecode returns every QR code zbarimg finds in an image, in its order.
func zbarDecode(t *testing.T, png string) []string {
	t.Helper()
	cmd := exec.Command(needTool(t, "zbarimg"), "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", png)
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil && out.Len() == 0 {
		return nil // zbarimg exits 4 when it finds nothing
	}
	return strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
}

// pdfText returns the text pdftotext extracts from a PDF.
func pdfText(t *testing.T, pdfPath string) string {
	t.Helper()
	b, err := exec.Command(needTool(t, "pdftotext"), "-enc", "UTF-8", pdfPath, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(b)
}

// pdfFonts returns pdffonts' table for a PDF.
func pdfFonts(t *testing.T, pdfPath string) string {
	t.Helper()
	b, err := exec.Command(needTool(t, "pdffonts"), pdfPath).Output()
	if err != nil {
		t.Fatalf("pdffonts: %v", err)
	}
	return string(b)
}
