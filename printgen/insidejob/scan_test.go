package insidejob_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"image"
	"maps"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fieldkit/internal/golden"
	"fieldkit/internal/markertest"
	"fieldkit/internal/pdftest"
	"fieldkit/markers"
	"fieldkit/printgen"
	"fieldkit/printgen/insidejob"
	"fieldkit/scan"
)

// These tests look at the printed deck the way the camera and a person do:
// pages rendered by poppler (package pdftest), markers read by our own
// detector (package markertest). They live in package insidejob_test
// because the scene generator (internal/scene) imports printgen.

// writeSet writes the set's PDFs into a temporary directory.
func writeSet(t *testing.T, lang string, o printgen.Options) (*insidejob.Set, string) {
	t.Helper()
	s, err := insidejob.New(lang, o)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := s.Write(dir); err != nil {
		t.Fatal(err)
	}
	return s, dir
}

// printedIDs counts the marker ids on the faces a file prints: every front
// and, for two-sided pieces, every back, once per marker.
func printedIDs(f insidejob.File) map[int]int {
	want := map[int]int{}
	for _, s := range f.Sections {
		for _, face := range s.Faces() {
			for _, m := range face.Marks {
				want[m.ID]++
			}
		}
	}
	return want
}

// cardFiles are the files whose sheets alternate fronts and card backs.
var cardFiles = map[string]bool{"numbers.pdf": true, "missions.pdf": true, "roles.pdf": true, "aids.pdf": true}

// TestMarkersOnPages: every marker on every page of every file is found
// with the id the faces say, as often as printed, and no other id; the back
// pages of cards yield no marker at all. In each language, on both papers,
// with and without bleed and low ink (-short: one language, every option).
func TestMarkersOnPages(t *testing.T) {
	for _, tt := range []struct {
		lang string
		o    printgen.Options
	}{
		{"pl", printgen.Options{Paper: printgen.A4}},
		{"cs", printgen.Options{Paper: printgen.Letter, LowInk: true}},
		{"pt", printgen.Options{Paper: printgen.A4, Bleed: true}},
		{"en", printgen.Options{Paper: printgen.Letter, Bleed: true, LowInk: true}},
	} {
		t.Run(fmt.Sprintf("%s-%s-bleed=%v-lowink=%v", tt.lang, tt.o.Paper, tt.o.Bleed, tt.o.LowInk), func(t *testing.T) {
			if testing.Short() && tt.lang != "en" {
				t.Skip("-short renders one language (en: letter, bleed, low ink)")
			}
			t.Parallel()
			s, dir := writeSet(t, tt.lang, tt.o)
			for _, f := range s.Files() {
				got := map[int]int{}
				for i, page := range pdftest.RenderPages(t, filepath.Join(dir, f.Name), 150) {
					found := markertest.DetectFile(t, page)
					if cardFiles[f.Name] && i%2 == 1 && len(found) > 0 {
						t.Errorf("%s page %d (card backs): found %d markers, first id %d", f.Name, i+1, len(found), found[0].ID)
					}
					for _, m := range found {
						got[m.ID]++
					}
				}
				markertest.CompareIDs(t, f.Name, got, printedIDs(f))
			}
		})
	}
}

// TestMarkersOnPNG: the PNG export's faces carry the markers its manifest
// lists, where it says (corners within 2 pixels), and the backs none.
func TestMarkersOnPNG(t *testing.T) {
	for _, tt := range []struct {
		lang   string
		dpi    int
		lowInk bool
	}{
		{"pl", 300, false},
		{"pt", 150, true},
	} {
		t.Run(fmt.Sprintf("%s-%d", tt.lang, tt.dpi), func(t *testing.T) {
			if testing.Short() && tt.dpi != 150 {
				t.Skip("-short exports one language (pt at 150 dpi, low ink)")
			}
			s, err := insidejob.New(tt.lang, printgen.Options{LowInk: tt.lowInk})
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			if _, err := s.ExportPNG(dir, tt.dpi); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
			if err != nil {
				t.Fatal(err)
			}
			var man insidejob.Manifest
			if err := json.Unmarshal(b, &man); err != nil {
				t.Fatal(err)
			}
			backs, faces := 0, 0
			for _, e := range man.Files {
				found := markertest.DetectFile(t, filepath.Join(dir, e.File))
				if strings.HasSuffix(e.Kind, "-back") {
					backs++
					if len(found) > 0 || len(e.Markers) > 0 {
						t.Errorf("%s: a back with %d markers found, %d listed", e.File, len(found), len(e.Markers))
					}
					continue
				}
				faces++
				if len(found) != len(e.Markers) {
					t.Errorf("%s: found %d markers, the manifest lists %d", e.File, len(found), len(e.Markers))
					continue
				}
				for _, want := range e.Markers {
					if want.ID != e.ID {
						t.Errorf("%s: marker %d on piece %d", e.File, want.ID, e.ID)
					}
					if k, _ := markers.PieceKind(want.ID); k.String() != e.Kind {
						t.Errorf("%s: marker %d is a %v, the manifest says %s", e.File, want.ID, k, e.Kind)
					}
					if !matchMarker(found, want) {
						t.Errorf("%s: no marker %d at %v; found %v", e.File, want.ID, want.Pixels, found)
					}
				}
			}
			// 52 numbers, 28 missions, 14 roles, 14 intel, 5 seats, Larry, 4 aids; 4 backs.
			if faces != 52+28+14+14+5+1+4 || backs != 4 {
				t.Errorf("exported %d faces and %d backs, want 118 and 4", faces, backs)
			}
		})
	}
}

