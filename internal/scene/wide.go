package scene

import (
	"image"
	"image/color"
	"math"
	"math/rand"

	"gocv.io/x/gocv"
)

// Texture is a table's surface.
type Texture uint8

// Table surfaces. Append only.
const (
	Plain Texture = iota // one flat colour
	Wood                 // grain: long, wavy stripes of darker and lighter wood
	Cloth                // a woven cloth: fine noise and a faint weave
	Glass                // dark glass with soft reflections
)

var textureNames = [...]string{"plain", "wood", "cloth", "glass"}

// String returns the texture's name.
func (t Texture) String() string {
	if int(t) < len(textureNames) {
		return textureNames[t]
	}
	return "texture?"
}

// Wide draws the parameters of one scene of the widened set: a real table
// that the scanner was not built around. Odd seeds are 1080p webcam frames,
// even seeds 12 MP phone photos. Beside the ordinary degradations it lays
// stacks of spare word and cover cards beside the grid (face up or down,
// squared or fanned), a seat marker at any side in half the scenes (now and
// then partly under a card), lens distortion, JPEG quality 30-95 with a
// lower chroma quality, hands and arms, low and coloured light, and wood,
// cloth or glass tables; and issue 25's clutter (clutter.go): a hand of
// cards over the grid in a fifth of the scenes, draw piles in line with a
// row or column in a fifth, cover stacks in a quarter, spare cards in a
// fifth, glossy glints in three in ten. Every layout is one 5x5 grid.
func Wide(seed int64) Params {
	return wide(seed, rand.New(rand.NewSource(seed)))
}

// HeldOutBase is the first seed of the held-out set: HeldOut(i) is the
// scene of seed HeldOutBase+i. No tuning looks at these scenes.
const HeldOutBase = 7_000_000

// HeldOut draws the parameters of scene i of the held-out set: the
// widened set's distribution from its own seed range, its random draws
// made through a different source (the seed scrambled), so that no scene
// of it equals one of Wide's.
func HeldOut(i int64) Params {
	seed := HeldOutBase + i
	rng := rand.New(rand.NewSource(seed*0x9E3779B9 ^ 0x5DEECE66D))
	p := wide(seed, rng)
	// The held-out set's size follows i's parity the same way, so that it
	// too is half webcam frames, half phone photos.
	p.Size = Size12MP
	if i%2 == 1 {
		p.Size = Size1080p
	}
	return p
}

func wide(seed int64, rng *rand.Rand) Params {
	p := Params{Seed: seed, Layout: Grid, Size: Size12MP}
	webcam := seed%2 == 1
	if webcam {
		p.Size = Size1080p
	}
	// The grid and what lies beside it: the grid alone fills less of the
	// frame when piles lie around it.
	p.Fill = 0.8 + 0.18*rng.Float64()
	if webcam {
		p.Rotate = 180*float64(rng.Intn(2)) + 30*(rng.Float64()-0.5)
	} else {
		p.Rotate = 90*float64(rng.Intn(4)) + 40*(rng.Float64()-0.5)
		if rng.Float64() < 0.3 {
			p.Rotate = 360 * rng.Float64()
		}
	}
	// A phone held at an angle: tilt up to 45 degrees.
	p.Tilt = 35 * math.Sqrt(rng.Float64())
	if !webcam && rng.Float64() < 0.3 {
		p.Tilt = 30 + 15*rng.Float64()
	}
	p.Dist = 1.3 + 1.7*rng.Float64()
	p.Gap = 2 + 10*rng.Float64()
	p.Jitter = 2 * rng.Float64()
	p.Twist = 3 * rng.Float64()
	drawTable(rng, &p)
	p.Seat = rng.Float64() < 0.5
	p.SeatCover = p.Seat && rng.Float64() < 0.2
	if rng.Float64() < 0.6 {
		p.Piles = 1 + rng.Intn(4)
	}
	px := math.Max(float64(p.Size.X)/1920, 1)
	if rng.Float64() < 0.4 {
		p.Blur = (0.3 + 0.7*rng.Float64()) * px
	}
	if rng.Float64() < 0.1 {
		p.Motion = int((2 + 3*rng.Float64()) * px)
	}
	p.Noise = 6 * rng.Float64()
	p.Light = 0.5 + 0.5*rng.Float64()
	if rng.Float64() < 0.25 {
		p.Light = 0.3 + 0.2*rng.Float64() // a dim room
	}
	if rng.Float64() < 0.3 {
		p.Gradient = 0.5 + 0.4*rng.Float64()
	}
	if rng.Float64() < 0.35 {
		// Warm lamps, cool daylight, a coloured bulb.
		for c := range p.Tint {
			p.Tint[c] = 0.55 + 0.45*rng.Float64()
		}
	}
	if rng.Float64() < 0.15 {
		p.Glare = 1
	}
	p.JPEG = 65 + rng.Intn(31)
	if rng.Float64() < 0.3 {
		p.JPEG = 30 + rng.Intn(31)
	}
	if rng.Float64() < 0.5 {
		p.Chroma = max(p.JPEG-20, 15)
	}
	p.Hand = rng.Float64() < 0.25
	if rng.Float64() < 0.1 {
		p.Hands = 1
	}
	if rng.Float64() < 0.35 {
		p.Lens = 0.08 * (2*rng.Float64() - 1)
	}
	p.Texture = Texture(rng.Intn(4))
	// Issue 25's clutter, drawn last so that every earlier choice of a
	// seed stays as it was.
	if rng.Float64() < 0.2 {
		p.Fan = 3 + rng.Intn(5)
	}
	if rng.Float64() < 0.2 {
		p.InLine = 1 + rng.Intn(2)
	}
	if rng.Float64() < 0.25 {
		p.CoverStacks = 1 + rng.Intn(3)
	}
	if rng.Float64() < 0.2 {
		p.Spares = 1 + rng.Intn(3)
	}
	if rng.Float64() < 0.3 {
		p.Glints = 1 + rng.Intn(5)
	}
	return p
}

