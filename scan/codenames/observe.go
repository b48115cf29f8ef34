package codenames

import (
	"fieldkit/scan"
	"fmt"
	"image"
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
)

var refusalNames = [...]string{"readable", "too-few-cards", "not-a-grid", "part-of-grid", "two-grids", "bad-fit", "conflict"}

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
}

// Position is a cell of the grid as seen from seat A.
type Position struct{ Row, Col int }

// Observation is what the scanner read from one image.
type Observation struct {
	// OK is true when a grid was read; otherwise Refusal and Reason say why.
	OK      bool
	Refusal Refusal
	Reason  string
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
}

// Grid returns the observation's grid, or nil when it has none.
func (o *Observation) Grid() *Grid {
	if !o.OK {
		return nil
	}
	return &Grid{toGrid: o.toGrid, seat: o.SeatA}
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
}

func (s *Scanner) deck() Deck {
	if s.Deck == nil {
		return Words(nil)
	}
	return s.Deck
}

// Detector settings. The first pass is downscaled with one window (or at
// full size for small images); when it leaves cells empty that may hold
// markers, a second pass looks again, at full size with one window when the
// markers are small, else downscaled with OpenCV's three windows (blurred
// photos), and the markers of both passes are read together. When a grid
// was read, the second pass covers only the empty cells, and also tries a
// full-size window of 23 pixels there (blurred frames).
var (
	fastParams  = scan.DetectorParams{Downscale: true, WindowMin: 7, WindowMax: 7, WindowStep: 1, RefineCorners: true, MinSide: 20}
	fullParams  = scan.DetectorParams{WindowMin: 13, WindowMax: 13, WindowStep: 1, RefineCorners: true, MinSide: 20}
	wideParams  = scan.DetectorParams{Downscale: true, RefineCorners: true, MinSide: 20}
	blurParams  = scan.DetectorParams{WindowMin: 23, WindowMax: 23, WindowStep: 1, RefineCorners: true, MinSide: 20}
	smallMarker = 60.0 // pixels: below this (median word marker side) the second pass is at full size
)

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
	p := fastParams
	small := min(img.Rows(), img.Cols()) < 900
	if small {
		p = fullParams
	}
	ms, err := scan.DetectMarkers(img, p)
	if err != nil {
		return Observation{}, err
	}
	obs := s.read(ms, prior)
	if !small && s.needsSecondPass(&obs) {
		p2 := wideParams
		if medianWordSide(ms, s.deck()) < smallMarker {
			p2 = fullParams
		}
		var more []scan.Marker
		if obs.OK {
			// Look again only where cells are empty.
			// The regions are small: try a second, wider window too (blur).
			for _, r := range obs.emptyCells(img.Cols(), img.Rows()) {
				roi := img.Region(r)
				for _, p := range []scan.DetectorParams{p2, blurParams} {
					found, err := scan.DetectMarkers(roi, p)
					if err != nil {
						roi.Close()
						return Observation{}, err
					}
					for _, m := range found {
						for k := range m.Corners {
							m.Corners[k].X += float32(r.Min.X)
							m.Corners[k].Y += float32(r.Min.Y)
						}
						more = append(more, m)
					}
				}
				roi.Close()
			}
		} else if more, err = scan.DetectMarkers(img, p2); err != nil {
			return Observation{}, err
		}
		obs = s.read(union(ms, more), prior)
	}
	obs.Elapsed = time.Since(start)
	return obs, nil
}

// needsSecondPass reports whether the first detection may have missed
// markers: no grid though markers were seen, or empty cells.
func (s *Scanner) needsSecondPass(o *Observation) bool {
	if !o.OK {
		return len(o.Markers) > 0
	}
	for r := range 5 {
		for c := range 5 {
			if cell := o.Cells[r][c]; cell.Card < 0 && cell.Cover == NotInDeck {
				return true
			}
		}
	}
	return false
}

// emptyCells returns, for every cell with no card or cover seen, the
// image rectangle around it (the cell widened by half a cell each way),
// clipped to the image.
func (o *Observation) emptyCells(w, h int) []image.Rectangle {
	var out []image.Rectangle
	for r := range 5 {
		for c := range 5 {
			if cell := o.Cells[r][c]; cell.Card >= 0 || cell.Cover != NotInDeck {
				continue
			}
			minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
			for _, d := range [4]scan.Point{{X: -1, Y: -1}, {X: 1, Y: -1}, {X: 1, Y: 1}, {X: -1, Y: 1}} {
				p := o.GridPoint(float64(c)+d.X, float64(r)+d.Y)
				minX, maxX = math.Min(minX, p.X), math.Max(maxX, p.X)
				minY, maxY = math.Min(minY, p.Y), math.Max(maxY, p.Y)
			}
			rect := image.Rect(int(minX), int(minY), int(maxX)+1, int(maxY)+1).Intersect(image.Rect(0, 0, w, h))
			if rect.Dx() >= 16 && rect.Dy() >= 16 {
				out = append(out, rect)
			}
		}
	}
	return out
}

