package photoreal

import (
	"fmt"
	"math"
	"math/rand"

	geom "fieldkit/geometry/codenames"
	"fieldkit/internal/scene"
	"fieldkit/markers"
)

// role is what a piece is for the truth.
type role struct {
	what     string // Codenames: grid, pile, seat; Inside Job: seat, card, wager, mission, aid, secret, other
	row, col int    // Codenames grid cell (table coordinates: row 0 north, column 0 west)
	seat     int    // Inside Job: whose
	id       int    // the marker id on top, -1 for none
	kind     string // retail: a cover's kind
}

// Composed is a scene ready to render: the spec and what each piece is.
type Composed struct {
	Game  string
	Seed  int64
	Shot  Shot
	Spec  Spec
	roles []role
	// Codenames: the grid's pitch and the side of the seat marker.
	pitch    [2]float64
	seatSide int
	seat     bool
	// Inside Job: the player count and whether Larry's pawn lies as a start marker.
	players   int
	larryMark bool
	// Retail: the language and the grid's words, table order.
	Lang    string
	Words   []string
	pileGap float64
}

// Players is an Inside Job table's player count (2-5), 0 for another game.
func (c *Composed) Players() int { return c.players }

// sideNormals are the grid's sides by outward normal in table coordinates:
// south (seat A's default), west, north, east (as in package scene).
var sideNormals = [4][2]float64{{0, 1}, {-1, 0}, {0, -1}, {1, 0}}

// ComposeCodenames draws a Codenames table from seed: a 5x5 grid of
// printed word cards, covers on some, a guess token, Duet timers, the seat
// marker, piles of spare cards and covers beside the grid, hands, lamps and
// the camera.
func ComposeCodenames(fs *Faces, seed int64, dev Device) (*Composed, error) {
	rng := rand.New(rand.NewSource(seed))
	c := &Composed{Game: "codenames", Seed: seed}
	c.Shot = drawShot(rng, dev)
	sp := &c.Spec
	sp.W, sp.H = dev.Size()
	sp.Seed = seed
	var dk desk
	add := func(f *Face, x, y, angle, thick, bend float64, shape string, r role) {
		p := Piece{Kind: "card", Shape: shape, Texture: f.File, Bleed: 3, W: f.W, H: f.H, Thick: thick,
			X: x, Y: y, Angle: angle, Bend: bend, Markers: f.Markers, Rim: [3]float64{0.85, 0.83, 0.78}}
		if shape != "rect" || f.W < 40 {
			p.Kind = "token"
		}
		dk.put(&p)
		sp.Pieces = append(sp.Pieces, p)
		r.id = -1
		if len(f.Markers) > 0 {
			r.id = f.Markers[0].ID
		}
		c.roles = append(c.roles, r)
	}
	px, py, flip, jit := gridDeal(rng, geom.CardW, geom.CardH)
	c.pitch = [2]float64{px, py}
	// Word cards: 25 printed cards, either side up.
	used := map[int]bool{}
	var spare []*Face
	for _, id := range rng.Perm(len(fs.Deck.Words)) {
		f := fs.ByID[id]
		if f == nil || used[id] {
			continue
		}
		used[id] = true
		if f.Other != nil {
			used[f.Other.Markers[0].ID] = true
		}
		spare = append(spare, f)
	}
	if len(spare) < 40 {
		return nil, fmt.Errorf("photoreal: %d word cards, want 40", len(spare))
	}
	type cell struct{ x, y, a float64 }
	var cells [5][5]cell
	for r := range 5 {
		for col := range 5 {
			x, y, a := float64(col-2)*px+jit(2.5), float64(r-2)*py+jit(2.5), flip()
			cells[r][col] = cell{x, y, a}
			add(spare[0], x, y, a, 0.3, bend(rng), "rect", role{what: "grid", row: r, col: col})
			spare = spare[1:]
		}
	}
	// Covers.
	duet := rng.Float64() < 0.4
	covers := scene.CoverSet(duet, rng)
	nc := []int{0, 0, 2, 4, 6, 8, 10, 12, 14}[rng.Intn(9)]
	order := rng.Perm(25)
	for k := 0; k < nc; k++ {
		r, col := order[k]/5, order[k]%5
		cl := cells[r][col]
		add(fs.ByID[covers[k]], cl.x+jit(4), cl.y+jit(4), flip(), 0.3, 0.5*bend(rng), "rect", role{what: "grid", row: r, col: col})
	}
	free := order[nc:]
	tok := func(id int, k int) {
		r, col := free[k]/5, free[k]%5
		cl := cells[r][col]
		add(fs.ByID[id], cl.x+jit(6), cl.y+jit(5), 2*math.Pi*rng.Float64(), 2, 0, "rect", role{what: "grid", row: r, col: col})
	}
	k := 0
	if duet && rng.Float64() < 0.4 {
		for t := range 1 + rng.Intn(2) {
			tok(markers.TimerBase+2*t+rng.Intn(2), k)
			k++
		}
	}
	if rng.Float64() < 0.55 {
		tok(markers.GuessBase+rng.Intn(markers.GuessTokens), k)
	}
	// The seat marker beyond one side.
	if rng.Float64() < 0.55 {
		c.seat = true
		c.seatSide = rng.Intn(4)
		n := sideNormals[c.seatSide]
		d := 2.5*math.Abs(n[0])*px + 2.5*math.Abs(n[1])*py + 25 + 20*rng.Float64()
		along := jit(40)
		add(fs.ByID[markers.SeatID], n[0]*d+n[1]*along, n[1]*d+n[0]*along, 2*math.Pi*rng.Float64(), 2, 0, "rect", role{what: "seat", row: -1, col: -1})
	}
	// Piles of spare word cards and covers beside the grid.
	np := []int{0, 0, 1, 1, 2, 3}[rng.Intn(6)]
	for range np {
		pl := placePile(rng, px, py, geom.CardW, geom.CardH, len(covers)-nc)
		for j := range pl.n {
			f := spare[0]
			if pl.covers {
				f = fs.ByID[covers[nc]]
				nc++
			} else {
				spare = spare[1:]
			}
			b := 0.0
			if j == pl.n-1 {
				b = bend(rng)
			}
			add(f, pl.x+float64(j)*pl.step[0]+jit(1.5), pl.y+float64(j)*pl.step[1]+jit(1.5), pl.angle+jit(0.05), 0.3, b, "rect", role{what: "pile", row: -1, col: -1})
		}
	}
	gridRoom(rng, sp, dev, px, py)
	// Probes: the grid's middle, its sides' middles and its corners.
	sp.Probes = append(sp.Probes, [3]float64{})
	for _, n := range sideNormals {
		sp.Probes = append(sp.Probes, [3]float64{n[0] * 2.5 * px, n[1] * 2.5 * py, 0})
	}
	for _, q := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		sp.Probes = append(sp.Probes, [3]float64{q[0] * 2.5 * px, q[1] * 2.5 * py, 0})
	}
	return c, nil
}

