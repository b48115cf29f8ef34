package insidejob

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"fieldkit/catalog"
	"fieldkit/internal/golden"
	"fieldkit/markers"
	"fieldkit/printgen"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

// TestTextTables: every text printed is a message of the catalog, in every
// language, and every letter of every text has a glyph in the font it is
// printed in (a missing glyph prints as nothing).
func TestTextTables(t *testing.T) {
	fonts := map[printgen.Font]*sfnt.Font{}
	for f, ttf := range map[printgen.Font][]byte{printgen.Sans: goregular.TTF, printgen.SansBold: gobold.TTF} {
		fnt, err := sfnt.Parse(ttf)
		if err != nil {
			t.Fatal(err)
		}
		fonts[f] = fnt
	}
	if n := len(missions()); n != markers.Missions+markers.RiskyCards {
		t.Errorf("%d mission cards, want %d", n, markers.Missions+markers.RiskyCards)
	}
	if len(roleKeys) != markers.RoleCards {
		t.Errorf("%d role cards, want %d", len(roleKeys), markers.RoleCards)
	}
	for _, key := range roleKeys {
		if _, ok := roleTexts[key]; !ok {
			t.Errorf("role card %q has no texts", key)
		}
	}
	// Every text is the catalog's: an id it lacks would print as itself.
	for _, l := range Langs {
		s, err := New(l, printgen.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range allFaces(s) {
			for _, tb := range f.Texts {
				if strings.TrimSpace(tb.Text) == "" || strings.Contains(tb.Text, "ij.") || strings.Contains(tb.Text, "{") {
					t.Errorf("%s %s: text %q is no message of the catalog", l, f.Name, tb.Text)
				}
			}
		}
		for _, sec := range s.Sections() {
			if strings.Contains(sec.Name, "ij.") {
				t.Errorf("%s: section %q is no message of the catalog", l, sec.Name)
			}
		}
	}
	// Every text as printed, in its font.
	var buf sfnt.Buffer
	for _, l := range Langs {
		s, err := New(l, printgen.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range allFaces(s) {
			for _, tb := range f.Texts {
				for _, r := range tb.Text {
					if r == '\n' || r == ' ' {
						continue
					}
					if g, err := fonts[tb.Font].GlyphIndex(&buf, r); err != nil || g == 0 {
						t.Errorf("%s %s: no glyph for %q in %q", l, f.Name, r, tb.Text)
					}
				}
			}
		}
	}
}

func allFaces(s *Set) []*Face {
	var out []*Face
	seen := map[*Face]bool{}
	for _, sec := range s.Sections() {
		for _, f := range sec.Faces() {
			if !seen[f] {
				seen[f] = true
				out = append(out, f)
			}
		}
	}
	return out
}

// TestTextFits measures every text box of every face in every language
// again: every line fits the box's width, the block fits its height, the
// size is at least the box's readable minimum, no word is lost, the box lies
// on the face, and no text block runs into a marker or its quiet zone.
func TestTextFits(t *testing.T) {
	const eps = 1e-6
	for _, l := range Langs {
		s, err := New(l, printgen.Options{})
		if err != nil {
			t.Fatal(err)
		}
		boxes := 0
		for _, f := range allFaces(s) {
			for _, tb := range f.Texts {
				boxes++
				what := fmt.Sprintf("%s %s %q", l, f.Name, tb.Text)
				if tb.Size < tb.MinSize-eps {
					t.Errorf("%s: set at %.2f pt, below the readable %.2f pt", what, tb.Size, tb.MinSize)
				}
				if len(tb.Indent) != len(tb.Lines) {
					t.Errorf("%s: %d lines, %d indents", what, len(tb.Lines), len(tb.Indent))
					continue
				}
				for i, line := range tb.Lines {
					if w := tb.Indent[i] + printgen.TextWidth(line, tb.Font, tb.Size); w > tb.W+eps {
						t.Errorf("%s: line %q is %.2f mm wide with its indent, box %.2f mm", what, line, w, tb.W)
					}
				}
				if h := float64(len(tb.Lines)) * tb.Size * ptMM * leading; h > tb.H+eps {
					t.Errorf("%s: %d lines are %.2f mm tall, box %.2f mm", what, len(tb.Lines), h, tb.H)
				}
				if got, want := strings.Join(strings.Fields(strings.Join(tb.Lines, " ")), " "), strings.Join(strings.Fields(tb.Text), " "); got != want {
					t.Errorf("%s: lines say %q", what, got)
				}
				if tb.X < -eps || tb.Y < -eps || tb.X+tb.W > f.W+eps || tb.Y+tb.H > f.H+eps {
					t.Errorf("%s: box %+v is off the %gx%g face", what, tb.Box, f.W, f.H)
				}
				block := inked(tb)
				for _, m := range f.Marks {
					q := m.Side / 7 // the quiet zone is one cell wide
					zone := Box{m.X - q, m.Y - q, m.Side + 2*q, m.Side + 2*q}
					if overlaps(block, zone) {
						t.Errorf("%s: text %+v runs into marker %d at %+v", what, block, m.ID, zone)
					}
				}
			}
		}
		if boxes < 100 {
			t.Errorf("%s: only %d text boxes measured", l, boxes)
		}
	}
}

// inked returns the rectangle a text box's lines cover, measured line by line.
func inked(tb *TextBox) Box {
	lh := tb.Size * ptMM * leading
	h := float64(len(tb.Lines)) * lh
	y := tb.Y
	if !tb.Top {
		y += (tb.H - h) / 2
	}
	w := 0.0
	for i, l := range tb.Lines {
		w = math.Max(w, tb.Indent[i]+printgen.TextWidth(l, tb.Font, tb.Size))
	}
	x := tb.X
	if tb.Centred {
		x += (tb.W - w) / 2
	}
	return Box{x, y, w, h}
}

func overlaps(a, b Box) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

// TestLayout: the faces of a Polish set, their markers and texts, as a
// golden file: a change to any piece shows up in review.
func TestLayout(t *testing.T) {
	s, err := New("pl", printgen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, sec := range s.Sections() {
		fmt.Fprintf(&b, "## %s\n", sec.Name)
		seen := map[*Face]bool{}
		for _, f := range sec.Faces() {
			if seen[f] {
				continue
			}
			seen[f] = true
			fmt.Fprintf(&b, "%s %s %s %gx%g", f.Name, f.Face.Kind, f.Piece, f.W, f.H)
			for _, m := range f.Marks {
				fmt.Fprintf(&b, " [%d %s %g,%g %g]", m.ID, m.Corner, m.X, m.Y, m.Side)
			}
			b.WriteString("\n")
			for _, tb := range f.Texts {
				fmt.Fprintf(&b, "  %.2fpt %q\n", tb.Size, tb.Lines)
			}
		}
	}
	golden.Check(t, "testdata/layout-pl.txt", []byte(b.String()))
}

// TestIDs: every marker id of the Inside Job table is printed on exactly
// the faces it belongs to, with the kind package markers gives it; backs
// carry none.
func TestIDs(t *testing.T) {
	s, err := New("en", printgen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	count := map[int]int{}
	for _, f := range allFaces(s) {
		if f.Back && len(f.Marks) > 0 {
			t.Errorf("back %s carries markers %v", f.Name, f.Markers)
		}
		for _, m := range f.Marks {
			count[m.ID]++
			if k, _ := markers.PieceKind(m.ID); k != f.Kind {
				t.Errorf("%s: marker %d is a %v, the face a %v", f.Name, m.ID, k, f.Kind)
			}
		}
	}
	for _, r := range markers.InsideJob {
		for id := r.First; id < r.First+r.Count; id++ {
			want := 1
			if r.Kind == markers.NumberCard || r.Kind == markers.Larry {
				want = 2 // two corners; two panels
			}
			if count[id] != want {
				t.Errorf("marker %d (%v) printed %d times, want %d", id, r.Kind, count[id], want)
			}
			delete(count, id)
		}
	}
	for id, n := range count {
		t.Errorf("marker %d printed %d times, outside the Inside Job table", id, n)
	}
	// One back per kind of card: every card of a section has the same back
	// (risky missions the mission back), drawn the same, without markers.
	for _, sec := range s.Sections() {
		backs := map[*Face]bool{}
		fronts := 0
		for _, f := range sec.Faces() {
			if f.Back {
				backs[f] = true
			} else {
				fronts++
			}
		}
		switch sec.Name {
		case "number cards", "mission cards", "role cards", "player aids":
			if len(backs) != 1 {
				t.Errorf("%s: %d different backs, want 1", sec.Name, len(backs))
			}
			if n := len(sec.Faces()) - fronts; n != fronts {
				t.Errorf("%s: %d fronts and %d backs", sec.Name, fronts, n)
			}
		default:
			if len(backs) != 0 {
				t.Errorf("%s: %d card backs, want none (tokens show their face on both sides)", sec.Name, len(backs))
			}
		}
	}
	// The ids of ../shared/insidejob.md §4.2.
	for _, tt := range []struct {
		s    Suit
		v    int
		want int
	}{{Yellow, 1, 869}, {Pink, 1, 882}, {Green, 1, 895}, {Blue, 1, 908}, {Blue, 13, 920}, {Pink, 8, 889}} {
		if got := NumberID(tt.s, tt.v); got != tt.want {
			t.Errorf("NumberID(%v, %d) = %d, want %d", tt.s, tt.v, got, tt.want)
		}
	}
}

// TestMissionTrumps: the printed mission cards are the engine's, trump and
// all, and say the engine's card's message.
func TestMissionTrumps(t *testing.T) {
	for _, m := range missions() {
		if m.card.String() != m.code {
			t.Errorf("%s: the engine's card is %v", m.code, m.card)
			continue
		}
		if got := m.card.Trump().String(); got != m.trump.String() {
			t.Errorf("%s: printed trump %s, the engine's %s", m.code, m.trump, got)
		}
		if got, want := text("pl", string(m.card.Term())), catalog.Text("pl", "ij.mission."+m.code, nil); got != want || got == "ij.mission."+m.code {
			t.Errorf("%s: prints %q, the catalog says %q", m.code, got, want)
		}
	}
}

// TestBacks: the backs name the game as the set's language does: the
// Polish edition is "Krecia robota".
func TestBacks(t *testing.T) {
	for lang, want := range map[string]string{"pl": "KRECIA ROBOTA", "en": "INSIDE JOB"} {
		if got := caps(lang, "ij.game"); got != want {
			t.Errorf("%s backs say %q, want %q", lang, got, want)
		}
	}
	s, err := New("pl", printgen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Files()[4].Sections[0].Name; got != "karty pomocy" {
		t.Errorf("the Polish aids' section (the sheets' footer) is %q", got)
	}
}
