package codenames

import (
	"bytes"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
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
		if err := MapSheet(&b, m, printgen.A4, en); err != nil {
			t.Fatal(err)
		}
		pdf := writeFile(t, b.Bytes())
		out := filepath.Join(t.TempDir(), "sheet")
		if msg, err := exec.Command(pdftest.NeedTool(t, "pdftoppm"), "-png", "-r", "110", "-singlefile", pdf, out).CombinedOutput(); err != nil {
			t.Fatalf("pdftoppm: %v\n%s", err, msg)
		}
		img, err := os.ReadFile(out + ".png")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(docsImage), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(docsImage, img, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(docsImage)
	if err != nil {
		t.Fatalf("%v (go test ./printgen/codenames -run TestDocsImage -update makes it)", err)
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil {
		t.Fatalf("%s: %v", docsImage, err)
	}
	if cfg.Width < 1000 || cfg.Width <= cfg.Height {
		t.Errorf("%s is %dx%d, want a landscape page at least 1000 pixels wide", docsImage, cfg.Width, cfg.Height)
	}
	if got := pdftest.ZbarDecode(t, docsImage); len(got) != 1 || got[0] != m.Code {
		t.Errorf("the printgen.QR code in %s reads %q, want the rulebook map's code %q: run -update", docsImage, got, m.Code)
	}
}
