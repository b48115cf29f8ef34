package scene

import (
	"fmt"
	"image"
	"math"
	"math/rand"

	"fieldkit/deck"
	"fieldkit/markers"
	"fieldkit/printgen"

	"gocv.io/x/gocv"
)

// Generator makes scenes of one printed deck. It caches rendered faces;
// Close releases them. A Generator is not safe for concurrent use.
type Generator struct {
	deck  *deck.Deck
	faces map[int]*printgen.Face
	cache map[faceKey]*face
}

// NewGenerator returns a generator laying out the cards of d.
func NewGenerator(d *deck.Deck) *Generator {
	return &Generator{deck: d, faces: indexFaces(d), cache: map[faceKey]*face{}}
}

// Close releases the cached face images.
func (g *Generator) Close() { g.dropCache() }

// Scene is one synthetic camera frame and its ground truth.
type Scene struct {
	Params Params
	Frame  gocv.Mat // BGR; the caller closes it
	Truth  Truth
}

// Close releases the frame.
func (s *Scene) Close() { s.Frame.Close() }

// Truth is what lies on the table, as seen from seat A (row 0 farthest from
// seat A, column 0 on seat A's left), and what a camera could read of it.
type Truth struct {
	// Readable says whether the frame shows a grid a scanner must read: the
	// grid layout, at least 12 of its cells with a legible word card or
	// cover (6 of them with a word card's both markers or a cover legible),
	// every row and column among them, and at least 2 of them on each edge
	// line (first and last row and column): one card alone on an edge line
	// looks the same as a spare card beside a hidden line. Why says why not.
	Readable bool
	Why      string
	// View is the table as a camera can know it: seat A beyond the side
	// with the seat marker when that is legible, else beyond the side
	// lowest in the frame.
	View
	// Default is the table with seat A beyond the side lowest in the
	// frame; BySeatMarker, when a seat marker was laid, with seat A beyond
	// its side. A scanner that reads a seat marker the truth counts as
	// illegible is judged by BySeatMarker.
	Default      View
	BySeatMarker *View
	// Markers lists every marker in the frame with its corners and
	// legibility.
	Markers []MarkerTruth
}

// View is the grid as seen from one seat.
type View struct {
	Cells [5][5]CellTruth
	// Token is the guess token's cell, if one lies on the grid;
	// TokenLegible says whether its marker can be read.
	Token        *[2]int
	TokenLegible bool
	// SeatA is the image edge ("bottom", "left", "top", "right") toward
	// which seat A's side of the grid faces.
	SeatA string
	// Corners are the grid's outer corners in the frame (seat A's far left,
	// far right, near right, near left), half a gap outside the cards.
	Corners [4][2]float64
}

// CellTruth is one cell of the grid.
type CellTruth struct {
	Card          int  // the word face's marker id, -1 for none
	CardLegible   bool // at least one of its markers can be read
	Cover         int  // the cover card's marker id, -1 for none
	CoverLegible  bool
	Timers        int // timer tokens on the cell
	TimersLegible int // of which this many can be read
}

// MarkerTruth is one printed marker in the frame.
type MarkerTruth struct {
	ID      int
	Corners [4][2]float64 // clockwise from the marker's own top-left, OpenCV's pixel convention
	Side    float64       // shortest side, pixels
	Legible bool          // large, sharp and unobstructed enough for a camera
	Why     string        // why not legible
}

// placed is a piece on the table: its face, centre (table millimetres,
// y toward seat A's default side) and rotation.
type placed struct {
	id       int
	cx, cy   float64
	angle    float64 // radians
	row, col int     // grid cell in table coordinates, -1 off the grid
	card     bool    // card-sized off the grid (a pile's card)
	back     bool    // a card lying face down: its back, no marker
}

