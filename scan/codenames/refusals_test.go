package codenames

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"fieldkit/catalog"
)

// leftover finds a {placeholder} a text still holds after its arguments
// were put in.
var leftover = regexp.MustCompile(`\{[A-Za-z0-9_]+\}`)

// checkSaid fails when m is no message of the catalog, or when lang's text
// of it keeps a {placeholder}, is empty, or is the English one.
func checkSaid(t *testing.T, m catalog.Msg, lang string) string {
	t.Helper()
	if !catalog.Known(m.ID) {
		t.Errorf("%q is no message of the catalog", m.ID)
		return ""
	}
	got := m.In(lang)
	if got == "" || leftover.MatchString(got) {
		t.Errorf("%s(%s) in %s = %q: empty, or a {placeholder} left", m.ID, m.Args, lang, got)
	}
	if en := m.In("en"); got == en {
		t.Errorf("%s in %s = %q, the English text", m.ID, lang, got)
	}
	return got
}

// TestRefusalsSaid: every refusal the scanner makes has its kind, its
// English reason (unchanged: logs, the scan JSON and tests read it) and a
// message of the catalog that Polish, Czech and Portuguese say whole;
// every kind of Refusal is among them.
func TestRefusalsSaid(t *testing.T) {
	for _, tc := range []struct {
		name   string
		ref    *refusal
		why    Refusal
		reason string // the English, as it was before the catalog
		pl     string // the Polish text, where the test pins it
	}{
		{"fewCards 6", fewCards(6), TooFewCards, "only 6 cards seen, need at least 8 of the grid's 25",
			"widać tylko 6 kart, a potrzeba co najmniej 8 z 25 kart siatki"},
		{"fewCards 2", fewCards(2), TooFewCards, "only 2 cards seen, need at least 8 of the grid's 25",
			"widać tylko 2 karty, a potrzeba co najmniej 8 z 25 kart siatki"},
		{"fewCards 1", fewCards(1), TooFewCards, "only 1 cards seen, need at least 8 of the grid's 25",
			"widać tylko 1 kartę, a potrzeba co najmniej 8 z 25 kart siatki"},
		{"fewWhole", fewWhole(3), TooFewCards, "only 3 cards seen whole, need at least 4", ""},
		{"fewOnGrid", fewOnGrid(7), TooFewCards, "only 7 cards lie on a common grid, need at least 8", ""},
		{"noBlock", noBlock(14, 6), NotAGrid, "the cards form 14 columns and 6 rows, and no 5 x 5 block of them stands out as the grid",
			"karty tworzą układ 14 × 6 (kolumny × rzędy) i żaden blok 5 x 5 nie wyróżnia się w nim jako siatka"},
		{"notGrid", notGrid(), NotAGrid, "the cards do not lie on a grid", ""},
		{"betweenCells", betweenCells(5, 20), TwoGrids, "5 cards lie between the cells of the grid of 20 cards: two grids in view, or cards scattered on the table", ""},
		{"farOff", farOff(9, 22), TwoGrids, "9 cards lie far off the grid of 22 cards: two grids in view, or cards scattered on the table", ""},
		{"partGrid", partGrid(4, 5), PartGrid, "only 4 columns and 5 rows of the grid are seen; show all 5 x 5 cells", ""},
		{"sparseLine 1", sparseLine("last row", 1), PartGrid, "the grid's last row shows only 1 card; show more of it",
			"ostatni rząd siatki pokazuje tylko 1 kartę; pokaż więcej siatki"},
		{"sparseLine 0", sparseLine("first column", 0), PartGrid, "the grid's first column shows only 0 card; show more of it",
			"pierwsza kolumna siatki pokazuje tylko 0 kart; pokaż więcej siatki"},
		{"spareCards", spareCards("first row"), PartGrid, "the grid's first row shows few cards and bare table where its others should lie: spare cards beside a hidden line? Show the whole grid", ""},
		{"badFit", badFit(0.234), BadFit, "the cards lie 0.23 cells off a regular grid (at most 0.20)",
			"karty odbiegają od regularnej siatki średnio o 23% pola (dopuszczalne najwyżej 20%)"},
		{"degenerate", degenerate(), BadFit, "the fitted grid is degenerate", ""},
		{"noSeat", noSeat(), NoSeat, "no seat marker was read, and no earlier photo fixed which side seat A sits at", ""},
		{"seatTurned", seatTurned(), NoSeat, "no seat marker was read and two sides of the grid lie about as near the bottom of the picture, so which side seat A sits at is not clear", ""},
		{"twoCovers", twoCovers(120, 131), Conflict, "two cover cards (120 and 131) lie on one cell", ""},
		{"twoWords", twoWords(17, 365), Conflict, "two word cards (17 and 365) lie on one cell", ""},
		{"wordTwice", wordTwice(17, Position{0, 1}, Position{3, 4}), Conflict, "word card 17 lies on two cells, [0,1] and [3,4]",
			"karta ze słowem 17 leży na dwóch polach, [0,1] i [3,4]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.ref.why != tc.why || tc.ref.reason != tc.reason {
				t.Errorf("= %v %q, want %v %q", tc.ref.why, tc.ref.reason, tc.why, tc.reason)
			}
			if !strings.HasPrefix(tc.ref.msg.ID, "cn.scan.") {
				t.Errorf("message %q: want an id cn.scan.*", tc.ref.msg.ID)
			}
			for _, lang := range []string{"pl", "cs", "pt"} {
				got := checkSaid(t, tc.ref.msg, lang)
				if lang == "pl" && tc.pl != "" && got != tc.pl {
					t.Errorf("in Polish = %q, want %q", got, tc.pl)
				}
			}
			var o Observation
			o.refused(tc.ref)
			if o.Refusal != tc.why || o.Reason != tc.reason || o.Why.ID != tc.ref.msg.ID {
				t.Errorf("refused: %v %q %v", o.Refusal, o.Reason, o.Why)
			}
			if r := o.Reading(); r.Msg == nil || r.Msg.ID != tc.ref.msg.ID || r.Reason != tc.reason {
				t.Errorf("Reading: msg %v, reason %q", r.Msg, r.Reason)
			}
		})
	}
}

