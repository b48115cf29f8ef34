package codenames

import (
	"image"
	"math"
	"sort"

	geom "fieldkit/geometry/codenames"
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// Detector settings. The first pass is downscaled with one window (or at
// full size for small images; firstParams). Three things then make the
// scanner look again, and the markers of all looks are read together:
//
//   - cells left empty that may hold markers: at full size with one window
//     when the markers are small, else downscaled with OpenCV's three
//     windows (blurred photos); when a grid was read, only around the empty
//     cells, with a full-size window of 23 pixels there too (blurred frames);
//     when none was, in a webcam frame the box around the pieces the first
//     pass saw (piecesRect), in a photo the whole image;
//   - in a phone photo, cells whose word card showed one marker and no
//     cover (a cover or token the halved pass missed): at full size;
//   - squares the first pass found but could not decode (a guess token, a
//     seat marker or a card's marker just above the detector's limit, which
//     halving the image took below it): at full size, each in its own small
//     region, plain and then sharpened (softlook.go).
var (
	fastParams  = scan.DetectorParams{Downscale: true, WindowMin: 7, WindowMax: 7, WindowStep: 1, RefineCorners: true, MinSide: 20, Own: true}
	webcamFirst = scan.DetectorParams{Downscale: true, WindowMin: 5, WindowMax: 5, WindowStep: 1, RefineCorners: true, HalvedCorners: true, MinSide: 20, Own: true, MaxSide: webcamMaxSide}
	fullParams  = scan.DetectorParams{WindowMin: 13, WindowMax: 13, WindowStep: 1, RefineCorners: true, MinSide: 20, Own: true}
	cellParams  = scan.DetectorParams{WindowMin: 9, WindowMax: 9, WindowStep: 1, RefineCorners: true, MinSide: 20, Own: true}
	wideParams  = scan.DetectorParams{Downscale: true, RefineCorners: true, MinSide: 20, Own: true}
	blurParams  = scan.DetectorParams{WindowMin: 23, WindowMax: 23, WindowStep: 1, RefineCorners: true, MinSide: 20, Own: true}
	smallMarker = 60.0 // pixels: below this (median word marker side) the second pass is at full size
	webcamSide  = 1200 // pixels: frames whose shorter side is at most this take webcamFirst
)

// webcamMaxSide is the longest side, in full-size pixels, of the squares a
// webcam frame's first pass looks for (scan.DetectorParams.MaxSide): the
// squares the scanner looks at again are under fullSizeGain (80) on their
// shortest side and at most maxAspect (3) times that on their longest, so
// their outline is under 2*(80+240) = 640 pixels, 4*160. A webcam frame that
// shows the grid (5 cards across, 1920 pixels) has word markers under about
// 60 pixels and seat markers under 80. Longer outlines (cards, the table's
// lines) cost the detector a polygon fit, a sample and a dictionary lookup
// each: about 0.4 ms of a rendered frame's 6.3 ms first pass.
const webcamMaxSide = 2 * fullSizeGain

// firstParams returns the first pass's settings for a w x h image. Halved,
// a webcam frame's markers are 15-35 pixels and a window of 5 reads them as
// well as one of 7 and keeps far more of a marker whose black border a
// specular glint breaks (TestGlintOnBorder); a photo's markers are several
// times larger, and a window of 5 would see only their edges. A webcam
// frame's corners stay as the halved pass fits them (HalvedCorners, about
// 1.4 px off on average): the grid is fitted to the markers' centres and
// axes, to tolerances of tenths of a cell, and cornerSubPix on the
// full-size frame cost about half a millisecond of every frame.
func firstParams(w, h int) scan.DetectorParams {
	if min(w, h) <= webcamSide {
		return webcamFirst
	}
	return fastParams
}

// Which undecoded squares are looked at again.
const (
	// maxCandidates bounds their number, largest first (a textured table
	// can give many small ones).
	maxCandidates = 48
	// minCandidate and maxCandidate bound their shortest side, relative to
	// the median word marker's. A seat marker (14 mm) beyond the far edge
	// of a photo tilted 45 degrees can be 0.4 of the median word marker
	// (11 mm) in the middle of the grid.
	minCandidate = 0.35
	maxCandidate = 2.5
	// fullSizeGain is the side, in full-size pixels, from which a square is
	// left: the halved first pass reads every marker of 40 pixels or more
	// at its scale (TestMarkerSizeLimits), so a larger square it could not
	// decode is damaged or hidden, not too small, and full size adds nothing.
	fullSizeGain = 80.0
	// maxAspect bounds a square's longest side, relative to its shortest:
	// a marker tilted 60 degrees away is foreshortened to half, and
	// perspective adds a little; a card's edge and the table's lines give
	// long thin outlines whose short side passes the bounds above and whose
	// box can span the frame (a 12 MP look of tens of milliseconds).
	maxAspect = 3.0
)

// longestSide is the longest side of quadrilateral c, in pixels.
func longestSide(c scan.Candidate) float64 {
	side := 0.0
	for k := range 4 {
		a, b := c[k], c[(k+1)%4]
		side = math.Max(side, math.Hypot(float64(a.X-b.X), float64(a.Y-b.Y)))
	}
	return side
}

// shortestSide is the shortest side of quadrilateral c, in pixels.
func shortestSide(c scan.Candidate) float64 {
	side := math.Inf(1)
	for k := range 4 {
		a, b := c[k], c[(k+1)%4]
		side = math.Min(side, math.Hypot(float64(a.X-b.X), float64(a.Y-b.Y)))
	}
	return side
}

// lookAgain returns the markers a second look finds in img after the first
// pass found ms and the undecoded squares cands, and read obs from ms; half
// is the first pass's half-size grey image of img, or empty.
func (s *Scanner) lookAgain(img, half gocv.Mat, obs *Observation, ms []scan.Marker, cands []scan.Candidate) ([]scan.Marker, error) {
	wordSide := medianWordSide(ms, s.deck())
	var more []scan.Marker
	if s.needsSecondPass(obs) {
		p2 := secondPass(wordSide, img.Cols(), img.Rows()) // softlook.go
		var err error
		if obs.OK {
			cells := mergeRegions(obs.emptyCells(img.Cols(), img.Rows()))
			s.trace.regions(true, cells, 1)
			more, err = detectIn(img, cells, p2)
			s.trace.stage(stageCells)
			// Small markers get a second detection with a wider window
			// (blurFor, softlook.go: blurred frames, and covers larger than
			// the word markers), not one with both windows: OpenCV
			// keeps one of two candidates that lie close, and the one it
			// keeps may not decode where the other would. It looks only at
			// the cells where the first found fewer than two markers (a
			// card's both, or a card and its cover): nothing of the others
			// is left to find. Markers of smallMarker pixels or more are
			// halved to 30 or more, where wideParams' windows (3, 13 and 23
			// there, 6 to 46 at full size) hold the wider window, except
			// for a photo's covers in glare or dim light (stillEmptyFor: a
			// halved look, with a word marker's window or wideParams').
			if p3, ok := stillEmptyFor(wordSide, img.Cols(), img.Rows()); err == nil && ok { // softlook.go
				left := mergeRegions(obs.stillEmpty(union(ms, more)[len(ms):], img.Cols(), img.Rows()))
				s.trace.morePixels(left)
				var soft []scan.Marker
				soft, err = detectIn(img, left, p3...)
				more = append(more, soft...)
				s.trace.stage(stageBlur)
			}
			if err == nil { // cells still empty: equalized (softlook.go)
				var eq []scan.Marker
				eq, err = detectEqualized(img, obs.equalizeCells(more, img.Cols(), img.Rows()), wordSide)
				more = append(more, eq...)
				s.trace.stage(stageBlur)
			}
		} else {
			r := piecesRect(ms, cands, wordSide, img.Cols(), img.Rows())
			if s.trace != nil {
				s.trace.wholeFrame = true
				s.trace.noGridShare = float64(r.Dx()*r.Dy()) / float64(img.Cols()*img.Rows())
			}
			more, err = detectIn(img, []image.Rectangle{r}, p2)
			s.trace.stage(stageCells)
		}
		if err != nil {
			return nil, err
		}
	}
	if obs.OK {
		// Cells whose card the first pass saw by one marker only and on
		// which no cover was read: a cover or token lying there may have
		// been missed by the halved pass (phone photos only).
		// And cells of cards read whole whose middle shows a dark end: a
		// token the first pass missed may lie there (midlook.go).
		half := mergeRegions(append(obs.halfSeenCells(ms, img.Cols(), img.Rows()), obs.darkMiddleCells(img, ms)...))
		s.trace.regions(true, half, 1)
		found, err := detectIn(img, half, halfSeenFor(wordSide)) // softlook.go
		if err != nil {
			return nil, err
		}
		more = append(more, found...)
		s.trace.stage(stageHalf)
	}
	sq := obs.undecoded(cands, union(ms, more), wordSide, img.Cols(), img.Rows())
	s.trace.regions(false, sq, 1)
	found, err := detectIn(img, sq, cellParams)
	if err != nil {
		return nil, err
	}
	s.trace.stage(stageSquare)
	sharp, err := detectSharpened(img, obs.notOnReadCells(sq, ms), found, cellParams) // softlook.go
	if err != nil {
		return nil, err
	}
	s.trace.stage(stageSharp)
	more = append(append(more, found...), sharp...)
	if !holdsSeat(more) { // the strips beside a grid read without its seat marker (seatlook.go)
		seat, err := obs.detectSeat(img, half, obs.seatStrips(img.Cols(), img.Rows()), wordSide)
		if err != nil {
			return nil, err
		}
		more = append(more, seat...)
		s.trace.stage(stageSeat)
	}
	return more, nil
}

// stillEmpty returns what emptyCells returns less the cells on which found,
// markers seen since the observation was read, holds two or more (a marker
// counts on the cell its centre rounds to).
func (o *Observation) stillEmpty(found []scan.Marker, w, h int) []image.Rectangle {
	var seen [5][5]int
	for _, m := range found {
		c := m.Center()
		if q, ok := o.toGrid.Apply(scan.Point{X: float64(c.X), Y: float64(c.Y)}); ok {
			if col, row := q.Round(); row >= 0 && row < 5 && col >= 0 && col < 5 {
				seen[row][col]++
			}
		}
	}
	var out []image.Rectangle
	for r := range 5 {
		for c := range 5 {
			if cell := o.Cells[r][c]; cell.Card >= 0 || cell.Cover != NotInDeck || seen[r][c] >= 2 {
				continue
			}
			if rect, ok := o.cellRect(r, c, cellMargin, w, h); ok {
				out = append(out, rect)
			}
		}
	}
	return out
}

// halfSeenCells returns, for every cell of a phone photo whose word card
// was read from a single marker of ms and on which no cover was read, the
// image rectangle of the cell widened by cellMargin each way, clipped to
// the w x h image: a token lying over the marker that was read is found by
// this look only (a dim 73 px timer, Wide seed 538, TestClutteredScenes).
// A webcam frame (shorter side at most webcamSide) gets none: over 160
// synthetic 1080p frames (scene.Wide, HeldOut 8100001-, Cluttered,
// Typical) the look found 654 markers the first pass had not read, 652 of
// them the read card's other marker, which adds nothing to its cell, and 2
// timers already seen; without it no reading changed there nor on 87
// rendered webcam frames, and it cost 1-4 ms on most frames. A cover's
// marker is 16/11 and a token's 14/11 of the word marker the halved pass
// did read, and a square the halved pass outlined but could not decode is
// looked at again anyway (undecoded).
func (o *Observation) halfSeenCells(ms []scan.Marker, w, h int) []image.Rectangle {
	if min(w, h) <= webcamSide {
		return nil
	}
	seen := map[int]int{}
	for _, m := range ms {
		seen[m.ID]++
	}
	var out []image.Rectangle
	for r := range 5 {
		for c := range 5 {
			if cell := o.Cells[r][c]; cell.Card >= 0 && cell.Cover == NotInDeck && seen[cell.Card] < 2 {
				if rect, ok := o.cellRect(r, c, cellMargin, w, h); ok {
					out = append(out, rect)
				}
			}
		}
	}
	return out
}

// mergeRegions merges regions whose bounding box holds no more pixels than
// the two apart (neighbouring cells overlap by half a cell): one detection
// over the pair costs less than two, and sees all they do.
func mergeRegions(rs []image.Rectangle) []image.Rectangle {
	out := append([]image.Rectangle(nil), rs...)
	area := func(r image.Rectangle) int { return r.Dx() * r.Dy() }
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(out) && !merged; i++ {
			for j := i + 1; j < len(out); j++ {
				if u := out[i].Union(out[j]); area(u) <= area(out[i])+area(out[j]) {
					out[i] = u
					out = append(out[:j], out[j+1:]...)
					merged = true
					break
				}
			}
		}
	}
	return out
}

