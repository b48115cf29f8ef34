package printgen

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// rasterCanvas draws a face into an RGBA image: scale pixels per millimetre,
// local (0, 0) at pixel (ox, oy). Shapes are anti-aliased.
type rasterCanvas struct {
	img    *image.RGBA
	scale  float64
	ox, oy float64
	r      vector.Rasterizer
	buf    sfnt.Buffer
}

// NewRaster returns an image of a face w x h millimetres plus bleed on every
// side at dpi, and a Canvas whose origin is the face's trim corner.
func newRaster(w, h, bleed float64, dpi int) (*image.RGBA, *rasterCanvas) {
	scale := float64(dpi) / 25.4
	pw := int(math.Round((w + 2*bleed) * scale))
	ph := int(math.Round((h + 2*bleed) * scale))
	img := image.NewRGBA(image.Rect(0, 0, pw, ph))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	return img, &rasterCanvas{img: img, scale: scale, ox: bleed * scale, oy: bleed * scale}
}

func (rc *rasterCanvas) px(x, y float64) (float32, float32) {
	return float32(rc.ox + x*rc.scale), float32(rc.oy + y*rc.scale)
}

// fill rasterises the path that add draws (in pixels, relative to the
// bounding box's corner) and paints it in c.
func (rc *rasterCanvas) fill(minX, minY, maxX, maxY float64, c Color, add func(dx, dy float32)) {
	b := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX)), int(math.Ceil(maxY))).Intersect(rc.img.Bounds())
	if b.Empty() {
		return
	}
	rc.r.Reset(b.Dx(), b.Dy())
	rc.r.DrawOp = draw.Over
	add(float32(-b.Min.X), float32(-b.Min.Y))
	rc.r.Draw(rc.img, b, image.NewUniform(color.RGBA{c.R, c.G, c.B, 255}), image.Point{})
}

func (rc *rasterCanvas) Rect(x, y, w, h float64, c Color) {
	if w <= 0 || h <= 0 {
		return
	}
	// Axis-aligned rectangles are snapped to whole pixels and painted without
	// anti-aliasing: neighbouring rectangles (marker cells, QR modules) then
	// meet without seams. At 300 dpi a pixel is 0.085 mm.
	x0, y0 := rc.px(x, y)
	x1, y1 := rc.px(x+w, y+h)
	r := image.Rect(round(x0), round(y0), round(x1), round(y1))
	draw.Draw(rc.img, r, image.NewUniform(color.RGBA{c.R, c.G, c.B, 255}), image.Point{}, draw.Src)
}

func round(v float32) int { return int(math.Round(float64(v))) }

func (rc *rasterCanvas) Polygon(pts []Point, c Color) {
	if len(pts) < 3 {
		return
	}
	ps := make([][2]float32, len(pts))
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i, p := range pts {
		x, y := rc.px(p.X, p.Y)
		ps[i] = [2]float32{x, y}
		minX, maxX = math.Min(minX, float64(x)), math.Max(maxX, float64(x))
		minY, maxY = math.Min(minY, float64(y)), math.Max(maxY, float64(y))
	}
	rc.fill(minX, minY, maxX, maxY, c, func(dx, dy float32) {
		rc.r.MoveTo(ps[0][0]+dx, ps[0][1]+dy)
		for _, p := range ps[1:] {
			rc.r.LineTo(p[0]+dx, p[1]+dy)
		}
		rc.r.ClosePath()
	})
}

func (rc *rasterCanvas) Text(x, y float64, s string, f Font, size float64, c Color, flip bool) {
	fnt := sfntFont(f)
	ppem := size * ptMM * rc.scale // pixels per em
	bx, by := rc.px(x, y)
	sign := float32(1)
	if flip {
		sign = -1
	}
	// The string's bounding box: advance width by ascent and descent.
	w := float32(TextWidth(s, f, size) * rc.scale)
	asc, desc := float32(ppem*1.0), float32(ppem*0.3)
	minX, maxX := bx, bx+sign*w
	minY, maxY := by-sign*asc, by+sign*desc
	if flip {
		minX, maxX = maxX, minX
		minY, maxY = maxY, minY
	}
	ifx := fixed.Int26_6(math.Round(ppem * 64))
	rc.fill(float64(minX)-2, float64(minY)-2, float64(maxX)+2, float64(maxY)+2, c, func(dx, dy float32) {
		pen := float32(0)
		for _, r := range s {
			g, err := fnt.GlyphIndex(&rc.buf, r)
			if err != nil {
				continue
			}
			segs, err := fnt.LoadGlyph(&rc.buf, g, ifx, nil)
			if err != nil {
				continue
			}
			pt := func(p fixed.Point26_6) (float32, float32) {
				return bx + dx + sign*(pen+float32(p.X)/64), by + dy + sign*float32(p.Y)/64
			}
			for _, sg := range segs {
				switch sg.Op {
				case sfnt.SegmentOpMoveTo:
					rc.r.MoveTo(pt(sg.Args[0]))
				case sfnt.SegmentOpLineTo:
					rc.r.LineTo(pt(sg.Args[0]))
				case sfnt.SegmentOpQuadTo:
					x1, y1 := pt(sg.Args[0])
					x2, y2 := pt(sg.Args[1])
					rc.r.QuadTo(x1, y1, x2, y2)
				case sfnt.SegmentOpCubeTo:
					x1, y1 := pt(sg.Args[0])
					x2, y2 := pt(sg.Args[1])
					x3, y3 := pt(sg.Args[2])
					rc.r.CubeTo(x1, y1, x2, y2, x3, y3)
				}
			}
			adv, err := fnt.GlyphAdvance(&rc.buf, g, ifx, 0)
			if err == nil {
				pen += float32(adv) / 64
			}
		}
	})
}
