package retail

import (
	"image"
	"math"

	"gocv.io/x/gocv"
)

// edgeFrame is a frame balanced to the tuning range's edge (edgeGains) only
// where it is asked for: Reader.Read looks at that balance only inside the
// cards' quads (weakFigureBound on the found cards, steadyLook on each
// classed cell), about a third of a webcam frame, where balanced did the
// whole frame. Its image has the frame's size; a pixel balanced holds
// balanced's bytes (the same tables), the rest is not to be read. The
// frame is balanced tile by tile (edgeTile pixels square), each tile once,
// from the frame as found, so a tile asked for twice holds the same bytes.
type edgeFrame struct {
	src         gocv.Mat // the frame as found (not owned)
	m           gocv.Mat // balanced where done says
	px, sp      []byte   // m's and src's bytes
	w, h, tw    int      // the frame's size, its width in tiles
	done        []bool   // each tile's balance made, row after row
	blue, green [256]byte
}

// edgeTile is the side of the tiles an edgeFrame is balanced by.
const edgeTile = 16

// newEdgeFrame returns img (BGR, 8-bit) to be balanced with the gains gb
// and gg as balanced balances it, where asked (over, overBoxes); the
// caller closes it.
func newEdgeFrame(img gocv.Mat, gb, gg float64) *edgeFrame {
	e := &edgeFrame{src: img, w: img.Cols(), h: img.Rows()}
	for v := range 256 {
		e.blue[v] = uint8(min(255, math.Round(gb*float64(v))))
		e.green[v] = uint8(min(255, math.Round(gg*float64(v))))
	}
	e.m = gocv.NewMatWithSize(e.h, e.w, gocv.MatTypeCV8UC3)
	e.tw = (e.w + edgeTile - 1) / edgeTile
	e.done = make([]bool, e.tw*((e.h+edgeTile-1)/edgeTile))
	px, err := e.m.DataPtrUint8()
	if err != nil || !e.m.IsContinuous() {
		// no bytes of its own to write: the whole frame balanced at once
		e.m.Close()
		e.m = balanced(img, gb, gg)
		for i := range e.done {
			e.done[i] = true
		}
		return e
	}
	e.px, e.sp = px, pixels(img)
	return e
}

// Close frees the balanced image.
func (e *edgeFrame) Close() error { return e.m.Close() }

// over returns the image balanced wherever rectify reads for the quad q:
// q's bounding box and a margin of edgeMargin pixels, within the frame.
// Rectified, a convex quad's card is sampled inside the quad (the
// perspective map takes the card's rectangle onto the quad's hull), each
// sample's bilinear footprint a pixel on, and outside the frame at its
// border's pixels (BorderReplicate), which the box held to the frame keeps;
// any other quad (not convex: the map may run through infinity) has the
// whole frame balanced.
func (e *edgeFrame) over(q Quad) gocv.Mat {
	if !convexQuad(q) {
		e.balance(image.Rect(0, 0, e.w, e.h))
		return e.m
	}
	return e.overBoxes(q)
}

// overBoxes returns the image balanced inside each quad's bounding box and
// a margin of edgeMargin pixels, within the frame: wherever a point of a
// quad (a mix of its corners) lies, or its nearest pixel in the frame.
func (e *edgeFrame) overBoxes(quads ...Quad) gocv.Mat {
	for _, q := range quads {
		x0, y0 := math.Inf(1), math.Inf(1)
		x1, y1 := math.Inf(-1), math.Inf(-1)
		for _, p := range q {
			x0, x1 = min(x0, p[0]), max(x1, p[0])
			y0, y1 = min(y0, p[1]), max(y1, p[1])
		}
		clamp := func(v float64, lo, hi int) int {
			if !(v >= float64(lo)) { // NaN too
				return lo
			}
			return int(min(v, float64(hi)))
		}
		// at least a pixel wide and high within the frame: a quad off
		// the frame is read at its border's pixels
		r := image.Rect(clamp(math.Floor(x0)-edgeMargin, 0, e.w-1), clamp(math.Floor(y0)-edgeMargin, 0, e.h-1),
			clamp(math.Ceil(x1)+edgeMargin+1, 1, e.w), clamp(math.Ceil(y1)+edgeMargin+1, 1, e.h))
		e.balance(r)
	}
	return e.m
}

// edgeMargin is the pixels kept balanced around a quad's bounding box: the
// bilinear sample's second pixel and the perspective map's rounding.
const edgeMargin = 2

// balance balances every tile of r not yet balanced: each run of such
// tiles along a row of tiles at once, row after row of pixels, each row's
// bytes copied and then its blue and green bytes looked up (as balanced).
func (e *edgeFrame) balance(r image.Rectangle) {
	if r.Empty() {
		return
	}
	tx0, tx1 := r.Min.X/edgeTile, (r.Max.X-1)/edgeTile
	for ty := r.Min.Y / edgeTile; ty <= (r.Max.Y-1)/edgeTile; ty++ {
		row := e.done[ty*e.tw : (ty+1)*e.tw]
		for tx := tx0; tx <= tx1; {
			if row[tx] {
				tx++
				continue
			}
			run := tx
			for ; tx <= tx1 && !row[tx]; tx++ {
				row[tx] = true
			}
			x0, x1 := run*edgeTile, min(e.w, tx*edgeTile)
			for y := ty * edgeTile; y < min(e.h, (ty+1)*edgeTile); y++ {
				a, b := (y*e.w+x0)*3, (y*e.w+x1)*3
				px := e.px[a:b:b]
				copy(px, e.sp[a:b])
				for i := 0; i+2 < len(px); i += 3 {
					p := px[i : i+2 : i+2]
					p[0], p[1] = e.blue[p[0]], e.green[p[1]]
				}
			}
		}
	}
}

// convexQuad reports whether q's corners turn the same way at each of the
// four, none on a line with its neighbours.
func convexQuad(q Quad) bool {
	pos, neg := 0, 0
	for i := range 4 {
		a, b, c := q[i], q[(i+1)%4], q[(i+2)%4]
		z := (b[0]-a[0])*(c[1]-b[1]) - (b[1]-a[1])*(c[0]-b[0])
		switch {
		case z > 0:
			pos++
		case z < 0:
			neg++
		}
	}
	return pos == 4 || neg == 4
}
