package insidejob

import (
	"image"
	"math"
	"sort"

	"fieldkit/markers"
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// Where the pieces lie: a number card's maps from its markers, its seat,
// the wager on it, and the mission in the middle.

func center(m scan.Marker) scan.Point {
	c := m.Center()
	return scan.Point{X: float64(c.X), Y: float64(c.Y)}
}

func corners(m scan.Marker) []scan.Point {
	out := make([]scan.Point, 4)
	for i, c := range m.Corners {
		out[i] = scan.Point{X: float64(c.X), Y: float64(c.Y)}
	}
	return out
}

func side(m scan.Marker) float64 {
	c := corners(m)
	s := math.Inf(1)
	for i := range 4 {
		s = math.Min(s, c[i].Dist(c[(i+1)%4]))
	}
	return s
}

// square returns a marker's corners in its face's millimetres: a marker of
// side s with its top-left corner at (x, y).
func square(x, y, s float64) []scan.Point {
	return []scan.Point{{X: x, Y: y}, {X: x + s, Y: y}, {X: x + s, Y: y + s}, {X: x, Y: y + s}}
}

// faceMap returns the map from image pixels to face millimetres given by
// markers ms printed at squares sq: projective from two markers, affine
// from one (whose corners fix the perspective too loosely to reach across
// a card).
func faceMap(ms []scan.Marker, sq [][]scan.Point) (scan.Homography, bool) {
	var src, dst []scan.Point
	for i, m := range ms {
		src = append(src, corners(m)...)
		dst = append(dst, sq[i]...)
	}
	if len(ms) == 1 {
		return scan.FitAffine(src, dst)
	}
	return scan.FitHomography(src, dst)
}

// The two markers of a number card, in face millimetres.
var (
	topRight   = square(cardW-cardInset-cardMarker, cardInset, cardMarker)
	bottomLeft = square(cardInset, cardH-cardInset-cardMarker, cardMarker)
	cardMid    = scan.Point{X: cardW / 2, Y: cardH / 2}
)

// card is a number card's geometry: candidate maps image -> card mm (one
// when both markers were seen, two when one was: it may be either).
type card struct {
	id    int
	maps  []scan.Homography
	ok    bool // the markers agree
	token int  // index into the intel tokens of the one on it, -1 none
}

// numberCard works out a number card's maps from its markers.
func numberCard(id int, group []scan.Marker) card {
	c := card{id: id, token: -1}
	switch len(group) {
	case 1:
		for _, sq := range [][]scan.Point{topRight, bottomLeft} {
			if h, ok := faceMap(group, [][]scan.Point{sq}); ok {
				c.maps = append(c.maps, h)
			}
		}
		c.ok = len(c.maps) == 2
	case 2:
		// Which is the top-right one: seen from it, the other lies down
		// and to the left. In each marker's own axes (its edges, an
		// affine map: a 14 mm marker's perspective is too noisy to
		// extrapolate), the mean of the two views: in a tilted photo
		// the farther marker overshoots where the nearer one
		// undershoots (rendered frame 23-phone: 27 mm and 10 mm).
		a, b := group[0], group[1]
		qa, ok1 := markerAxes(a, center(b))
		qb, ok2 := markerAxes(b, center(a))
		if !ok1 || !ok2 {
			return c
		}
		bl := scan.Point{X: cardInset + cardMarker/2, Y: cardH - cardInset - cardMarker/2}
		tr := scan.Point{X: cardW - cardInset - cardMarker/2, Y: cardInset + cardMarker/2}
		d := bl.Sub(tr)
		aTop := (qa.Dist(d) + qb.Dist(d.Scale(-1))) / 2
		bTop := (qa.Dist(d.Scale(-1)) + qb.Dist(d)) / 2
		switch {
		case aTop < twoMarkers:
		case bTop < twoMarkers:
			a, b = b, a
		default:
			return c
		}
		h, ok := faceMap([]scan.Marker{a, b}, [][]scan.Point{topRight, bottomLeft})
		if !ok {
			return c
		}
		c.maps, c.ok = []scan.Homography{h}, true
	}
	return c
}

// markerAxes returns p relative to marker m's centre in m's own axes, in
// millimetres of a card marker: x along its top edge, y down its left edge.
func markerAxes(m scan.Marker, p scan.Point) (scan.Point, bool) {
	c := corners(m)
	ex := c[1].Sub(c[0]).Add(c[2].Sub(c[3])).Scale(0.5 / cardMarker)
	ey := c[3].Sub(c[0]).Add(c[2].Sub(c[1])).Scale(0.5 / cardMarker)
	det := ex.Cross(ey)
	if math.Abs(det) < 1e-9 {
		return scan.Point{}, false
	}
	d := p.Sub(center(m))
	return scan.Point{X: d.Cross(ey) / det, Y: ex.Cross(d) / det}, true
}

// nearestSeat returns the seat nearest card c's centre, whether the next
// seat is about as near (or the candidate centres of a card seen by one
// marker disagree), and whether the card is near a seat at all. Distances
// are measured on the table through the card's map when both its markers
// were seen; for a card seen by one marker (whose map is too noisy to
// extrapolate across the table) in the image, in millimetres by the
// marker's scale: a tilt of up to 35 degrees changes their ratios by less
// than seatMargin.
func nearestSeat(c card, seats []piece, larry bool) (seat int, doubt, near bool) {
	seat = -1
	for k, h := range c.maps {
		inv, ok := h.Inverse()
		if !ok {
			return -1, true, true
		}
		ctr, ok1 := inv.Apply(cardMid)
		o, ok2 := inv.Apply(scan.Point{})
		x, ok3 := inv.Apply(scan.Point{X: cardW})
		y, ok4 := inv.Apply(scan.Point{Y: cardH})
		if !ok1 || !ok2 || !ok3 || !ok4 {
			return -1, true, true
		}
		pxmm := (x.Dist(o)/cardW + y.Dist(o)/cardH) / 2
		// at is where seat token st lies, in millimetres: in the card's
		// plane through its map when both its markers were seen, else in
		// the image scaled by the marker's size.
		at := func(st piece) scan.Point {
			if len(c.maps) == 1 {
				if q, ok := h.Apply(st.c); ok {
					return q
				}
			}
			return st.c.Sub(ctr).Scale(1 / pxmm).Add(cardMid)
		}
		best, next, s, nextID := math.Inf(1), math.Inf(1), -1, -1
		for _, st := range seats {
			d := at(st).Dist(cardMid)
			if d < best {
				best, next, s, nextID = d, best, st.id, s
			} else if d < next {
				next, nextID = d, st.id
			}
		}
		if best > maxReach {
			if k == 0 {
				return -1, false, false
			}
			return seat, true, true
		}
		lanes, clear := false, next >= seatMargin*best
		front := (s == Larry || nextID == Larry) && larryInFront(seats, s, nextID, at)
		if front && larry || !clear && (larry || s != Larry && nextID != Larry) {
			// The standee in front of a player (002:L457), where their
			// card lies too (how near it is says nothing), or a card
			// about as near two places: whose lane it lies in decides
			// (at a table known to be of 2 where Larry is one of them).
			if owner, ok := laneOwner(seats, s, nextID, front, larry, cardMid, at); ok {
				s, lanes = owner, true
			} else {
				doubt = true
			}
		} else if front {
			doubt = true
		}
		if s == Larry && !larry {
			// Nothing proves the standee is Larry's place: it may mark
			// the lead beside a seat token that is not seen.
			doubt = true
		}
		if !lanes && !clear || (k > 0 && s != seat) {
			doubt = true
		}
		seat = s
	}
	return seat, doubt, true
}

// larryInFront reports whether Larry's standee lies so near the other of
// seats a and b (one of them is Larry) that a card by them may be either's:
// the rulebook has the second player put the standee in front of them
// (002:L457), where their own card lies too. at places a seat in
// millimetres.
func larryInFront(seats []piece, a, b int, at func(piece) scan.Point) bool {
	var larry, other *piece
	for i := range seats {
		switch seats[i].id {
		case Larry:
			larry = &seats[i]
		case a, b:
			other = &seats[i]
		}
	}
	return larry != nil && other != nil && at(*larry).Dist(at(*other)) < larryApart
}

// likelier returns the map of card c whose centre lies nearer seat s's
// token in the image (of two, for a card seen by one marker).
func likelier(c card, s int, seats []piece) scan.Homography {
	best, d := c.maps[0], math.Inf(1)
	for _, st := range seats {
		if st.id != s {
			continue
		}
		for _, h := range c.maps {
			inv, ok := h.Inverse()
			if !ok {
				continue
			}
			if p, ok := inv.Apply(cardMid); ok && p.Dist(st.c) < d {
				best, d = h, p.Dist(st.c)
			}
		}
	}
	return best
}

// wager says whether an intel token lies on card c: a token's centre well
// inside the outline is a wager; one near the edge, or a card seen by one
// marker with a token on either outline, is in doubt; with no token seen,
// the card's bare middle must be seen to say none (a hand or a token whose
// marker was missed may cover it).
func wager(c card, intel []piece, onCard []bool, img gocv.Mat) (Wager, int) {
	found, doubt := -1, false
	for i, t := range intel {
		for _, h := range c.maps {
			q, ok := h.Apply(t.c)
			if !ok {
				continue
			}
			in := math.Min(math.Min(q.X, cardW-q.X), math.Min(q.Y, cardH-q.Y)) // > 0 inside
			switch {
			case in > edgeDoubt:
				if found >= 0 && found != i {
					doubt = true
				}
				found = i
				onCard[i] = true
			case in > -edgeDoubt:
				doubt = true
				onCard[i] = true
			}
		}
	}
	switch {
	case doubt || len(c.maps) != 1 && found >= 0:
		return WagerUnknown, 0
	case found >= 0:
		for i, t := range intel {
			if i != found && t.id == intel[found].id {
				return WagerUnknown, 0 // the same token seen elsewhere: which is it?
			}
		}
		return Wagered, intel[found].id - markers.IntelBase + 1
	}
	for _, h := range c.maps {
		if !bareMiddle(h, img) {
			return WagerUnknown, 0
		}
	}
	return NoWager, 0
}

// bareMiddle reports whether the ring around a number card's middle (13 to
// 14 mm out, on the card's white panel, inside an intel token's outline
// and outside the big suit symbol) looks white: the colour of the white
// quiet zones around the card's own markers (so coloured light and white
// balance do not matter), not an intel token's amber nor a hand's skin.
func bareMiddle(toCard scan.Homography, img gocv.Mat) bool {
	toImage, ok := toCard.Inverse()
	if !ok || img.Channels() < 3 {
		return false // without colour, a token cannot be told from white
	}
	at := func(q scan.Point) ([3]float64, bool) {
		p, ok := toImage.Apply(q)
		if !ok {
			return [3]float64{}, false
		}
		x, y := p.Round()
		if x < 1 || y < 1 || x >= img.Cols()-1 || y >= img.Rows()-1 {
			return [3]float64{}, false
		}
		return meanAt(img, x, y), true
	}
	white, ok := paperWhite(at)
	if !ok {
		return false
	}
	const n = 24
	bare := 0
	for k := range n {
		a := 2 * math.Pi * float64(k) / n
		v, ok := at(cardMid.Add(scan.Point{X: 13.5 * math.Cos(a), Y: 13.5 * math.Sin(a)}))
		if !ok {
			return false
		}
		if looksWhite(v, white) {
			bare++
		}
	}
	return bare >= n*9/10
}

// paperWhite returns the colour of the card's white paper under this light:
// the brighter half of 32 samples taken 1 mm outside its two markers, in
// their white quiet zones (2 mm wide). ok is false when they are too dark
// (darkPaper) or disagree (a shadow, a hand).
func paperWhite(at func(scan.Point) ([3]float64, bool)) ([3]float64, bool) {
	var vs [][3]float64
	for _, o := range []scan.Point{{X: cardW - cardInset - cardMarker, Y: cardInset}, {X: cardInset, Y: cardH - cardInset - cardMarker}} {
		for k := range 4 {
			t := (float64(k) + 0.5) / 4 * (cardMarker + 2)
			for _, q := range []scan.Point{{X: t - 1, Y: -1}, {X: t - 1, Y: cardMarker + 1}, {X: -1, Y: t - 1}, {X: cardMarker + 1, Y: t - 1}} {
				if v, ok := at(o.Add(q)); ok {
					vs = append(vs, v)
				}
			}
		}
	}
	if len(vs) < 16 {
		return [3]float64{}, false
	}
	sort.Slice(vs, func(i, j int) bool { return vs[i][0]+vs[i][1]+vs[i][2] > vs[j][0]+vs[j][1]+vs[j][2] })
	var w [3]float64
	half := vs[:len(vs)/2]
	for _, v := range half {
		for ch := range 3 {
			w[ch] += v[ch] / float64(len(half))
		}
	}
	if math.Max(w[0], math.Max(w[1], w[2])) < darkPaper || math.Min(w[0], math.Min(w[1], w[2])) < darkChannel {
		return w, false
	}
	// The brighter half must agree: a quiet zone half in shadow or under
	// a finger is no reference.
	for _, v := range half {
		for ch := range 3 {
			if math.Abs(v[ch]-w[ch]) > 0.25*w[ch]+8 {
				return w, false
			}
		}
	}
	return w, true
}

// The paper white is no reference when its brightest channel is under
// darkPaper or its darkest under darkChannel (of 255): the card lies in
// shadow or under a hand. A very dim room under a coloured lamp gives the
// paper one channel in the low twenties (synthetic 1548943: B 37, G 24,
// R 33), where the others still tell an amber token from white.
const (
	darkPaper   = 30.0
	darkChannel = 16.0
)

// looksWhite reports whether the colour v is the paper white w: as bright
// (within 40%) and of its hue, each channel within 20% of w's ratios.
func looksWhite(v, w [3]float64) bool {
	var n [3]float64
	for ch := range 3 {
		n[ch] = v[ch] / w[ch] // 1 for the paper itself
	}
	hi := math.Max(n[0], math.Max(n[1], n[2]))
	lo := math.Min(n[0], math.Min(n[1], n[2]))
	return hi > 0.6 && hi-lo < 0.2*hi+0.03
}

// meanAt returns the 3x3 mean colour (B, G, R) around (x, y).
func meanAt(img gocv.Mat, x, y int) [3]float64 {
	var sum [3]float64
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			v := img.GetVecbAt(y+dy, x+dx)
			for ch := range 3 {
				sum[ch] += float64(v[ch]) / 9
			}
		}
	}
	return sum
}

