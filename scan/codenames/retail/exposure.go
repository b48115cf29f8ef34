package retail

import (
	"gocv.io/x/gocv"
)

// A frame taken in dim light, or underexposed by its camera, shows every
// card darker: the finder loses the cards' edges against the table, a word
// card's beige nears the bystander's tan and a pale card's shadowed side
// nears the assassin's dark, all tuned on frames lit as the renderer lights
// them. The cards' paper is the brightest thing on a table, and a grid's
// 25 cards cover much of a frame: frameLevel measures the frame's bright
// end, and a frame below the tuning frames' range is brought to their
// median (exposed) before its cards are found, classed and read; one inside
// the range is left untouched.
//
// Rendered heldout 300613-300692 under TestRendered -perturb dark (every
// channel ×0.55, sensor noise): 11 of 31 readable 1080p frames refused (a
// card or none found), and 300686-webcam's blue agent, 300688-webcam's two
// word cards and 300645-phone's bystander read as the assassin, wrong
// covers.

// The frames' bright end (frameLevel's 95th percentile) on the rendered
// tuning frames (298 frames of seeds 300437-300756 and the committed
// regression set, 1080p and 12 MP, on every table colour): 191 to 237,
// median 209; the same frames darkened ×0.55 lie at 106-130.
const (
	minFrameLevel = 160
	midFrameLevel = 209
)

// levelSamples is about how many pixels frameLevel looks at, spread evenly
// over the frame.
const levelSamples = 250000

// frameLevel returns the 95th and the 99.5th percentile of the frame's
// brightest channel (BGR img), over about levelSamples pixels.
func frameLevel(img gocv.Mat) (p95, p995 float64) {
	px := pixels(img)
	n := len(px) / 3
	step := max(1, n/levelSamples)
	var hist [256]int
	total := 0
	for i := 0; i < n; i += step {
		k := 3 * i
		hist[max(px[k], px[k+1], px[k+2])]++
		total++
	}
	at := func(q float64) float64 {
		c := 0
		for v := 255; v > 0; v-- {
			c += hist[v]
			if float64(c) >= (1-q)*float64(total) {
				return float64(v)
			}
		}
		return 0
	}
	return at(0.95), at(0.995)
}

// exposureGain returns the gain that brings a frame whose bright end
// (frameLevel) lies below the tuning range to the tuning frames' median,
// no more than keeps its brightest half percent from clipping; false for
// a frame inside the range or above it.
func exposureGain(p95, p995 float64) (float64, bool) {
	if p95 <= 0 || p95 >= minFrameLevel {
		return 1, false
	}
	g := midFrameLevel / p95
	if p995 > 0 {
		g = min(g, 250/p995)
	}
	return g, g > 1
}

// exposed returns img with every channel scaled by gain, saturated at
// white (a new image the caller closes).
func exposed(img gocv.Mat, gain float64) gocv.Mat {
	out := gocv.NewMat()
	img.ConvertToWithParams(&out, gocv.MatTypeCV8UC3, float32(gain), 0)
	return out
}