// piles lays p.Piles stacks of spare cards beside the grid: the deck's unused
// word cards face up or face down, or the game's unused cover cards; squared
// (a few millimetres of disorder) or fanned (each card moved and turned
// from the one below). They lie beyond a side of the grid, a few millimetres
// to most of a card from its outer cards.
func (g *Generator) piles(pieces []placed, rng *rand.Rand, p Params, pitch [2]float64) []placed {
	used := map[int]bool{}
	for _, pc := range pieces {
		used[pc.id] = true
	}
	var spareWords, spareCovers []int
	for _, id := range rng.Perm(len(g.deck.Words)) {
		if !used[id] {
			spareWords = append(spareWords, id)
		}
	}
	for _, id := range CoverSet(p.Duet, rng) {
		if !used[id] {
			spareCovers = append(spareCovers, id)
		}
	}
	for range p.Piles {
		side := sideNormals[rng.Intn(4)]
		along := [2]float64{side[1], side[0]}
		angle := rng.Float64() * 2 * math.Pi
		if rng.Float64() < 0.6 {
			angle = math.Pi / 2 * float64(rng.Intn(4))
		}
		// Distance from the grid's centre to the pile's centre: the pile's
		// first card clears the grid by 3 to 33 mm.
		half := 2.5*math.Abs(side[0])*pitch[0] + 2.5*math.Abs(side[1])*pitch[1]
		ext := extent(angle, side)
		d := half + 3 + 30*rng.Float64() + ext
		s := (2*rng.Float64() - 1) * 2 * (math.Abs(side[1])*pitch[0] + math.Abs(side[0])*pitch[1])
		cx, cy := side[0]*d+along[0]*s, side[1]*d+along[1]*s
		n := 2 + rng.Intn(7)
		kind := rng.Intn(3) // 0 words face up, 1 words face down, 2 covers
		fanned := rng.Float64() < 0.4
		step := [2]float64{0, 0}
		turn := 0.0
		if fanned {
			// Fanned away from the grid: within 70 degrees of the side's
			// outward normal, each card turned a little from the last.
			a := math.Atan2(side[1], side[0]) + (2*rng.Float64()-1)*70*math.Pi/180
			l := 8 + 14*rng.Float64()
			step = [2]float64{l * math.Cos(a), l * math.Sin(a)}
			turn = (2*rng.Float64() - 1) * 12 * math.Pi / 180
		}
		for k := range n {
			// Keep a turned card clear of the grid too.
			push := max(0, extent(angle+float64(k)*turn, side)-ext)
			pc := placed{row: -1, col: -1, card: true,
				cx:    cx + side[0]*push + float64(k)*step[0] + (2*rng.Float64()-1)*1.5,
				cy:    cy + side[1]*push + float64(k)*step[1] + (2*rng.Float64()-1)*1.5,
				angle: angle + float64(k)*turn + (2*rng.Float64()-1)*2*math.Pi/180,
			}
			switch {
			case kind == 0 && len(spareWords) > 0:
				pc.id, spareWords = spareWords[0], spareWords[1:]
			case kind == 2 && len(spareCovers) > 0:
				pc.id, spareCovers = spareCovers[0], spareCovers[1:]
			default:
				pc.back = true
			}
			pieces = append(pieces, pc)
		}
	}
	return pieces
}

// extent returns how far a card turned by angle reaches from its centre
// along the side's normal n.
func extent(angle float64, n [2]float64) float64 {
	c, s := math.Cos(angle), math.Sin(angle)
	// The card's long axis (c, s) and short axis (-s, c) projected on n.
	return math.Abs(c*n[0]+s*n[1])*cardW/2 + math.Abs(-s*n[0]+c*n[1])*cardH/2
}

