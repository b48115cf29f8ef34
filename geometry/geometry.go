// Package geometry is where the printed pieces' sizes and their markers'
// places are written down, once: package printgen draws the pieces by it,
// package scan reads the markers by it, and the test-table generator
// internal/scene lays out its synthetic tables with it. Each game family's pieces are in a subpackage
// (geometry/codenames); this package holds what every game's pieces share.
// Lengths are millimetres on the printed face, measured from its top-left
// trim corner with y growing downwards, as printgen draws.
package geometry

// Spot is where a marker is printed on a face: the centre of its square and
// its side, black border included (the white quiet zone around it is not).
type Spot struct{ X, Y, Side float64 }

// Corner returns the top-left corner of the spot's square.
func (s Spot) Corner() (x, y float64) { return s.X - s.Side/2, s.Y - s.Side/2 }

// Piece is a printed face: its trim size and where its markers lie.
type Piece struct {
	W, H  float64
	Spots []Spot
}
