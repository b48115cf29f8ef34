package codenames_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"fieldkit/deck"
	"fieldkit/internal/markertest"
	"fieldkit/internal/pdftest"
	"fieldkit/printgen"
	"fieldkit/printgen/codenames"
)

// These tests read printed markers with our own detector (package
// markertest), the way the camera will. They live in package codenames_test
// because the scene generator (internal/scene) imports this package.

// wantIDs counts the marker ids printed on every face of sections, both sides.
func wantIDs(secs []printgen.Section) map[int]int {
	want := map[int]int{}
	for _, s := range secs {
		for _, p := range s.Pieces {
			for _, f := range []*printgen.Face{p.Front, p.Back} {
				if f == nil {
					continue
				}
				for _, id := range f.Markers {
					want[id] += markersPerFace(f)
				}
			}
		}
	}
	return want
}

// markersPerFace: a word face carries its id twice (left and right), other
// pieces once.
func markersPerFace(f *printgen.Face) int {
	if f.Kind == "word" {
		return 2
	}
	return 1
}

// TestMarkersOnPages: every marker on every page of word cards and pieces,
// rendered at 150 dpi, is found with its id, and no other id is. -short
// renders two of the four page sets.
func TestMarkersOnPages(t *testing.T) {
	words := make([]string, 41)
	for i := range words {
		words[i] = fmt.Sprintf("WORD%02d", i)
	}
	words[0], words[1], words[2] = "ČTYŘLÍSTEK", "ŻÓŁW", "CORAÇÃO"
	d, err := deck.New("test", "", words, 99)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		secs []printgen.Section
		o    printgen.Options
	}{
		{"words", []printgen.Section{{Name: "word cards", Pieces: codenames.WordCards(d)}}, printgen.Options{Paper: printgen.A4}},
		{"words-letter-low-ink", []printgen.Section{{Name: "word cards", Pieces: codenames.WordCards(d)}}, printgen.Options{Paper: printgen.Letter, LowInk: true}},
		{"pieces", codenames.PieceSections(codenames.LabelsFor("en")), printgen.Options{Paper: printgen.A4}},
		{"pieces-bleed-low-ink", codenames.PieceSections(codenames.LabelsFor("en")), printgen.Options{Paper: printgen.Letter, Bleed: true, LowInk: true}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if testing.Short() && (tt.name == "words" || tt.name == "pieces-bleed-low-ink") {
				t.Skip("-short renders one page set of each kind (words on letter, low ink; pieces on A4)")
			}
			var b bytes.Buffer
			if _, err := printgen.WritePDF(&b, tt.name, tt.secs, tt.o); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), "out.pdf")
			if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			markertest.CompareIDs(t, tt.name, markertest.Count(t, pdftest.RenderPages(t, path, 150)...), wantIDs(tt.secs))
		})
	}
}

// TestMarkersOnPNGFaces: the raster backend (what --png writes and the
// camera's scenes use) draws markers the detector reads, on every piece face
// and on word faces.
func TestMarkersOnPNGFaces(t *testing.T) {
	words := make([]string, 26)
	for i := range words {
		words[i] = fmt.Sprintf("FACE%02d", i)
	}
	d, err := deck.New("test", "", words, 5)
	if err != nil {
		t.Fatal(err)
	}
	secs := append(codenames.PieceSections(codenames.LabelsFor("en")), printgen.Section{Name: "word cards", Pieces: codenames.WordCards(d)})
	seen := map[*printgen.Face]bool{}
	for _, s := range secs {
		for _, p := range s.Pieces {
			for _, f := range []*printgen.Face{p.Front, p.Back} {
				if f == nil || seen[f] || len(f.Markers) == 0 {
					continue
				}
				seen[f] = true
				for _, dpi := range []int{300, 100} {
					img, err := printgen.RenderFace(f, dpi, printgen.Bleed, dpi == 100)
					if err != nil {
						t.Fatal(err)
					}
					found := markertest.Detect(t, img)
					if len(found) != markersPerFace(f) {
						t.Errorf("%s at %d dpi: found %d markers, want %d", f.Name, dpi, len(found), markersPerFace(f))
					}
					for _, mk := range found {
						if mk.ID != f.Markers[0] {
							t.Errorf("%s at %d dpi: found marker %d, want %d", f.Name, dpi, mk.ID, f.Markers[0])
						}
					}
				}
			}
		}
	}
	// 16 Duet covers, 26 classic cover faces, 22 timer faces, 4 guess tokens,
	// the seat marker, 26 words.
	if want := 16 + 26 + 22 + 4 + 1 + 26; len(seen) != want {
		t.Errorf("checked %d faces, want %d", len(seen), want)
	}
}
