package codenames

import (
	"fieldkit/catalog"
	geom "fieldkit/geometry/codenames"
	"fieldkit/scan"
	"fmt"
	"math"
	"time"

	"gocv.io/x/gocv"
)

// Refusal says why an image shows no readable grid.
type Refusal uint8

// Reasons to refuse an image. Append only.
const (
	Readable    Refusal = iota // not refused
	TooFewCards                // fewer cards than a fit needs (nothing on the table, too small, too blurred, hidden)
	NotAGrid                   // the cards do not form a 5x5 lattice
	PartGrid                   // only part of the grid is seen (a row or column hidden or out of frame)
	TwoGrids                   // many cards lie off the grid
	BadFit                     // the cards lie too far from a regular grid
	Conflict                   // two cards in one cell, or one card in two cells
	NoSeat                     // Scanner.RequireSeat: no seat marker read and no earlier grid to keep the orientation of
)

var refusalNames = [...]string{"readable", "too-few-cards", "not-a-grid", "part-of-grid", "two-grids", "bad-fit", "conflict", "no-seat-marker"}

// String returns the refusal's name, e.g. "too-few-cards".
func (r Refusal) String() string {
	if int(r) < len(refusalNames) {
		return refusalNames[r]
	}
	return fmt.Sprintf("Refusal(%d)", r)
}

// Edge is a side of the image.
type Edge uint8

// Image edges, clockwise from the bottom.
const (
	Bottom Edge = iota
	Left
	Top
	Right
)

var edgeNames = [...]string{"bottom", "left", "top", "right"}

// String returns "bottom", "left", "top" or "right".
func (e Edge) String() string {
	if int(e) < len(edgeNames) {
		return edgeNames[e]
	}
	return fmt.Sprintf("Edge(%d)", e)
}

// Cell is what lies on one cell of the grid.
type Cell struct {
	Row, Col int    // as seen from seat A: row 0 is farthest from seat A, column 0 on seat A's left
	Card     int    // the word face's marker id, or -1 when no word card marker is seen
	Word     string // the face's word when the deck knows it
	Cover    Kind   // the cover card on the cell (Agent, Assassin, ...), NotInDeck when none is seen
	CoverID  int    // the cover card's marker id, or -1
	Timers   int    // timer tokens seen on the cell
	// Why says why Card is -1: "covered" (a cover lies on it), "unseen"
	// (no marker of a card was read there: a hand, glare, blur), "doubt"
	// (a marker was read there but the grid fitted without it does not put
	// it on this cell), "disagree" (two lone markers with different ids),
	// "turned" (a card lies across the cell, turned against the grid).
	// Empty when Card is known.
	Why string
}

// Ignored is a piece the scanner saw but did not put on the grid.
type Ignored struct {
	Kind    Kind
	ID      int
	Outline [4]scan.Point // the piece's outline in the image, as its markers place it
	Why     string        // "off the grid", "turned against the grid", "doubt"
}

// Position is a cell of the grid as seen from seat A.
type Position struct{ Row, Col int }

// Observation is what the scanner read from one image.
type Observation struct {
	// OK is true when a grid was read; otherwise Refusal, Reason and Why
	// say why: Reason in English (logs, the command line, the scan JSON),
	// Why as a message of the catalog ("cn.scan.*") that a page says in
	// the table's language.
	OK      bool
	Refusal Refusal
	Reason  string
	Why     catalog.Msg
	// Cells are the 25 cells by [row][col], as seen from seat A.
	Cells [5][5]Cell
	// Tokens are the cells on which guess tokens lie.
	Tokens []Position
	// Corners are the grid's outer corners in the image: seat A's far left,
	// far right, near right and near left.
	Corners [4]scan.Point
	// FitError is the root mean square distance, in cells, of the pieces'
	// centres from the fitted grid's cell centres.
	FitError float64
	// SeatA is the image edge toward which seat A's side of the grid faces:
	// by default the side of the grid nearest the bottom of the image, or
	// the side where a seat marker lies.
	SeatA Edge
	// SeatMarker is true when a seat marker chose SeatA.
	SeatMarker bool
	// PriorGrid is true when the image had too few pieces of its own and the
	// grid of an earlier frame (Scanner.ScanWith) placed them.
	PriorGrid bool
	// PriorSeat is true when no seat marker was read and the orientation
	// is the one an earlier frame's seat marker established.
	PriorSeat bool
	// Ignored are the pieces seen but left out: spare cards and piles off
	// the grid, cards turned against it, markers in doubt.
	Ignored []Ignored
	// Markers are all markers detected, in the deck or not.
	Markers []scan.Marker
	// Elapsed is the time the observation took, detection included.
	Elapsed time.Duration

	// toImage maps seat-A grid coordinates (col, row) to the image.
	toImage scan.Homography
	toGrid  scan.Homography
}