// cellMargin is how far, in cells, a cell's look reaches beyond its centre:
// a card's markers lie within 0.45 cells of it, and the threshold window
// and the fit's error need a little more.
const cellMargin = 0.75

// cellRect returns the image rectangle around cell (r, c) reaching m cells
// beyond its centre each way, clipped to a w x h image; false when too
// little of it lies in the image.
func (o *Observation) cellRect(r, c int, m float64, w, h int) (image.Rectangle, bool) {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, d := range [4]scan.Point{{X: -m, Y: -m}, {X: m, Y: -m}, {X: m, Y: m}, {X: -m, Y: m}} {
		p := o.GridPoint(float64(c)+d.X, float64(r)+d.Y)
		minX, maxX = math.Min(minX, p.X), math.Max(maxX, p.X)
		minY, maxY = math.Min(minY, p.Y), math.Max(maxY, p.Y)
	}
	rect := image.Rect(int(minX), int(minY), int(maxX)+1, int(maxY)+1).Intersect(image.Rect(0, 0, w, h))
	return rect, rect.Dx() >= 16 && rect.Dy() >= 16
}

// undecoded returns the regions of a w x h image around the undecoded
// squares cands worth a look at full size: near the grid when one was read
// (nearGrid), not covered by a marker of ms, of a marker's size for the
// median word marker's side wordSide (candidateRegions).
func (o *Observation) undecoded(cands []scan.Candidate, ms []scan.Marker, wordSide float64, w, h int) []image.Rectangle {
	if o.OK {
		cands = nearGrid(cands, o.toGrid)
	}
	return candidateRegions(cands, ms, wordSide, w, h)
}

