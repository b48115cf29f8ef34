package retail_test

import (
	"flag"
	"image"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gocv.io/x/gocv"
)

// A perturbation changes a rendered frame the way another camera, light
// or encoder would before TestRendered reads it (-perturb NAME): the
// frames were tuned on as the renderer made them, and a rule that holds
// only for the renderer's own pixels shows up as a wrong value on a
// changed frame. The rule stays the same: no wrong word, cover or token;
// what is read is logged, not asserted.
type perturbation struct {
	name, what string
	// apply returns the changed frame (img stays the caller's) and the
	// factor its pixel coordinates were scaled by
	apply func(img gocv.Mat, rng *rand.Rand) (gocv.Mat, float64)
}

var perturbations = []perturbation{
	{"small", "shrunk to two thirds (a 1080p frame to 1280x720, a 12 MP one to 2667x2000)", func(img gocv.Mat, _ *rand.Rand) (gocv.Mat, float64) {
		out := gocv.NewMat()
		gocv.Resize(img, &out, image.Point{}, 2.0/3, 2.0/3, gocv.InterpolationArea)
		return out, 2.0 / 3
	}},
	{"jpeg", "encoded again as JPEG at quality 30 (a phone app's upload)", func(img gocv.Mat, _ *rand.Rand) (gocv.Mat, float64) {
		buf, err := gocv.IMEncodeWithParams(gocv.JPEGFileExt, img, []int{gocv.IMWriteJpegQuality, 30})
		if err != nil {
			return img.Clone(), 1
		}
		defer buf.Close()
		out, err := gocv.IMDecode(buf.GetBytes(), gocv.IMReadColor)
		if err != nil {
			return img.Clone(), 1
		}
		return out, 1
	}},
	{"warm", "under a warm lamp: blue x0.75, green x0.93, red x1.1", channelGains(0.75, 0.93, 1.1)},
	{"cool", "in daylight shade: blue x1.12, red x0.82", channelGains(1.12, 1, 0.82)},
	{"dark", "underexposed: x0.55, with sensor noise (sigma 4)", func(img gocv.Mat, rng *rand.Rand) (gocv.Mat, float64) {
		return perPixel(img, func(_ int, v float64) float64 { return 0.55*v + 4*rng.NormFloat64() }), 1
	}},
	{"blur", "out of focus: a Gaussian blur of 1.4 px at 1080p (scaled with the width)", func(img gocv.Mat, _ *rand.Rand) (gocv.Mat, float64) {
		out := gocv.NewMat()
		s := 1.4 * float64(img.Cols()) / 1920
		gocv.GaussianBlur(img, &out, image.Point{}, s, s, gocv.BorderReplicate)
		return out, 1
	}},
	{"noise", "a noisy sensor: Gaussian noise of sigma 9 on every channel", func(img gocv.Mat, rng *rand.Rand) (gocv.Mat, float64) {
		return perPixel(img, func(_ int, v float64) float64 { return v + 9*rng.NormFloat64() }), 1
	}},
}

var perturbName = flag.String("perturb", "", "TestRendered: change each frame before reading it: "+perturbNames())

func perturbNames() string {
	var ns []string
	for _, p := range perturbations {
		ns = append(ns, p.name+" ("+p.what+")")
	}
	return strings.Join(ns, ", ")
}

// perturb applies -perturb to img, closing it, and returns the frame to
// read and its scale against the truth's pixels (1 without -perturb).
func perturb(tb testing.TB, img gocv.Mat, seed int64) (gocv.Mat, float64) {
	tb.Helper()
	if *perturbName == "" {
		return img, 1
	}
	i := slices.IndexFunc(perturbations, func(p perturbation) bool { return p.name == *perturbName })
	if i < 0 {
		tb.Fatalf("-perturb %q: not one of %s", *perturbName, perturbNames())
	}
	defer img.Close()
	return perturbations[i].apply(img, rand.New(rand.NewPCG(uint64(seed), 18)))
}

// channelGains scales the blue, green and red channels.
func channelGains(b, g, r float64) func(gocv.Mat, *rand.Rand) (gocv.Mat, float64) {
	gains := [3]float64{b, g, r}
	return func(img gocv.Mat, _ *rand.Rand) (gocv.Mat, float64) {
		return perPixel(img, func(i int, v float64) float64 { return gains[i%3] * v }), 1
	}
}

// perPixel maps every channel value of img (its i-th byte, BGR order)
// through f.
func perPixel(img gocv.Mat, f func(i int, v float64) float64) gocv.Mat {
	out := img.Clone()
	px, err := out.DataPtrUint8()
	if err != nil {
		return out
	}
	for i := range px {
		px[i] = clamp8(f(i, float64(px[i])))
	}
	return out
}

func clamp8(v float64) uint8 { return uint8(math.Max(0, math.Min(255, math.Round(v)))) }

// TestPerturbations checks that each perturbation changes a frame and
// keeps its size as it says.
func TestPerturbations(t *testing.T) {
	img := gocv.NewMatWithSize(480, 640, gocv.MatTypeCV8UC3)
	defer img.Close()
	px, _ := img.DataPtrUint8()
	for i := range px {
		px[i] = uint8(40 + (i*7)%180)
	}
	for _, p := range perturbations {
		out, scale := p.apply(img, rand.New(rand.NewPCG(1, 18)))
		diff := gocv.NewMat()
		if out.Rows() == img.Rows() {
			gocv.AbsDiff(img, out, &diff)
			if s := diff.Sum(); s.Val1+s.Val2+s.Val3 == 0 {
				t.Errorf("%s: the frame is unchanged", p.name)
			}
		}
		if w := int(math.Round(float64(img.Cols()) * scale)); out.Cols() != w {
			t.Errorf("%s: %d columns, want %d (scale %.2f)", p.name, out.Cols(), w, scale)
		}
		diff.Close()
		out.Close()
	}
}