// Grid is a fitted grid that Scanner.ScanWith can reuse when a later frame of
// the same camera shows too few pieces to fit its own.
type Grid struct {
	toGrid scan.Homography // image -> seat-A grid coordinates
	seat   Edge
	marked bool // a seat marker (then or earlier) chose the orientation
}

// Grid returns the observation's grid, or nil when it has none.
func (o *Observation) Grid() *Grid {
	if !o.OK {
		return nil
	}
	return &Grid{toGrid: o.toGrid, seat: o.SeatA, marked: o.SeatMarker || o.PriorSeat}
}

// CellCenter returns the centre of cell (row, col) in the image.
func (o *Observation) CellCenter(row, col int) scan.Point {
	p, _ := o.toImage.Apply(scan.Point{X: float64(col), Y: float64(row)})
	return p
}

// GridPoint maps grid coordinates (column and row as seen from seat A, cell
// centres at integers) into the image.
func (o *Observation) GridPoint(col, row float64) scan.Point {
	p, _ := o.toImage.Apply(scan.Point{X: col, Y: row})
	return p
}

// Scanner reads observations from images.
type Scanner struct {
	// Deck says which marker ids are word faces, covers and tokens. Nil
	// means printed format-1 pieces with unknown words (Words(nil)).
	Deck Deck
	// RequireSeat refuses (NoSeat) an image whose seat marker is not read,
	// unless an earlier frame's seat marker (ScanWith's prior) fixes the
	// orientation: for games where seat A's side matters. Without it a
	// missing seat marker puts seat A at the side nearest the image's
	// bottom, and SeatMarker false says so.
	RequireSeat bool

	trace *scanTrace // tests and benchmarks: where the time went (trace.go)
}

func (s *Scanner) deck() Deck {
	if s.Deck == nil {
		return Words(nil)
	}
	return s.Deck
}

// Scan reads the grid in img, an 8-bit gray, BGR or BGRA image. An image that
// shows no readable grid gives an Observation with OK false and a reason;
// only an unusable image gives an error.
func (s *Scanner) Scan(img gocv.Mat) (Observation, error) {
	return s.ScanWith(img, nil)
}

