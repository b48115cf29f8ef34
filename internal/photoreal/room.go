package photoreal

import (
	"fmt"
	"math"
	"math/rand"
)

// Device is the camera a scene is taken with.
type Device string

// The cameras: a 1080p webcam on a stand at a seat's edge, or a 12 MP
// phone held over the table.
const (
	Webcam Device = "webcam"
	Phone  Device = "phone"
)

// Size returns the device's frame size.
func (d Device) Size() (int, int) {
	if d == Phone {
		return 4000, 3000
	}
	return 1920, 1080
}

// ParseDevice reads a device name.
func ParseDevice(s string) (Device, error) {
	switch Device(s) {
	case Webcam, Phone:
		return Device(s), nil
	}
	return "", fmt.Errorf("photoreal: camera %q, want webcam or phone", s)
}

// Shot is the camera's processing after the render (see Develop).
type Shot struct {
	Device    Device     `json:"device"`
	Light     float64    `json:"light"`      // the room's brightness, 1 for a well lit table; the exposure caps make a dim one noisy or dark
	FullWell  float64    `json:"full_well"`  // electrons at saturation at base gain
	ReadNoise float64    `json:"read_noise"` // electrons
	WB        [3]float64 `json:"wb"`         // white balance error per channel (R, G, B)
	Soft      float64    `json:"soft"`       // the lens's softness, a blur sigma in pixels
	Sharpen   float64    `json:"sharpen"`    // unsharp mask amount
	JPEG      int        `json:"jpeg"`       // quality
	Contrast  float64    `json:"contrast"`   // tone curve's S strength
	// Set by VaryLight only (render -light vary); zero in the fixed light.
	LampK  float64 `json:"lamp_k,omitempty"`  // the lamp's colour temperature, kelvin
	AutoWB bool    `json:"auto_wb,omitempty"` // the camera balances the paper to grey
	EV     float64 `json:"ev,omitempty"`      // the metering's bias, stops (+: brighter)
}

// drawShot draws the processing of a device.
func drawShot(rng *rand.Rand, dev Device) Shot {
	s := Shot{Device: dev, Light: 0.5 + 0.5*rng.Float64()}
	if rng.Float64() < 0.25 {
		s.Light = 0.12 + 0.3*rng.Float64() // a dim room
	}
	for c := range s.WB {
		s.WB[c] = 1 + 0.16*(rng.Float64()-0.5)
	}
	s.Contrast = 0.3 * rng.Float64()
	if dev == Phone {
		s.FullWell, s.ReadNoise = 5000, 2+2*rng.Float64()
		s.Soft = 0.3 + 0.6*rng.Float64()
		s.Sharpen = 0.4 + 0.6*rng.Float64()
		s.JPEG = 80 + rng.Intn(16)
	} else {
		s.FullWell, s.ReadNoise = 9000, 4+4*rng.Float64()
		s.Soft = 0.3 + 0.7*rng.Float64()
		s.Sharpen = 0.6 * rng.Float64()
		s.JPEG = 60 + rng.Intn(31)
	}
	return s
}

// tables are table colours (linear RGB).
var tables = [][3]float64{{0.25, 0.12, 0.05}, {0.06, 0.15, 0.07}, {0.18, 0.18, 0.18}, {0.04, 0.05, 0.15}, {0.45, 0.42, 0.38}, {0.55, 0.35, 0.18}, {0.02, 0.02, 0.02}}

// tableNames name tables' colours, in order.
var tableNames = []string{"dark brown", "green", "grey", "blue", "light grey", "tan", "black"}

// tableName names a table colour of tables.
func tableName(c [3]float64) string {
	for i, t := range tables {
		if t == c {
			return tableNames[i]
		}
	}
	return fmt.Sprint(c)
}

