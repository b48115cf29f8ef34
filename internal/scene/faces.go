package scene

import (
	"fmt"

	"fieldkit/deck"
	geom "fieldkit/geometry/codenames"
	"fieldkit/markers"
	"fieldkit/printgen"
	cnprint "fieldkit/printgen/codenames"

	"gocv.io/x/gocv"
)

// SeatID is the marker id of the printed seat marker the generator lays
// beyond seat A's side when Params.Seat is set.
const SeatID = markers.SeatID

// Printed sizes in millimetres, from package geometry/codenames.
const (
	cardW = geom.CardW
	cardH = geom.CardH
	token = geom.TokenSide
)

// markerSpot is a marker on a face: its id and its square in face
// millimetres, centred on (x, y).
type markerSpot struct {
	id      int
	x, y, s float64
}

// face is a rendered piece face: BGR pixels at some resolution and what is on it.
type face struct {
	mat     gocv.Mat
	w, h    float64 // millimetres
	markers []markerSpot
}

// faceKey names a cached rendering.
type faceKey struct{ id, dpi int }

// faceDPIs are the resolutions faces are rendered at; a scene uses the
// lowest one at least 1.3 times as fine as its frame.
var faceDPIs = []int{100, 150, 200, 300}

// faceFor returns marker id's face rendered at dpi. Word faces come from
// cnprint.WordCards, covers, tokens and the seat marker from
// cnprint.PieceSections.
func (g *Generator) faceFor(id, dpi int) (*face, error) {
	k := faceKey{id, dpi}
	if f, ok := g.cache[k]; ok {
		return f, nil
	}
	if len(g.cache) > 400 {
		g.dropCache()
	}
	pf, ok := g.faces[id]
	if !ok {
		return nil, fmt.Errorf("scene: no printed face carries marker %d", id)
	}
	img, err := printgen.RenderFace(pf, dpi, 0, false)
	if err != nil {
		return nil, err
	}
	w, h := pf.W, pf.H
	kind, _ := g.deck.Kind(id)
	piece, ok := geom.Of(kind)
	if !ok {
		return nil, fmt.Errorf("scene: marker %d is a %s, not a Codenames piece", id, kind)
	}
	var spots []markerSpot
	for _, s := range piece.Spots {
		spots = append(spots, markerSpot{id, s.X, s.Y, s.Side})
	}
	m, err := gocv.ImageToMatRGB(img)
	if err != nil {
		return nil, err
	}
	f := &face{mat: m, w: w, h: h, markers: spots}
	g.cache[k] = f
	return f, nil
}

func (g *Generator) dropCache() {
	for k, f := range g.cache {
		f.mat.Close()
		delete(g.cache, k)
	}
}

// indexFaces maps every marker id of d's printed set to its face.
func indexFaces(d *deck.Deck) map[int]*printgen.Face {
	out := map[int]*printgen.Face{}
	add := func(f *printgen.Face) {
		if f == nil {
			return
		}
		for _, id := range f.Markers {
			out[id] = f
		}
	}
	for _, p := range cnprint.WordCards(d) {
		add(p.Front)
		add(p.Back)
	}
	for _, s := range cnprint.PieceSections(cnprint.LabelsFor("en")) {
		for _, p := range s.Pieces {
			add(p.Front)
			add(p.Back)
		}
	}
	return out
}
