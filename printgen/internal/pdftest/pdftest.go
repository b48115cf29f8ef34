// Package pdftest looks at printed output in tests the way a person would,
// with independent tools: poppler's pdftoppm, pdftotext and pdffonts and
// zbar's zbarimg (scripts/setup installs them).
package pdftest

import (
	"bytes"
	"os/exec"
	"path/filepath"
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

// PDFText returns the text pdftotext extracts from a PDF.
func PDFText(t testing.TB, pdfPath string) string {
	t.Helper()
	b, err := exec.Command(NeedTool(t, "pdftotext"), "-enc", "UTF-8", pdfPath, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
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
