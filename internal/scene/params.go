// Package scene makes synthetic camera pictures of a Codenames table with known
// ground truth, for testing and benchmarking package scan without a camera.
//
// A scene lays real card faces (printgen's raster rendering of a deck's word
// cards, cover cards and tokens) on a table in a 5x5 grid with gaps, small
// rotations and cards turned either way up; covers some cells, marks some
// with timer tokens and one with a guess token; then photographs it: a
// random camera homography (any rotation, tilt up to 50 degrees), a 720p,
// 1080p or 12-megapixel frame, Gaussian and motion blur, sensor noise, dim
// light and brightness gradients, glare blobs, JPEG compression down to
// quality 40, and a hand over the cards. Everything follows from a seed.
//
// The ground truth says what lies on every cell as seen from seat A (the
// scanner's convention) and which markers a camera could read at all, so a
// benchmark can tell a wrong answer from a justified refusal.
package scene

import (
	"image"
	"math"
	"math/rand"
)

// Layout is how the cards lie on the table.
type Layout uint8

// Layouts. Only Grid is readable; the others are pictures a scanner must refuse.
const (
	Grid     Layout = iota // a 5x5 grid
	Few                    // only six cards
	FourRows               // a 5 x 4 grid
	TwoGrids               // two 5x5 grids side by side
)

var layoutNames = [...]string{"grid", "few", "four-rows", "two-grids"}

// String returns the layout's name.
func (l Layout) String() string {
	if int(l) < len(layoutNames) {
		return layoutNames[l]
	}
	return "layout?"
}

// Frame sizes.
var (
	Size720p  = image.Pt(1280, 720)
	Size1080p = image.Pt(1920, 1080)
	Size12MP  = image.Pt(4000, 3000)
)

// Params are every choice behind one scene. The zero value of each
// degradation means none.
type Params struct {
	Seed   int64
	Layout Layout
	Size   image.Point // frame size in pixels
	Fill   float64     // the grid's bounding box over the frame, 0..1
	Rotate float64     // in-plane rotation, degrees
	Tilt   float64     // camera tilt from straight down, degrees
	Dist   float64     // camera distance over the grid's larger side (perspective strength)

	Gap    float64 // millimetres between cards
	Jitter float64 // millimetres of random offset per card
	Twist  float64 // degrees of random rotation per card

	Covers int  // cover cards on random cells
	Duet   bool // covers are Duet agents and assassin; otherwise classic covers
	Timers int  // timer tokens on uncovered cards
	Bank   int  // timer tokens lying off the grid
	Guess  bool // a guess token on an uncovered card
	Seat   bool // a seat marker beyond a random side of the grid

	Blur     float64 // Gaussian blur sigma, pixels
	Motion   int     // motion blur length, pixels
	Noise    float64 // sensor noise sigma, grey levels
	Light    float64 // overall brightness factor, 0 means 1
	Gradient float64 // brightness at the darkest corner relative to the brightest, 0 means none
	Glare    int     // glare blobs
	JPEG     int     // JPEG quality of a round trip, 0 means none
	Hand     bool    // a hand over the cards

	// The widened table (scene.Wide, scene.HeldOut); zero values leave
	// the older sets' scenes exactly as they were.
	Piles     int        // stacks of spare cards beside the grid (see pile)
	SeatCover bool       // a face-down card lies partly over the seat marker
	Hands     int        // further hands and arms reaching over the table
	Lens      float64    // radial lens distortion: at the frame's corners points move by this share of their distance from the centre (negative: barrel)
	Tint      [3]float64 // coloured light: blue, green and red factors (0 means 1)
	Texture   Texture    // the table's surface
	Chroma    int        // JPEG chroma quality (libjpeg subsamples chroma 2x2 too), 0 means as JPEG

	// Issue 25's clutter (see clutter.go), drawn over and beside the grid
	// after everything else; zero values leave a scene as it was.
	Fan         int // cards in a hand of cards laid fanned over the grid, turned 20-70 degrees off its lines
	InLine      int // squared draw piles in line with a row or column, one or two cells beyond the edge
	CoverStacks int // squared stacks of unused cover cards beside the grid
	Spares      int // single spare cards dropped near the grid at any angle
	Glints      int // small glossy highlights, mostly on the grid's cards

	// Table, when not nil, fixes what lies on the grid instead of drawing
	// it from the seed (see Table); Layout must then be Grid, and Covers,
	// Duet, Timers and Guess are not used.
	Table *Table
}

