package scene

import (
	"fmt"
	"math"
	"math/rand"

	"gocv.io/x/gocv"
)

// Shared with other games' scene generators (internal/scene/insidejob): the
// camera's faults, and when a marker stays legible under them.

// Damage is what Degrade did to a frame: what decides whether a marker can
// still be read. Close releases its glare layer.
type Damage struct {
	Blur     float64  // the combined blur's standard deviation, pixels
	Noise    float64  // the sensor noise sigma, grey levels
	Contrast float64  // black-to-white contrast at the darkest corner, grey levels
	glare    gocv.Mat // CV_8UC1 glare layer, or empty
	lens     func([2]float64) [2]float64
}

// Lens maps a point of the frame as drawn to where the lens put it (the
// identity without lens distortion).
func (d *Damage) Lens(q [2]float64) [2]float64 {
	if d.lens == nil {
		return q
	}
	return d.lens(q)
}

// Close releases the glare layer.
func (d *Damage) Close() { d.glare.Close() }

// Degrade applies p's light (Light, Gradient, Glare), coloured light
// (Tint), lens distortion (Lens), blur (Blur, Motion), sensor noise and JPEG
// round trip (JPEG, Chroma) to frame, a BGR image, in the order the
// Codenames scenes apply them; *frame may be replaced. The caller closes the
// returned Damage.
func Degrade(frame *gocv.Mat, rng *rand.Rand, p Params) (*Damage, error) {
	d := &Damage{Noise: p.Noise, Contrast: 200, glare: gocv.NewMat()}
	if err := light(*frame, rng, p, &d.glare); err != nil {
		d.Close()
		return nil, err
	}
	tint(*frame, p.Tint)
	if p.Lens != 0 {
		d.lens = distort(frame, p.Lens)
	}
	d.Blur = degrade(*frame, rng, p)
	if p.JPEG > 0 {
		opts := []int{gocv.IMWriteJpegQuality, p.JPEG}
		if p.Chroma > 0 {
			opts = append(opts, gocv.IMWriteJpegChromaQuality, p.Chroma)
		}
		buf, err := gocv.IMEncodeWithParams(gocv.JPEGFileExt, *frame, opts)
		if err != nil {
			d.Close()
			return nil, fmt.Errorf("scene: JPEG encoding: %w", err)
		}
		dec, err := gocv.IMDecode(buf.GetBytes(), gocv.IMReadColor)
		buf.Close()
		if err != nil {
			d.Close()
			return nil, fmt.Errorf("scene: JPEG decoding: %w", err)
		}
		frame.Close()
		*frame = dec
	}
	if p.Light != 0 {
		d.Contrast *= p.Light
	}
	if p.Gradient != 0 {
		d.Contrast *= p.Gradient
	}
	return d, nil
}

// Illegible says why a marker with outer corners c (frame pixels as drawn,
// before the lens) cannot be read in a w x h frame with this damage, under
// the occluder polygons, by the same limits as the Codenames scenes: "" when
// it is legible. Occluders and glare are known before the lens; where the
// marker lands and how large it is, after.
func (d *Damage) Illegible(c [4][2]float64, w, h int, occluders [][][2]float64) string {
	need := math.Max(minLegibleSide, 16*d.Blur) * (1 + 2*math.Max(d.Noise, 1)/d.Contrast)
	samples := markerSamples(c)
	for k := range c {
		c[k] = d.Lens(c[k])
	}
	switch side := shortestSide(c); {
	case !insideFrame(c, w, h, 3):
		return "outside the frame"
	case side < need:
		return fmt.Sprintf("%.0f px, below %.0f px", side, need)
	case anyInside(samples, occluders):
		return "under another piece"
	case glareAt(&d.glare, samples, w, h) > maxGlare:
		return "under glare"
	}
	return ""
}

// Warp draws src into dst through m, the map from src pixels to dst pixels;
// quad is src's outline in dst (only that part of dst is touched).
func Warp(dst, src gocv.Mat, m [9]float64, quad [4][2]float64) error {
	return warpInto(dst, src, camera(m), quad)
}

// WarpRound draws a round token as Warp draws a card, only inside the
// circle inscribed in src.
func WarpRound(dst, src gocv.Mat, m [9]float64, quad [4][2]float64) error {
	return warpRound(dst, src, camera(m), quad)
}

// Hand paints a hand and forearm reaching over the table, its longest
// fingertip near (x, y) table millimetres, from a random direction; toFrame
// maps table millimetres to frame pixels. It returns the outline polygons
// (frame pixels) for Illegible's occluders.
func Hand(frame gocv.Mat, rng *rand.Rand, toFrame func(x, y float64) (float64, float64), x, y float64) [][][2]float64 {
	return handOver(frame, rng, toFrame, x, y)
}

// Surface paints the table's surface t (wood grain, cloth weave, glass)
// over the frame's flat colour; Plain leaves it.
func Surface(frame gocv.Mat, rng *rand.Rand, t Texture) {
	if t != Plain {
		texture(frame, rng, t)
	}
}
