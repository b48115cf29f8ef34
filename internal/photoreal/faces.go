package photoreal

import (
	"fmt"
	"os"
	"path/filepath"

	"fieldkit/deck"
	geom "fieldkit/geometry/codenames"
	"fieldkit/markers"
	"fieldkit/printgen"
	cnprint "fieldkit/printgen/codenames"
	pij "fieldkit/printgen/insidejob"
	"fieldkit/wordlists"
)

// DPI is the resolution the printed faces are exported at: the print
// shops' PNG export (fieldkit print --png) uses the same.
const DPI = 300

// Face is one exported printed face: its PNG, trim size and markers.
type Face struct {
	File    string
	W, H    float64
	Markers []SpecMarker
	Kind    markers.Kind
	Other   *Face // the piece's other side, if it is printed on both
}

// Faces are the exported faces of one game, by marker id; Backs are card
// backs without a marker, by kind.
type Faces struct {
	ByID  map[int]*Face
	Backs map[markers.Kind]*Face
	Deck  *deck.Deck // Codenames: the printed deck
}

// done says whether dir holds a finished export.
func done(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "manifest.json"))
	return err == nil
}

// TestDeck is the Codenames deck the accuracy tests scan with: the English
// list, seed 7.
func TestDeck() (*deck.Deck, error) {
	l, err := wordlists.Builtin("en")
	if err != nil {
		return nil, err
	}
	return deck.New(l.Name, l.Lang, l.Words, 7)
}

// CodenamesFaces exports the English Codenames set of d (word cards,
// covers, tokens, the seat marker) into dir with printgen.ExportPNG, unless
// it is there already, and indexes it.
func CodenamesFaces(dir string, d *deck.Deck) (*Faces, error) {
	lb := cnprint.LabelsFor("en")
	secs := append([]printgen.Section{cnprint.WordSection(d, lb)}, cnprint.PieceSections(lb)...)
	if !done(dir) {
		if _, err := printgen.ExportPNG(dir, secs, "", DPI, false); err != nil {
			return nil, err
		}
	}
	fs := &Faces{ByID: map[int]*Face{}, Backs: map[markers.Kind]*Face{}, Deck: d}
	face := func(f *printgen.Face) *Face {
		if f == nil || len(f.Markers) == 0 {
			return nil
		}
		id := f.Markers[0]
		kind, _ := d.Kind(id)
		piece, ok := geom.Of(kind)
		if !ok {
			return nil
		}
		out := &Face{File: filepath.Join(dir, f.Name+".png"), W: f.W, H: f.H, Kind: kind}
		for _, s := range piece.Spots {
			h := s.Side / 2
			out.Markers = append(out.Markers, SpecMarker{ID: id, Corners: [4][2]float64{
				{s.X - h, s.Y - h}, {s.X + h, s.Y - h}, {s.X + h, s.Y + h}, {s.X - h, s.Y + h}}})
		}
		fs.ByID[id] = out
		return out
	}
	for _, s := range secs {
		for _, p := range s.Pieces {
			a, b := face(p.Front), face(p.Back)
			if a != nil && b != nil && a != b {
				a.Other, b.Other = b, a
			}
		}
	}
	if len(fs.ByID) == 0 {
		return nil, fmt.Errorf("photoreal: no Codenames face with a marker in %s", dir)
	}
	return fs, nil
}

// InsideJobFaces exports the English Inside Job set into dir with
// (*insidejob.Set).ExportPNG, unless it is there already, and indexes it.
func InsideJobFaces(dir string) (*Faces, error) {
	set, err := pij.New("en", printgen.Options{})
	if err != nil {
		return nil, err
	}
	if !done(dir) {
		if _, err := set.ExportPNG(dir, DPI); err != nil {
			return nil, err
		}
	}
	fs := &Faces{ByID: map[int]*Face{}, Backs: map[markers.Kind]*Face{}}
	for _, sec := range set.Sections() {
		for _, f := range sec.Faces() {
			out := &Face{File: filepath.Join(dir, f.Name+".png"), W: f.W, H: f.H, Kind: f.Kind}
			if f.Back {
				fs.Backs[f.Kind] = out
				continue
			}
			for _, m := range f.Marks {
				var sm SpecMarker
				sm.ID = m.ID
				for i, c := range m.Corners() {
					sm.Corners[i] = [2]float64{c.X, c.Y}
				}
				out.Markers = append(out.Markers, sm)
			}
			for _, m := range f.Marks {
				fs.ByID[m.ID] = out
			}
		}
	}
	return fs, nil
}
