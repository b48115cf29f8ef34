package scan

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"strings"
	"sync"

	"gocv.io/x/gocv"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Annotation labels are drawn with Go Bold, which covers every letter of the
// built-in word lists (ŻÓŁW, ČTYŘLÍSTEK, CORAÇÃO); OpenCV's Hershey fonts are
// ASCII only. Each glyph is rasterised once per pixel size, with its dark
// outline, and then only blended into the image.

// labelFont is Go Bold, parsed once (an sfnt.Font is safe for concurrent use).
var labelFont = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(gobold.TTF) })

// glyph is one rasterised letter: its coverage and its outline's coverage,
// placed relative to the pen position on the baseline.
type glyph struct {
	mask, outline *image.Alpha
	advance       int // pixels
}

// glyphSize holds one pixel size's face and the glyphs drawn with it.
type glyphSize struct {
	face   font.Face
	glyphs map[rune]*glyph
}

// glyphCache is every size's glyphs; an opentype face is not safe for
// concurrent use, so all drawing of new glyphs happens under mu.
var glyphCache struct {
	mu    sync.Mutex
	sizes map[[2]int]*glyphSize // by pixel size and outline radius
}

// maxGlyphSizes bounds the cache: frames of many sizes start it afresh.
const maxGlyphSizes = 16

// glyphsFor returns the glyphs of text at size px with an outline of radius
// r pixels, and the kerning before each.
func glyphsFor(text string, px, r int) ([]*glyph, []int, error) {
	f, err := labelFont()
	if err != nil {
		return nil, nil, fmt.Errorf("scan: the label font: %w", err)
	}
	glyphCache.mu.Lock()
	defer glyphCache.mu.Unlock()
	key := [2]int{px, r}
	gs := glyphCache.sizes[key]
	if gs == nil {
		face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: float64(px), DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			return nil, nil, fmt.Errorf("scan: the label font at %d px: %w", px, err)
		}
		if glyphCache.sizes == nil || len(glyphCache.sizes) >= maxGlyphSizes {
			glyphCache.sizes = map[[2]int]*glyphSize{}
		}
		gs = &glyphSize{face: face, glyphs: map[rune]*glyph{}}
		glyphCache.sizes[key] = gs
	}
	out := make([]*glyph, 0, len(text))
	kern := make([]int, 0, len(text))
	prev := rune(-1)
	for _, c := range text {
		g := gs.glyphs[c]
		if g == nil {
			g = rasterise(gs.face, c, r)
			gs.glyphs[c] = g
		}
		k := 0
		if prev >= 0 {
			k = gs.face.Kern(prev, c).Round()
		}
		out, kern, prev = append(out, g), append(kern, k), c
	}
	return out, kern, nil
}

// rasterise draws c with face at the origin and its outline: the coverage
// grown by r pixels in every direction (a separable maximum filter).
func rasterise(face font.Face, c rune, r int) *glyph {
	dr, mask, mp, adv, _ := face.Glyph(fixed.Point26_6{}, c)
	g := &glyph{advance: adv.Round()}
	g.mask = image.NewAlpha(dr)
	draw.Draw(g.mask, dr, mask, mp, draw.Src)
	b := dr.Inset(-r)
	wide := image.NewAlpha(b)
	for y := dr.Min.Y; y < dr.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			var m uint8
			for dx := -r; dx <= r; dx++ {
				if a := g.mask.AlphaAt(x+dx, y).A; a > m {
					m = a
				}
			}
			wide.SetAlpha(x, y, color.Alpha{m})
		}
	}
	g.outline = image.NewAlpha(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			var m uint8
			for dy := -r; dy <= r; dy++ {
				if a := wide.AlphaAt(x, y+dy).A; a > m {
					m = a
				}
			}
			g.outline.SetAlpha(x, y, color.Alpha{m})
		}
	}
	return g
}

// DrawText writes text into the 8-bit BGR image m with its baseline starting
// at at: first every glyph's dark outline, then the letters in c over them.
func DrawText(m *gocv.Mat, at image.Point, text string, c, outline color.RGBA, px, r int) error {
	if m.Type() != gocv.MatTypeCV8UC3 || !m.IsContinuous() {
		return fmt.Errorf("scan: labels need a continuous 8-bit BGR image, not type %v", m.Type())
	}
	glyphs, kern, err := glyphsFor(text, px, r)
	if err != nil {
		return err
	}
	data, err := m.DataPtrUint8()
	if err != nil {
		return fmt.Errorf("scan: labels: %w", err)
	}
	bounds := image.Rect(0, 0, m.Cols(), m.Rows())
	step := m.Step()
	for pass, col := range []color.RGBA{outline, c} {
		x := at.X
		for i, g := range glyphs {
			x += kern[i]
			a := g.mask
			if pass == 0 {
				a = g.outline
			}
			blend(data, step, bounds, a, image.Pt(x, at.Y), col)
			x += g.advance
		}
	}
	return nil
}

// blend paints c through the coverage a, offset by off, into the BGR pixels
// data (rows of step bytes) within bounds.
func blend(data []uint8, step int, bounds image.Rectangle, a *image.Alpha, off image.Point, c color.RGBA) {
	r := a.Rect.Add(off).Intersect(bounds)
	bgr := [3]uint32{uint32(c.B), uint32(c.G), uint32(c.R)}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		src := a.Pix[a.PixOffset(r.Min.X-off.X, y-off.Y):]
		row := data[y*step+3*r.Min.X:]
		for i := range r.Dx() {
			k := uint32(src[i])
			if k == 0 {
				continue
			}
			p := row[3*i : 3*i+3 : 3*i+3]
			for j := range 3 {
				p[j] = uint8((uint32(p[j])*(255-k) + bgr[j]*k + 127) / 255)
			}
		}
	}
}

// TextWidth returns the width in pixels of text drawn at size px with an
// outline of r pixels (DrawText).
func TextWidth(text string, px, r int) (int, error) {
	glyphs, kern, err := glyphsFor(text, px, r)
	if err != nil {
		return 0, err
	}
	w := 0
	for i, g := range glyphs {
		w += kern[i] + g.advance
	}
	if len(glyphs) > 0 {
		w += 2 * r
	}
	return w, nil
}

// Wrap splits text at spaces into lines no wider than width pixels when
// drawn at size px with an outline of r (a word wider than width stays
// whole on its own line): a translated label is often longer than the
// English one.
func Wrap(text string, px, r, width int) ([]string, error) {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		try := w
		if line != "" {
			try = line + " " + w
		}
		n, err := TextWidth(try, px, r)
		if err != nil {
			return nil, err
		}
		if n <= width || line == "" {
			line = try
			continue
		}
		lines = append(lines, line)
		line = w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines, nil
}

// DrawWrapped writes text as DrawText does, wrapped (Wrap) to lines no
// wider than width pixels, each baseline lineHeight pixels below the last,
// the first at at. It returns how many lines it drew.
func DrawWrapped(m *gocv.Mat, at image.Point, text string, c, outline color.RGBA, px, r, width, lineHeight int) (int, error) {
	lines, err := Wrap(text, px, r, width)
	if err != nil {
		return 0, err
	}
	for i, l := range lines {
		if err := DrawText(m, at.Add(image.Pt(0, i*lineHeight)), l, c, outline, px, r); err != nil {
			return i, err
		}
	}
	return len(lines), nil
}
