package retail

import (
	"fmt"
	"image"
	"math"
	"testing"

	"gocv.io/x/gocv"
)

// lutBalanced is balanced as OpenCV's LUT does it, with a table of three
// channels: the way before session 25, kept to compare with.
func lutBalanced(img gocv.Mat, gb, gg float64) gocv.Mat {
	lut := make([]byte, 256*3)
	for v := range 256 {
		lut[3*v] = uint8(min(255, math.Round(gb*float64(v))))
		lut[3*v+1] = uint8(min(255, math.Round(gg*float64(v))))
		lut[3*v+2] = uint8(v)
	}
	m, err := gocv.NewMatFromBytes(1, 256, gocv.MatTypeCV8UC3, lut)
	if err != nil {
		panic(err)
	}
	defer m.Close()
	out := gocv.NewMat()
	gocv.LUT(img, m, &out)
	return out
}

// webcamFrame is the regression set's 1080p webcam frame.
const webcamFrame = "../../testdata/rendered-retail/retail-18-webcam.jpg"

// openWebcamFrame opens webcamFrame, closed when tb ends.
func openWebcamFrame(tb testing.TB) gocv.Mat {
	tb.Helper()
	frame := gocv.IMRead(webcamFrame, gocv.IMReadColor)
	if frame.Empty() {
		tb.Fatalf("%s: not an image", webcamFrame)
	}
	tb.Cleanup(func() { frame.Close() })
	return frame
}

// everyValue returns a 256 × 256 BGR image holding every byte in every
// channel: blue x, green y, red x + y (mod 256).
func everyValue() gocv.Mat {
	px := make([]byte, 256*256*3)
	for y := range 256 {
		for x := range 256 {
			i := (y*256 + x) * 3
			px[i], px[i+1], px[i+2] = byte(x), byte(y), byte(x+y)
		}
	}
	m, err := gocv.NewMatFromBytes(256, 256, gocv.MatTypeCV8UC3, px)
	if err != nil {
		panic(err)
	}
	return m
}

// TestBalanced compares balanced with OpenCV's LUT (lutBalanced) byte for
// byte: on every value, on the regression set's webcam frame and on a
// region of it (not continuous), at gains that lower, keep, raise and
// saturate a channel.
func TestBalanced(t *testing.T) {
	frame := openWebcamFrame(t)
	region := frame.Region(frameRect(frame, 101, 53, 640, 360))
	defer region.Close()
	values := everyValue()
	defer values.Close()
	images := []struct {
		name string
		m    gocv.Mat
	}{{"every value", values}, {"webcam frame", frame}, {"region", region}}
	for _, im := range images {
		for _, g := range [][2]float64{{1, 1}, {1.13, 0.93}, {0.78, 1.21}, {2.5, 0.4}} {
			t.Run(fmt.Sprintf("%s %.2f %.2f", im.name, g[0], g[1]), func(t *testing.T) {
				got := balanced(im.m, g[0], g[1])
				defer got.Close()
				want := lutBalanced(im.m, g[0], g[1])
				defer want.Close()
				if got.Rows() != want.Rows() || got.Cols() != want.Cols() || got.Type() != want.Type() {
					t.Fatalf("balanced = %dx%d type %v, want %dx%d type %v", got.Cols(), got.Rows(), got.Type(), want.Cols(), want.Rows(), want.Type())
				}
				gp, wp := pixels(got), pixels(want)
				bad := 0
				for i := range wp {
					if gp[i] != wp[i] {
						if bad < 5 {
							t.Errorf("byte %d (pixel %d, channel %d) = %d, want %d", i, i/3, i%3, gp[i], wp[i])
						}
						bad++
					}
				}
				if bad > 0 {
					t.Errorf("%d bytes differ", bad)
				}
			})
		}
	}
}

// frameRect returns the rectangle of w × h at x, y, inside m.
func frameRect(m gocv.Mat, x, y, w, h int) image.Rectangle {
	return image.Rect(x, y, min(x+w, m.Cols()), min(y+h, m.Rows()))
}

// BenchmarkBalanced balances the regression set's 1080p webcam frame both
// ways in turns within each op (which goes first alternates from op to
// op): balanced's table lookups over the copied bytes, and OpenCV's LUT
// (lutBalanced). new-ms and old-ms are the process's CPU time a frame
// each way, new/old their ratio. Run on one core:
//
//	go test ./scan/codenames/retail -run XX -bench Balanced -cpu 1 -benchtime 20x
func BenchmarkBalanced(b *testing.B) {
	frame := openWebcamFrame(b)
	way := func(balance func(gocv.Mat, float64, float64) gocv.Mat) func() {
		return func() {
			m := balance(frame, 1.13, 0.93)
			m.Close()
		}
	}
	inTurns(b, way(lutBalanced), way(balanced))
}
