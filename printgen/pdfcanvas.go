package printgen

import (
	"github.com/jung-kurt/gofpdf"
)

// pdfCanvas draws a face onto a PDF page: local millimetres are moved to the
// face's slot and, when turned, rotated a quarter turn clockwise.
type pdfCanvas struct {
	pdf    *gofpdf.Fpdf
	ox, oy float64 // the slot's top-left corner on the page
	turn   int     // 0, or the face lies turned a quarter turn clockwise (1) or counter-clockwise (-1) in its slot
	w, h   float64 // the face's size, used when turned
	state  *pdfState
}

// pdfState remembers the document's current colours and font, so that
// repeated drawing in one colour does not repeat operators.
type pdfState struct {
	fill, text Color
	fillSet    bool
	textSet    bool
	font       Font
	size       float64
}

// NewPDFCanvas returns a Canvas that draws on pdf's current page in page
// millimetres: for sheets that WritePDF does not lay out, such as a deck sheet.
func NewPDFCanvas(pdf *gofpdf.Fpdf) Canvas { return &pdfCanvas{pdf: pdf, state: newPDFState()} }

func newPDFState() *pdfState { return &pdfState{font: 255} }

func (p *pdfCanvas) at(x, y float64) (float64, float64) {
	switch p.turn {
	case 1:
		return p.ox + p.h - y, p.oy + x
	case -1:
		return p.ox + y, p.oy + p.w - x
	}
	return p.ox + x, p.oy + y
}

func (p *pdfCanvas) setFill(c Color) {
	if !p.state.fillSet || p.state.fill != c {
		p.pdf.SetFillColor(int(c.R), int(c.G), int(c.B))
		p.state.fill, p.state.fillSet = c, true
	}
}

func (p *pdfCanvas) Rect(x, y, w, h float64, c Color) {
	if w <= 0 || h <= 0 {
		return
	}
	x1, y1 := p.at(x, y)
	x2, y2 := p.at(x+w, y+h)
	p.setFill(c)
	p.pdf.Rect(min(x1, x2), min(y1, y2), abs(x2-x1), abs(y2-y1), "F")
}

func (p *pdfCanvas) Polygon(pts []Point, c Color) {
	pp := make([]gofpdf.PointType, len(pts))
	for i, q := range pts {
		pp[i].X, pp[i].Y = p.at(q.X, q.Y)
	}
	p.setFill(c)
	p.pdf.Polygon(pp, "F")
}

func (p *pdfCanvas) Text(x, y float64, s string, f Font, size float64, c Color, flip bool) {
	if p.state.font != f || p.state.size != size {
		switch f {
		case SansBold:
			p.pdf.SetFont(FontSans, "B", size)
		case Mono:
			p.pdf.SetFont(FontMono, "", size)
		default:
			p.pdf.SetFont(FontSans, "", size)
		}
		p.state.font, p.state.size = f, size
	}
	if !p.state.textSet || p.state.text != c {
		p.pdf.SetTextColor(int(c.R), int(c.G), int(c.B))
		p.state.text, p.state.textSet = c, true
	}
	px, py := p.at(x, y)
	angle := 0.0
	if flip {
		angle += 180
	}
	angle -= 90 * float64(p.turn)
	if angle == 0 {
		p.pdf.Text(px, py, s)
		return
	}
	p.pdf.TransformBegin()
	p.pdf.TransformRotate(angle, px, py)
	p.pdf.Text(px, py, s)
	p.pdf.TransformEnd()
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}
