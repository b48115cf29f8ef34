package printgen

import (
	"fmt"
	"io"
	"math"

	"fieldkit/catalog"

	"github.com/jung-kurt/gofpdf"
)

// Options say how a set is printed.
type Options struct {
	Paper  Paper
	LowInk bool // outlines and tints instead of large fills
	Bleed  bool // 3 mm of background beyond every trim edge, with gaps between pieces, for print shops
	// Lang is the language of every word the sheets print around the pieces
	// (footers, printing instructions): a catalog language; "" is English.
	Lang string
}

// Bleed is the bleed in millimetres when Options.Bleed is set, and in PNG exports.
const Bleed = 3.0

// Sheet geometry: pieces are laid out in a grid centred on portrait pages,
// leaving SheetMargin for crop marks and the printer's unprintable edge.
const (
	SheetMargin = 10.0
	cropGap     = 1.5 // crop marks start this far outside the grid
	cropLen     = 6.0
	cropWidth   = 0.2
	cutLine     = 0.15
)

var cutColor = Color{170, 170, 170}

// Grid is how pieces of one size lie on a page.
type Grid struct {
	Cols, Rows int
	Turned     bool    // pieces lie turned a quarter turn clockwise
	CW, CH     float64 // a slot's size on the page (turned when Turned)
	Gap        float64
	X0, Y0     float64 // top-left of the grid
}

// PlanGrid lays w x h millimetre pieces with bleed on p: as many as fit
// inside the sheet margin, turned a quarter turn when more fit that way.
func PlanGrid(p Paper, w, h, bleed float64) (Grid, error) {
	pw, ph := p.Size()
	gap := 2 * bleed
	best := Grid{}
	for _, turned := range []bool{false, true} {
		cw, ch := w, h
		if turned {
			cw, ch = h, w
		}
		cols := int(math.Floor((pw - 2*SheetMargin + gap) / (cw + gap)))
		rows := int(math.Floor((ph - 2*SheetMargin + gap) / (ch + gap)))
		if cols*rows > best.Cols*best.Rows {
			best = Grid{Cols: cols, Rows: rows, Turned: turned, CW: cw, CH: ch, Gap: gap}
		}
	}
	if best.Cols*best.Rows == 0 {
		return best, fmt.Errorf("a %.0f x %.0f mm piece does not fit on %s paper", w, h, p)
	}
	gw := float64(best.Cols)*best.CW + float64(best.Cols-1)*gap
	gh := float64(best.Rows)*best.CH + float64(best.Rows-1)*gap
	best.X0, best.Y0 = (pw-gw)/2, (ph-gh)/2
	return best, nil
}

// Place returns where the i-th piece of a sheet lies on the front page or,
// mirrored left to right, on the back page.
func (g Grid) Place(i int, back bool) (x, y float64) {
	r, c := i/g.Cols, i%g.Cols
	if back {
		c = g.Cols - 1 - c
	}
	return g.Slot(r, c)
}

// Slot returns the top-left corner of the slot in row r, column c.
func (g Grid) Slot(r, c int) (x, y float64) {
	return g.X0 + float64(c)*(g.CW+g.Gap), g.Y0 + float64(r)*(g.CH+g.Gap)
}

// Section is a run of same-sized pieces printed together on their own pages.
type Section struct {
	Name   string // what PNG manifests call it, e.g. "word cards"
	Title  string // what the page footer calls it, in the set's language; "" shows Name
	Pieces []Piece
}

// WritePDF prints sections of pieces onto pages: each section in a grid with
// crop marks; when a section has two-sided pieces, every front page is followed
// by its back page, laid out for long-edge duplex printing: the grid mirrored
// left to right, so each back lands behind its front with its top edge behind
// the front's top edge (pieces turned on the page are turned the other way on
// the back).
// It returns the number of pages.
func WritePDF(w io.Writer, title string, sections []Section, o Options) (int, error) {
	pdf := NewDocument(o.Paper, "P")
	pdf.SetTitle(title, true)
	st := newPDFState()
	for _, s := range sections {
		if err := imposeSection(pdf, st, s, o); err != nil {
			return 0, err
		}
	}
	if err := pdf.Error(); err != nil {
		return 0, fmt.Errorf("making %s: %w", title, err)
	}
	return pdf.PageNo(), pdf.Output(w)
}

