package scene

import (
	"fieldkit/deck"
	"fieldkit/markers"
	"image"
	"image/color"
	"math"
	"math/rand"
	"runtime"

	"gocv.io/x/gocv"
)

// drawHand paints a hand (palm, four fingers, thumb, wrist) reaching over a
// random card of the grid, and returns its outline polygons in the frame.
func drawHand(frame gocv.Mat, rng *rand.Rand, cam camera, pieces []placed) [][][2]float64 {
	var grid []placed
	for _, pc := range pieces {
		if pc.row >= 0 {
			grid = append(grid, pc)
		}
	}
	target := grid[rng.Intn(len(grid))]
	return handOver(frame, rng, cam.apply, target.cx, target.cy)
}

// handOver paints a hand whose longest fingertip lands near (tx, ty), table
// millimetres, from a random direction; toFrame maps table millimetres to
// frame pixels. It returns the hand's outline polygons in the frame.
func handOver(frame gocv.Mat, rng *rand.Rand, toFrame func(x, y float64) (float64, float64), tx, ty float64) [][][2]float64 {
	a := 2 * math.Pi * rng.Float64()
	ca, sa := math.Cos(a), math.Sin(a)
	reach := 20 + 60*rng.Float64() // fingertips this far past the card's centre
	// Hand coordinates: fingers toward -y, fingertips at y = -reach... moved
	// so the longest fingertip lands on the target.
	toTable := func(x, y float64) (float64, float64) {
		y += 120 - reach
		return tx + ca*x - sa*y, ty + sa*x + ca*y
	}
	var shapes [][][2]float64
	ellipse := func(cx, cy, rx, ry float64) {
		var poly [][2]float64
		for k := range 24 {
			t := 2 * math.Pi * float64(k) / 24
			poly = append(poly, [2]float64{cx + rx*math.Cos(t), cy + ry*math.Sin(t)})
		}
		shapes = append(shapes, poly)
	}
	capsule := func(x0, y0, x1, y1, r float64) {
		dx, dy := x1-x0, y1-y0
		l := math.Hypot(dx, dy)
		nx, ny := -dy/l*r, dx/l*r
		var poly [][2]float64
		for k := 0; k <= 8; k++ {
			t := math.Pi * float64(k) / 8
			c, s := math.Cos(t), math.Sin(t)
			poly = append(poly, [2]float64{x1 + nx*c + dx/l*r*s, y1 + ny*c + dy/l*r*s})
		}
		for k := 0; k <= 8; k++ {
			t := math.Pi * float64(k) / 8
			c, s := math.Cos(t), math.Sin(t)
			poly = append(poly, [2]float64{x0 - nx*c - dx/l*r*s, y0 - ny*c - dy/l*r*s})
		}
		shapes = append(shapes, poly)
	}
	skins := []color.RGBA{{205, 150, 120, 0}, {170, 120, 90, 0}, {120, 80, 60, 0}, {225, 175, 150, 0}}
	ellipse(0, 0, 45, 52)
	for k, l := range []float64{62, 72, 68, 52} {
		x := -27 + 18*float64(k)
		capsule(x, -30, x*1.1, -30-l, 8.5)
	}
	capsule(-40, 10, -75, -25, 10)
	capsule(0, 40, 0, 400, 38)
	var out [][][2]float64
	skin := skins[rng.Intn(len(skins))]
	for _, s := range shapes {
		var fpoly [][2]float64
		var ipts []image.Point
		for _, q := range s {
			x, y := toFrame(toTable(q[0], q[1]))
			fpoly = append(fpoly, [2]float64{x, y})
			ipts = append(ipts, image.Pt(int(math.Round(x)), int(math.Round(y))))
		}
		out = append(out, fpoly)
		// One polygon at a time: overlapping ones filled together would
		// cancel where they overlap.
		pv := gocv.NewPointsVectorFromPoints([][]image.Point{ipts})
		gocv.FillPoly(&frame, pv, skin)
		pv.Close()
	}
	return out
}