// room draws the table, paper, world light, lamps and camera of a scene
// around the origin; outline (table mm) is what
// the camera frames, glareAt where a lamp in the mirror direction aims.
func room(rng *rand.Rand, spec *Spec, dev Device, outline [][3]float64, glareAt func() [2]float64) {
	spec.Table = Surface{Kind: [...]string{"plain", "wood", "cloth"}[rng.Intn(3)], Color: tables[rng.Intn(len(tables))], Roughness: 0.3 + 0.6*rng.Float64()}
	switch rng.Intn(3) {
	case 0:
		spec.Paper = Paper{Name: "glossy", Roughness: 0.12 + 0.1*rng.Float64(), Coat: 0.6}
	case 1:
		spec.Paper = Paper{Name: "satin", Roughness: 0.3 + 0.1*rng.Float64(), Coat: 0.15}
	default:
		spec.Paper = Paper{Name: "matte", Roughness: 0.6 + 0.2*rng.Float64()}
	}
	warm := 0.85 + 0.15*rng.Float64()
	spec.World = World{Color: [3]float64{1, 0.95 * warm, 0.9 * warm}, Strength: 0.15 + 0.5*rng.Float64()}

	c := &spec.Camera
	c.Outline = outline
	c.Target = [3]float64{10 * (rng.Float64() - 0.5), 10 * (rng.Float64() - 0.5), 0}
	c.Shift = [2]float64{2*rng.Float64() - 1, 2*rng.Float64() - 1}
	if dev == Phone {
		c.Lens = 26
		c.Tilt = 45 * math.Sqrt(rng.Float64())
		c.Azimuth = 360 * rng.Float64()
		c.Roll = 90*float64(rng.Intn(4)) + 30*(rng.Float64()-0.5)
		if rng.Float64() < 0.3 {
			c.Roll = 360 * rng.Float64()
		}
		c.Fill = 0.7 + 0.25*rng.Float64()
		// Depth of field: a phone's f/1.8 on its small sensor is about
		// f/11 as 36 mm film, and at one sample per pixel Cycles turns the
		// blur circle into speckle, not blur. So the render is sharp and
		// the pipeline's softness (Shot.Soft) stands for lens and focus.
		_ = 5.6 + 5.4*rng.Float64() // (the f-stop once drawn here; kept so seeds draw the same)
		c.Focus = [3]float64{c.Target[0] + 40*(rng.Float64()-0.5), c.Target[1] + 40*(rng.Float64()-0.5), 0}
	} else {
		c.Lens = 24 + 6*rng.Float64()
		c.Tilt = 15 + 30*rng.Float64()
		// At seat A's or the opposite seat's edge, sometimes at a side.
		c.Azimuth = 90 + 180*float64(rng.Intn(2)) + 40*(rng.Float64()-0.5)
		if rng.Float64() < 0.2 {
			c.Azimuth += 90
		}
		c.Roll = 8 * (rng.Float64() - 0.5)
		c.Fill = 0.75 + 0.2*rng.Float64()
	}

	// The lamp: most often where the table mirrors it into the camera.
	t := c.Tilt * math.Pi / 180
	az := c.Azimuth * math.Pi / 180
	var p [2]float64
	var dir [3]float64
	if rng.Float64() < 0.35 {
		p = glareAt()
		dir = [3]float64{-math.Sin(t) * math.Cos(az), -math.Sin(t) * math.Sin(az), math.Cos(t)}
		// A little off the mirror direction, so the glint is not always dead centre.
		dir[0] += 0.1 * (rng.Float64() - 0.5)
		dir[1] += 0.1 * (rng.Float64() - 0.5)
	} else {
		e := (40 + 45*rng.Float64()) * math.Pi / 180
		a := 2 * math.Pi * rng.Float64()
		dir = [3]float64{math.Cos(e) * math.Cos(a), math.Cos(e) * math.Sin(a), math.Sin(e)}
	}
	L := 600 + 900*rng.Float64()
	pos := [3]float64{p[0] + dir[0]*L, p[1] + dir[1]*L, math.Max(dir[2]*L, 300)}
	lampK := 0.95 + 0.05*rng.Float64()
	spec.Lights = append(spec.Lights, Light{Type: "AREA", Pos: pos, Target: [3]float64{p[0], p[1], 0},
		Size: 30 + 120*rng.Float64(), Power: (40 + 60*rng.Float64()) * (L / 1000) * (L / 1000),
		Color: [3]float64{1, 0.85 * lampK, 0.7 * lampK}})
	if rng.Float64() < 0.45 {
		// A window: a large, cool area light low at one side.
		a := 2 * math.Pi * rng.Float64()
		d := 1500 + 1000*rng.Float64()
		spec.Lights = append(spec.Lights, Light{Type: "AREA", Pos: [3]float64{d * math.Cos(a), d * math.Sin(a), 700 + 800*rng.Float64()},
			Size: 1200, Power: (150 + 400*rng.Float64()) * (d / 1000) * (d / 1000), Color: [3]float64{0.85, 0.92, 1}})
	}
}

// hands draws n arms reaching over the table toward the points target
// gives, each arm leaving away from the middle.
func hands(rng *rand.Rand, n int, target func() [2]float64) []Hand {
	var out []Hand
	skins := [][3]float64{{0.8, 0.55, 0.42}, {0.6, 0.38, 0.26}, {0.35, 0.2, 0.12}, {0.9, 0.68, 0.55}}
	for range n {
		p := target()
		a := math.Atan2(p[1], p[0]) + 0.8*(rng.Float64()-0.5)
		if math.Hypot(p[0], p[1]) < 20 {
			a = 2 * math.Pi * rng.Float64()
		}
		out = append(out, Hand{
			Palm:  [3]float64{p[0] + 20*(rng.Float64()-0.5), p[1] + 20*(rng.Float64()-0.5), 25 + 50*rng.Float64()},
			Angle: a, Arm: 500, Rise: 100 + 150*rng.Float64(),
			Color: skins[rng.Intn(len(skins))], Sleeve: [3]float64{rng.Float64() * 0.5, rng.Float64() * 0.5, rng.Float64() * 0.5},
			Sleeved: rng.Float64() < 0.6,
		})
	}
	return out
}

