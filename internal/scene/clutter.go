package scene

import (
	"image"
	"image/color"
	"math"
	"math/rand"

	"fieldkit/markers"

	"gocv.io/x/gocv"
)

// The clutter of issue 25: what the physically rendered tables showed and
// the older widened set did not draw. A hand of cards laid over the grid
// (fanned, turned well off the grid's lines), a draw pile squared in line
// with a row or column of the grid (its top card snug on the lattice one
// cell beyond the edge), stacks of the unused cover cards beside the grid,
// single spare cards dropped near it at any angle, and small glossy glints.
// Every piece is drawn after the grid, so that the truth's occlusion rule
// ("no piece drawn later covers a point of the marker") says honestly which
// grid markers a person could still read.

// clutter appends p's hand of cards, in-line draw piles, cover stacks and
// spare cards to pieces.
func (g *Generator) clutter(pieces []placed, rng *rand.Rand, p Params, pitch [2]float64) []placed {
	if p.Fan == 0 && p.InLine == 0 && p.CoverStacks == 0 && p.Spares == 0 {
		return pieces
	}
	words, covers := unused(pieces, len(g.deck.Words), p.Duet)
	take := func(from *[]int) int {
		if len(*from) == 0 {
			return -1
		}
		k := rng.Intn(len(*from))
		id := (*from)[k]
		*from = append((*from)[:k], (*from)[k+1:]...)
		return id
	}
	// In line with a row or column: the cell beyond the edge, or the one
	// after it, plus a little of the gap's disorder.
	inLine := func(cells float64) (float64, float64, float64) {
		side := sideNormals[rng.Intn(4)]
		line := float64(rng.Intn(5) - 2)
		// Along the side: the line's centre; across it: cells from the
		// grid's middle.
		x := side[0]*cells*pitch[0] + math.Abs(side[1])*line*pitch[0]
		y := side[1]*cells*pitch[1] + math.Abs(side[0])*line*pitch[1]
		x += side[0] * 8 * rng.Float64()
		y += side[1] * 8 * rng.Float64()
		return x, y, math.Pi * float64(rng.Intn(2))
	}
	for range p.InLine {
		cx, cy, a := inLine(3 + float64(rng.Intn(2)))
		n := 3 + rng.Intn(8)
		faceUp := rng.Float64() < 0.6
		for k := range n {
			pc := placed{row: -1, col: -1, card: true, back: true,
				cx:    cx + (2*rng.Float64()-1)*1.5,
				cy:    cy + (2*rng.Float64()-1)*1.5,
				angle: a + (2*rng.Float64()-1)*2*math.Pi/180,
			}
			if k == n-1 && faceUp {
				if id := take(&words); id >= 0 {
					pc.id, pc.back = id, false
				}
			}
			pieces = append(pieces, pc)
		}
	}
	for range p.CoverStacks {
		cx, cy, a := inLine(3 + float64(rng.Intn(2)))
		if rng.Float64() < 0.3 {
			// Not in line: anywhere along the side.
			cx += (2*rng.Float64() - 1) * 0.5 * pitch[0]
			cy += (2*rng.Float64() - 1) * 0.5 * pitch[1]
		}
		n := 2 + rng.Intn(6)
		for range n {
			id := take(&covers)
			if id < 0 {
				break
			}
			pieces = append(pieces, placed{id: id, row: -1, col: -1, card: true,
				cx:    cx + (2*rng.Float64()-1)*1.5,
				cy:    cy + (2*rng.Float64()-1)*1.5,
				angle: a + (2*rng.Float64()-1)*2*math.Pi/180,
			})
		}
	}
	for range p.Spares {
		// A spare card dropped near the grid, at any angle, a little to a
		// card and a half beyond the edge.
		side := sideNormals[rng.Intn(4)]
		a := 2 * math.Pi * rng.Float64()
		half := 2.5*math.Abs(side[0])*pitch[0] + 2.5*math.Abs(side[1])*pitch[1]
		d := half + extent(a, side) + 3 + 60*rng.Float64()
		s := (2*rng.Float64() - 1) * 2.5 * (math.Abs(side[1])*pitch[0] + math.Abs(side[0])*pitch[1])
		pc := placed{row: -1, col: -1, card: true, back: rng.Float64() < 0.3, angle: a,
			cx: side[0]*d + side[1]*s, cy: side[1]*d + side[0]*s}
		if !pc.back {
			if pc.id = take(&words); pc.id < 0 {
				pc.back = true
			}
		}
		pieces = append(pieces, pc)
	}
	if p.Fan > 0 {
		pieces = fan(pieces, rng, p.Fan, pitch, func() int { return take(&words) })
	}
	return pieces
}