// ScanWith is Scan for a video: when img shows too few pieces to fit a grid
// of its own (late in a game covers and hands hide cards), the pieces it
// shows are placed by prior, the grid of an earlier frame, if they all agree
// with it.
func (s *Scanner) ScanWith(img gocv.Mat, prior *Grid) (Observation, error) {
	start := time.Now()
	if img.Ptr() == nil || img.Empty() {
		return Observation{}, fmt.Errorf("%w: the image is empty", scan.ErrImage)
	}
	s.trace.start()
	look := newTableImage(img) // bare table, where the markers cannot tell the grid's block (bare.go)
	if min(img.Rows(), img.Cols()) < 900 {
		ms, err := scan.DetectMarkers(img, fullParams)
		if err != nil {
			return Observation{}, err
		}
		obs := s.read(ms, prior, look)
		obs.Elapsed = time.Since(start)
		return obs, nil
	}
	// The looks again see the first pass's full-size grey image where it
	// made one (a webcam frame): greying each region again cost about a
	// seventh of each look.
	// A photo's first pass greys and halves it in one pass: the seat look
	// starts its coarse copies from that half-size grey image.
	gray, half := gocv.NewMat(), gocv.NewMat()
	defer gray.Close()
	defer half.Close()
	ms, cands, err := scan.DetectCandidatesHalf(img, firstParams(img.Cols(), img.Rows()), &gray, &half)
	if err != nil {
		return Observation{}, err
	}
	seen := img
	if !gray.Empty() {
		seen = gray
	}
	s.trace.firstPass(len(cands))
	// The first read keeps a grid whose seat marker it did not see even
	// for a scanner that needs the seat: the seat look (seatlook.go) looks
	// beside that grid. The last read below refuses it if the seat marker
	// is still missing.
	open := *s
	open.RequireSeat = false
	obs := open.read(ms, prior, look)
	if s.trace != nil {
		s.trace.lap(&s.trace.read)
	}
	more, err := s.lookAgain(seen, half, &obs, ms, cands)
	if err != nil {
		return Observation{}, err
	}
	if s.trace != nil {
		s.trace.lap(&s.trace.look)
	}
	// A look that found only markers already seen changes nothing: the
	// observation read from ms stands, unless it lacks the seat marker a
	// scanner that needs one must refuse it for.
	all := union(ms, more)
	if len(all) > len(ms) || s.RequireSeat && !obs.SeatMarker && !obs.PriorSeat {
		obs = s.read(all, prior, look)
		if s.trace != nil {
			s.trace.lap(&s.trace.read)
		}
	}
	// Cells of a read grid still unseen: their markers sampled where the
	// grid expects them (expected.go).
	exp := obs.expectedLook(seen, all, s.deck())
	s.trace.stage(stageExpected)
	if len(exp) > 0 {
		if again := s.read(append(all, exp...), prior, look); again.OK {
			obs = again
		}
	}
	obs.Elapsed = time.Since(start)
	return obs, nil
}

// ReadMarkers reads an observation from markers already detected (by
// DetectMarkers, or recorded): the grid, orientation and cells, as Scan
// does after detection but without the image, which may tell bare table
// from a cell of the grid (bestWindow). prior may be nil; see ScanWith.
// Elapsed is left zero.
func (s *Scanner) ReadMarkers(ms []scan.Marker, prior *Grid) Observation {
	return s.read(ms, prior, nil)
}

