package printgen

import (
	"fmt"
	"math"
	"sync"

	"fieldkit/geometry"

	qrcode "github.com/skip2/go-qrcode"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Every card face is drawn once, through a Canvas, in millimetres with the
// origin at the face's top-left trim corner and y growing downwards. Two
// backends draw it: a PDF page (vector) and an RGBA image (for --png and for
// the camera's synthetic scenes).

// Color is an opaque sRGB colour.
type Color struct{ R, G, B uint8 }

// Point is a position in millimetres.
type Point struct{ X, Y float64 }

// Font is one of the fonts every backend has: the Go fonts.
type Font uint8

const (
	Sans Font = iota
	SansBold
	Mono
)

// Canvas is what a card face is drawn on.
type Canvas interface {
	// Rect fills an axis-aligned rectangle.
	Rect(x, y, w, h float64, c Color)
	// Polygon fills a polygon (non-zero winding).
	Polygon(pts []Point, c Color)
	// Text draws s with its baseline starting at (x, y); upside down when
	// flip is true (turned 180 degrees about (x, y)). size is in points.
	Text(x, y float64, s string, f Font, size float64, c Color, flip bool)
}

var (
	fontOnce  sync.Once
	fontFaces [3]*sfnt.Font
	fontErr   error
)

func sfntFont(f Font) *sfnt.Font {
	fontOnce.Do(func() {
		for i, ttf := range [][]byte{goregular.TTF, gobold.TTF, gomono.TTF} {
			fontFaces[i], fontErr = sfnt.Parse(ttf)
			if fontErr != nil {
				return
			}
		}
	})
	if fontErr != nil {
		panic(fmt.Sprintf("printgen: the built-in Go fonts do not parse: %v", fontErr))
	}
	return fontFaces[f]
}

const ptMM = 25.4 / 72 // one point in millimetres

// TextWidth returns the width of s in millimetres at size points: the sum of
// the glyphs' advances, without kerning, as both backends place them.
func TextWidth(s string, f Font, size float64) float64 {
	fnt := sfntFont(f)
	var buf sfnt.Buffer
	upem := float64(fnt.UnitsPerEm())
	var total fixed.Int26_6
	for _, r := range s {
		g, err := fnt.GlyphIndex(&buf, r)
		if err != nil {
			continue
		}
		adv, err := fnt.GlyphAdvance(&buf, g, fixed.Int26_6(upem*64), 0)
		if err != nil {
			continue
		}
		total += adv
	}
	return float64(total) / 64 / upem * size * ptMM
}

// CapHeight returns the height of a capital letter in millimetres at size points.
func CapHeight(f Font, size float64) float64 { return 0.70 * size * ptMM }

// FitSize returns the largest size up to max points at which s is at most
// width millimetres wide.
func FitSize(s string, f Font, max, width float64) float64 {
	w := TextWidth(s, f, max)
	if w <= width || w == 0 {
		return max
	}
	return max * width / w
}

// CenterText draws s centred on (cx, baseline); upside down when flip, then
// centred on the same point with the baseline above it as seen upright.
func CenterText(c Canvas, cx, y float64, s string, f Font, size float64, col Color, flip bool) {
	w := TextWidth(s, f, size)
	if flip {
		c.Text(cx+w/2, y, s, f, size, col, true)
		return
	}
	c.Text(cx-w/2, y, s, f, size, col, false)
}

// Frame draws a rectangle outline of line width lw inside (x, y, w, h).
func Frame(c Canvas, x, y, w, h, lw float64, col Color) {
	c.Rect(x, y, w, lw, col)
	c.Rect(x, y+h-lw, w, lw, col)
	c.Rect(x, y, lw, h, col)
	c.Rect(x+w-lw, y, lw, h, col)
}

// Line draws a straight stroke of width lw from p to q, with square ends
// (reaching lw/2 beyond p and q).
func Line(c Canvas, p, q Point, lw float64, col Color) { stroke(c, p, q, lw, true, col) }

// ButtLine draws a straight stroke of width lw from p to q, ending flat at p
// and q.
func ButtLine(c Canvas, p, q Point, lw float64, col Color) { stroke(c, p, q, lw, false, col) }

func stroke(c Canvas, p, q Point, lw float64, square bool, col Color) {
	dx, dy := q.X-p.X, q.Y-p.Y
	n := math.Hypot(dx, dy)
	if n == 0 {
		return
	}
	ox, oy := -dy/n*lw/2, dx/n*lw/2
	if square {
		ex, ey := dx/n*lw/2, dy/n*lw/2
		p, q = Point{p.X - ex, p.Y - ey}, Point{q.X + ex, q.Y + ey}
	}
	c.Polygon([]Point{{p.X + ox, p.Y + oy}, {q.X + ox, q.Y + oy}, {q.X - ox, q.Y - oy}, {p.X - ox, p.Y - oy}}, col)
}

// Disc fills a circle (a polygon of 48 sides).
func Disc(c Canvas, cx, cy, r float64, col Color) { c.Polygon(CirclePoints(cx, cy, r, 48), col) }

// CirclePoints returns n points evenly spaced on a circle, clockwise on the
// page from its rightmost point: the outline of a polygon of n sides.
func CirclePoints(cx, cy, r float64, n int) []Point {
	pts := make([]Point, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / float64(n)
		pts[i] = Point{cx + r*math.Cos(a), cy + r*math.Sin(a)}
	}
	return pts
}

// RoundRect fills a rectangle with rounded corners of radius r (each corner
// an arc of 8 segments).
func RoundRect(c Canvas, x, y, w, h, r float64, col Color) {
	c.Polygon(RoundRectPoints(x, y, w, h, r, 8), col)
}

// RoundRectPoints returns the outline of a rectangle with rounded corners of
// radius r, each corner an arc of n segments, clockwise on the page from the
// top edge's right end.
func RoundRectPoints(x, y, w, h, r float64, n int) []Point {
	var pts []Point
	corner := func(cx, cy, a0 float64) {
		for i := 0; i <= n; i++ {
			a := a0 + math.Pi/2*float64(i)/float64(n)
			pts = append(pts, Point{cx + r*math.Cos(a), cy + r*math.Sin(a)})
		}
	}
	corner(x+w-r, y+r, -math.Pi/2)
	corner(x+w-r, y+h-r, 0)
	corner(x+r, y+h-r, math.Pi/2)
	corner(x+r, y+r, math.Pi)
	return pts
}

// DrawQR draws a QR code of content with its quiet zone as a side x side square.
func DrawQR(c Canvas, content string, x, y, side float64) error {
	q, err := qrcode.New(content, qrcode.Medium)
	if err != nil {
		return fmt.Errorf("QR code for %q: %w", content, err)
	}
	bits := q.Bitmap() // includes the 4-module quiet zone
	c.Rect(x, y, side, side, white)
	modules(c, bits, x, y, side/float64(len(bits)))
	return nil
}

// modules draws a grid of square cells, true for black, as one rectangle per
// run of black cells in a row, plus thin bridges where a black cell lies on
// another: a renderer that anti-aliases rectangle edges then shows no light
// seam between rows.
func modules(c Canvas, dark [][]bool, x, y, m float64) {
	runs := func(r int, on func(col int) bool, draw func(c0, c1 int)) {
		for col := 0; col < len(dark[r]); {
			if !on(col) {
				col++
				continue
			}
			start := col
			for col < len(dark[r]) && on(col) {
				col++
			}
			draw(start, col)
		}
	}
	for r := range dark {
		runs(r, func(col int) bool { return dark[r][col] }, func(c0, c1 int) {
			c.Rect(x+float64(c0)*m, y+float64(r)*m, float64(c1-c0)*m, m, black)
		})
		if r+1 < len(dark) {
			runs(r, func(col int) bool { return dark[r][col] && dark[r+1][col] }, func(c0, c1 int) {
				c.Rect(x+float64(c0)*m, y+float64(r+1)*m-m/8, float64(c1-c0)*m, m/4, black)
			})
		}
	}
}

// DrawMarkers draws marker id on every spot of piece.
func DrawMarkers(c Canvas, id int, piece geometry.Piece) error {
	for _, s := range piece.Spots {
		x, y := s.Corner()
		if err := markerOn(c, id, x, y, s.Side); err != nil {
			return err
		}
	}
	return nil
}

// markerOn draws aruco marker id (7x7 cells, black border included) as a
// side x side square at (x, y), with a white quiet zone of one cell around it.
func markerOn(c Canvas, id int, x, y, side float64) error {
	cells, err := markerCells(id)
	if err != nil {
		return err
	}
	m := side / 7
	c.Rect(x-m, y-m, side+2*m, side+2*m, white)
	dark := make([][]bool, 7)
	for r := range dark {
		dark[r] = make([]bool, 7)
		for col := range dark[r] {
			dark[r][col] = !cells[r][col]
		}
	}
	modules(c, dark, x, y, m)
	return nil
}