// readMission finds the mission face up in the middle of the seats: its
// centre within middle times the seats' mean distance from their centroid,
// measured in the image (a ratio, which a tilt of up to 35 degrees changes
// far less than the gap between the middle and the table's edge). players
// is the table's count, 0 when not known; tm measures the table in
// millimetres.
func readMission(obs *Observation, seats []piece, missions []piece, players int, tm tableMetric) {
	if !wholeTable(seats, players) {
		return
	}
	mid := square(cardInset, cardInset, cardMarker)
	var ctr scan.Point
	for _, s := range seats {
		ctr = ctr.Add(s.c.Scale(1 / float64(len(seats))))
	}
	r := 0.0
	for _, s := range seats {
		r += s.c.Dist(ctr) / float64(len(seats))
	}
	// At 2 players the two may sit opposite with Larry's standee in front
	// of the one who plays him (002:L457-461), where it pulls the three
	// places' centroid off the middle: then the middle is also that of
	// the two players' tokens (standeeInFront).
	var seen [3]*piece
	for i := range seats {
		if seats[i].id <= 2 {
			seen[seats[i].id] = &seats[i]
		}
	}
	pair := len(seats) == 3 && seen[0] != nil && seen[1] != nil && seen[2] != nil
	var mid2 scan.Point
	var r2 float64
	if pair {
		mid2 = seen[1].c.Add(seen[2].c).Scale(0.5)
		r2 = seen[1].c.Dist(seen[2].c) / 2
		pair = standeeInFront(seen[0], seen[1], seen[2], tm)
	}
	// Each face's distance from the middle, over the middle's radius: a
	// face is in the middle at 1 or less (the nearer of the two middles
	// at 2 players).
	type near struct {
		id int
		d  float64
	}
	var inMiddle []near
	for _, m := range missions {
		h, ok := faceMap([]scan.Marker{m.m}, [][]scan.Point{mid})
		if !ok {
			continue
		}
		inv, ok := h.Inverse()
		if !ok {
			continue
		}
		c, ok := inv.Apply(cardMid)
		if !ok {
			continue
		}
		d := c.Dist(ctr) / (middle * r)
		if pair {
			d = math.Min(d, c.Dist(mid2)/(middlePair*r2))
		}
		if d <= 1 {
			inMiddle = append(inMiddle, near{m.id, d})
		}
	}
	sort.Slice(inMiddle, func(i, j int) bool { return inMiddle[i].d < inMiddle[j].d })
	switch {
	case len(inMiddle) == 0:
		// Where a face in the middle would have its marker: each
		// middle's box, grown by a card's reach from its centre to
		// its marker (and a margin) at the seats' scale.
		pxmm := 0.0
		for _, s := range seats {
			if s.id != Larry {
				pxmm = math.Max(pxmm, side(s.m)/tokenMarker)
			}
		}
		box := func(c scan.Point, rad float64) image.Rectangle {
			g := rad + 60*pxmm
			return image.Rect(int(c.X-g), int(c.Y-g), int(c.X+g), int(c.Y+g))
		}
		obs.middle, obs.middleSide = box(ctr, middle*r), cardMarker*pxmm
		if pair {
			obs.middle = obs.middle.Union(box(mid2, middlePair*r2))
		}
	case len(inMiddle) == 1 || missionMargin*inMiddle[0].d < inMiddle[1].d:
		obs.Mission, obs.MissionName = inMiddle[0].id, MissionName(inMiddle[0].id)
	default:
		obs.warn("two mission faces lie in the middle: the mission is not read", "ij.scan.two_missions")
	}
}