// codenamesTruth works out scene.Truth from the render: legible[k] says
// whether report marker k is legible, why[k] why not.
func (c *Composed) codenamesTruth(fs *Faces, rep *Report, legible []bool, why []string) scene.Truth {
	var t scene.Truth
	np := len(c.Spec.Pieces)
	leg, printed := make([]int, np), make([]int, np)
	seatSeen := false
	for k, m := range rep.Markers {
		printed[m.Piece]++
		t.Markers = append(t.Markers, scene.MarkerTruth{ID: m.ID, Corners: m.Corners, Side: shortest(m.Corners), Legible: legible[k], Why: why[k]})
		if legible[k] {
			leg[m.Piece]++
			seatSeen = seatSeen || m.ID == markers.SeatID
		}
	}
	centre := rep.Probes[0]
	lowest, best := 0, math.Inf(-1)
	for i := range sideNormals {
		if y := rep.Probes[1+i][1]; y > best {
			best, lowest = y, i
		}
	}
	// The pieces on the grid, as laid, with their markers' legibility.
	var on []scene.GridPiece
	for i, rl := range c.roles {
		if rl.what == "grid" && rl.id >= 0 {
			on = append(on, scene.GridPiece{Row: rl.row, Col: rl.col, ID: rl.id, Legible: leg[i] > 0, Whole: leg[i] == printed[i]})
		}
	}
	view := func(side int) scene.View {
		n := sideNormals[side]
		right := [2]float64{n[1], -n[0]}
		v := scene.SeatCells(fs.Deck, n, on)
		for i, q := range [4][2]float64{{-0.5, -0.5}, {4.5, -0.5}, {4.5, 4.5}, {-0.5, 4.5}} {
			dc, dr := q[0]-2, q[1]-2
			tc := right[0]*dc + n[0]*dr
			tr := right[1]*dc + n[1]*dr
			// (tc, tr) is ±2.5 cells: one of the corner probes 5..8.
			for j, pq := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
				if math.Signbit(pq[0]) == math.Signbit(tc) && math.Signbit(pq[1]) == math.Signbit(tr) {
					v.Corners[i] = rep.Probes[5+j]
				}
			}
		}
		s := rep.Probes[1+side]
		v.SeatA = edgeOf(s[0]-centre[0], s[1]-centre[1])
		return v
	}
	t.Default = view(lowest)
	t.View = t.Default
	if c.seat {
		v := view(c.seatSide)
		t.BySeatMarker = &v
		if seatSeen {
			t.View = v
		}
	}
	// Readability, by package scene's rule.
	if t.Why = scene.GridReadable(fs.Deck, on, t.Cells); t.Why == "" {
		t.Readable = true
	}
	// And seat A's side must be plain: a seat marker or one side lowest.
	judgeSeat(&t)
	return t
}

func edgeOf(dx, dy float64) string {
	switch {
	case math.Abs(dx) > math.Abs(dy) && dx > 0:
		return "right"
	case math.Abs(dx) > math.Abs(dy):
		return "left"
	case dy < 0:
		return "top"
	}
	return "bottom"
}

func shortest(c [4][2]float64) float64 {
	s := math.Inf(1)
	for i := range 4 {
		j := (i + 1) % 4
		s = math.Min(s, math.Hypot(c[j][0]-c[i][0], c[j][1]-c[i][1]))
	}
	return s
}