func matchMarker(found []scan.Marker, want insidejob.PNGMarker) bool {
	for _, m := range found {
		if m.ID != want.ID {
			continue
		}
		ok := true
		for i, c := range m.Corners {
			if math.Hypot(float64(c.X)-want.Pixels[i][0], float64(c.Y)-want.Pixels[i][1]) > 2 {
				ok = false
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// TestTextsInPDF: pdftotext gives back every mission condition, role name
// and rule and player-aid step with its diacritics, in every language, and
// every font is embedded.
func TestTextsInPDF(t *testing.T) {
	for _, lang := range insidejob.Langs {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			s, dir := writeSet(t, lang, printgen.Options{Paper: printgen.A4})
			for _, f := range s.Files() {
				path := filepath.Join(dir, f.Name)
				text := strings.Join(strings.Fields(pdftest.PDFText(t, path, "-raw")), " ")
				n := 0
				for _, sec := range f.Sections {
					for _, face := range sec.Faces() {
						for _, want := range face.Text() {
							n++
							if w := strings.Join(strings.Fields(want), " "); !strings.Contains(text, w) {
								t.Errorf("%s %s: pdftotext lacks %q", f.Name, face.Name, w)
							}
						}
					}
				}
				if f.Name != "numbers.pdf" && n == 0 {
					t.Errorf("%s: no texts checked", f.Name)
				}
				pdftest.CheckFontsEmbedded(t, path)
			}
		})
	}
}

// TestSuitsInGrey renders the number-card pages in grey, finds a card of
// every suit by its marker, and compares the big symbols in the middle: their
// silhouettes must differ in shape (overlap well below a match) and their
// fills in grey level, so that the suits are told apart without colour.
func TestSuitsInGrey(t *testing.T) {
	for _, o := range []printgen.Options{{Paper: printgen.A4}, {Paper: printgen.Letter, Bleed: true, LowInk: true}} {
		t.Run(fmt.Sprintf("%s-lowink=%v", o.Paper, o.LowInk), func(t *testing.T) {
			if testing.Short() && !o.LowInk {
				t.Skip("-short renders one paper (letter, bleed, low ink)")
			}
			_, dir := writeSet(t, "en", o)
			symbols := map[insidejob.Suit]*symbolSample{}
			for _, page := range pdftest.RenderPages(t, filepath.Join(dir, "numbers.pdf"), 150, "-gray") {
				found := markertest.DetectFile(t, page)
				if len(found) == 0 {
					continue
				}
				img := readGrey(t, page)
				for _, m := range found {
					k, i := markers.PieceKind(m.ID)
					if k != markers.NumberCard {
						continue
					}
					suit := insidejob.Suits[i/13]
					if symbols[suit] != nil || !topRight(m, found) {
						continue
					}
					symbols[suit] = sampleSymbol(img, m)
				}
			}
			if len(symbols) != 4 {
				t.Fatalf("found the symbols of %d suits, want 4", len(symbols))
			}
			for a := range 4 {
				for b := a + 1; b < 4; b++ {
					sa, sb := symbols[insidejob.Suits[a]], symbols[insidejob.Suits[b]]
					if iou := sa.iou(sb); iou > 0.8 {
						t.Errorf("%v and %v: the silhouettes overlap %.2f (intersection over union), want at most 0.8", insidejob.Suits[a], insidejob.Suits[b], iou)
					}
					if d := math.Abs(sa.fill - sb.fill); d < 20 {
						t.Errorf("%v and %v: fills differ by %.0f grey levels, want at least 20", insidejob.Suits[a], insidejob.Suits[b], d)
					}
					t.Logf("%v/%v: overlap %.2f, grey %.0f vs %.0f", insidejob.Suits[a], insidejob.Suits[b], sa.iou(sb), sa.fill, sb.fill)
				}
			}
		})
	}
}

// topRight reports whether m is the marker in a card's top-right corner: the
// card's other marker lies further down the card, in m's own frame.
func topRight(m scan.Marker, all []scan.Marker) bool {
	for _, o := range all {
		if o.ID != m.ID || o == m {
			continue
		}
		// In the card's frame, down is c3-c0; the bottom-left marker lies down the card.
		dx, dy := float64(o.Corners[0].X-m.Corners[0].X), float64(o.Corners[0].Y-m.Corners[0].Y)
		vx, vy := float64(m.Corners[3].X-m.Corners[0].X), float64(m.Corners[3].Y-m.Corners[0].Y)
		return dx*vx+dy*vy > 0
	}
	return false
}

func readGrey(t *testing.T, path string) *image.Gray {
	t.Helper()
	img := pdftest.ReadPNG(t, path)
	g := image.NewGray(img.Bounds())
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			g.Set(x, y, img.At(x, y))
		}
	}
	return g
}