// gridReach is how far beyond the grid's outer cells' centres, in cells, an
// undecoded square is looked at again when a grid was read: tokens lie on
// the grid and the seat marker beside it; piles and the table farther out
// are left.
const gridReach = 2.5

// nearGrid returns the squares of cands whose centres toGrid puts within
// gridReach cells of the grid.
func nearGrid(cands []scan.Candidate, toGrid scan.Homography) []scan.Candidate {
	var out []scan.Candidate
	for _, c := range cands {
		var p scan.Point
		for _, q := range c {
			p = p.Add(scan.Point{X: float64(q.X) / 4, Y: float64(q.Y) / 4})
		}
		if q, ok := toGrid.Apply(p); ok && q.X >= -gridReach && q.X <= 4+gridReach && q.Y >= -gridReach && q.Y <= 4+gridReach {
			out = append(out, c)
		}
	}
	return out
}

// detectIn detects markers with each of ps in each region of img, in image
// coordinates (capped for a webcam frame: lookCap).
func detectIn(img gocv.Mat, regions []image.Rectangle, ps ...scan.DetectorParams) ([]scan.Marker, error) {
	var out []scan.Marker
	ps = lookCap(ps, img.Cols(), img.Rows())
	for _, r := range regions {
		roi := img.Region(r)
		if len(ps) > 1 && roi.Channels() > 1 {
			// Grey the region once, not once for each setting.
			gray := greyOf(roi)
			roi.Close()
			roi = gray
		}
		for _, p := range ps {
			found, err := scan.DetectMarkers(roi, p)
			if err != nil {
				roi.Close()
				return nil, err
			}
			out = append(out, shifted(found, r.Min)...)
		}
		roi.Close()
	}
	return out, nil
}

