package codenames

import (
	"bytes"
	"testing"

	"fieldkit/internal/pdftest"
	"fieldkit/missionmap"
	"fieldkit/printgen"
)

const docsImage = "../../docs/map-rulebook.png"

// TestDocsImage keeps the docs' picture of a sheet true: it must be the
// current rulebook map, printed for a Polish table (zbarimg reads its code
// from the picture). With -update it renders the sheet again.
func TestDocsImage(t *testing.T) {
	m, err := missionmap.Rulebook()
	if err != nil {
		t.Fatal(err)
	}
	pdf := func() string {
		var b bytes.Buffer
		if err := MapSheet(&b, m, printgen.A4, LabelsFor("pl")); err != nil {
			t.Fatal(err)
		}
		return writeFile(t, b.Bytes())
	}
	size := pdftest.PagePicture(t, docsImage, pdf, 1, 110).Bounds().Size()
	if size.X < 1000 || size.X <= size.Y {
		t.Errorf("%s is %dx%d, want a landscape page at least 1000 pixels wide", docsImage, size.X, size.Y)
	}
	if got := pdftest.ZbarDecode(t, docsImage); len(got) != 1 || got[0] != m.Code {
		t.Errorf("the printgen.QR code in %s reads %q, want the rulebook map's code %q: run -update", docsImage, got, m.Code)
	}
}
