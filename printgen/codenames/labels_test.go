package codenames

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fieldkit/catalog"
	geom "fieldkit/geometry/codenames"
	"fieldkit/internal/leaktest"
	"fieldkit/internal/pdftest"
	"fieldkit/missionmap"
	"fieldkit/printgen"
)

// en is the English labels, for tests.
var en = LabelsFor("en")

// TestLanguages: a set prints in every language of the catalog (and the
// pseudo-locale); any other code gets English.
func TestLanguages(t *testing.T) {
	if got, want := Languages(), catalog.Langs; !slices.Equal(got, want) {
		t.Errorf("Languages() = %v, want %v", got, want)
	}
	for _, tc := range []struct{ in, want string }{{"pl", "pl"}, {"cs", "cs"}, {"pt", "pt"}, {"en", "en"}, {"", "en"}, {"xx", "en"}, {catalog.Pseudo, catalog.Pseudo}} {
		if got := LabelsFor(tc.in).Lang; got != tc.want {
			t.Errorf("LabelsFor(%q).Lang = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestLabelsFit measures every label at the size it is printed in every
// language, and in the pseudo-locale (40% longer than English): shrunk to
// fit its place, none may fall below a size readable on the table.
func TestLabelsFit(t *testing.T) {
	numW := printgen.TextWidth(en.number(20), printgen.Sans, 7)
	for _, lang := range append(slices.Clone(catalog.Langs), catalog.Pseudo) {
		l := LabelsFor(lang)
		say := func(id string) string { return catalog.M(id).In(lang) }
		for _, tc := range []struct {
			what    string
			text    string
			font    printgen.Font
			max     float64
			width   float64
			minSize float64
		}{
			{"Duet key card heading", l.duetKeyCard("A"), printgen.SansBold, 7.5, geom.KeyW - 12 - numW - 2, 6},
			{"red starts heading", l.starts(0), printgen.SansBold, 7.5, geom.KeyW - 12 - numW - 2, 5.5},
			{"blue starts heading", l.starts(1), printgen.SansBold, 7.5, geom.KeyW - 12 - numW - 2, 5.5},
			{"edge", say("cn.print.keycard.edge"), printgen.Sans, 5.5, 5*keyCell + 4*keyGap - 8, 5},
			{"timer token", l.timer(11), printgen.SansBold, 6, tokenLabelW, 5.5},
			{"guess token", say("cn.print.token.guess"), printgen.SansBold, 6, tokenLabelW, 5.5},
			{"seat token", say("cn.print.token.seat_a"), printgen.SansBold, 6, tokenLabelW, 5.5},
			{"grid", say("cn.print.token.grid"), printgen.SansBold, 6, tokenLabelW, 5.5},
			{"agent card", say("cn.print.cover.agent"), printgen.SansBold, 13, geom.CardW - 12, 9},
			{"assassin card", say("cn.print.cover.assassin"), printgen.SansBold, 13, geom.CardW - 12, 9},
			{"red agent card", say("cn.print.cover.red_agent"), printgen.SansBold, 13, geom.CardW - 12, 9},
			{"blue agent card", say("cn.print.cover.blue_agent"), printgen.SansBold, 13, geom.CardW - 12, 9},
			{"double agent card", say("cn.print.cover.double_agent"), printgen.SansBold, 13, geom.CardW - 12, 9},
			{"bystander card", say("cn.print.cover.bystander"), printgen.SansBold, 13, geom.CardW - 12, 9},
		} {
			if size := printgen.FitSize(tc.text, tc.font, tc.max, tc.width); size < tc.minSize {
				t.Errorf("%s: %s %q shrinks to %.1f pt to fit %.1f mm; want at least %.1f", lang, tc.what, tc.text, size, tc.width, tc.minSize)
			}
		}
		for _, s := range append(l.duetLegend(), append(l.classicLegend(0), l.classicLegend(1)...)...) {
			if size := printgen.FitSize(s, printgen.Sans, legendSize, legendWidth); size < 5 {
				t.Errorf("%s: legend %q shrinks to %.1f pt to fit %.1f mm; want at least 5", lang, s, size, legendWidth)
			}
		}
	}
}

// TestLabelsPrinted: a set in each language prints its labels, footers and
// sheets in that language (pdftotext finds them, diacritics included), and
// the English words are gone.
func TestLabelsPrinted(t *testing.T) {
	if testing.Short() {
		t.Skip("writes sets")
	}
	pdftest.NeedTool(t, "pdftotext")
	rulebook, err := missionmap.Rulebook()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range catalog.Langs {
		t.Run(lang, func(t *testing.T) {
			l := LabelsFor(lang)
			say := func(id string, pairs ...any) string { return catalog.M(id, pairs...).In(lang) }
			s := testSet(t, 30, 1, 1, printgen.Options{Paper: printgen.A4})
			s.Lang, s.Map = lang, rulebook
			dir := writeSet(t, s)
			prague, _ := rulebook.Mission("praha")
			for file, want := range map[string][]string{
				"words.pdf":            {say("print.footer.front", "section", say("cn.print.section.words"), "sheet", 1, "sheets", 2)},
				"keycards-duet.pdf":    {l.duetKeyCard("A"), l.duetKeyCard("B"), say("cn.print.keycard.edge"), l.duetLegend()[1]},
				"keycards-classic.pdf": {l.classicLegend(0)[2], say("print.footer", "section", say("cn.print.section.classic_keys"), "sheet", 1, "sheets", 1)},
				"pieces.pdf":           {say("cn.print.cover.assassin"), say("cn.print.cover.red_agent"), say("cn.print.cover.double_agent"), say("cn.print.cover.bystander"), l.timer(11), say("cn.print.token.guess"), say("cn.print.token.seat_a")},
				"deck.pdf":             {say("cn.print.deck.title"), say("cn.print.deck.custom_note"), say("cn.print.piece.timer_check")},
				"map-rulebook.pdf":     {say("cn.print.map.team"), say("cn.print.map.how_to_read"), say("cn.print.map.code"), say("cn.print.map.title.rulebook"), catalog.Of(prague).In(lang)},
			} {
				text := strings.Join(strings.Fields(pdftest.PDFText(t, filepath.Join(dir, file))), " ")
				for _, w := range want {
					if !strings.Contains(text, w) {
						t.Errorf("%s: no %q", file, w)
					}
				}
				if lang != "en" {
					for _, english := range []string{"BYSTANDER", "KEY CARD", "sheet", "flip on the long edge", "Rulebook", "Marker ids", "Prague"} {
						if strings.Contains(text, english) {
							t.Errorf("%s: English %q in a %s set", file, english, lang)
						}
					}
				}
			}
		})
	}
}

// TestPolishMapSpeaksPolish: the Polish rulebook map names its cities as the
// Polish rulebook does, never in Czech (the map's own spelling).
func TestPolishMapSpeaksPolish(t *testing.T) {
	m, err := missionmap.Rulebook()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"praha": "Praga", "kahira": "Kair", "berlin": "Berlin", "moskva": "Moskwa", "singapur": "Singapur", "vatikan": "Watykan", "monte-carlo": "Monte Carlo", "bangkok": "Dżakarta"}
	czech := map[string]bool{}
	for _, ms := range m.Missions {
		czech[ms.Name] = catalog.Of(ms).In("cs") != catalog.Of(ms).In("pl")
	}
	for _, ms := range m.Missions {
		got := catalog.Of(ms).In("pl")
		if w, ok := want[ms.ID]; ok && got != w {
			t.Errorf("%s on a Polish map: %q, want %q", ms.ID, got, w)
		}
		if czech[got] {
			t.Errorf("%s on a Polish map: %q, the Czech name", ms.ID, got)
		}
	}
}

// TestPrintsPseudo prints a small set in the pseudo-locale (every catalog
// text bracketed ⟦...⟧) and fails on any printed word that did not come
// through the catalog: every word a player reads on a sheet, a card, a
// token, the deck sheet and the mission map, except the deck's words and
// name, codes and numbers. A word typed straight into a print fails here.
func TestPrintsPseudo(t *testing.T) {
	pdftest.NeedTool(t, "pdftotext")
	rulebook, err := missionmap.Rulebook()
	if err != nil {
		t.Fatal(err)
	}
	s := testSet(t, 26, 1, 1, printgen.Options{Paper: printgen.A4})
	s.Lang, s.Map = catalog.Pseudo, rulebook
	dir := t.TempDir()
	written, err := s.Write(dir)
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{s.Deck.Name: true, s.Deck.Code(): true, rulebook.Code: true}
	for _, w := range s.Deck.Words {
		for _, part := range strings.Fields(w) {
			allowed[part] = true
		}
	}
	for _, part := range strings.Split(rulebook.Code, "-") {
		allowed[part] = true
	}
	for _, sec := range s.Sections() {
		for _, p := range sec.Pieces {
			for _, f := range []*printgen.Face{p.Front, p.Back} {
				if f != nil && f.Code != "" {
					allowed[f.Code] = true
				}
			}
		}
	}
	allowed[fmt.Sprintf("%x", s.Deck.ListHash[:8])] = true
	pdfs := 0
	for _, w := range written {
		if filepath.Ext(w.Path) != ".pdf" {
			continue
		}
		pdfs++
		if bad := leaktest.Leaks(pdftest.PDFText(t, w.Path), slices.Collect(maps.Keys(allowed))...); len(bad) > 0 {
			t.Errorf("%s prints words that did not come through the catalog: %q", filepath.Base(w.Path), bad)
		}
	}
	if pdfs != 6 {
		t.Errorf("checked %d PDFs, want 6 (words, both key cards, pieces, deck and map sheets)", pdfs)
	}
}

// TestSetKeepsAnotherDeck: writing a set into a folder that holds another
// deck's manifest is refused (its cards would no longer match), unless
// forced; the same deck again is fine.
func TestSetKeepsAnotherDeck(t *testing.T) {
	dir := t.TempDir()
	s := testSet(t, 30, 0, 0, printgen.Options{Paper: printgen.A4})
	if _, err := s.Write(dir); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(filepath.Join(dir, "deck.json"))
	if _, err := s.Write(dir); err != nil {
		t.Errorf("the same deck again: %v", err)
	}
	other := testSet(t, 31, 0, 0, printgen.Options{Paper: printgen.A4})
	_, err := other.Write(dir)
	if !errors.Is(err, ErrOtherDeck) || !strings.Contains(err.Error(), "--force") || !strings.Contains(err.Error(), s.Deck.Code()) {
		t.Errorf("another deck into the folder: %v, want ErrOtherDeck naming %s and --force", err, s.Deck.Code())
	}
	if after, _ := os.ReadFile(filepath.Join(dir, "deck.json")); string(after) != string(before) {
		t.Error("the refused write changed deck.json")
	}
	other.Force = true
	if _, err := other.Write(dir); err != nil {
		t.Errorf("forced: %v", err)
	}
}