// read turns detected markers into an observation; img, which may be nil,
// is the image they were seen in (see bestWindow).
func (s *Scanner) read(ms []scan.Marker, prior *Grid, img *tableImage) Observation {
	obs := Observation{Markers: ms}
	ev := gather(ms, s.deck())
	lat, ref := fitLattice(ev, img)
	var toGrid scan.Homography // image -> seat-A grid coordinates
	turned := false
	switch {
	case ref == nil:
		toGrid, obs.SeatA, obs.SeatMarker, turned = orient(lat, ev)
		obs.FitError = lat.rms
		if !obs.SeatMarker && prior != nil && prior.marked {
			if g, ok := keepOrientation(toGrid, prior.toGrid); ok {
				toGrid, obs.SeatA, obs.PriorSeat = g, prior.seat, true
			}
		}
	case prior != nil && ref.why == TooFewCards && placeByPrior(ev, prior.toGrid):
		toGrid, obs.SeatA, obs.PriorGrid, obs.PriorSeat = prior.toGrid, prior.seat, true, prior.marked
	default:
		obs.refused(ref)
		return obs
	}
	if s.RequireSeat && !obs.SeatMarker && !obs.PriorSeat {
		obs.refused(noSeat())
		return obs
	}
	if turned && !obs.SeatMarker && !obs.PriorSeat {
		obs.refused(seatTurned())
		return obs
	}
	toImage, ok := toGrid.Inverse()
	if !ok {
		obs.refused(degenerate())
		return obs
	}
	obs.toGrid, obs.toImage = toGrid, toImage
	for r := range 5 {
		for c := range 5 {
			obs.Cells[r][c] = Cell{Row: r, Col: c, Card: -1, CoverID: -1}
		}
	}
	ignore := func(e *evidence, why string) {
		obs.Ignored = append(obs.Ignored, Ignored{Kind: e.kind, ID: e.id, Outline: e.outline(), Why: why})
	}
	if lat != nil {
		for _, e := range lat.ignored {
			ignore(e, "off the grid")
		}
	}
	// Word cards by cell: whole cards (both markers) and lone markers.
	type claim struct {
		id     int
		word   string
		single bool
	}
	var words [5][5][]claim
	var why [5][5]string
	timerSeen := map[int]bool{}
	for _, e := range ev {
		q, ok := toGrid.Apply(e.c)
		if !ok {
			continue
		}
		if e.single {
			if q2, ok2 := toGrid.Apply(e.alt); ok2 && offCell(q2) < offCell(q) {
				q = q2
			}
			if !singleWordFits(e, q, toGrid) {
				continue
			}
		}
		c, r := q.Round()
		if c < 0 || c > 4 || r < 0 || r > 4 {
			continue
		}
		cell := &obs.Cells[r][c]
		if e.inGrid() {
			if offCell(q) > snapTolerance {
				continue
			}
			switch {
			case lat != nil && !e.placed && !alongColumns(e, lat.toGrid):
				ignore(e, "turned against the grid")
				if e.kind == WordFace {
					why[r][c] = "turned"
				}
				continue
			case lat != nil && !e.placed:
				continue
			case lat != nil && e.doubt:
				ignore(e, "doubt")
				if e.kind == WordFace {
					why[r][c] = "doubt"
				}
				continue
			case !alignedWithGrid(e, toGrid):
				ignore(e, "turned against the grid")
				if e.kind == WordFace {
					why[r][c] = "turned"
				}
				continue
			}
		}
		switch {
		case e.kind == WordFace:
			words[r][c] = append(words[r][c], claim{e.id, e.word, e.single})
		case e.kind.isCover():
			if cell.Cover != NotInDeck && cell.CoverID != e.id {
				obs.refused(twoCovers(cell.CoverID, e.id))
				return obs
			}
			cell.Cover, cell.CoverID = e.kind, e.id
		case e.kind == Timer:
			if offCell(q) <= tokenReach && !timerSeen[e.id] {
				timerSeen[e.id] = true
				cell.Timers++
			}
		case e.kind == Guess:
			if offCell(q) <= tokenReach {
				obs.Tokens = append(obs.Tokens, Position{Row: r, Col: c})
			}
		}
	}
	// A cell's word card: a whole card's two markers agree with each
	// other and outweigh a lone marker; two whole cards on one cell are a
	// conflict; lone markers that disagree leave the cell unknown.
	for r := range 5 {
		for c := range 5 {
			cell := &obs.Cells[r][c]
			var whole, lone []claim
			for _, w := range words[r][c] {
				if w.single {
					lone = append(lone, w)
				} else {
					whole = append(whole, w)
				}
			}
			pick := whole
			if len(whole) == 0 {
				pick = lone
			}
			for _, w := range pick {
				switch {
				case cell.Card < 0 && cell.Why == "":
					cell.Card, cell.Word = w.id, w.word
				case cell.Card == w.id:
				case len(whole) > 0:
					obs.refused(twoWords(cell.Card, w.id))
					return obs
				default:
					cell.Card, cell.Word, cell.Why = -1, "", "disagree"
				}
			}
			if cell.Card < 0 && cell.Why == "" {
				switch {
				case why[r][c] != "":
					cell.Why = why[r][c]
				case cell.Cover != NotInDeck:
					cell.Why = "covered"
				default:
					cell.Why = "unseen"
				}
			}
		}
	}
	// One card in two cells is a second deck, or a copy: refuse.
	where := map[int]Position{}
	for r := range 5 {
		for c := range 5 {
			id := obs.Cells[r][c].Card
			if id < 0 {
				continue
			}
			if p, dup := where[id]; dup {
				obs.refused(wordTwice(id, p, Position{r, c}))
				return obs
			}
			where[id] = Position{r, c}
		}
	}
	corners := []scan.Point{{X: -0.5, Y: -0.5}, {X: 4.5, Y: -0.5}, {X: 4.5, Y: 4.5}, {X: -0.5, Y: 4.5}}
	for i, p := range corners {
		obs.Corners[i], _ = toImage.Apply(p)
	}
	obs.OK = true
	return obs
}