// bend draws a card's bend: most cards lie nearly flat.
func bend(rng *rand.Rand) float64 {
	b := 0.3 + 1.2*rng.Float64()*rng.Float64()
	if rng.Intn(3) == 0 {
		b = -b * 0.7
	}
	return b
}

// gridRoom adds a 5 x 5 grid's hands (0-2, over the grid or reaching past
// it) and its room (lamps, window, table: room) to sp, the grid's pitch
// px by py millimetres. The grid games draw these in the same order, so a
// seed's scene stays the same.
func gridRoom(rng *rand.Rand, sp *Spec, dev Device, px, py float64) {
	jit := func(m float64) float64 { return (2*rng.Float64() - 1) * m }
	nh := 0
	switch r := rng.Float64(); {
	case r < 0.1:
		nh = 2
	case r < 0.4:
		nh = 1
	}
	sp.Hands = hands(rng, nh, func() [2]float64 {
		if rng.Float64() < 0.5 {
			return [2]float64{jit(2.5 * px), jit(2.5 * py)}
		}
		a := 2 * math.Pi * rng.Float64()
		return [2]float64{3.2 * px * math.Cos(a), 3.5 * py * math.Sin(a)}
	})
	var outline [][3]float64
	for _, q := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		outline = append(outline, [3]float64{q[0] * (2.5*px + 8), q[1] * (2.5*py + 8), 0})
	}
	room(rng, sp, dev, outline, func() [2]float64 { return [2]float64{jit(2.5 * px), jit(2.5 * py)} })
}

// pile is a pile of spare cards beside a 5 x 5 grid: where its first card
// lies, its turn, its count, the step from card to card (zero unless
// fanned) and whether it is a pile of covers.
type pile struct {
	x, y, angle float64
	n           int
	step        [2]float64
	covers      bool
}

// gridDeal draws the grid games' spacing and the two small random moves
// their cards are laid with: the pitch (a card's size and a 3-12 mm gap),
// flip (a card's angle: either way up, turned up to 5 degrees) and jit (an
// offset of up to m mm either way). The order of rng's draws is the
// scenes' (TestComposeGolden).
func gridDeal(rng *rand.Rand, cw, ch float64) (px, py float64, flip func() float64, jit func(m float64) float64) {
	gap := 3 + 9*rng.Float64()
	twist := 5 * math.Pi / 180
	flip = func() float64 {
		a := (2*rng.Float64() - 1) * twist
		if rng.Intn(2) == 0 {
			a += math.Pi
		}
		return a
	}
	jit = func(m float64) float64 { return (2*rng.Float64() - 1) * m }
	return cw + gap, ch + gap, flip, jit
}

// placePile draws a pile beside one side of a grid of pitch px by py
// millimetres, of cards cw by ch, clear of the grid; a pile of covers only
// while more than its count of covers is left. The grid games draw their
// piles through it in the same order, so a seed's scene stays the same.
func placePile(rng *rand.Rand, px, py, cw, ch float64, coversLeft int) pile {
	jit := func(m float64) float64 { return (2*rng.Float64() - 1) * m }
	side := sideNormals[rng.Intn(4)]
	along := [2]float64{side[1], side[0]}
	angle := math.Pi / 2 * float64(rng.Intn(4))
	if rng.Float64() < 0.4 {
		angle = 2 * math.Pi * rng.Float64()
	}
	half := 2.5*math.Abs(side[0])*px + 2.5*math.Abs(side[1])*py
	ext := math.Abs(math.Cos(angle)*side[0]+math.Sin(angle)*side[1])*cw/2 + math.Abs(-math.Sin(angle)*side[0]+math.Cos(angle)*side[1])*ch/2
	d := half + 5 + 30*rng.Float64() + ext
	s := jit(2 * (math.Abs(side[1])*px + math.Abs(side[0])*py))
	pl := pile{x: side[0]*d + along[0]*s, y: side[1]*d + along[1]*s, angle: angle, n: 2 + rng.Intn(7)}
	if rng.Float64() < 0.35 { // fanned
		a := math.Atan2(side[1], side[0]) + (2*rng.Float64()-1)*1.2
		l := 8 + 14*rng.Float64()
		pl.step = [2]float64{l * math.Cos(a), l * math.Sin(a)}
	}
	pl.covers = rng.Intn(3) == 0 && coversLeft > pl.n
	return pl
}
