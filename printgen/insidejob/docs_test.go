package insidejob_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"fieldkit/internal/pdftest"
	"fieldkit/printgen"
)

// docsPages are the pages docs/insidejob-print.md shows, rendered at 60 dpi.
var docsPages = []struct {
	image, lang, file string
	page              int
	o                 printgen.Options
}{
	{"numbers-yellow-pink.png", "pl", "numbers.pdf", 3, printgen.Options{Paper: printgen.A4}},
	{"numbers-green-blue.png", "pl", "numbers.pdf", 9, printgen.Options{Paper: printgen.A4}},
	{"numbers-back.png", "pl", "numbers.pdf", 2, printgen.Options{Paper: printgen.A4}},
	{"missions-pl.png", "pl", "missions.pdf", 1, printgen.Options{Paper: printgen.A4}},
	{"missions-risky-cs.png", "cs", "missions.pdf", 5, printgen.Options{Paper: printgen.A4}},
	{"missions-low-ink-pt.png", "pt", "missions.pdf", 3, printgen.Options{Paper: printgen.Letter, LowInk: true}},
	{"roles-en.png", "en", "roles.pdf", 1, printgen.Options{Paper: printgen.A4}},
	{"roles-pt.png", "pt", "roles.pdf", 3, printgen.Options{Paper: printgen.A4}},
	{"tokens-pl.png", "pl", "tokens.pdf", 1, printgen.Options{Paper: printgen.A4}},
	{"larry-pl.png", "pl", "tokens.pdf", 3, printgen.Options{Paper: printgen.A4}},
	{"aids-cs.png", "cs", "aids.pdf", 1, printgen.Options{Paper: printgen.A4}},
}

const docsDir = "../../docs/insidejob"

// TestDocsImages keeps the pictures of docs/insidejob-print.md: every page
// is there, a whole page at 60 dpi and small. With -update it renders them
// again from the current pieces.
func TestDocsImages(t *testing.T) {
	for _, d := range docsPages {
		path := filepath.Join(docsDir, d.image)
		pdf := func() string {
			_, dir := writeSet(t, d.lang, d.o)
			return filepath.Join(dir, d.file)
		}
		size := pdftest.PagePicture(t, path, pdf, d.page, 60).Bounds().Size()
		pw, ph := d.o.Paper.Size()
		want := fmt.Sprintf("%.0fx%.0f", math.Ceil(pw/25.4*60-1e-9), math.Ceil(ph/25.4*60-1e-9)) // pdftoppm rounds up
		if got := fmt.Sprintf("%dx%d", size.X, size.Y); got != want {
			t.Errorf("%s is %s pixels, want a whole %s page at 60 dpi (%s)", path, got, d.o.Paper, want)
		}
		if fi, err := os.Stat(path); err == nil && fi.Size() > 150<<10 {
			t.Errorf("%s is %d KB, keep docs pictures under 150 KB", path, fi.Size()>>10)
		}
	}
}