// lookCap returns ps, for a look at a w x h image, with the longest side a
// webcam frame's look looks for bounded as its first pass's is
// (webcamMaxSide, where no marker of a grid the frame shows comes near):
// the cards' and the table's outlines in a cell's region cost each look a
// polygon fit each, about a tenth of a rendered webcam frame's work. A
// phone photo's looks, and settings with a bound of their own, are left.
func lookCap(ps []scan.DetectorParams, w, h int) []scan.DetectorParams {
	if min(w, h) > webcamSide {
		return ps
	}
	out := make([]scan.DetectorParams, len(ps))
	for i, p := range ps {
		if p.MaxSide == 0 {
			p.MaxSide = webcamMaxSide
		}
		out[i] = p
	}
	return out
}

// candidateRegions returns, for each undecoded square that no decoded
// marker in ms covers, its bounding box widened by half its size each way
// (the marker's quiet zone and a margin for the threshold window), clipped
// to the image; at most maxCandidates, the largest squares first, none of
// fullSizeGain pixels or more, none longer than maxAspect times its width.
// When the median word marker's side wordSide is known (> 0), squares whose
// shortest side is not within minCandidate to maxCandidate of it are left:
// every marker printed is 11 to 16 mm, and tilt changes the scale across
// the frame by less than this.
func candidateRegions(cands []scan.Candidate, ms []scan.Marker, wordSide float64, w, h int) []image.Rectangle {
	type sq struct {
		box  image.Rectangle
		size float64
	}
	var sqs []sq
	for _, c := range cands {
		minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		var cx, cy float64
		for _, p := range c {
			x, y := float64(p.X), float64(p.Y)
			minX, maxX = math.Min(minX, x), math.Max(maxX, x)
			minY, maxY = math.Min(minY, y), math.Max(maxY, y)
			cx, cy = cx+x/4, cy+y/4
		}
		size := math.Max(maxX-minX, maxY-minY)
		side := shortestSide(c)
		if side >= fullSizeGain || longestSide(c) > maxAspect*side || wordSide > 0 && (side < minCandidate*wordSide || side > maxCandidate*wordSide) {
			continue
		}
		covered := false
		for _, m := range ms {
			mc := m.Center()
			if math.Hypot(float64(mc.X)-cx, float64(mc.Y)-cy) < size/2 {
				covered = true
				break
			}
		}
		if covered {
			continue
		}
		pad := size / 2
		box := image.Rect(int(minX-pad), int(minY-pad), int(maxX+pad)+1, int(maxY+pad)+1).Intersect(image.Rect(0, 0, w, h))
		if box.Dx() >= 16 && box.Dy() >= 16 {
			sqs = append(sqs, sq{box, size})
		}
	}
	sort.SliceStable(sqs, func(i, j int) bool { return sqs[i].size > sqs[j].size })
	out := make([]image.Rectangle, 0, min(len(sqs), maxCandidates))
	for i := 0; i < len(sqs) && i < maxCandidates; i++ {
		out = append(out, sqs[i].box)
	}
	return out
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
// image rectangle around it (reaching cellMargin beyond its centre), clipped
// to the image.
func (o *Observation) emptyCells(w, h int) []image.Rectangle {
	var out []image.Rectangle
	for r := range 5 {
		for c := range 5 {
			if cell := o.Cells[r][c]; cell.Card >= 0 || cell.Cover != NotInDeck {
				continue
			}
			if rect, ok := o.cellRect(r, c, cellMargin, w, h); ok {
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

// greyOf returns a grey copy of m, an 8-bit grey, BGR or BGRA image. The
// caller closes it.
func greyOf(m gocv.Mat) gocv.Mat {
	gray := gocv.NewMat()
	switch m.Channels() {
	case 3:
		gocv.CvtColor(m, &gray, gocv.ColorBGRToGray)
	case 4:
		gocv.CvtColor(m, &gray, gocv.ColorBGRAToGray)
	default:
		m.CopyTo(&gray)
	}
	return gray
}

// shifted returns ms, found in a region of an image, moved by the region's
// corner into the image's coordinates.
func shifted(ms []scan.Marker, by image.Point) []scan.Marker {
	for i := range ms {
		for k := range ms[i].Corners {
			ms[i].Corners[k].X += float32(by.X)
			ms[i].Corners[k].Y += float32(by.Y)
		}
	}
	return ms
}

// A webcam frame whose first pass read markers but no grid is looked at
// again at full size (its markers halved below what the first pass reads,
// a hand over the grid), but not all of it: only the box around what the
// first pass saw, the markers it read and the undecoded squares of a
// marker's size, reaching piecesReach cards beyond them. On the 180 1080p
// frames of this kind among 107 rendered webcam frames and 750 synthetic
// ones (scene.Wide 1-599, HeldOut 8,300,001-8,300,599, Cluttered 1-299),
// every legible marker the whole-frame look found and the first pass had
// not lay with its centre within 1.1 cards of that box, 1.25 with all of
// it (most lie on a square the halved pass outlined and could not decode),
// except on one frame whose first pass saw 3 markers and no square: there
// minPieces keeps the whole frame. The box is about three quarters of a
// rendered frame. Phone photos keep the whole frame.
const (
	piecesReach = 1.5 // cards (of the median word marker's scale)
	minPieces   = 5   // markers and squares: fewer, and the whole frame is looked at
)

// piecesRect returns the part of a w x h image that the second pass over a
// frame without a grid looks at: the box around the centres of the markers
// ms and of the undecoded squares cands of a marker's size (minCandidate to
// maxCandidate of the median word marker's side wordSide), reaching
// piecesReach cards beyond them, clipped to the image; the whole image when
// there are fewer than minPieces of them, or no word marker, and for a
// phone photo (shorter side over webcamSide), on which the reach was not
// measured.
func piecesRect(ms []scan.Marker, cands []scan.Candidate, wordSide float64, w, h int) image.Rectangle {
	whole := image.Rect(0, 0, w, h)
	if wordSide <= 0 || min(w, h) > webcamSide {
		return whole
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	n := 0
	add := func(c [4]gocv.Point2f) {
		var x, y float64
		for _, p := range c {
			x, y = x+float64(p.X)/4, y+float64(p.Y)/4
		}
		minX, maxX = math.Min(minX, x), math.Max(maxX, x)
		minY, maxY = math.Min(minY, y), math.Max(maxY, y)
		n++
	}
	for _, m := range ms {
		add(m.Corners)
	}
	for _, c := range cands {
		if side := shortestSide(c); side >= minCandidate*wordSide && side <= maxCandidate*wordSide {
			add(c)
		}
	}
	if n < minPieces {
		return whole
	}
	reach := piecesReach * geom.CardW / geom.WordMarker * wordSide
	return image.Rect(int(minX-reach), int(minY-reach), int(maxX+reach)+1, int(maxY+reach)+1).Intersect(whole)
}