// singleWordFits reports whether a word card seen by one marker, placed with
// its centre at grid point q, is believable: a word card's markers lie off
// the cell's centre, so the marker itself must lie farther from a cell's
// centre than the card's centre does. A marker at a cell's centre is a cover's
// or a token's (where a damaged or half-hidden one may decode as a word id).
func singleWordFits(e *evidence, q scan.Point, toGrid scan.Homography) bool {
	qm, ok := toGrid.Apply(scan.Mid(e.c, e.alt))
	return ok && offCell(qm) > offCell(q)
}

// maxTurn is how far, in degrees, a card or cover may lie turned against
// the grid's lines and still count as lying on its cell: players lay cards
// square to each other within a few degrees; a card across a cell is a
// spare one dropped there.
const maxTurn = 15.0

// alignedWithGrid reports whether piece e lies square to the grid (within
// maxTurn of a grid line, either way).
func alignedWithGrid(e *evidence, toGrid scan.Homography) bool {
	a, ok1 := toGrid.Apply(e.c)
	b, ok2 := toGrid.Apply(e.c.Add(e.ux.Scale(10)))
	if !ok1 || !ok2 {
		return false
	}
	d := b.Sub(a)
	deg := math.Atan2(math.Abs(d.Y), math.Abs(d.X)) * 180 / math.Pi // 0..90
	return math.Min(deg, 90-deg) <= maxTurn
}

// outline returns the piece's outline in the image from its marker's frame.
func (e *evidence) outline() [4]scan.Point {
	w, h := geom.TokenSide/2, geom.TokenSide/2
	if e.inGrid() {
		w, h = geom.CardW/2, geom.CardH/2
	}
	var out [4]scan.Point
	for i, s := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		out[i] = e.c.Add(e.ux.Scale(s[0] * w)).Add(e.uy.Scale(s[1] * h))
	}
	return out
}

// keepOrientation returns the seat-A map toGrid turned (a quarter turn at a
// time about the grid's centre) to agree best with an earlier frame's
// seat-A map: when no seat marker is read now, the grid keeps the seat an
// earlier one showed. It fails when the two grids do not match cell for
// cell (the camera or the cards moved too much).
func keepOrientation(toGrid, prior scan.Homography) (scan.Homography, bool) {
	toImage, ok := toGrid.Inverse()
	if !ok {
		return toGrid, false
	}
	best, bestErr := toGrid, math.Inf(1)
	turn := scan.Homography{0, -1, 4, 1, 0, 0, 0, 0, 1} // (c, r) -> (4-r, c)
	g := toGrid
	for range 4 {
		worst := 0.0
		for r := range 5 {
			for c := range 5 {
				p, _ := toImage.Apply(scan.Point{X: float64(c), Y: float64(r)})
				q1, ok1 := g.Apply(p)
				q2, ok2 := prior.Apply(p)
				if !ok1 || !ok2 {
					worst = math.Inf(1)
					continue
				}
				worst = math.Max(worst, q1.Dist(q2))
			}
		}
		if worst < bestErr {
			best, bestErr = g, worst
		}
		g = turn.Mul(g)
	}
	return best, bestErr < 0.5
}