// symbolSample is a suit symbol sampled on a grid: which cells are inked
// (the silhouette) and the mean grey level inside.
type symbolSample struct {
	ink  []bool
	fill float64
}

func (a *symbolSample) iou(b *symbolSample) float64 {
	and, or := 0, 0
	for i := range a.ink {
		if a.ink[i] && b.ink[i] {
			and++
		}
		if a.ink[i] || b.ink[i] {
			or++
		}
	}
	return float64(and) / float64(max(or, 1))
}

// sampleSymbol samples the middle of the card whose top-right marker is m:
// the marker's corners give the card's frame in the page (position, scale
// and which way the card lies), the layout where the symbol is.
func sampleSymbol(img *image.Gray, m scan.Marker) *symbolSample {
	const side = insidejob.CardMarker
	mx, my := insidejob.CardW-3-side, 3.0 // the marker's corner on the card
	c0, c1, c3 := m.Corners[0], m.Corners[1], m.Corners[3]
	ux, uy := float64(c1.X-c0.X)/side, float64(c1.Y-c0.Y)/side
	vx, vy := float64(c3.X-c0.X)/side, float64(c3.Y-c0.Y)/side
	const n, span = 60, 28.0 // a 28 mm square around the middle
	s := &symbolSample{ink: make([]bool, n*n)}
	sum, count := 0.0, 0
	for j := range n {
		for i := range n {
			x := insidejob.CardW/2 - span/2 + span*(float64(i)+0.5)/n - mx
			y := insidejob.CardH/2 - span/2 + span*(float64(j)+0.5)/n - my
			px := float64(c0.X) + x*ux + y*vx
			py := float64(c0.Y) + x*uy + y*vy
			v := float64(img.GrayAt(int(math.Round(px)), int(math.Round(py))).Y)
			if v < 235 {
				s.ink[j*n+i] = true
				sum += v
				count++
			}
		}
	}
	s.fill = sum / float64(max(count, 1))
	return s
}

// TestReproducible: the same set printed twice gives the same bytes, and
// the files of two sets are fixed by a golden list of their SHA-256 sums
// (go test -update rewrites it after a deliberate change).
func TestReproducible(t *testing.T) {
	var sums bytes.Buffer
	for _, tt := range []struct {
		lang string
		o    printgen.Options
	}{
		{"pl", printgen.Options{Paper: printgen.A4}},
		{"cs", printgen.Options{Paper: printgen.Letter, Bleed: true, LowInk: true}},
	} {
		s, err := insidejob.New(tt.lang, tt.o)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range s.Files() {
			var a, b bytes.Buffer
			if _, err := s.WritePDF(&a, f); err != nil {
				t.Fatal(err)
			}
			if _, err := s.WritePDF(&b, f); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Errorf("%s %s: two prints differ", tt.lang, f.Name)
			}
			fmt.Fprintf(&sums, "%s %s %x\n", tt.lang, f.Name, sha256.Sum256(a.Bytes()))
		}
	}
	golden.Check(t, "testdata/set.sha256", sums.Bytes())
}

// TestTokenOnCard lays an intel token (a wager) in the middle of every
// number card, as the table does, and reads the picture: the card's two
// markers and the token's are all found.
func TestTokenOnCard(t *testing.T) {
	s, err := insidejob.New("en", printgen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	files := s.Files()
	numbers := files[0].Sections[0].Faces()
	intel := files[3].Sections[0].Faces()[0]
	const dpi = 150
	tok, err := printgen.RenderFace(intel.Face, dpi, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	r := float64(tok.Bounds().Dx()) / 2
	for _, f := range numbers {
		if f.Back {
			continue
		}
		card, err := printgen.RenderFace(f.Face, dpi, 0, false)
		if err != nil {
			t.Fatal(err)
		}
		// The round token, centred on the card.
		ox := (card.Bounds().Dx() - tok.Bounds().Dx()) / 2
		oy := (card.Bounds().Dy() - tok.Bounds().Dy()) / 2
		for y := range tok.Bounds().Dy() {
			for x := range tok.Bounds().Dx() {
				if math.Hypot(float64(x)+0.5-r, float64(y)+0.5-r) <= r {
					card.Set(ox+x, oy+y, tok.At(x, y))
				}
			}
		}
		got := map[int]int{}
		for _, mk := range markertest.Detect(t, card) {
			got[mk.ID]++
		}
		want := map[int]int{f.Marks[0].ID: 2, intel.Marks[0].ID: 1}
		if !maps.Equal(got, want) {
			t.Errorf("%s with an intel token on it: found %v, want %v", f.Name, got, want)
		}
	}
}
