package insidejob

import (
	"strings"

	"fieldkit/printgen"
)

// Drawing helpers on top of printgen's Canvas and shapes: the deck's palette,
// its circles and rounded corners, wrapped text, and a canvas turned half a
// turn.

type (
	canvas = printgen.Canvas
	color  = printgen.Color
	point  = printgen.Point
)

// Palette.
var (
	white = color{R: 255, G: 255, B: 255}
	ink   = color{R: 30, G: 30, B: 34}
	grey  = color{R: 120, G: 120, B: 120}
	paper = color{R: 248, G: 245, B: 238}
	amber = color{R: 222, G: 166, B: 36}
	navy  = color{R: 40, G: 52, B: 110}
	risky = color{R: 190, G: 40, B: 40}
)

// luma is a colour's grey level (ITU-R BT.601), 0..255.
func luma(c color) float64 { return 0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B) }

// textOn returns ink or white, whichever reads better on bg.
func textOn(bg color) color {
	if luma(bg) > 150 {
		return ink
	}
	return white
}

const ptMM = 25.4 / 72 // one point in millimetres

// disc fills a circle, as a polygon of 72 sides.
func disc(c canvas, cx, cy, r float64, col color) {
	c.Polygon(printgen.CirclePoints(cx, cy, r, 72), col)
}

// ring draws a circle outline of width lw, its outer edge at radius r.
func ring(c canvas, cx, cy, r, lw float64, col color) {
	const n = 72
	outer := printgen.CirclePoints(cx, cy, r, n)
	inner := printgen.CirclePoints(cx, cy, r-lw, n)
	for i := range n {
		j := (i + 1) % n
		c.Polygon([]point{outer[i], outer[j], inner[j], inner[i]}, col)
	}
}

// roundRect fills a rectangle with corners of radius r, each an arc of 6
// segments.
func roundRect(c canvas, x, y, w, h, r float64, col color) {
	c.Polygon(printgen.RoundRectPoints(x, y, w, h, r, 6), col)
}

// turned draws onto c turned half a turn about (cx, cy): what is drawn
// upright through it reads upright from the other side of the table.
type turned struct {
	c      canvas
	cx, cy float64
}

func (t turned) pt(x, y float64) (float64, float64) { return 2*t.cx - x, 2*t.cy - y }

func (t turned) Rect(x, y, w, h float64, col color) {
	x2, y2 := t.pt(x+w, y+h)
	t.c.Rect(x2, y2, w, h, col)
}

func (t turned) Polygon(pts []point, col color) {
	out := make([]point, len(pts))
	for i, p := range pts {
		out[i].X, out[i].Y = t.pt(p.X, p.Y)
	}
	t.c.Polygon(out, col)
}

func (t turned) Text(x, y float64, s string, f printgen.Font, size float64, col color, flip bool) {
	px, py := t.pt(x, y)
	t.c.Text(px, py, s, f, size, col, !flip)
}

// Box is a rectangle on a face, in millimetres.
type Box struct{ X, Y, W, H float64 }

// TextBox is a text laid out in a box: the lines it was wrapped into and the
// size that makes them fit. Tests measure it again.
type TextBox struct {
	Box
	Text    string        // the text as written (paragraphs separated by "\n")
	Font    printgen.Font // the font it is set in
	Size    float64       // points
	MinSize float64       // the smallest size that counts as readable for this box
	Lines   []string      // the lines as printed
	Indent  []float64     // each line's indent in millimetres
	Centred bool          // each line centred in the box, else flush left
	Hanging bool          // each paragraph's first word hangs (numbered steps)
	Top     bool          // the block at the top of the box, else in its middle
}

// leading is the distance between baselines, in ems; a block of n lines is
// n*leading ems tall (the first baseline sits ascent ems below the top, room
// for accents on capitals).
const (
	leading = 1.2
	ascent  = 0.93
)

// LineHeight returns the distance between baselines in millimetres.
func (t *TextBox) LineHeight() float64 { return t.Size * ptMM * leading }

// layoutText wraps text into box at the largest size from max down to min
// (in quarter points) at which every line fits the width and the block fits
// the height. Text that does not fit even at min is set at min anyway: the
// fit test reports it.
func layoutText(text string, f printgen.Font, b Box, max, min float64, centred bool) *TextBox {
	return layout(&TextBox{Box: b, Text: text, Font: f, MinSize: min, Centred: centred}, max)
}

// layout sets t at the largest size from max down that fits its box.
func layout(t *TextBox, max float64) *TextBox {
	for size := max; ; size -= 0.25 {
		if size < t.MinSize {
			size = t.MinSize
		}
		t.Size = size
		ok := t.wrap()
		if ok && float64(len(t.Lines))*t.LineHeight() <= t.H || size <= t.MinSize {
			return t
		}
	}
}

// wrap breaks the text into lines no wider than the box at t.Size, greedily,
// word by word; each "\n" starts a new paragraph. With Hanging, a
// paragraph's first word (its number, "1.") hangs: the following lines are
// indented by its width. ok is false when a single word is too wide.
func (t *TextBox) wrap() (ok bool) {
	ok = true
	t.Lines, t.Indent = nil, nil
	for _, para := range strings.Split(t.Text, "\n") {
		words := strings.Fields(para)
		indent := 0.0
		cur := ""
		for _, w := range words {
			try := w
			if cur != "" {
				try = cur + " " + w
			}
			if printgen.TextWidth(try, t.Font, t.Size)+indent <= t.W {
				cur = try
			} else {
				if cur != "" {
					t.Lines, t.Indent = append(t.Lines, cur), append(t.Indent, indent)
					if t.Hanging && len(words) > 1 {
						indent = printgen.TextWidth(words[0]+" ", t.Font, t.Size)
					}
				}
				cur = w
				if printgen.TextWidth(w, t.Font, t.Size)+indent > t.W {
					ok = false
				}
			}
		}
		t.Lines, t.Indent = append(t.Lines, cur), append(t.Indent, indent)
	}
	return ok
}

// draw draws the laid-out text: the block at the top of its box, or in
// its middle.
func (t *TextBox) draw(c canvas, col color) {
	lh := t.LineHeight()
	block := float64(len(t.Lines)) * lh
	y := t.Y + ascent*t.Size*ptMM
	if !t.Top {
		y += (t.H - block) / 2
	}
	for i, l := range t.Lines {
		if t.Centred {
			printgen.CenterText(c, t.X+t.W/2, y, l, t.Font, t.Size, col, false)
		} else {
			c.Text(t.X+t.Indent[i], y, l, t.Font, t.Size, col, false)
		}
		y += lh
	}
}
