package photoreal

import (
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/compose.golden")

// TestComposeGolden composes a few seeds of every game on both devices and
// compares a digest of each scene's spec with testdata/compose.golden: a
// seed must keep its scene (held-out sets are named by their seeds), so a
// change that moves a draw of the random source fails here. -update
// rewrites the file after a change meant to change the scenes.
func TestComposeGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("exports the printed faces (slow on a fresh machine)")
	}
	dir := filepath.Join(os.TempDir(), "photoreal-faces")
	d, err := TestDeck()
	if err != nil {
		t.Fatal(err)
	}
	cn, err := CodenamesFaces(filepath.Join(dir, "codenames"), d)
	if err != nil {
		t.Fatal(err)
	}
	ij, err := InsideJobFaces(filepath.Join(dir, "insidejob"))
	if err != nil {
		t.Fatal(err)
	}
	rf, err := NewRetailFaces(filepath.Join(dir, "retail"))
	if err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	for seed := int64(1); seed <= 4; seed++ {
		for _, dev := range []Device{Webcam, Phone} {
			for _, g := range []struct {
				name    string
				compose func() (*Composed, error)
			}{
				{"codenames", func() (*Composed, error) { return ComposeCodenames(cn, seed, dev) }},
				{"insidejob", func() (*Composed, error) { return ComposeInsideJob(ij, seed, dev) }},
				{"retail", func() (*Composed, error) { return ComposeRetail(rf, seed, dev) }},
			} {
				c, err := g.compose()
				if err != nil {
					t.Fatalf("%s seed %d: %v", g.name, seed, err)
				}
				b, err := json.Marshal(c.Spec)
				if err != nil {
					t.Fatal(err)
				}
				b = []byte(strings.ReplaceAll(string(b), dir, "FACES")) // the faces' folder is the machine's
				fmt.Fprintf(&got, "%s %d %v %x\n", g.name, seed, dev, sha256.Sum256(b))
			}
		}
	}
	golden := filepath.Join("testdata", "compose.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != string(want) {
		t.Errorf("the composed scenes changed (run with -update if that was meant):\n got %s\nwant %s", got.String(), want)
	}
}
