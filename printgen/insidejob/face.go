package insidejob

import (
	"fieldkit/markers"
	"fieldkit/printgen"
)

// Face is one printed side of an Inside Job piece: printgen's face (what a
// sheet places and --png writes) plus what a manifest and the tests need to
// know about it.
type Face struct {
	*printgen.Face
	Kind  markers.Kind // the kind of piece; a back has its piece's kind
	Piece string       // which piece: "Y7", "M01", "R2", "insider", "agent-3", "intel-05", "seat-2", "larry", "aid-4"; "back" on a back
	Back  bool         // a card back: the same for every card of its kind, no marker
	Marks []Mark       // the markers printed on the face
	Texts []*TextBox   // the texts laid out in boxes
}

// Mark is one marker printed on a face.
type Mark struct {
	ID     int     `json:"id"`
	Corner string  `json:"corner"` // where on the face: "top-left", "top-right", "bottom-left", "bottom-right", "centre", "top-panel", "bottom-panel"
	X      float64 `json:"x_mm"`   // the marker's top-left corner as printed (black border included), in face millimetres
	Y      float64 `json:"y_mm"`
	Side   float64 `json:"side_mm"`
	Turned bool    `json:"turned,omitempty"` // printed turned half a turn (it reads upright from the far side)
}

// Corners returns the marker's four outer corners in face millimetres,
// clockwise from the marker's own top-left corner, as a detector reports them.
func (m Mark) Corners() [4]printgen.Point {
	x0, y0, x1, y1 := m.X, m.Y, m.X+m.Side, m.Y+m.Side
	c := [4]printgen.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}
	if m.Turned {
		c = [4]printgen.Point{c[2], c[3], c[0], c[1]}
	}
	return c
}

// draw prints the marker.
func (m Mark) draw(c canvas) error {
	if m.Turned {
		c = turned{c: c, cx: m.X + m.Side/2, cy: m.Y + m.Side/2}
	}
	return printgen.DrawMarker(c, m.ID, m.X, m.Y, m.Side)
}

// newFace makes a face and its printgen face; draw draws everything but the
// markers, which are printed last, on top.
func newFace(name string, kind markers.Kind, piece string, w, h float64, marks []Mark, texts []*TextBox, draw func(c canvas, st printgen.Style) error) *Face {
	f := &Face{Kind: kind, Piece: piece, Marks: marks, Texts: texts}
	var ids []int
	for _, m := range marks {
		if len(ids) == 0 || ids[len(ids)-1] != m.ID {
			ids = append(ids, m.ID)
		}
	}
	pkind := kind.String()
	if piece == "back" {
		f.Back = true
		pkind += "-back"
	}
	f.Face = printgen.NewFace(name, pkind, w, h, ids, func(c canvas, st printgen.Style) error {
		if err := draw(c, st); err != nil {
			return err
		}
		for _, m := range marks {
			if err := m.draw(c); err != nil {
				return err
			}
		}
		return nil
	})
	return f
}

// Text returns the face's texts, one per box, as written.
func (f *Face) Text() []string {
	var out []string
	for _, t := range f.Texts {
		out = append(out, t.Text)
	}
	return out
}
