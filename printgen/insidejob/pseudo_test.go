package insidejob

import (
	"path/filepath"
	"testing"

	"fieldkit/catalog"
	"fieldkit/internal/leaktest"
	"fieldkit/internal/pdftest"
	"fieldkit/printgen"
)

// TestPrintsPseudo prints the whole Inside Job deck in the pseudo-locale and
// fails on any printed word that did not come through the catalog (numbers
// and codes excepted): a word typed straight into a card, an aid, a back or
// a footer fails here.
func TestPrintsPseudo(t *testing.T) {
	pdftest.NeedTool(t, "pdftotext")
	s, err := New("en", printgen.Options{Paper: printgen.A4})
	if err != nil {
		t.Fatal(err)
	}
	s.Lang = catalog.Pseudo
	written, err := s.Write(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	pdfs := 0
	for _, w := range written {
		if filepath.Ext(w.Path) != ".pdf" {
			continue
		}
		pdfs++
		if bad := leaktest.Leaks(pdftest.PDFText(t, w.Path)); len(bad) > 0 {
			t.Errorf("%s prints words that did not come through the catalog: %q", filepath.Base(w.Path), bad)
		}
	}
	if pdfs != 5 {
		t.Errorf("checked %d PDFs, want 5 (numbers, missions, roles, tokens, aids)", pdfs)
	}
}