// tableLayout places the pieces of p on the table: cards, covers, tokens,
// seat marker, in drawing order. Grid cells are in table coordinates: row 0
// to the north, column 0 to the west; seat A's default side is south.
func (g *Generator) tableLayout(rng *rand.Rand, p Params) (pieces []placed, pitch [2]float64, seatSide int, err error) {
	px, py := cardW+p.Gap, cardH+p.Gap
	pitch = [2]float64{px, py}
	n := len(g.deck.Words)
	cellsUsed := func(layout Layout) [][2]int {
		var cells [][2]int
		for r := range 5 {
			for c := range 5 {
				if layout == FourRows && r == 4 {
					continue
				}
				cells = append(cells, [2]int{r, c})
			}
		}
		if layout == Few {
			rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
			cells = cells[:6]
		}
		return cells
	}
	grids := 1
	if p.Layout == TwoGrids {
		grids = 2
	}
	need := 25 * grids
	if n < need {
		return nil, pitch, 0, fmt.Errorf("scene: the deck has %d words, a %s scene needs %d", n, p.Layout, need)
	}
	ids := rng.Perm(n)[:need]
	if p.Table != nil {
		if p.Layout != Grid {
			return nil, pitch, 0, fmt.Errorf("scene: a fixed table is a %s layout, want grid", p.Layout)
		}
		if err := p.Table.check(n); err != nil {
			return nil, pitch, 0, err
		}
		for r := range 5 {
			for c := range 5 {
				ids[r*5+c] = p.Table.Cards[r][c]
			}
		}
	}
	flip := func() float64 {
		a := (2*rng.Float64() - 1) * p.Twist * math.Pi / 180
		if rng.Intn(2) == 0 {
			a += math.Pi
		}
		return a
	}
	jit := func() float64 { return (2*rng.Float64() - 1) * p.Jitter }
	var cards []placed
	for gi := range grids {
		xoff := float64(gi) * 5.6 * px
		for k, rc := range cellsUsed(p.Layout) {
			cards = append(cards, placed{
				id: ids[gi*25+k], row: rc[0], col: rc[1], angle: flip(),
				cx: xoff + float64(rc[1]-2)*px + jit(), cy: float64(rc[0]-2)*py + jit(),
			})
			if gi == 1 {
				cards[len(cards)-1].row = -1
			}
		}
	}
	pieces = append(pieces, cards...)
	tok := func(c placed, id int) placed {
		return placed{id: id, cx: c.cx + (2*rng.Float64()-1)*6, cy: c.cy + (2*rng.Float64()-1)*5, angle: 2 * math.Pi * rng.Float64(), row: c.row, col: c.col}
	}
	var timers []int // timer tokens by number: those on the grid, then the bank
	nt := 0
	if p.Table != nil {
		pieces, timers, nt = p.Table.place(pieces, cards, rng, jit, flip, tok)
	} else {
		pieces, timers, nt = randomPieces(pieces, cards, rng, p, jit, flip, tok)
	}
	// The bank: timer tokens beside the grid, beyond the east or west side.
	for k := 0; k < p.Bank && nt < len(timers); k++ {
		side := float64(1 - 2*rng.Intn(2))
		pieces = append(pieces, placed{
			id: markers.TimerBase + timers[nt], row: -1, col: -1, angle: 2 * math.Pi * rng.Float64(),
			cx: side * (2.5*px + 35 + 10*rng.Float64()), cy: (2*rng.Float64() - 1) * 1.5 * py,
		})
		nt++
	}
	seatSide = 0 // south
	if p.Seat {
		seatSide = rng.Intn(4)
		n := sideNormals[seatSide]
		d := 2.5*math.Abs(n[0])*px + 2.5*math.Abs(n[1])*py + 30
		along := (2*rng.Float64() - 1) * 40
		pieces = append(pieces, placed{
			id: SeatID, row: -1, col: -1, angle: 2 * math.Pi * rng.Float64(),
			cx: n[0]*d + n[1]*along, cy: n[1]*d + n[0]*along,
		})
	}
	if p.Piles > 0 {
		pieces = g.piles(pieces, rng, p, pitch)
	}
	if p.Seat && p.SeatCover {
		seat := pieces[len(pieces)-1]
		for _, pc := range pieces {
			if pc.id == SeatID {
				seat = pc
			}
		}
		a := 2 * math.Pi * rng.Float64()
		d := cardH/2 + 2 + 10*rng.Float64() // the seat marker's middle stays clear
		pieces = append(pieces, placed{back: true, card: true, row: -1, col: -1, angle: a + math.Pi/2,
			cx: seat.cx + d*math.Cos(a), cy: seat.cy + d*math.Sin(a)})
	}
	pieces = g.clutter(pieces, rng, p, pitch)
	return pieces, pitch, seatSide, nil
}

