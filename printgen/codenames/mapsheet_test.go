package codenames

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fieldkit/catalog"
	"fieldkit/internal/pdftest"
	"fieldkit/missionmap"
	"fieldkit/printgen"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/sfnt"
)

// smoothWins stands in for the Monte Carlo where a sheet needs some table.
type smoothWins struct{}

func (smoothWins) Wins(turns, mistakes, games int, seed uint64) (int, error) {
	x := 0.8*float64(turns-9) + 0.5*math.Min(float64(mistakes), 6) - 1.2
	return int(math.Round(float64(games) / (1 + math.Exp(-x)))), nil
}

// unicodeMap is a generated map; printed in Czech or Polish, its cities
// need more than cp1252.
func unicodeMap(t *testing.T) *missionmap.Map {
	t.Helper()
	tb, err := missionmap.BuildTable(smoothWins{}, "smooth", 1000, 1)
	if err != nil {
		t.Fatal(err)
	}
	m, err := missionmap.Generate(missionmap.Options{Seed: 3, Missions: 20, Hardest: 5, Branchy: 2}, tb)
	if err != nil {
		t.Fatal(err)
	}
	m.Code = missionmap.Code{Version: 1, Options: missionmap.Options{Seed: 3, Missions: 20, Hardest: 5, Branchy: 2}, Content: 123}.String()
	return m
}

func renderSheet(t *testing.T, m *missionmap.Map, p printgen.Paper, lang string) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := MapSheet(&b, m, p, LabelsFor(lang)); err != nil {
		t.Fatalf("MapSheet: %v", err)
	}
	return b.Bytes()
}

func writeFile(t *testing.T, b []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sheet.pdf")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestMapSheet: a sheet in Czech (on A4) and in Polish (on Letter) prints
// every city in its language, its labels and its code.
func TestMapSheet(t *testing.T) {
	m := unicodeMap(t)
	for paper, lang := range map[printgen.Paper]string{printgen.A4: "cs", printgen.Letter: "pl"} {
		t.Run(paper.String(), func(t *testing.T) {
			path := writeFile(t, renderSheet(t, m, paper, lang))
			text := pdftest.PDFText(t, path)
			for _, ms := range m.Missions {
				name := catalog.Of(ms).In(lang)
				if !strings.Contains(text, name) {
					t.Errorf("pdftotext lost the city %q (%s)", name, ms.Name)
				}
				if !strings.Contains(text, ms.Pair()[:1]) {
					t.Errorf("pdftotext lost %s's turns", ms.Name)
				}
			}
			say := func(id string) string { return catalog.M(id).In(lang) }
			for _, want := range []string{say("cn.print.map.team"), say("cn.print.map.code"), say("cn.print.map.rule.turns"), catalog.Text(lang, "cn.print.map.title.city", map[string]any{"city": m.Missions[0]}), strings.Split(m.Code, "-")[1]} {
				if !strings.Contains(strings.ReplaceAll(text, "\u00a0", " "), want) && !strings.Contains(strings.ReplaceAll(text, " ", ""), strings.ReplaceAll(want, " ", "")) {
					t.Errorf("pdftotext does not show %q", want)
				}
			}
			fonts := pdftest.PDFFonts(t, path)
			for _, line := range strings.Split(fonts, "\n")[2:] {
				if f := strings.Fields(line); len(f) >= 7 && f[len(f)-5] != "yes" {
					t.Errorf("font not embedded: %q", line)
				}
			}
			if !strings.Contains(strings.ToLower(fonts), "gosans") {
				t.Errorf("pdffonts does not list the Go fonts:\n%s", fonts)
			}
			// 150 dpi is a printout in the hand; 72 dpi is about what a phone
			// camera (4000 pixels across 70 degrees) sees of the page from a metre.
			for _, dpi := range []int{150, 72} {
				got := pdftest.ZbarDecode(t, pdftest.RenderPNG(t, path, 1, dpi))
				if len(got) != 1 || got[0] != m.Code {
					t.Errorf("zbarimg at %d dpi read %q, want [%q]", dpi, got, m.Code)
				}
			}
		})
	}
}

func TestMapSheetReproducible(t *testing.T) {
	m := unicodeMap(t)
	a, b := renderSheet(t, m, printgen.A4, "pl"), renderSheet(t, m, printgen.A4, "pl")
	if !bytes.Equal(a, b) {
		t.Errorf("two renderings of the same map differ (%d and %d bytes)", len(a), len(b))
	}
	m.Missions[0].Turns = 8
	if c := renderSheet(t, m, printgen.A4, "pl"); bytes.Equal(a, c) {
		t.Errorf("changing a mission did not change the sheet")
	}
}

// TestCityNamesPrint: every city of the catalog, in every language, has a
// glyph for each letter in the label font and fits its ticket on both papers;
// in the pseudo-locale too (40% longer), whose brackets alone the font lacks.
func TestCityNamesPrint(t *testing.T) {
	f, err := sfnt.Parse(gobold.TTF)
	if err != nil {
		t.Fatal(err)
	}
	var buf sfnt.Buffer
	var names []string
	for _, lang := range append(slices.Clone(catalog.Langs), catalog.Pseudo) {
		for id, e := range catalog.Entries(lang) {
			if strings.HasPrefix(id, "cn.city.") && id != "cn.city.other" {
				names = append(names, e.Text)
			}
		}
	}
	if len(names) < 4*len(missionmap.Cities) {
		t.Fatalf("%d city names in the catalog, want at least 4 languages of %d", len(names), len(missionmap.Cities))
	}
	for _, name := range names {
		for _, r := range name {
			if r == '⟦' || r == '⟧' {
				continue // the pseudo-locale's brackets: tests read them with pdftotext
			}
			if gi, err := f.GlyphIndex(&buf, r); err != nil || gi == 0 {
				t.Errorf("the label font has no glyph for %q in %q", r, name)
			}
		}
	}
	for _, paper := range []printgen.Paper{printgen.A4, printgen.Letter} {
		pdf := printgen.NewDocument(paper, "L")
		l := layoutFor(paper)
		tw, _, nameW := ticket(l)
		for _, name := range names {
			// A real name keeps the ticket's 1.6 mm padding; a pseudo-locale
			// one, 40% longer than English, must stay inside the ticket.
			width := nameW
			if strings.HasPrefix(name, "⟦") {
				width = tw - 2*0.5
			}
			pt := fitFont(pdf, name, "B", nameW, MaxLabelFont, MinLabelFont)
			if w := pdf.GetStringWidth(name); w > width {
				t.Errorf("%s: %q is %.1f mm at %.2f pt, its ticket holds %.1f mm", paper, name, w, pt, width)
			}
		}
	}
}

func TestDifficultyColor(t *testing.T) {
	for p := 0.0; p <= 1; p += 0.01 {
		r, g, b := DifficultyColor(p)
		for _, c := range []int{r, g, b} {
			if c < 0 || c > 255 {
				t.Fatalf("DifficultyColor(%v) = %d,%d,%d", p, r, g, b)
			}
		}
		// Labels print white on this colour: keep it dark enough to read.
		lum := 0.2126*float64(r) + 0.7152*float64(g) + 0.0722*float64(b)
		if lum > 150 {
			t.Errorf("DifficultyColor(%.2f) = %d,%d,%d is too light for white text (luminance %.0f)", p, r, g, b, lum)
		}
	}
}