// medianWordSide returns the median shortest side of the word markers in
// ms, or 0 when there are none.
func medianWordSide(ms []scan.Marker, d Deck) float64 {
	var sides []float64
	for _, m := range ms {
		if k, _ := d.Lookup(m.ID); k == WordFace {
			_, _, _, side := frameOf(m, 1)
			sides = append(sides, side)
		}
	}
	return median(sides, 0)
}

// union returns the markers of a and those of b that are not already in
// (the same id with its centre within half a side of an earlier one).
func union(a, b []scan.Marker) []scan.Marker {
	out := append([]scan.Marker(nil), a...)
	for _, m := range b {
		c, _, _, side := frameOf(m, 1)
		dup := false
		for _, n := range out {
			if n.ID == m.ID {
				if c2, _, _, _ := frameOf(n, 1); c.Dist(c2) < side/2 {
					dup = true
					break
				}
			}
		}
		if !dup {
			out = append(out, m)
		}
	}
	return out
}

// ReadMarkers reads an observation from markers already detected (by
// DetectMarkers, or recorded): the grid, orientation and cells, as Scan
// does after detection. prior may be nil; see ScanWith. Elapsed is left zero.
func (s *Scanner) ReadMarkers(ms []scan.Marker, prior *Grid) Observation { return s.read(ms, prior) }

// read turns detected markers into an observation.
func (s *Scanner) read(ms []scan.Marker, prior *Grid) Observation {
	obs := Observation{Markers: ms}
	ev := gather(ms, s.deck())
	lat, ref := fitLattice(ev)
	var toGrid scan.Homography // image -> seat-A grid coordinates
	switch {
	case ref == nil:
		toGrid, obs.SeatA, obs.SeatMarker = orient(lat, ev)
		obs.FitError = lat.rms
	case prior != nil && ref.why == TooFewCards && placeByPrior(ev, prior.toGrid):
		toGrid, obs.SeatA, obs.PriorGrid = prior.toGrid, prior.seat, true
	default:
		obs.Refusal, obs.Reason = ref.why, ref.reason
		return obs
	}
	toImage, ok := toGrid.Inverse()
	if !ok {
		obs.Refusal, obs.Reason = BadFit, "the fitted grid is degenerate"
		return obs
	}
	obs.toGrid, obs.toImage = toGrid, toImage
	for r := range 5 {
		for c := range 5 {
			obs.Cells[r][c] = Cell{Row: r, Col: c, Card: -1, CoverID: -1}
		}
	}
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
		switch {
		case e.kind == WordFace:
			if offCell(q) > snapTolerance {
				continue
			}
			if cell.Card >= 0 && cell.Card != e.id {
				obs.Refusal, obs.Reason = Conflict, fmt.Sprintf("two word cards (%d and %d) lie on one cell", cell.Card, e.id)
				return obs
			}
			cell.Card, cell.Word = e.id, e.word
		case e.kind.isCover():
			if offCell(q) > snapTolerance {
				continue
			}
			if cell.Cover != NotInDeck && cell.CoverID != e.id {
				obs.Refusal, obs.Reason = Conflict, fmt.Sprintf("two cover cards (%d and %d) lie on one cell", cell.CoverID, e.id)
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
	// One card in two cells is a second deck, or a copy: refuse.
	where := map[int]Position{}
	for r := range 5 {
		for c := range 5 {
			id := obs.Cells[r][c].Card
			if id < 0 {
				continue
			}
			if p, dup := where[id]; dup {
				obs.Refusal, obs.Reason = Conflict, fmt.Sprintf("word card %d lies on two cells, [%d,%d] and [%d,%d]", id, p.Row, p.Col, r, c)
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

// orient turns the lattice into seat-A grid coordinates: it returns the map
// image -> (col, row) as seen from seat A, the image edge seat A faces, and
// whether a seat marker chose it.
func orient(lat *lattice, ev []*evidence) (scan.Homography, Edge, bool) {
	// Shift the lattice so that cells are 0..4, centre at (2, 2).
	shift := scan.Homography{1, 0, -float64(lat.col0), 0, 1, -float64(lat.row0), 0, 0, 1}
	g := shift.Mul(lat.toGrid)
	toImage, _ := g.Inverse()
	ctr, _ := toImage.Apply(scan.Point{X: 2, Y: 2})
	// The four sides of the grid by their outward normals in lattice
	// coordinates, and where their middles lie in the image.
	normals := [4]scan.Point{{X: 0, Y: 1}, {X: -1, Y: 0}, {X: 0, Y: -1}, {X: 1, Y: 0}}
	side := -1
	seat := false
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
		best := math.Inf(-1)
		for i, n := range normals {
			p, _ := toImage.Apply(scan.Point{X: 2, Y: 2}.Add(n.Scale(2.5)))
			if p.Y > best {
				best, side = p.Y, i
			}
		}
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
	edge := Bottom
	switch {
	case math.Abs(d.X) > math.Abs(d.Y) && d.X > 0:
		edge = Right
	case math.Abs(d.X) > math.Abs(d.Y):
		edge = Left
	case d.Y < 0:
		edge = Top
	}
	return rot.Mul(g), edge, seat
}
