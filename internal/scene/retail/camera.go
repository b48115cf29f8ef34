package retail

import (
	"image"
	"math"
	"math/rand"
	"runtime"

	"gocv.io/x/gocv"
)

// camera maps table millimetres (the grid's centre at 0, 0) to frame
// pixels by a homography h.
type camera struct {
	h       [9]float64
	scale   float64 // pixels per millimetre at the grid's near edge
	k       float64 // the far edge's scale over the near edge's
	flipped bool    // seen from the far side
	w, h2   int
}

// newCamera places the grid in the frame: it spans 55–88% of the frame's
// width (or what its height allows), turned by a few degrees (σ 4°), seen from
// either side, with the far edge 75–100% as wide as the near one.
func newCamera(rng *rand.Rand, p Params) camera {
	gw, gh := 5*CardW+4*Gap, 5*CardH+4*Gap
	fw, fh := float64(p.Width), float64(p.Height)
	k := 0.75 + 0.25*rng.Float64()
	s := (0.55 + 0.33*rng.Float64()) * fw / gw
	s = math.Min(s, 0.9*fh/(gh*(1+k)/2))
	theta := rng.NormFloat64() * 4 * math.Pi / 180
	flipped := rng.Intn(2) == 0
	if flipped {
		theta += math.Pi
	}
	cx := fw/2 + (rng.Float64()-0.5)*0.06*fw
	cy := fh/2 + (rng.Float64()-0.5)*0.06*fh
	// the grid's corners in the frame, before turning: the far (top) edge shorter
	hgt := gh * s * (1 + k) / 2
	src := [4][2]float64{{-gw / 2, -gh / 2}, {gw / 2, -gh / 2}, {gw / 2, gh / 2}, {-gw / 2, gh / 2}}
	dst := [4][2]float64{{-gw / 2 * s * k, -hgt / 2}, {gw / 2 * s * k, -hgt / 2}, {gw / 2 * s, hgt / 2}, {-gw / 2 * s, hgt / 2}}
	sn, cs := math.Sin(theta), math.Cos(theta)
	if flipped {
		// seen from the far side: the table's far edge is near the camera
		src = [4][2]float64{src[2], src[3], src[0], src[1]}
		theta -= math.Pi
		sn, cs = math.Sin(theta), math.Cos(theta)
	}
	for i, d := range dst {
		dst[i] = [2]float64{cx + cs*d[0] - sn*d[1], cy + sn*d[0] + cs*d[1]}
	}
	from := gocv.NewPoint2fVectorFromPoints(pts(src[:]))
	defer from.Close()
	to := gocv.NewPoint2fVectorFromPoints(pts(dst[:]))
	defer to.Close()
	hm := gocv.GetPerspectiveTransform2f(from, to)
	defer hm.Close()
	var c camera
	for i := range 9 {
		c.h[i] = hm.GetDoubleAt(i/3, i%3)
	}
	c.scale, c.k, c.flipped, c.w, c.h2 = s, k, flipped, p.Width, p.Height
	return c
}

func pts(ps [][2]float64) []gocv.Point2f {
	out := make([]gocv.Point2f, len(ps))
	for i, p := range ps {
		out[i] = gocv.Point2f{X: float32(p[0]), Y: float32(p[1])}
	}
	return out
}

// project maps a table point (mm) into the frame.
func (c camera) project(p [2]float64) [2]float64 {
	h := c.h
	w := h[6]*p[0] + h[7]*p[1] + h[8]
	return [2]float64{(h[0]*p[0] + h[1]*p[1] + h[2]) / w, (h[3]*p[0] + h[4]*p[1] + h[5]) / w}
}

// inside reports whether the table quad q lies in the frame, margin pixels
// from its edges.
func (c camera) inside(q [4][2]float64, margin float64) bool {
	for _, p := range q {
		f := c.project(p)
		if f[0] < margin || f[1] < margin || f[0] > float64(c.w)-margin || f[1] > float64(c.h2)-margin {
			return false
		}
	}
	return true
}

// tableFrame is the empty table: a colour with a slow variation.
func tableFrame(rng *rand.Rand, p Params) gocv.Mat {
	base := tables[rng.Intn(len(tables))]
	small := gocv.NewMatWithSize(6, 8, gocv.MatTypeCV8UC3)
	defer small.Close()
	for y := range 6 {
		for x := range 8 {
			v := 0.85 + 0.3*rng.Float64()
			for ch := range 3 {
				small.SetUCharAt(y, x*3+ch, uint8(math.Min(255, base[ch]*v)))
			}
		}
	}
	frame := gocv.NewMat()
	gocv.Resize(small, &frame, image.Pt(p.Width, p.Height), 0, 0, gocv.InterpolationCubic)
	return frame
}

