package codenames

import (
	"bytes"
	"os"
	"testing"

	"fieldkit/internal/golden"
	"fieldkit/missionmap"
	"fieldkit/printgen"
	"fieldkit/printgen/internal/pdftest"
)

const docsImage = "../../docs/map-rulebook.png"

// TestDocsImage keeps the README's picture of a sheet true: it must be the
// current rulebook map (zbarimg reads its code from the picture). With -update
// it renders the sheet again.
func TestDocsImage(t *testing.T) {
	m, err := missionmap.Rulebook()
	if err != nil {
		t.Fatal(err)
	}
	if golden.Update() {
		var b bytes.Buffer
		if err := MapSheet(&b, m, printgen.A4); err != nil {
			t.Fatal(err)
		}
		img, err := os.ReadFile(pdftest.RenderPNG(t, writeFile(t, b.Bytes()), 1, 110))
		if err != nil {
			t.Fatal(err)
		}
		golden.Write(t, docsImage, img)
	}
	if _, err := os.Stat(docsImage); err != nil {
		t.Fatalf("%v (go test ./printgen/codenames -run TestDocsImage -update makes it)", err)
	}
	w, h := pdftest.PNGSize(t, docsImage)
	if w < 1000 || w <= h {
		t.Errorf("%s is %dx%d, want a landscape page at least 1000 pixels wide", docsImage, w, h)
	}
	if got := pdftest.ZbarDecode(t, docsImage); len(got) != 1 || got[0] != m.Code {
		t.Errorf("the printgen.QR code in %s reads %q, want the rulebook map's code %q: run -update", docsImage, got, m.Code)
	}
}