// fan lays a hand of n cards over the grid: fanned about a pivot near an
// edge line (from a little outside the grid to two rows inside it), every card
// turned 20 to 70 degrees from the grid's lines, so that none of them lies
// square on a cell like a grid card. Half the hands lie face up (their
// markers readable, off the lattice), half face down. word draws a spare
// word card's id, -1 when none is left.
func fan(pieces []placed, rng *rand.Rand, n int, pitch [2]float64, word func() int) []placed {
	side := sideNormals[rng.Intn(4)]
	along := (2*rng.Float64() - 1) * 2 * (math.Abs(side[1])*pitch[0] + math.Abs(side[0])*pitch[1])
	half := 2.5*math.Abs(side[0])*pitch[0] + 2.5*math.Abs(side[1])*pitch[1]
	depth := half + (0.4-2.2*rng.Float64())*cardH
	px := side[0]*depth + side[1]*along
	py := side[1]*depth + side[0]*along
	inward := math.Atan2(-side[1], -side[0])
	sign := float64(1 - 2*rng.Intn(2))
	step := (10 + 6*rng.Float64()) * math.Pi / 180
	spread := step * float64(n-1)
	if spread > 50*math.Pi/180 {
		step = 50 * math.Pi / 180 / float64(n-1)
		spread = 50 * math.Pi / 180
	}
	centre := inward + sign*(45*math.Pi/180+(2*rng.Float64()-1)*(25*math.Pi/180-spread/2))
	faceUp := rng.Float64() < 0.5
	reach := 0.45*cardW + 0.15*cardW*rng.Float64()
	for k := range n {
		a := centre - spread/2 + float64(k)*step
		pc := placed{row: -1, col: -1, card: true, back: true,
			cx: px + reach*math.Cos(a), cy: py + reach*math.Sin(a), angle: a}
		if faceUp {
			if id := word(); id >= 0 {
				pc.id, pc.back = id, false
			}
		}
		pieces = append(pieces, pc)
	}
	return pieces
}

// unused returns the word cards of a deck of n words and the cover cards of
// the game (Duet or classic) that no piece uses, in id order.
func unused(pieces []placed, n int, duet bool) (words, covers []int) {
	used := map[int]bool{}
	for _, pc := range pieces {
		if !pc.back {
			used[pc.id] = true
		}
	}
	for id := range n {
		if !used[id] {
			words = append(words, id)
		}
	}
	var all []int
	if duet {
		for i := range markers.DuetAgents {
			all = append(all, markers.DuetAgentBase+i)
		}
		all = append(all, markers.DuetAssassinID)
	} else {
		for i := range markers.ClassicAgents {
			all = append(all, markers.RedBase+i, markers.BlueBase+i)
		}
		for i := range markers.Bystanders {
			all = append(all, markers.BystanderBase+i)
		}
		all = append(all, markers.DoubleRedID, markers.DoubleBlueID, markers.ClassicAssassinID)
	}
	for _, id := range all {
		if !used[id] {
			covers = append(covers, id)
		}
	}
	return words, covers
}

// glints adds p.Glints small specular highlights of glossy card stock to
// the glare layer (creating it when the scene has no glare) and to the
// frame: bright, sharp-edged spots of 0.3 to 1.5% of the frame's width,
// most of them on the grid's cards. The truth's glare limit then counts a
// marker under one illegible, as it does under a large glare blob.
func glints(frame gocv.Mat, rng *rand.Rand, p Params, cam camera, pitch [2]float64, glare *gocv.Mat) {
	if p.Glints == 0 {
		return
	}
	W, H := frame.Cols(), frame.Rows()
	spots := gocv.NewMatWithSize(H, W, gocv.MatTypeCV8UC1)
	defer spots.Close()
	spots.SetTo(gocv.NewScalar(0, 0, 0, 0))
	for range p.Glints {
		x, y := cam.apply((2*rng.Float64()-1)*2.7*pitch[0], (2*rng.Float64()-1)*2.7*pitch[1])
		r := float64(W) * (0.003 + 0.012*rng.Float64())
		ax := image.Pt(int(math.Max(2, r)), int(math.Max(1, r*(0.3+0.7*rng.Float64()))))
		v := uint8(140 + rng.Intn(116))
		gocv.Ellipse(&spots, image.Pt(int(x), int(y)), ax, 360*rng.Float64(), 0, 360, color.RGBA{v, v, v, 0}, -1)
	}
	s := math.Max(0.5, float64(W)*0.0006)
	gocv.GaussianBlur(spots, &spots, image.Point{}, s, s, gocv.BorderReplicate)
	if glare.Empty() {
		spots.CopyTo(glare)
	} else {
		gocv.Add(*glare, spots, glare)
	}
	g3 := gocv.NewMat()
	defer g3.Close()
	gocv.CvtColor(spots, &g3, gocv.ColorGrayToBGR)
	gocv.Add(frame, g3, &frame)
}

// Uncluttered returns p without issue 25's clutter (Fan, InLine,
// CoverStacks, Spares, Glints): the scene a seed of Wide or HeldOut drew
// before that clutter was added, frame for frame, for tests whose seeds
// were chosen on it.
func (p Params) Uncluttered() Params {
	p.Fan, p.InLine, p.CoverStacks, p.Spares, p.Glints = 0, 0, 0, 0, 0
	return p
}

// Cluttered draws the parameters of a widened scene (Wide(seed)) with issue
// 25's clutter on every table: a hand of 3-7 cards over the grid in half
// of them, 1-2 in-line draw piles, 1-3 cover stacks, 0-3 spare cards and
// 0-5 glints in the others' proportions; drawn from a source of its own, so
// that everything else is Wide's scene of that seed. For tuning and stress
// runs: clutter is what the scanner's grid finding is least sure of.
func Cluttered(seed int64) Params {
	p := Wide(seed)
	rng := rand.New(rand.NewSource(seed*0x25C1 + 7))
	p.Fan = 0
	if rng.Float64() < 0.5 {
		p.Fan = 3 + rng.Intn(5)
	}
	p.InLine = rng.Intn(3)
	p.CoverStacks = 1 + rng.Intn(3)
	p.Spares = rng.Intn(4)
	p.Glints = rng.Intn(6)
	return p
}