// TestRefusalKindsSaid: each kind of Refusal but Readable has a refusal
// made by the functions of refusals.go, and no file of the package sets a
// reason but through them (Observation.refused), so none lacks its message.
func TestRefusalKindsSaid(t *testing.T) {
	made := map[Refusal]bool{}
	for _, r := range []*refusal{fewCards(0), fewWhole(0), fewOnGrid(0), noBlock(6, 6), notGrid(), betweenCells(5, 9),
		farOff(8, 9), partGrid(4, 4), sparseLine("last row", 1), spareCards("last row"), badFit(1), degenerate(),
		noSeat(), twoCovers(1, 2), twoWords(1, 2), wordTwice(1, Position{}, Position{})} {
		made[r.why] = true
	}
	for k := Readable + 1; int(k) < len(refusalNames); k++ {
		if !made[k] {
			t.Errorf("refusal %v has no message", k)
		}
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	set := regexp.MustCompile(`\.Reason\s*=|\.Refusal\s*(,[^=]*)?=[^=]|Reason:\s`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == "refusals.go" || f == "json.go" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if set.MatchString(line) {
				t.Errorf("%s:%d sets a reason without its message (use refused and a function of refusals.go): %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
}

// TestLabelsSaid: every word the annotation draws is a message of the
// catalog that each language says: why a piece was ignored or a cell's
// card is unknown, the covers, the grid's edge lines, the seat and the
// timer tokens.
func TestLabelsSaid(t *testing.T) {
	var ms []catalog.Msg
	for _, why := range []string{"off the grid", "turned against the grid", "doubt"} {
		id, ok := ignoredSay[why]
		if !ok {
			t.Errorf("ignored %q has no label", why)
		}
		ms = append(ms, catalog.M(id))
	}
	for _, why := range []string{"unseen", "doubt", "disagree", "turned"} {
		id, ok := noCardSay[why]
		if !ok {
			t.Errorf("a cell's card %q has no label", why)
		}
		ms = append(ms, catalog.M(id))
	}
	for k := NotInDeck; int(k) < len(kindNames); k++ {
		id, ok := coverSay[k]
		if k.isCover() != ok {
			t.Errorf("cover %v: label %q", k, id)
		}
		if ok {
			ms = append(ms, catalog.M(id))
		}
	}
	for _, l := range edgeLines {
		ms = append(ms, lineTerm(l.name))
	}
	ms = append(ms, catalog.M("cn.scan.view.seat_a"), catalog.M("cn.scan.view.timers", "n", 2))
	for _, m := range ms {
		for _, lang := range []string{"pl", "cs", "pt"} {
			got := m.In(lang)
			if !catalog.Known(m.ID) || got == "" || leftover.MatchString(got) {
				t.Errorf("%s in %s = %q", m.ID, lang, got)
			}
		}
	}
	if got := coverName("pl", Bystander); got != "niewinny obserwator" {
		t.Errorf("coverName(pl, bystander) = %q", got)
	}
}