// backFace returns the back of a card: a plain card with a border and a
// printed pattern, no marker.
func (g *Generator) backFace(dpi int) (*face, error) {
	k := faceKey{-1, dpi}
	if f, ok := g.cache[k]; ok {
		return f, nil
	}
	w := int(math.Round(cardW * float64(dpi) / 25.4))
	h := int(math.Round(cardH * float64(dpi) / 25.4))
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(60, 70, 170, 0), h, w, gocv.MatTypeCV8UC3)
	b := max(w/30, 2)
	gocv.Rectangle(&m, image.Rect(b, b, w-b, h-b), color.RGBA{230, 220, 200, 0}, max(b/2, 1))
	for x := -h; x < w; x += 4 * b {
		gocv.Line(&m, image.Pt(x, 0), image.Pt(x+h, h), color.RGBA{120, 60, 40, 0}, max(b/3, 1))
	}
	gocv.Circle(&m, image.Pt(w/2, h/2), h/4, color.RGBA{240, 230, 210, 0}, -1)
	f := &face{mat: m, w: cardW, h: cardH}
	g.cache[k] = f
	return f, nil
}

// texture paints a table surface over the frame's flat colour.
func texture(frame gocv.Mat, rng *rand.Rand, t Texture) {
	W, H := frame.Cols(), frame.Rows()
	// The pattern is made at a quarter of the frame's size and enlarged.
	w, h := W/4+1, H/4+1
	field := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC3)
	defer field.Close()
	a := 2 * math.Pi * rng.Float64()
	ca, sa := math.Cos(a), math.Sin(a)
	f1, f2, ph := 0.05+0.1*rng.Float64(), 0.003+0.01*rng.Float64(), 2*math.Pi*rng.Float64()
	for y := range h {
		for x := range w {
			u, v := ca*float64(x)+sa*float64(y), -sa*float64(x)+ca*float64(y)
			var k float64 // brightness factor
			switch t {
			case Wood:
				k = 0.8 + 0.2*math.Sin(f1*v+3*math.Sin(f2*u+ph)) + 0.05*rng.NormFloat64()
			case Cloth:
				k = 0.9 + 0.06*math.Sin(1.6*float64(x))*math.Sin(1.6*float64(y)) + 0.08*rng.NormFloat64()
			case Glass:
				k = 0.45 + 0.5*math.Exp(-math.Pow(math.Sin(f2*3*u+ph), 2)*8)
			}
			b := uint8(math.Max(0, math.Min(255, 200*k)))
			field.SetUCharAt(y, 3*x, b)
			field.SetUCharAt(y, 3*x+1, b)
			field.SetUCharAt(y, 3*x+2, b)
		}
	}
	big := gocv.NewMat()
	defer big.Close()
	gocv.Resize(field, &big, image.Pt(W, H), 0, 0, gocv.InterpolationLinear)
	gocv.MultiplyWithParams(frame, big, &frame, 1.0/200, -1)
}

// tint multiplies each colour channel of the frame by its factor (0 means 1).
func tint(frame gocv.Mat, f [3]float64) {
	if f == [3]float64{} {
		return
	}
	var s [3]float64
	for c := range f {
		s[c] = 255
		if f[c] != 0 {
			s[c] = 255 * f[c]
		}
	}
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(s[0], s[1], s[2], 0), frame.Rows(), frame.Cols(), gocv.MatTypeCV8UC3)
	defer m.Close()
	gocv.MultiplyWithParams(frame, m, &frame, 1.0/255, -1)
}

// distort bends the frame through a radial lens: the picture point at
// distance r from the centre (r = 1 at the corners) shows what lay at
// r(1 + k r²). It returns the map from undistorted frame points to
// distorted ones.
func distort(frame *gocv.Mat, k float64) func([2]float64) [2]float64 {
	W, H := frame.Cols(), frame.Rows()
	cx, cy := float64(W-1)/2, float64(H-1)/2
	R2 := cx*cx + cy*cy
	mx := gocv.NewMatWithSize(H, W, gocv.MatTypeCV32F)
	my := gocv.NewMatWithSize(H, W, gocv.MatTypeCV32F)
	defer mx.Close()
	defer my.Close()
	xs, _ := mx.DataPtrFloat32()
	ys, _ := my.DataPtrFloat32()
	for y := range H {
		dy := float64(y) - cy
		for x := range W {
			dx := float64(x) - cx
			s := 1 + k*(dx*dx+dy*dy)/R2
			xs[y*W+x] = float32(cx + dx*s)
			ys[y*W+x] = float32(cy + dy*s)
		}
	}
	out := gocv.NewMat()
	gocv.Remap(*frame, &out, &mx, &my, gocv.InterpolationLinear, gocv.BorderReplicate, color.RGBA{})
	frame.Close()
	*frame = out
	return func(q [2]float64) [2]float64 {
		// Solve d(1 + k|d|²/R2) = s for d by fixed-point iteration.
		sx, sy := q[0]-cx, q[1]-cy
		dx, dy := sx, sy
		for range 20 {
			s := 1 + k*(dx*dx+dy*dy)/R2
			dx, dy = sx/s, sy/s
		}
		return [2]float64{cx + dx, cy + dy}
	}
}
