package insidejob

import "math"

// Suit is a number card's colour, in the order of the marker ids (yellow,
// pink, green, blue). Each has its own symbol, so the suits can be told apart
// without colour: a star, a heart, a triangle and a diamond, also different
// in grey level (light to dark).
type Suit int

const (
	Yellow Suit = iota
	Pink
	Green
	Blue
)

// Suits lists the suits in marker-id order.
var Suits = []Suit{Yellow, Pink, Green, Blue}

// String returns the suit's letter as the referee writes cards: Y, P, G or B.
func (s Suit) String() string { return string("YPGB"[s]) }

// fill is the suit's colour; dark is a darker shade for text and outlines.
func (s Suit) fill() color {
	return [...]color{{R: 247, G: 200, B: 20}, {R: 234, G: 92, B: 162}, {R: 38, G: 150, B: 72}, {R: 24, G: 64, B: 166}}[s]
}

func (s Suit) dark() color {
	return [...]color{{R: 140, G: 100, B: 0}, {R: 168, G: 30, B: 104}, {R: 18, G: 96, B: 42}, {R: 14, G: 38, B: 118}}[s]
}

// outline returns the symbol's silhouette as a polygon centred on (cx, cy),
// size millimetres across.
func (s Suit) outline(cx, cy, size float64) []point {
	r := size / 2
	var pts []point
	switch s {
	case Yellow: // a five-pointed star
		for i := range 10 {
			a := -math.Pi/2 + math.Pi*float64(i)/5
			rr := r
			if i%2 == 1 {
				rr = r * 0.45
			}
			pts = append(pts, point{X: cx + rr*math.Cos(a), Y: cy + 0.06*r + rr*math.Sin(a)})
		}
	case Pink: // a heart
		const n = 64
		for i := range n {
			t := 2 * math.Pi * float64(i) / n
			x := 16 * math.Pow(math.Sin(t), 3)
			y := 13*math.Cos(t) - 5*math.Cos(2*t) - 2*math.Cos(3*t) - math.Cos(4*t)
			pts = append(pts, point{X: cx + x/17*r, Y: cy - (y+2.5)/17*r})
		}
	case Green: // a triangle pointing up
		pts = []point{{X: cx, Y: cy - r}, {X: cx + r*0.95, Y: cy + r*0.72}, {X: cx - r*0.95, Y: cy + r*0.72}}
	case Blue: // a diamond
		pts = []point{{X: cx, Y: cy - r}, {X: cx + r*0.72, Y: cy}, {X: cx, Y: cy + r}, {X: cx - r*0.72, Y: cy}}
	}
	return pts
}

// symbol draws the suit's symbol: the silhouette in the dark shade with the
// suit's colour inside, so it reads on any background and in grey.
func (s Suit) symbol(c canvas, cx, cy, size float64) {
	c.Polygon(s.outline(cx, cy, size), s.dark())
	inset := size - max(0.7, size*0.12)
	c.Polygon(s.outline(cx, cy, inset), s.fill())
}
