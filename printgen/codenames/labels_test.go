package codenames

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	geom "fieldkit/geometry/codenames"
	"fieldkit/missionmap"
	"fieldkit/printgen"
	"fieldkit/printgen/internal/pdftest"
)

// en is the English labels, for tests.
var en = LabelsFor("en")

// TestLabelsComplete: every language fills every label, and a label that
// takes a number or a side has exactly the one verb English has.
func TestLabelsComplete(t *testing.T) {
	if got := strings.Join(Languages(), ","); got != "en,pl,cs,pt" {
		t.Errorf("Languages() = %s", got)
	}
	if LabelsFor("xx").Lang != "en" || LabelsFor("").Lang != "en" {
		t.Error("an unknown language does not fall back to English")
	}
	enV := reflect.ValueOf(en)
	for _, l := range labels {
		v := reflect.ValueOf(l)
		for _, s := range strs(v) {
			if strings.TrimSpace(s.text) == "" {
				t.Errorf("%s: %s is empty", l.Lang, s.name)
			}
		}
		for i, s := range strs(v) {
			want := strings.Count(strs(enV)[i].text, "%")
			if got := strings.Count(s.text, "%"); got != want {
				t.Errorf("%s: %s %q has %d verbs, English %d", l.Lang, s.name, s.text, got, want)
			}
		}
	}
}

type named struct{ name, text string }

// strs lists the strings of a Labels value, arrays included, in field order.
func strs(v reflect.Value) []named {
	var out []named
	var walk func(name string, v reflect.Value)
	walk = func(name string, v reflect.Value) {
		switch v.Kind() {
		case reflect.String:
			out = append(out, named{name, v.String()})
		case reflect.Array:
			for i := range v.Len() {
				walk(fmt.Sprintf("%s[%d]", name, i), v.Index(i))
			}
		}
	}
	for i := range v.NumField() {
		walk(v.Type().Field(i).Name, v.Field(i))
	}
	return out
}

// TestLabelsFit measures every label at the size it is printed in every
// language: shrunk to fit its place, none may fall below a size readable on
// the table.
func TestLabelsFit(t *testing.T) {
	numW := printgen.TextWidth(en.number(20), printgen.Sans, 7)
	for _, l := range labels {
		for _, tc := range []struct {
			what    string
			text    string
			font    printgen.Font
			max     float64
			width   float64
			minSize float64
		}{
			{"Duet key card heading", l.duetKeyCard("A"), printgen.SansBold, 7.5, geom.KeyW - 12 - numW - 2, 6},
			{"red starts heading", l.Starts[0], printgen.SansBold, 7.5, geom.KeyW - 12 - numW - 2, 5.5},
			{"blue starts heading", l.Starts[1], printgen.SansBold, 7.5, geom.KeyW - 12 - numW - 2, 5.5},
			{"edge", l.Edge, printgen.Sans, 5.5, 5*keyCell + 4*keyGap - 8, 5},
			{"timer token", l.timer(11), printgen.SansBold, 6, tokenLabelW, 5.5},
			{"guess token", l.Guess, printgen.SansBold, 6, tokenLabelW, 5.5},
			{"seat token", l.SeatA, printgen.SansBold, 6, tokenLabelW, 5.5},
			{"grid", l.Grid, printgen.SansBold, 6, tokenLabelW, 5.5},
			{"red agent card", l.RedAgent, printgen.SansBold, 13, geom.CardW - 12, 9},
			{"blue agent card", l.BlueAgent, printgen.SansBold, 13, geom.CardW - 12, 9},
			{"double agent card", l.DoubleAgent, printgen.SansBold, 13, geom.CardW - 12, 9},
			{"bystander card", l.Bystander, printgen.SansBold, 13, geom.CardW - 12, 9},
		} {
			if size := printgen.FitSize(tc.text, tc.font, tc.max, tc.width); size < tc.minSize {
				t.Errorf("%s: %s %q shrinks to %.1f pt to fit %.1f mm; want at least %.1f", l.Lang, tc.what, tc.text, size, tc.width, tc.minSize)
			}
		}
		for _, s := range append(append(l.DuetLegend[:], l.ClassicRest[:]...), l.TeamCount[0][0], l.TeamCount[1][0]) {
			if size := printgen.FitSize(s, printgen.Sans, legendSize, legendWidth); size < 5 {
				t.Errorf("%s: legend %q shrinks to %.1f pt to fit %.1f mm; want at least 5", l.Lang, s, size, legendWidth)
			}
		}
	}
}

// TestLabelsPrinted: a set in each language prints its labels (pdftotext
// finds them, diacritics included), and the English words are gone.
func TestLabelsPrinted(t *testing.T) {
	if testing.Short() {
		t.Skip("writes sets")
	}
	pdftest.NeedTool(t, "pdftotext")
	rulebook, err := missionmap.Rulebook()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range labels {
		t.Run(l.Lang, func(t *testing.T) {
			s := testSet(t, 30, 1, 1, printgen.Options{Paper: printgen.A4})
			s.Lang, s.Map = l.Lang, rulebook
			dir := writeSet(t, s)
			for file, want := range map[string][]string{
				"keycards-duet.pdf":    {l.duetKeyCard("A"), l.duetKeyCard("B"), l.Edge, l.DuetLegend[1]},
				"keycards-classic.pdf": {l.ClassicRest[0]},
				"pieces.pdf":           {l.Assassin, l.RedAgent, l.DoubleAgent, l.Bystander, l.timer(11), l.Guess, l.SeatA},
				"map-rulebook.pdf":     {l.Team, l.HowToRead, l.MapCode},
			} {
				text := strings.Join(strings.Fields(pdftest.PDFText(t, filepath.Join(dir, file))), " ")
				for _, w := range want {
					if !strings.Contains(text, w) {
						t.Errorf("%s: no %q", file, w)
					}
				}
				if l.Lang != "en" && (strings.Contains(text, "BYSTANDER") || strings.Contains(text, "KEY CARD")) {
					t.Errorf("%s: English labels in a %s set", file, l.Lang)
				}
			}
		})
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