// randomPieces lays the covers, then timer and guess tokens of p on distinct
// grid cards drawn from rng; it returns the pieces, the timer tokens in the
// order they are used, and how many of them lie on the grid.
func randomPieces(pieces, cards []placed, rng *rand.Rand, p Params, jit, flip func() float64, tok func(placed, int) placed) ([]placed, []int, int) {
	// Covers, then timer and guess tokens, on distinct grid cards.
	order := rng.Perm(len(cards))
	var onGrid []int
	for _, i := range order {
		if cards[i].row >= 0 {
			onGrid = append(onGrid, i)
		}
	}
	coverIDs := CoverSet(p.Duet, rng)
	nc := min(p.Covers, len(onGrid), len(coverIDs))
	for k := range nc {
		c := cards[onGrid[k]]
		pieces = append(pieces, placed{id: coverIDs[k], cx: c.cx + jit(), cy: c.cy + jit(), angle: flip(), row: c.row, col: c.col})
	}
	free := onGrid[nc:]
	timers := rng.Perm(markers.TimerTokens)
	nt := 0
	for k := 0; k < p.Timers && k < len(free); k++ {
		id := markers.TimerBase + timers[nt]
		if rng.Intn(4) == 0 {
			id = markers.TimerCheckBase + timers[nt]
		}
		nt++
		pieces = append(pieces, tok(cards[free[k]], id))
	}
	if p.Timers < len(free) {
		free = free[min(p.Timers, len(free)):]
	} else {
		free = nil
	}
	if p.Guess && len(free) > 0 {
		pieces = append(pieces, tok(cards[free[0]], markers.GuessBase+rng.Intn(markers.GuessTokens)))
	}
	return pieces, timers, nt
}

// sideNormals are the grid's sides by outward normal in table coordinates:
// south (seat A's default), west, north, east.
var sideNormals = [4][2]float64{{0, 1}, {-1, 0}, {0, -1}, {1, 0}}

// camera is the map from table millimetres to frame pixels.
type camera [9]float64

func (h camera) apply(x, y float64) (float64, float64) {
	w := h[6]*x + h[7]*y + h[8]
	return (h[0]*x + h[1]*y + h[2]) / w, (h[3]*x + h[4]*y + h[5]) / w
}

func (h camera) mul(g camera) camera {
	var r camera
	for i := range 3 {
		for j := range 3 {
			for k := range 3 {
				r[3*i+j] += h[3*i+k] * g[3*k+j]
			}
		}
	}
	return r
}

// newCamera returns a pinhole camera tilted by p.Tilt toward the south side,
// turned by rot, framing the outline points (table millimetres) so that
// their bounding box fills p.Fill of the frame.
func newCamera(rng *rand.Rand, p Params, rot float64, outline [][2]float64) camera {
	if p.Dist == 0 {
		p.Dist = 2
	}
	return camera(Pinhole(rng, p.Size, p.Fill, p.Tilt, p.Dist, rot, outline))
}

// Pinhole returns the map from table millimetres to frame pixels of a
// pinhole camera dist times the outline's larger side away, tilted by tilt
// degrees toward the south side and turned by rot radians, framing the
// outline points so that their bounding box fills fill of a frame of size,
// placed at random where it fits.
func Pinhole(rng *rand.Rand, size image.Point, fill, tilt, dist, rot float64, outline [][2]float64) [9]float64 {
	bounds := [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, q := range outline {
		bounds[0], bounds[1] = math.Min(bounds[0], q[0]), math.Min(bounds[1], q[1])
		bounds[2], bounds[3] = math.Max(bounds[2], q[0]), math.Max(bounds[3], q[1])
	}
	phi := tilt * math.Pi / 180
	d := dist * math.Max(bounds[2]-bounds[0], bounds[3]-bounds[1])
	// Perspective: the south side is nearer the camera.
	persp := camera{d, 0, 0, 0, d * math.Cos(phi), 0, 0, -math.Sin(phi), d}
	c, s := math.Cos(rot), math.Sin(rot)
	turn := camera{c, -s, 0, s, c, 0, 0, 0, 1}
	h := turn.mul(persp)
	minU, minV, maxU, maxV := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range outline {
		u, v := h.apply(q[0], q[1])
		minU, maxU = math.Min(minU, u), math.Max(maxU, u)
		minV, maxV = math.Min(minV, v), math.Max(maxV, v)
	}
	W, H := float64(size.X), float64(size.Y)
	k := fill * math.Min(W/(maxU-minU), H/(maxV-minV))
	// Place the box at random where it fits in the frame.
	slackX, slackY := W-k*(maxU-minU), H-k*(maxV-minV)
	ox := -k*minU + slackX*(0.3+0.4*rng.Float64())
	oy := -k*minV + slackY*(0.3+0.4*rng.Float64())
	return camera{k, 0, ox, 0, k, oy, 0, 0, 1}.mul(h)
}

// pieceMap returns the map from a piece's face millimetres (origin at its
// top-left corner) to table millimetres.
func pieceMap(pc placed, w, h float64) camera {
	c, s := math.Cos(pc.angle), math.Sin(pc.angle)
	// Rotate about the face centre, then move it to (cx, cy).
	return camera{c, -s, pc.cx - c*w/2 + s*h/2, s, c, pc.cy - s*w/2 - c*h/2, 0, 0, 1}
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

// kind returns what marker id is printed on.
func (g *Generator) kind(id int) markers.Kind {
	k, _ := g.deck.Kind(id)
	return k
}
