package insidejob

import (
	"math"

	"fieldkit/printgen"
)

// Manifest is manifest.json of a PNG export: what each file shows.
type Manifest struct {
	Game    string  `json:"game"` // "insidejob"
	Lang    string  `json:"lang"`
	DPI     int     `json:"dpi"`
	BleedMM float64 `json:"bleed_mm"`
	Files   []Entry `json:"files"`
}

// Entry describes one exported face.
type Entry struct {
	File     string      `json:"file"`
	Section  string      `json:"section"`
	Kind     string      `json:"kind"`         // the marker kind ("number", "mission", "risky-mission", ...); a back adds "-back"
	Piece    string      `json:"piece"`        // "Y7", "M01", "insider", "intel-03", ...; "back" for a card back
	ID       int         `json:"id,omitempty"` // the piece's marker id; none on a back
	Side     string      `json:"side"`         // "front" or "back"; tokens print one face on both sides
	WidthMM  float64     `json:"width_mm"`
	HeightMM float64     `json:"height_mm"`
	Pixels   [2]int      `json:"pixels"`
	Markers  []PNGMarker `json:"markers,omitempty"`
	Text     []string    `json:"text,omitempty"`
}

// PNGMarker is one marker in an exported image.
type PNGMarker struct {
	Mark
	// Pixels are its four outer corners in the PNG, clockwise from the
	// marker's own top-left corner, in OpenCV's convention (the centre of the
	// top-left pixel is (0, 0)), as scan.DetectMarkers reports them.
	Pixels [4][2]float64 `json:"corners_px"`
}

// ExportPNG writes every face of the set as its own PNG at dpi with
// printgen.Bleed on every side into dir (made if missing), plus
// manifest.json. A face printed on both sides of a piece, or behind many
// cards (a back), is written once.
func (s *Set) ExportPNG(dir string, dpi int) (*Manifest, error) {
	m := &Manifest{Game: "insidejob", Lang: s.Lang, DPI: dpi, BleedMM: printgen.Bleed}
	scale := float64(dpi) / 25.4
	var faces []*printgen.Face
	seen := map[*Face]bool{}
	for _, sec := range s.Sections() {
		for _, p := range sec.pieces {
			for side, f := range []*Face{p.front, p.back} {
				if f == nil || seen[f] {
					continue
				}
				seen[f] = true
				e := Entry{File: f.Name + ".png", Section: sec.Name, Kind: f.Face.Kind, Piece: f.Piece, Side: printgen.SideName(side),
					WidthMM: f.W, HeightMM: f.H, Text: f.Text()}
				if len(f.Marks) > 0 {
					e.ID = f.Marks[0].ID
				}
				for _, mk := range f.Marks {
					pm := PNGMarker{Mark: mk}
					for i, c := range mk.Corners() {
						pm.Pixels[i] = [2]float64{px((c.X+printgen.Bleed)*scale - 0.5), px((c.Y+printgen.Bleed)*scale - 0.5)}
					}
					e.Markers = append(e.Markers, pm)
				}
				faces = append(faces, f.Face)
				m.Files = append(m.Files, e)
			}
		}
	}
	err := printgen.ExportFaces(dir, faces, dpi, s.LowInk, m, func(i int, px [2]int) { m.Files[i].Pixels = px })
	if err != nil {
		return nil, err
	}
	return m, nil
}

// px rounds a pixel coordinate to a hundredth.
func px(v float64) float64 { return math.Round(v*100) / 100 }