// placeByPrior places grid pieces by an earlier frame's grid; it reports
// whether there is at least one piece and all of them lie on cells.
func placeByPrior(ev []*evidence, toGrid scan.Homography) bool {
	n := 0
	for _, e := range ev {
		if !e.inGrid() {
			continue
		}
		q, ok := toGrid.Apply(e.c)
		if e.single {
			if q2, ok2 := toGrid.Apply(e.alt); ok2 && (!ok || offCell(q2) < offCell(q)) {
				q, ok = q2, ok2
			}
		}
		if !ok || offCell(q) > snapTolerance || q.X < -0.5 || q.X > 4.5 || q.Y < -0.5 || q.Y > 4.5 {
			return false
		}
		n++
	}
	return n > 0
}

// turnedMargin is how much lower in the image, as a share of the longer
// distance between the grid's opposite sides' middles, the lowest side's
// middle must lie than the next for the default orientation (no seat
// marker) to hold: about 4 degrees of turn either way of the angle at which
// two sides lie equally low (45 degrees for a square grid, nearer 34 for
// the oblong grid of landscape cards, less under a tilt's perspective).
const turnedMargin = 0.05

// orient turns the lattice into seat-A grid coordinates: it returns the map
// image -> (col, row) as seen from seat A, the image edge seat A faces,
// whether a seat marker chose it, and, when none did, whether the default
// side is in doubt (two sides lie about as low in the image; see
// turnedMargin).
func orient(lat *lattice, ev []*evidence) (h scan.Homography, edge Edge, seat, turned bool) {
	// Shift the lattice so that cells are 0..4, centre at (2, 2).
	shift := scan.Homography{1, 0, -float64(lat.col0), 0, 1, -float64(lat.row0), 0, 0, 1}
	g := shift.Mul(lat.toGrid)
	toImage, _ := g.Inverse()
	ctr, _ := toImage.Apply(scan.Point{X: 2, Y: 2})
	// The four sides of the grid by their outward normals in lattice
	// coordinates, and where their middles lie in the image.
	normals := [4]scan.Point{{X: 0, Y: 1}, {X: -1, Y: 0}, {X: 0, Y: -1}, {X: 1, Y: 0}}
	side := -1
	for _, e := range ev {
		if e.kind != Seat {
			continue
		}
		q, ok := g.Apply(e.c)
		if !ok {
			continue
		}
		d := q.Sub(scan.Point{X: 2, Y: 2})
		best := math.Inf(-1)
		for i, n := range normals {
			if v := d.Dot(n); v > best {
				best, side = v, i
			}
		}
		seat = true
		break
	}
	if side < 0 {
		// The side whose middle lies lowest in the image.
		best, next := math.Inf(-1), math.Inf(-1)
		var mids [4]scan.Point
		for i, n := range normals {
			p, _ := toImage.Apply(scan.Point{X: 2, Y: 2}.Add(n.Scale(2.5)))
			mids[i] = p
			switch {
			case p.Y > best:
				next, best, side = best, p.Y, i
			case p.Y > next:
				next = p.Y
			}
		}
		span := math.Max(mids[0].Sub(mids[2]).Norm(), mids[1].Sub(mids[3]).Norm())
		turned = best-next < turnedMargin*span
	}
	n := normals[side]
	// Seat A sits beyond side n, looking at the grid (direction -n); rows
	// grow toward seat A and columns to seat A's right.
	right := scan.Point{X: n.Y, Y: -n.X}
	// (col', row') = (2 + right·(q-c), 2 + n·(q-c)) as a homography on q.
	rot := scan.Homography{
		right.X, right.Y, 2 - 2*right.X - 2*right.Y,
		n.X, n.Y, 2 - 2*n.X - 2*n.Y,
		0, 0, 1,
	}
	// The image edge seat A faces: the image direction from the grid's centre
	// to seat A's side.
	p, _ := toImage.Apply(scan.Point{X: 2, Y: 2}.Add(n.Scale(2.5)))
	d := p.Sub(ctr)
	edge = Bottom
	switch {
	case math.Abs(d.X) > math.Abs(d.Y) && d.X > 0:
		edge = Right
	case math.Abs(d.X) > math.Abs(d.Y):
		edge = Left
	case d.Y < 0:
		edge = Top
	}
	return rot.Mul(g), edge, seat, turned
}
