package printgen

// Colours of the shared machinery: markers and QR codes in black on white,
// cut lines and footers in grey. Each game family has its own palette.
var (
	white = Color{255, 255, 255}
	black = Color{0, 0, 0}
	grey  = Color{120, 120, 120}
)

// Tint mixes c with white: f = 0 gives c, f = 1 white.
func Tint(c Color, f float64) Color {
	m := func(v uint8) uint8 { return uint8(float64(v) + (255-float64(v))*f + 0.5) }
	return Color{m(c.R), m(c.G), m(c.B)}
}

// style is how a face is printed.
type style struct {
	lowInk bool
	bleed  float64 // millimetres of background beyond the trim edge
}

// Face is one printed side of one piece: what a sheet places in a slot and
// what --png writes as one file. A game family makes its faces with NewFace.
type Face struct {
	Name    string   // file name stem, e.g. "word-007-front"
	Kind    string   // what the piece is, e.g. "word", "keycard-duet" or "agent"; "blank" faces are not exported
	W, H    float64  // trim size in millimetres
	Markers []int    // marker ids printed on the face
	Words   []string // words printed on the face
	Code    string   // the code printed on the face, if any
	QR      string   // the QR code's content, if any
	draw    func(c Canvas, st style) error
}

// Draw draws the face onto c, with its background reaching bleed millimetres
// beyond the trim edge; low-ink trades fills for outlines.
func (f *Face) Draw(c Canvas, bleed float64, lowInk bool) error {
	return f.draw(c, style{lowInk: lowInk, bleed: bleed})
}

// Piece is a printed piece: a front face and, for two-sided pieces, a back
// face of the same size printed on the back of the sheet.
type Piece struct {
	Front, Back *Face
}

// Background fills a w x h face and its bleed with col.
func Background(c Canvas, w, h float64, st Style, col Color) {
	c.Rect(-st.Bleed, -st.Bleed, w+2*st.Bleed, h+2*st.Bleed, col)
}