// standeeInFront says whether Larry's standee l stands in front of one of
// the players a and b, as the rulebook lays a 2-player table (002:L457):
// within larryNear of a player's token on the table, by the table metric.
// Three places around the table, a third apart, lie farther. Without a
// metric (too few flat markers, or all near a line) the image must show it
// twice: within larryNear by each player's token's own scale and axes (a
// first-order map, whose error grows with the distance and the tilt: a far
// tilted photo put 173 mm at 212), and nearer one player than larryBeside
// times the players' distance.
func standeeInFront(l, a, b *piece, tm tableMetric) bool {
	if tm.ok {
		return math.Min(tm.dist(l.c, a.c), tm.dist(l.c, b.c)) < larryNear
	}
	if math.Min(l.c.Dist(a.c), l.c.Dist(b.c)) >= larryBeside*a.c.Dist(b.c) {
		return false
	}
	own := math.Inf(1)
	for _, p := range []*piece{a, b} {
		h, ok := scan.FitAffine(corners(p.m), square(0, 0, tokenMarker))
		if !ok {
			return false
		}
		q, ok1 := h.Apply(l.c)
		o, ok2 := h.Apply(p.c)
		if !ok1 || !ok2 {
			return false
		}
		own = math.Min(own, q.Dist(o))
	}
	return own < larryNear
}

// wholeTable says whether the seats seen can be the whole table, so that
// their middle is the table's: at least three (a table has three seats or
// more, Larry's among them), numbered 1 to the highest without a gap, and as
// many as the player aid says when it is read (with Larry at two players).
// The middle of a table with a seat hidden moves toward the others, where a
// mission the lead rejected may lie: then no mission is read.
func wholeTable(seats []piece, players int) bool {
	if len(seats) < 3 {
		return false
	}
	seen := map[int]bool{}
	top := 0
	for _, s := range seats {
		seen[s.id] = true
		if s.id != Larry {
			top = max(top, s.id)
		}
	}
	for n := 1; n <= top; n++ {
		if !seen[n] {
			return false
		}
	}
	if players > 0 && (top != players || players == 2 && !seen[Larry]) {
		return false
	}
	return true
}