// light dims the frame by p.Light with a brightness gradient across it, and
// adds glare blobs; glare receives the glare layer (CV_8UC1, the frame's
// size) or stays empty.
func light(frame gocv.Mat, rng *rand.Rand, p Params, glare *gocv.Mat) error {
	W, H := frame.Cols(), frame.Rows()
	l := p.Light
	if l == 0 {
		l = 1
	}
	if l != 1 || p.Gradient != 0 {
		// A bilinear brightness field from four corner values.
		a := 2 * math.Pi * rng.Float64()
		dir := [2]float64{math.Cos(a), math.Sin(a)}
		corner := [4][2]float64{{0, 0}, {1, 0}, {0, 1}, {1, 1}}
		lo, hi := math.Inf(1), math.Inf(-1)
		var proj [4]float64
		for i, c := range corner {
			proj[i] = c[0]*dir[0] + c[1]*dir[1]
			lo, hi = math.Min(lo, proj[i]), math.Max(hi, proj[i])
		}
		small := gocv.NewMatWithSize(2, 2, gocv.MatTypeCV8UC3)
		defer small.Close()
		for i, c := range corner {
			v := l
			if p.Gradient != 0 {
				t := (proj[i] - lo) / (hi - lo)
				v *= p.Gradient + (1-p.Gradient)*t
			}
			b := uint8(math.Round(255 * v))
			for ch := range 3 {
				small.SetUCharAt(int(c[1]), int(c[0])*3+ch, b)
			}
		}
		field := gocv.NewMat()
		defer field.Close()
		gocv.Resize(small, &field, image.Pt(W, H), 0, 0, gocv.InterpolationLinear)
		gocv.MultiplyWithParams(frame, field, &frame, 1.0/255, -1)
	}
	if p.Glare > 0 {
		const k = 8 // the glare layer is drawn at 1/k of the frame's size
		low := gocv.NewMatWithSize(H/k+1, W/k+1, gocv.MatTypeCV8UC1)
		defer low.Close()
		low.SetTo(gocv.NewScalar(0, 0, 0, 0))
		for range p.Glare {
			c := image.Pt(int(float64(W/k)*(0.2+0.6*rng.Float64())), int(float64(H/k)*(0.2+0.6*rng.Float64())))
			ax := image.Pt(int(float64(W/k)*(0.02+0.06*rng.Float64())), int(float64(W/k)*(0.01+0.04*rng.Float64())))
			v := 150 + 105*rng.Float64()
			gocv.Ellipse(&low, c, ax, 360*rng.Float64(), 0, 360, color.RGBA{uint8(v), uint8(v), uint8(v), 0}, -1)
		}
		sigma := float64(W/k) * 0.015
		gocv.GaussianBlur(low, &low, image.Point{}, sigma, sigma, gocv.BorderReplicate)
		gocv.Resize(low, glare, image.Pt(W, H), 0, 0, gocv.InterpolationLinear)
		g3 := gocv.NewMat()
		defer g3.Close()
		gocv.CvtColor(*glare, &g3, gocv.ColorGrayToBGR)
		gocv.Add(frame, g3, &frame)
	}
	return nil
}

// glareAt returns the strongest glare at the points.
func glareAt(glare *gocv.Mat, pts [][2]float64, w, h int) float64 {
	if glare.Empty() {
		return 0
	}
	m := 0.0
	for _, p := range pts {
		x, y := int(math.Round(p[0])), int(math.Round(p[1]))
		if x < 0 || y < 0 || x >= w || y >= h {
			continue
		}
		m = math.Max(m, float64(glare.GetUCharAt(y, x)))
	}
	return m
}

// degrade blurs the frame and adds sensor noise; it returns the combined
// blur's standard deviation in pixels.
func degrade(frame gocv.Mat, rng *rand.Rand, p Params) float64 {
	eff := 0.0
	if p.Blur > 0 {
		gocv.GaussianBlur(frame, &frame, image.Point{}, p.Blur, p.Blur, gocv.BorderReplicate)
		eff += p.Blur * p.Blur
	}
	if p.Motion > 1 {
		n := p.Motion | 1
		line := gocv.NewMatWithSize(n, n, gocv.MatTypeCV8UC1)
		line.SetTo(gocv.NewScalar(0, 0, 0, 0))
		a := math.Pi * rng.Float64()
		r := float64(p.Motion-1) / 2
		c := float64(n-1) / 2
		gocv.Line(&line, image.Pt(int(math.Round(c-r*math.Cos(a))), int(math.Round(c-r*math.Sin(a)))),
			image.Pt(int(math.Round(c+r*math.Cos(a))), int(math.Round(c+r*math.Sin(a)))), color.RGBA{1, 1, 1, 1}, 1)
		kernel := gocv.NewMat()
		line.ConvertTo(&kernel, gocv.MatTypeCV32F)
		line.Close()
		s := kernel.Sum().Val1
		kernel.DivideFloat(float32(s))
		gocv.Filter2D(frame, &frame, -1, kernel, image.Pt(-1, -1), 0, gocv.BorderReplicate)
		kernel.Close()
		eff += math.Pow(0.29*float64(p.Motion), 2)
	}
	if p.Noise > 0 {
		// OpenCV's generator is the calling thread's, and a goroutine may
		// change threads between two cgo calls: seeding and drawing on one
		// locked thread keeps a seed's noise the same under load (CI once
		// drew another noise for Wide 538 and missed its timer).
		seed := int(rng.Int31())
		noise := gocv.NewMatWithSize(frame.Rows(), frame.Cols(), gocv.MatTypeCV8UC3)
		runtime.LockOSThread()
		gocv.SetRNGSeed(seed)
		gocv.RandN(&noise, gocv.NewScalar(128, 128, 128, 0), gocv.NewScalar(p.Noise, p.Noise, p.Noise, 0))
		runtime.UnlockOSThread()
		gocv.AddWeighted(frame, 1, noise, 1, -128, &frame)
		noise.Close()
	}
	return math.Sqrt(eff)
}

