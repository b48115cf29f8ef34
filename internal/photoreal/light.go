package photoreal

import (
	"cmp"
	"math"
	"math/rand"
	"slices"
)

// Light variation (render -light vary): the scenes' lamp is otherwise always
// the same warm colour and the camera never balances it, so every rendered
// frame shows its paper tinted alike. VaryLight redraws, for one composed
// scene, what a real room and camera change from table to table: the lamp's
// and the room's colour temperature, whether the camera's automatic white
// balance takes the tint out, and how far its metering misjudges the
// exposure. It draws from its own stream of the seed, so a scene's pieces,
// hands and camera stay those of the fixed-light scene of the same seed.

// Kelvin bounds of the drawn lamps: a warm incandescent bulb to a cool
// white LED a little bluer than daylight.
const (
	minLampK = 2700
	maxLampK = 7500
)

// VaryLight redraws c's lamp and room colours, the camera's white balance
// and its exposure bias from seed (see above). It records what it drew in
// c.Shot (LampK, AutoWB, EV), so the truth file says under which light a
// frame was taken.
func VaryLight(c *Composed, seed int64) {
	rng := rand.New(rand.NewSource(seed*7919 + 104729))
	k := minLampK + (maxLampK-minLampK)*rng.Float64()
	c.Shot.LampK = math.Round(k)
	for i := range c.Spec.Lights {
		l := &c.Spec.Lights[i]
		if l.Size >= 1000 {
			continue // the window keeps daylight's colour
		}
		l.Color = kelvinRGB(k)
	}
	// The room's ambient light leans toward the lamp's colour, less far.
	room := kelvinRGB(k + (6500-k)*0.5*rng.Float64())
	c.Spec.World.Color = room
	c.Shot.AutoWB = rng.Float64() < 0.7
	c.Shot.EV = -0.7 + 1.4*rng.Float64()
}

// kelvinRGB is the linear RGB colour of a black body at k kelvin, scaled
// so its largest channel is 1 and 6500 K is white: Planck's law taken at
// one wavelength for each of sRGB's primaries (red 610 nm, green 550 nm,
// blue 465 nm). A coarse colour, but it orders lamps as the eye does: a
// bulb orange, daylight white, past it blue.
func kelvinRGB(k float64) [3]float64 {
	planck := func(um, t float64) float64 {
		return math.Pow(um, -5) / (math.Exp(14388/(um*t)) - 1)
	}
	var c [3]float64
	hi := 0.0
	for i, um := range [3]float64{0.610, 0.550, 0.465} {
		c[i] = planck(um, k) / planck(um, 6500)
		hi = math.Max(hi, c[i])
	}
	for i := range c {
		c[i] /= hi
	}
	return c
}

// whiteGains returns the automatic white balance's gains: each channel
// scaled so that the frame's bright, unclipped pixels (its paper, mostly)
// come out grey. bright holds linear RGB samples taken over the frame; the
// gains keep green at 1, as cameras do.
func whiteGains(bright [][3]float32) [3]float64 {
	if len(bright) == 0 {
		return [3]float64{1, 1, 1}
	}
	lum := make([]float64, len(bright))
	for i, p := range bright {
		lum[i] = 0.25*float64(p[0]) + 0.6*float64(p[1]) + 0.15*float64(p[2])
	}
	order := make([]int, len(lum))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(lum[a], lum[b]) })
	// The 80th to 97th percentile: paper, not the glints above it.
	lo, hi := len(order)*80/100, len(order)*97/100
	if hi <= lo {
		lo, hi = 0, len(order)
	}
	var sum [3]float64
	for _, i := range order[lo:hi] {
		for c := range 3 {
			sum[c] += float64(bright[i][c])
		}
	}
	g := [3]float64{1, 1, 1}
	for c := range 3 {
		if sum[c] > 0 {
			g[c] = sum[1] / sum[c]
		}
	}
	return g
}