// Random draws the parameters of one scene of the benchmark mix: mostly
// readable grids across every degradation, about one in twelve a picture to
// refuse by its layout or size.
func Random(seed int64) Params {
	rng := rand.New(rand.NewSource(seed))
	p := Params{Seed: seed}
	switch r := rng.Float64(); {
	case r < 0.15:
		p.Size = Size720p
	case r < 0.65:
		p.Size = Size1080p
	default:
		p.Size = Size12MP
	}
	p.Fill = 0.7 + 0.28*rng.Float64()
	// A camera is mostly set up square to the table: two scenes in three
	// turn within 15 degrees of a right angle, the rest any way.
	p.Rotate = 360 * rng.Float64()
	if rng.Float64() < 0.67 {
		p.Rotate = 90*float64(rng.Intn(4)) + 30*(rng.Float64()-0.5)
	}
	p.Tilt = 50 * math.Sqrt(rng.Float64())
	p.Dist = 1.2 + 1.8*rng.Float64()
	p.Gap = 2 + 14*rng.Float64()
	p.Jitter = 3 * rng.Float64()
	p.Twist = 4 * rng.Float64()
	drawTable(rng, &p)
	px := float64(p.Size.X) / 1920 // degradations in pixels scale with the frame
	if rng.Float64() < 0.5 {
		p.Blur = (0.5 + 1.5*rng.Float64()) * math.Max(px, 1)
	}
	if rng.Float64() < 0.3 {
		p.Motion = int((3 + 6*rng.Float64()) * math.Max(px, 1))
	}
	p.Noise = 10 * rng.Float64()
	p.Light = 0.35 + 0.65*rng.Float64()
	if rng.Float64() < 0.3 {
		p.Gradient = 0.3 + 0.6*rng.Float64()
	}
	if rng.Float64() < 0.3 {
		p.Glare = 1 + rng.Intn(2)
	}
	if rng.Float64() < 0.6 {
		p.JPEG = 40 + rng.Intn(56)
	}
	p.Hand = rng.Float64() < 0.25
	switch r := rng.Float64(); {
	case r < 0.02:
		p.Layout = Few
	case r < 0.04:
		p.Layout = FourRows
	case r < 0.06:
		p.Layout, p.Size, p.Fill = TwoGrids, Size12MP, 0.9
	case r < 0.08:
		// Far away: the markers are a few pixels wide.
		p.Size, p.Fill = Size720p, 0.25
	}
	return p
}

// drawTable draws what lies on the table, the same way for every set: the
// game, how many covers, timer tokens on words and in the bank, whether a
// guess token and a seat marker lie there. Changing the order of its draws
// changes every seeded scene.
func drawTable(rng *rand.Rand, p *Params) {
	p.Duet = rng.Intn(2) == 0
	p.Covers = rng.Intn(17)
	p.Timers = rng.Intn(4)
	p.Bank = rng.Intn(4)
	p.Guess = rng.Float64() < 0.6
	p.Seat = rng.Float64() < 0.1
}

// Typical draws the parameters of one scene of the typical-table set: what a
// laptop webcam on a stand (1080p) or a phone held over the table (12 MP)
// sees in ordinary use. The grid fills most of the frame (the webcam looks
// at it from a seat's edge, its long side across the frame), the camera tilts
// at most 35 degrees, and degradations are moderate: slight blur and noise,
// indoor light from full to half, JPEG quality 70 to 95, now and then a
// glare spot or a hand. Every layout is a 5x5 grid.
func Typical(seed int64) Params {
	rng := rand.New(rand.NewSource(seed))
	p := Params{Seed: seed, Layout: Grid, Size: Size1080p}
	if rng.Float64() < 0.5 {
		p.Size = Size12MP
	}
	p.Fill = 0.8 + 0.18*rng.Float64()
	if p.Size == Size1080p {
		// A webcam on a stand at one of the seats' edges, the grid's long
		// side across the frame, turned up to 15 degrees either way.
		p.Rotate = 180*float64(rng.Intn(2)) + 30*(rng.Float64()-0.5)
	} else {
		// A phone held over the table: mostly square to it, sometimes
		// any way.
		p.Rotate = 90*float64(rng.Intn(4)) + 30*(rng.Float64()-0.5)
		if rng.Float64() < 0.3 {
			p.Rotate = 360 * rng.Float64()
		}
	}
	p.Tilt = 35 * math.Sqrt(rng.Float64())
	p.Dist = 1.5 + 1.5*rng.Float64()
	p.Gap = 2 + 10*rng.Float64()
	p.Jitter = 2 * rng.Float64()
	p.Twist = 3 * rng.Float64()
	drawTable(rng, &p)
	px := float64(p.Size.X) / 1920
	if rng.Float64() < 0.4 {
		p.Blur = (0.3 + 0.7*rng.Float64()) * math.Max(px, 1)
	}
	if rng.Float64() < 0.1 {
		p.Motion = int((2 + 3*rng.Float64()) * math.Max(px, 1))
	}
	p.Noise = 5 * rng.Float64()
	p.Light = 0.5 + 0.5*rng.Float64()
	if rng.Float64() < 0.2 {
		p.Gradient = 0.6 + 0.3*rng.Float64()
	}
	if rng.Float64() < 0.15 {
		p.Glare = 1
	}
	p.JPEG = 70 + rng.Intn(26)
	p.Hand = rng.Float64() < 0.15
	return p
}
