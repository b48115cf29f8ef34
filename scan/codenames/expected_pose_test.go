package codenames

import (
	"math"
	"path/filepath"
	"testing"

	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// The pose search as session 13 wrote it, every pose turned, rounded and
// summed from the integral image one module at a time: the reference the
// faster search (box sums, whole-module shifts read at once) must agree
// with.
func (cv *canonical) moduleRef(u, v float64) float64 {
	return cv.moduleSum((u+cv.half)*expectPx, (v+cv.half)*expectPx)
}

func (cv *canonical) borderScoreRef(p pose) float64 {
	score := 0.0
	for side := range 4 {
		in, out := 0.0, 0.0
		for _, q := range borderPairs[side*7 : side*7+7] {
			u, v := p.at(q[0], q[1])
			in += cv.moduleRef(u, v)
			u, v = p.at(q[2], q[3])
			out += cv.moduleRef(u, v)
		}
		score += (out - in) / 7
	}
	return score
}

func (cv *canonical) bestPoseRef() (pose, float64) {
	best, bestScore := newPose(0, 0, 0, 1), math.Inf(-1)
	try := func(p pose) {
		if s := cv.borderScoreRef(p); s > bestScore {
			best, bestScore = p, s
		}
	}
	deg := math.Pi / 180
	for turn := -expectMaxTurn; turn <= expectMaxTurn; turn += expectMaxTurn / 4 {
		for _, sc := range []float64{0.9, 1, 1.1} {
			for dy := -expectMargin; dy <= expectMargin; dy++ {
				for dx := -expectMargin; dx <= expectMargin; dx++ {
					try(newPose(dx, dy, turn*deg, sc))
				}
			}
		}
	}
	climb(&best, try)
	return best, bestScore
}

// The patch's samples as session 13 took them, one by one in Go: the
// reference for OpenCV's warp.
// at is the grey level of pixel (x, y), which must lie inside.
func (g greyPixels) at(x, y int) float64 {
	i := y*g.step + x*g.ch
	if g.ch == 1 {
		return float64(g.data[i])
	}
	// BGR: OpenCV's weights.
	return 0.114*float64(g.data[i]) + 0.587*float64(g.data[i+1]) + 0.299*float64(g.data[i+2])
}

// bilinear is the grey level at (x, y), and false outside the image.
func (g greyPixels) bilinear(x, y float64) (float64, bool) {
	if x < 0 || y < 0 || x > float64(g.w-1) || y > float64(g.h-1) {
		return 0, false
	}
	x0, y0 := int(x), int(y)
	x1, y1 := min(x0+1, g.w-1), min(y0+1, g.h-1)
	fx, fy := x-float64(x0), y-float64(y0)
	top := g.at(x0, y0)*(1-fx) + g.at(x1, y0)*fx
	bot := g.at(x0, y1)*(1-fx) + g.at(x1, y1)*fx
	return top*(1-fy) + bot*fy, true
}

// TestBestPoseSame holds the patch's samples against px's own (to 3 grey
// levels) and the pose search against the reference above on
// spots all over the three expected-look crops (on the lost marker, on
// cards, covers, tokens and table, at every quarter cell, every half cell
// with -short): the same pose, the same score to 1e-9.
func TestBestPoseSame(t *testing.T) {
	crops := []struct {
		file    string
		corners [4]scan.Point
		scale   markerScale
	}{
		{"expected-200221.jpg", [4]scan.Point{{X: -145.1, Y: 111.1}, {X: 884.3, Y: -105.3}, {X: 1081.8, Y: 557.1}, {X: -11.0, Y: 787.3}},
			markerScale{sx: 0.14885, sy: 0.22729, off: 0.34755, alongX: true}},
		{"expected-200281.jpg", [4]scan.Point{{X: -136.3, Y: 324.5}, {X: 938.5, Y: -253.5}, {X: 1189.5, Y: 595.5}, {X: 59.4, Y: 1020.2}},
			markerScale{sx: 0.13729, sy: 0.19724, off: 0.31520, alongX: true}},
		{"expected-200321.jpg", [4]scan.Point{{X: -77.3, Y: 643.5}, {X: -138.3, Y: 9.0}, {X: 918.1, Y: -102.4}, {X: 860.9, Y: 541.0}},
			markerScale{sx: 0.19501, sy: 0.13491, off: 0.30985, alongX: false}},
	}
	step, want := 0.25, 100
	if testing.Short() {
		step, want = 0.5, 30
	}
	looked := 0
	for _, c := range crops {
		img := gocv.IMRead(filepath.Join("testdata", c.file), gocv.IMReadColor)
		if img.Empty() {
			t.Fatalf("cannot read %s", c.file)
		}
		px, ok := newGreyPixels(img)
		if !ok {
			t.Fatal("no pixels")
		}
		toImage, ok := scan.FitHomography([]scan.Point{{X: 1, Y: 1}, {X: 3, Y: 1}, {X: 3, Y: 3}, {X: 1, Y: 3}}, c.corners[:])
		if !ok {
			t.Fatal("no homography")
		}
		for y := 1.0; y <= 3; y += step {
			for x := 1.0; x <= 3; x += step {
				for _, sp := range (markerScale{sx: c.scale.sx, sy: c.scale.sy, off: c.scale.off, alongX: c.scale.alongX}).spots(0, 0) {
					sp.c = sp.c.Add(scan.Point{X: x, Y: y})
					cv, h, ok := newCanonical(px, toImage, sp)
					if !ok {
						continue
					}
					looked++
					// Every sample within 3 grey levels of px's own: OpenCV's warp
					// places its samples to 1/32 pixel and rounds them to whole
					// levels (up to 1.6 levels apart on these crops' sharpest edges).
					for y := range cv.n {
						for x := range cv.n {
							q, _ := h.Apply(scan.Point{X: float64(x) + 0.5, Y: float64(y) + 0.5})
							v, _ := px.bilinear(q.X, q.Y)
							w := cv.n + 1
							if got := cv.sum[(y+1)*w+x+1] - cv.sum[y*w+x+1] - cv.sum[(y+1)*w+x] + cv.sum[y*w+x]; math.Abs(got-v) > 3 {
								t.Fatalf("%s: sample (%d, %d) is %v, px gives %v", c.file, x, y, got, v)
							}
						}
					}
					got, gs := cv.bestPose()
					want, ws := cv.bestPoseRef()
					if got != want || math.Abs(gs-ws) > 1e-9 {
						t.Errorf("%s at grid (%.2f, %.2f): bestPose = %+v, %.6f; the reference %+v, %.6f", c.file, sp.c.X, sp.c.Y, got, gs, want, ws)
					}
				}
			}
		}
		img.Close()
	}
	if looked < want {
		t.Errorf("looked at %d spots; want %d or more", looked, want)
	}
	t.Logf("%d spots", looked)
}