// light darkens the frame towards one side and, in half the scenes, adds
// a glare spot (up to 150 grey levels at its peak); glare does not make a
// word illegible in the truth: the reader must cope with it or say unknown.
func light(frame gocv.Mat, rng *rand.Rand, p Params) {
	w, h := p.Width, p.Height
	// a gain over the frame: 0.8–1.1 from one side to the other
	gain := gocv.NewMatWithSize(2, 2, gocv.MatTypeCV32F)
	defer gain.Close()
	for i := range 4 {
		gain.SetFloatAt(i/2, i%2, float32(0.8+0.3*rng.Float64()))
	}
	big := gocv.NewMat()
	defer big.Close()
	gocv.Resize(gain, &big, image.Pt(w, h), 0, 0, gocv.InterpolationLinear)
	g3 := gocv.NewMat()
	defer g3.Close()
	gocv.Merge([]gocv.Mat{big, big, big}, &g3)
	f := gocv.NewMat()
	defer f.Close()
	frame.ConvertTo(&f, gocv.MatTypeCV32FC3)
	gocv.Multiply(f, g3, &f)
	if rng.Intn(2) == 0 {
		peak := 40 + 110*rng.Float64()
		sx := (0.08 + 0.12*rng.Float64()) * float64(w)
		gx, gy := rng.Float64()*float64(w), rng.Float64()*float64(h)
		spot := gocv.NewMatWithSize(h/8, w/8, gocv.MatTypeCV32F)
		defer spot.Close()
		for y := range h / 8 {
			for x := range w / 8 {
				d := math.Hypot(float64(x*8)-gx, float64(y*8)-gy) / sx
				spot.SetFloatAt(y, x, float32(peak*math.Exp(-d*d/2)))
			}
		}
		sb := gocv.NewMat()
		defer sb.Close()
		gocv.Resize(spot, &sb, image.Pt(w, h), 0, 0, gocv.InterpolationLinear)
		s3 := gocv.NewMat()
		defer s3.Close()
		gocv.Merge([]gocv.Mat{sb, sb, sb}, &s3)
		gocv.Add(f, s3, &f)
	}
	f.ConvertTo(&frame, gocv.MatTypeCV8UC3)
}

// degrade blurs the frame, adds sensor noise and passes it through JPEG;
// it returns the blur's sigma in pixels.
func degrade(frame gocv.Mat, rng *rand.Rand, p Params) float64 {
	res := float64(p.Width) / 1920
	sigma := (0.4 + 1.0*rng.Float64()) * math.Sqrt(res)
	k := int(math.Ceil(sigma*3))*2 + 1
	gocv.GaussianBlur(frame, &frame, image.Pt(k, k), sigma, sigma, gocv.BorderReplicate)
	noise := gocv.NewMatWithSize(frame.Rows(), frame.Cols(), gocv.MatTypeCV16SC3)
	defer noise.Close()
	// OpenCV's generator is the calling thread's: seeded from the scene's
	// seed on the thread that draws, or the same seed gives another noise
	// (the tuning slice's counts moved by a word or a token from run to
	// run)
	sd := gocv.NewScalar(2+4*rng.Float64(), 2+4*rng.Float64(), 2+4*rng.Float64(), 0)
	runtime.LockOSThread()
	gocv.SetRNGSeed(int(uint32(p.Seed*2654435761) >> 1))
	gocv.RandN(&noise, gocv.NewScalar(0, 0, 0, 0), sd)
	runtime.UnlockOSThread()
	f := gocv.NewMat()
	defer f.Close()
	frame.ConvertTo(&f, gocv.MatTypeCV16SC3)
	gocv.Add(f, noise, &f)
	f.ConvertTo(&frame, gocv.MatTypeCV8UC3)
	q := 70 + rng.Intn(23)
	buf, err := gocv.IMEncodeWithParams(gocv.JPEGFileExt, frame, []int{gocv.IMWriteJpegQuality, q})
	if err == nil {
		defer buf.Close()
		if dec, err := gocv.IMDecode(buf.GetBytes(), gocv.IMReadColor); err == nil {
			dec.CopyTo(&frame)
			dec.Close()
		}
	}
	return sigma
}