// truth works out the ground truth from the drawn pieces and their markers.
func (g *Generator) truth(p Params, cam camera, pieces []placed, marks []MarkerTruth, owners []int, pitch [2]float64, seatSide int) Truth {
	var t Truth
	legible := make([]int, len(pieces)) // legible markers per piece
	printed := make([]int, len(pieces)) // markers per piece
	seatSeen := false
	for k, m := range marks {
		printed[owners[k]]++
		if m.Legible {
			legible[owners[k]]++
			seatSeen = seatSeen || m.ID == SeatID
		}
	}
	// The side lowest in the frame.
	lowest, best := 0, math.Inf(-1)
	for i, n := range sideNormals {
		_, y := cam.apply(n[0]*2.5*pitch[0], n[1]*2.5*pitch[1])
		if y > best {
			best, lowest = y, i
		}
	}
	t.Default = g.view(cam, pieces, legible, pitch, lowest)
	t.View = t.Default
	if p.Seat {
		v := g.view(cam, pieces, legible, pitch, seatSide)
		t.BySeatMarker = &v
		if seatSeen {
			t.View = v
		}
	}
	// Readability.
	var on []GridPiece
	for i, pc := range pieces {
		if pc.row >= 0 {
			on = append(on, GridPiece{Row: pc.row, Col: pc.col, ID: pc.id, Legible: legible[i] > 0, Whole: legible[i] == printed[i]})
		}
	}
	switch why := GridReadable(g.deck, on, t.Cells); {
	case p.Layout != Grid:
		t.Why = "the cards do not form one 5x5 grid"
	case why != "":
		t.Why = why
	default:
		t.Readable = true
	}
	t.Markers = marks
	return t
}

// GridPiece is a piece lying on the grid: its cell as laid on the table
// (row 0 at the top of the table's own plan), its marker id, and how
// legible its markers are.
type GridPiece struct {
	Row, Col, ID int
	Legible      bool // one of its markers is legible
	Whole        bool // all its markers are
}

// SeatCells returns a view's cells and guess token as seen from the seat
// beyond the side whose outward normal (in cells: row, col steps) is n: the
// grid turned so that seat's edge is row 4. d tells a marker's kind. The
// corners and seat A's edge are the caller's (they depend on its camera).
func SeatCells(d *deck.Deck, n [2]float64, pieces []GridPiece) View {
	var v View
	for r := range 5 {
		for c := range 5 {
			v.Cells[r][c] = CellTruth{Card: -1, Cover: -1}
		}
	}
	right := [2]float64{n[1], -n[0]}
	toSeat := func(row, col int) (int, int) {
		dc, dr := float64(col-2), float64(row-2)
		return 2 + int(math.Round(n[0]*dc+n[1]*dr)), 2 + int(math.Round(right[0]*dc+right[1]*dr))
	}
	for _, pc := range pieces {
		r, c := toSeat(pc.Row, pc.Col)
		cell := &v.Cells[r][c]
		switch kind, _ := d.Kind(pc.ID); kind {
		case markers.Word:
			cell.Card, cell.CardLegible = pc.ID, pc.Legible
		case markers.TimerBystander, markers.TimerCheck:
			cell.Timers++
			if pc.Legible {
				cell.TimersLegible++
			}
		case markers.Guess:
			v.Token, v.TokenLegible = &[2]int{r, c}, pc.Legible
		default:
			cell.Cover, cell.CoverLegible = pc.ID, pc.Legible
		}
	}
	return v
}

// view returns the cells, token, corners and seat A edge as seen from the
// seat beyond side seatSide.
func (g *Generator) view(cam camera, pieces []placed, legible []int, pitch [2]float64, seatSide int) View {
	n := sideNormals[seatSide]
	right := [2]float64{n[1], -n[0]}
	var on []GridPiece
	for i, pc := range pieces {
		if pc.row >= 0 {
			on = append(on, GridPiece{Row: pc.row, Col: pc.col, ID: pc.id, Legible: legible[i] > 0})
		}
	}
	v := SeatCells(g.deck, n, on)
	for i, q := range [4][2]float64{{-0.5, -0.5}, {4.5, -0.5}, {4.5, 4.5}, {-0.5, 4.5}} {
		// Seat coordinates (col', row') back to table cells.
		dc, dr := q[0]-2, q[1]-2
		tc := 2 + right[0]*dc + n[0]*dr
		tr := 2 + right[1]*dc + n[1]*dr
		v.Corners[i][0], v.Corners[i][1] = cam.apply((tc-2)*pitch[0], (tr-2)*pitch[1])
	}
	cx, cy := cam.apply(0, 0)
	sx, sy := cam.apply(n[0]*2.5*pitch[0], n[1]*2.5*pitch[1])
	v.SeatA = edgeOf(sx-cx, sy-cy)
	return v
}

func isCover(k markers.Kind) bool {
	switch k {
	case markers.DuetAgent, markers.DuetAssassin, markers.RedAgent, markers.BlueAgent, markers.DoubleRed, markers.DoubleBlue, markers.ClassicBystander, markers.ClassicAssassin:
		return true
	}
	return false
}
