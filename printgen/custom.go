package printgen

import "image"

// What a package outside printgen needs to make its own pieces with the shared
// machinery (layout, crop marks, duplex backs, bleed, low ink, PNG export):
// a face drawn by its own function, the markers drawn exactly as printgen
// draws them, and PNG files as --png writes them.

// Style says how a face is printed; NewFace's draw function receives it.
type Style struct {
	LowInk bool    // outlines and tints instead of large fills
	Bleed  float64 // millimetres of background to draw beyond every trim edge
}

// NewFace returns a face w x h millimetres drawn by draw, carrying the given
// marker ids (for manifests and tests). name is its file name stem, kind what
// a PNG manifest calls it.
func NewFace(name, kind string, w, h float64, ids []int, draw func(c Canvas, st Style) error) *Face {
	return &Face{
		Name: name, Kind: kind, W: w, H: h, Markers: ids,
		draw: func(c Canvas, st style) error { return draw(c, Style{LowInk: st.lowInk, Bleed: st.bleed}) },
	}
}

// DrawMarker draws marker id (7x7 cells, black border included) as a
// side x side square at (x, y), with a white quiet zone of one cell around it:
// the same marker every printed piece carries.
func DrawMarker(c Canvas, id int, x, y, side float64) error { return markerOn(c, id, x, y, side) }

// WritePNG writes img to path as a PNG whose pHYs chunk says dpi, as ExportPNG
// writes faces.
func WritePNG(path string, img image.Image, dpi int) error { return writePNG(path, img, dpi) }