func imposeSection(pdf *gofpdf.Fpdf, st *pdfState, s Section, o Options) error {
	if len(s.Pieces) == 0 {
		return nil
	}
	bleed := 0.0
	if o.Bleed {
		bleed = Bleed
	}
	f0 := s.Pieces[0].Front
	g, err := PlanGrid(o.Paper, f0.W, f0.H, bleed)
	if err != nil {
		return fmt.Errorf("%s: %w", s.Name, err)
	}
	duplex := false
	for _, p := range s.Pieces {
		if p.Back != nil {
			duplex = true
		}
		if p.Front.W != f0.W || p.Front.H != f0.H || (p.Back != nil && (p.Back.W != f0.W || p.Back.H != f0.H)) {
			return fmt.Errorf("%s: pieces of different sizes in one section", s.Name)
		}
	}
	per := g.Cols * g.Rows
	sheets := (len(s.Pieces) + per - 1) / per
	for sheet := range sheets {
		chunk := s.Pieces[sheet*per : min(len(s.Pieces), (sheet+1)*per)]
		sides := []bool{false}
		if duplex {
			sides = append(sides, true)
		}
		for _, back := range sides {
			pdf.AddPage()
			*st = *newPDFState()
			for i, p := range chunk {
				f := p.Front
				if back {
					f = p.Back
				}
				if f == nil {
					continue
				}
				x, y := g.Place(i, back)
				pc := &pdfCanvas{pdf: pdf, ox: x, oy: y, w: f.W, h: f.H, state: st}
				if g.Turned {
					// A back turned the other way keeps its top edge behind
					// the front's top edge once the sheet is flipped.
					pc.turn = 1
					if back {
						pc.turn = -1
					}
				}
				if err := f.draw(pc, style{lowInk: o.LowInk, bleed: bleed}); err != nil {
					return fmt.Errorf("%s, %s: %w", s.Name, f.Name, err)
				}
				if bleed == 0 {
					// Pieces share their cut lines: a hairline shows where.
					Frame(&pdfCanvas{pdf: pdf, state: st}, x, y, g.CW, g.CH, cutLine, cutColor)
				}
			}
			cropMarks(pdf, st, g, len(chunk), back)
			pc := &pdfCanvas{pdf: pdf, state: st}
			footer := Footer(o.Lang, s, sheet+1, sheets, duplex, back)
			pw, ph := o.Paper.Size()
			pc.Text(g.X0, ph-3.5, footer, Sans, FitSize(footer, Sans, 6.5, pw-2*g.X0), grey, false)
		}
	}
	return nil
}

// Footer is what the foot of a page of section s says in lang: the
// section, the sheet's number and, for two-sided pieces, which side of the
// sheet it is (the front tells the printer how to print it).
func Footer(lang string, s Section, sheet, sheets int, duplex, back bool) string {
	title := s.Title
	if title == "" {
		title = s.Name
	}
	id := "print.footer"
	switch {
	case back:
		id = "print.footer.back"
	case duplex:
		id = "print.footer.front"
	}
	return catalog.M(id, "section", title, "sheet", sheet, "sheets", sheets).In(lang)
}

// cropMarks draws short lines in the margin on every cut line of the grid's
// used rows and columns.
func cropMarks(pdf *gofpdf.Fpdf, st *pdfState, g Grid, n int, back bool) {
	pc := &pdfCanvas{pdf: pdf, state: st}
	cols := min(n, g.Cols)
	rows := (n + g.Cols - 1) / g.Cols
	c0, c1 := 0, cols
	if back {
		c0, c1 = g.Cols-cols, g.Cols
	}
	left, _ := g.Slot(0, c0)
	right, _ := g.Slot(0, c1-1)
	right += g.CW
	_, top := g.Slot(0, 0)
	_, bottom := g.Slot(rows-1, 0)
	bottom += g.CH
	var xs, ys []float64
	for c := c0; c < c1; c++ {
		x, _ := g.Slot(0, c)
		xs = appendCut(xs, x)
		xs = appendCut(xs, x+g.CW)
	}
	for r := range rows {
		_, y := g.Slot(r, 0)
		ys = appendCut(ys, y)
		ys = appendCut(ys, y+g.CH)
	}
	for _, x := range xs {
		Line(pc, Point{x, top - cropGap}, Point{x, top - cropGap - cropLen}, cropWidth, black)
		Line(pc, Point{x, bottom + cropGap}, Point{x, bottom + cropGap + cropLen}, cropWidth, black)
	}
	for _, y := range ys {
		Line(pc, Point{left - cropGap, y}, Point{left - cropGap - cropLen, y}, cropWidth, black)
		Line(pc, Point{right + cropGap, y}, Point{right + cropGap + cropLen, y}, cropWidth, black)
	}
}

func appendCut(cuts []float64, v float64) []float64 {
	for _, c := range cuts {
		if math.Abs(c-v) < 0.01 {
			return cuts
		}
	}
	return append(cuts, v)
}
