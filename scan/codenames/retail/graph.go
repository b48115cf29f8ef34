package retail

import (
	"math"
	"slices"
)

// fitGraph finds the grid when the rows cannot be told apart by a straight
// projection (a steeply tilted table's rows converge) or cards off the
// grid join them (a pile of spares beside it): each card's neighbours are
// the cards one pitch away along its own long or short axis, in units of
// the two cards' mean size (so the pitch holds from near to far), and the
// cards linked to each other this way get their cells by walking the
// links. It refuses (errNoGrid) when two links disagree on a card's cell,
// two cards fall on one cell, or the cards do not span five rows and five
// columns; a sixth line of at most two cards beside a full line is left off
// (a pile's card), and lattice.alone decides whether that is sure.
func fitGraph(quads []Quad) (lattice, error) {
	return fitGraphOn(quads, false)
}

// fitGraphOn is fitGraph, its cards also linked across one missing card
// when bridge is set (graphCellsOn).
func fitGraphOn(quads []Quad, bridge bool) (lattice, error) {
	members, cell, err := graphCellsOn(quads, bridge)
	if err != nil {
		return lattice{}, err
	}
	lo, _, ok := span(members, cell, 0)
	if !ok {
		return lattice{}, errNoGrid
	}
	lo1, _, ok := span(members, cell, 1)
	if !ok {
		return lattice{}, errNoGrid
	}
	return graphLattice(quads, members, cell, lo, lo1)
}

// graphLattice fits the lattice on the members whose cells lie within the
// five columns from lo and the five rows from lo1.
func graphLattice(quads []Quad, members []int, cell [][2]int, lo, lo1 int) (lattice, error) {
	var src, dst [][2]float64
	var cands []placed
	for _, i := range members {
		c := cell[i]
		if c[0] < lo || c[0] > lo+4 || c[1] < lo1 || c[1] > lo1+4 {
			continue
		}
		g := [2]float64{float64(c[0] - lo), float64(c[1] - lo1)}
		src, dst = append(src, g), append(dst, quads[i].centre())
		cands = append(cands, placed{i: i, row: c[1] - lo1, col: c[0] - lo})
	}
	if len(src) < minCards {
		dbg("graph: %d cards within the five lines", len(src))
		return lattice{}, errNoGrid
	}
	return finish(quads, src, dst, cands)
}

// minPitches is the least number of pitches along each axis graphCells
// wants before it takes their medians for the grid's.
const minPitches = 5

// graphCells links the cards one pitch apart along their axes and walks
// the links from the best linked card: the cards reached (members) and
// each card's cell relative to the start's. It fails when two links
// disagree on a card's cell or two cards fall on one cell.
func graphCells(quads []Quad) ([]int, [][2]int, error) {
	return graphCellsOn(quads, false)
}

// graphCellsOn is graphCells; with bridge, two cards two pitches apart
// along an axis are linked too, when no card lies between them (linked to
// either one pitch away in that direction): a card no pass outlined (a
// cover laid over its word card, the pair outlined as one blob) breaks the
// one-pitch links of its row and column, and a grid whose missing cards
// cut it in two is walked from one part only (rendered 300692-webcam: the
// first two rows reached only through covers left unfound, the graph spanned
// three rows). The start stays the card best linked one pitch away.
func graphCellsOn(quads []Quad, bridge bool) ([]int, [][2]int, error) {
	return graphCellsMin(quads, bridge, minPitches)
}

// graphCellsMin is graphCellsOn wanting at least minP pitches along each
// axis (fitFewPitches asks fewer than minPitches).
func graphCellsMin(quads []Quad, bridge bool, minP int) ([]int, [][2]int, error) {
	n := len(quads)
	if n < minCards {
		return nil, nil, errNoGrid
	}
	u, v := gridAxes(quads)
	type frame struct {
		c, l, s     [2]float64 // centre, long and short axes (unit, turned to u and v)
		long, short float64    // half sides
		off         bool       // turned from the grid's axis (a spare card across it)
	}
	fr := make([]frame, n)
	for i, q := range quads {
		l := [2]float64{q[1][0] - q[0][0] + q[2][0] - q[3][0], q[1][1] - q[0][1] + q[2][1] - q[3][1]}
		s := [2]float64{q[3][0] - q[0][0] + q[2][0] - q[1][0], q[3][1] - q[0][1] + q[2][1] - q[1][1]}
		ll, sl := math.Hypot(l[0], l[1]), math.Hypot(s[0], s[1])
		if ll == 0 || sl == 0 {
			return nil, nil, errNoGrid
		}
		l, s = [2]float64{l[0] / ll, l[1] / ll}, [2]float64{s[0] / sl, s[1] / sl}
		// a far card seen nearly square (sides within 1.3 of each other,
		// lattice.crosswise's bound) may have its sides' names swapped by
		// foreshortening: its short side lies along the grid's long axis.
		// It is taken along the grid, not as a spare turned across it
		// (300475-phone: the far row's five cards, long/short 1.05-1.1,
		// were all left out, so that row was only added as a line).
		if max(ll, sl) < 1.3*min(ll, sl) && math.Abs(s[0]*u[0]+s[1]*u[1]) >= math.Cos(math.Pi/6) {
			l, s, ll, sl = s, l, sl, ll
		}
		if l[0]*u[0]+l[1]*u[1] < 0 {
			l = [2]float64{-l[0], -l[1]}
		}
		if s[0]*v[0]+s[1]*v[1] < 0 {
			s = [2]float64{-s[0], -s[1]}
		}
		fr[i] = frame{q.centre(), l, s, ll / 2, sl / 2, l[0]*u[0]+l[1]*u[1] < math.Cos(maxTurn)}
	}
	// where card j lies from card i, in their mean long and short sides
	// along their mean axes
	rel := func(i, j int) (x, y float64) {
		a, b := fr[i], fr[j]
		l := [2]float64{a.l[0] + b.l[0], a.l[1] + b.l[1]}
		s := [2]float64{a.s[0] + b.s[0], a.s[1] + b.s[1]}
		// d = x·L·l + y·S·s: the card's sides need not be square in the
		// image (a card seen at a slant is a parallelogram)
		L := (a.long + b.long) / 2 / math.Hypot(l[0], l[1])
		S := (a.short + b.short) / 2 / math.Hypot(s[0], s[1])
		e1, e2 := [2]float64{l[0] * L, l[1] * L}, [2]float64{s[0] * S, s[1] * S}
		det := e1[0]*e2[1] - e1[1]*e2[0]
		if math.Abs(det) < 1e-9 {
			return math.Inf(1), math.Inf(1)
		}
		d := [2]float64{b.c[0] - a.c[0], b.c[1] - a.c[1]}
		return (d[0]*e2[1] - d[1]*e2[0]) / det, (e1[0]*d[1] - e1[1]*d[0]) / det
	}
	// the pitches: each card's nearest card ahead along either axis
	var px, py []float64
	for i := range n {
		bx, by := math.Inf(1), math.Inf(1)
		for j := range n {
			if j == i || fr[i].off || fr[j].off {
				continue
			}
			x, y := rel(i, j)
			if math.Abs(y) < 0.35 && x > 0.9 && x < 2 && x < bx {
				bx = x
			}
			if math.Abs(x) < 0.35 && y > 0.9 && y < 2.2 && y < by {
				by = y
			}
		}
		if !math.IsInf(bx, 1) {
			px = append(px, bx)
		}
		if !math.IsInf(by, 1) {
			py = append(py, by)
		}
	}
	// five of each are enough for a median: rendered 300610-webcam (a dark
	// brown cloth, 16 of the grid's cards outlined, the missing ones
	// breaking its rows into pairs) measures 7 along the rows,
	// 300628-webcam (a tan cloth, a low view, 14 cards) 5, 300449-phone (a
	// hand and a pile joined to the grid in the mask, 11 cards) 6
	if len(px) < minP || len(py) < minP {
		dbg("graph: pitches %d along, %d across", len(px), len(py))
		return nil, nil, errNoGrid
	}
	gx, gy := median(px), median(py)
	// the links, and the cells they give, walked from the best linked card
	type link struct{ j, dx, dy int }
	links := make([][]link, n)
	// eachPair calls add for every two cards i, j of the grid's lying
	// pitches cells apart along one of the four steps st
	eachPair := func(pitches float64, add func(i, j int, st [2]int)) {
		for i := range n {
			for j := range n {
				if j == i || fr[i].off || fr[j].off {
					continue
				}
				x, y := rel(i, j)
				for _, st := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					if math.Abs(x-pitches*float64(st[0])*gx) < 0.25 && math.Abs(y-pitches*float64(st[1])*gy) < 0.25 {
						add(i, j, st)
					}
				}
			}
		}
	}
	eachPair(1, func(i, j int, st [2]int) { links[i] = append(links[i], link{j, st[0], st[1]}) })
	start := 0
	for i := range n {
		if len(links[i]) > len(links[start]) {
			start = i
		}
	}
	if bridge {
		// the links across one missing card, added after the one-pitch
		// links are all known
		one := make([][]link, n)
		for i := range n {
			one[i] = slices.Clone(links[i])
		}
		between := func(i int, dx, dy int) bool {
			for _, lk := range one[i] {
				if lk.dx == dx && lk.dy == dy {
					return true
				}
			}
			return false
		}
		eachPair(2, func(i, j int, st [2]int) {
			if !between(i, st[0], st[1]) && !between(j, -st[0], -st[1]) {
				links[i] = append(links[i], link{j, 2 * st[0], 2 * st[1]})
			}
		})
	}
	const none = math.MinInt32
	cell := make([][2]int, n)
	for i := range cell {
		cell[i] = [2]int{none, none}
	}
	cell[start] = [2]int{0, 0}
	queue := []int{start}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for _, lk := range links[i] {
			want := [2]int{cell[i][0] + lk.dx, cell[i][1] + lk.dy}
			switch cell[lk.j] {
			case [2]int{none, none}:
				cell[lk.j] = want
				queue = append(queue, lk.j)
			case want:
			default:
				dbg("graph: links disagree on card %d", lk.j)
				return nil, nil, errNoGrid
			}
		}
	}
	var members []int
	at := map[[2]int]int{}
	for i := range n {
		if cell[i][0] == none {
			continue
		}
		if _, ok := at[cell[i]]; ok {
			dbg("graph: two cards on %v", cell[i])
			return nil, nil, errNoGrid
		}
		at[cell[i]] = i
		members = append(members, i)
	}
	return members, cell, nil
}

// minEndLine is the least number of cards span wants on the end line
// opposite a sixth line it leaves off: rendered 930005-phone's first row
// holds three (a hand over the other two), a spare lies a pitch beyond its
// last row; lattice.alone then decides whether the grid is off by a line.
const minEndLine = 3

// lineCounts returns how many of the members' cells lie on each line
// along axis a (0: columns, 1: rows), and the first and last such line.
func lineCounts(members []int, cell [][2]int, a int) (count map[int]int, lo, hi int) {
	count = map[int]int{}
	lo, hi = math.MaxInt32, math.MinInt32
	for _, i := range members {
		c := cell[i][a]
		count[c]++
		lo, hi = min(lo, c), max(hi, c)
	}
	return count, lo, hi
}

// span returns the five lines (lo to hi = lo+4) the members' cells take
// along axis a (0: columns, 1: rows): their whole extent when it is five,
// or that without an end line of at most two cards when the other end's
// line holds at least minEndLine (a sixth line of a pile's cards); false
// otherwise.
func span(members []int, cell [][2]int, a int) (lo, hi int, ok bool) {
	count, lo, hi := lineCounts(members, cell, a)
	switch {
	case hi-lo == 4:
		return lo, hi, true
	case hi-lo == 5 && count[lo] <= 2 && count[hi] >= minEndLine:
		return lo + 1, hi, true
	case hi-lo == 5 && count[hi] <= 2 && count[lo] >= minEndLine:
		return lo, hi - 1, true
	}
	dbg("graph: axis %d spans %d lines %v", a, hi-lo+1, count)
	return 0, 0, false
}

// gridAxes returns the unit vectors along the cards' mean long axis (the
// mean of their doubled angles; u) and across it (v, pointing down the
// image).
func gridAxes(quads []Quad) (u, v [2]float64) {
	var sx, sy float64
	for _, q := range quads {
		a := math.Atan2(q[1][1]-q[0][1], q[1][0]-q[0][0])
		sx += math.Cos(2 * a)
		sy += math.Sin(2 * a)
	}
	a := math.Atan2(sy, sx) / 2
	v = [2]float64{-math.Sin(a), math.Cos(a)}
	if v[1] < 0 || v[1] == 0 && v[0] < 0 {
		v = [2]float64{-v[0], -v[1]}
	}
	return [2]float64{v[1], -v[0]}, v
}

// placeLeft puts on each empty cell of a lattice the graph fitted (off the
// line fitGraphShort added: foundOn places that line's cards) the one card
// found on no cell whose centre lies within 0.3 cells of the cell's
// (finish's bound) and whose area is within 1.5 times either way of the
// cell's card's (tight's bound: a blob of two cards is about twice it),
// turned along the rows as finish turns its cards (alongRows); two such
// cards on one cell put neither. The lattice stays the graph's fit. The
// graph links a card only through a neighbour one pitch away, so a card
// whose neighbours no pass outlined was left out although it lies on its
// cell, and was read from the lattice's cell instead of its own outline
// (rendered 300633-phone, 300678-webcam, 300679-phone, 300626-webcam:
// cards 0.03-0.12 cells off an empty cell, 0.95-1.28 of its area; the
// blobs of two left out, 1.86-2.30).
func (lt *lattice) placeLeft(quads []Quad) {
	placed := map[int]bool{}
	for _, i := range lt.cell {
		placed[i] = true
	}
	got := map[int]int{} // cell → card, -1 for two
	for i, q := range quads {
		if placed[i] {
			continue
		}
		g := apply(lt.inv, q.centre())
		c, r := math.Round(g[0]), math.Round(g[1])
		if c < 0 || c > 4 || r < 0 || r > 4 || math.Hypot(g[0]-c, g[1]-r) > 0.3 {
			continue
		}
		k := int(r)*5 + int(c)
		if lt.cell[k] >= 0 || lt.onAdded(k) {
			continue
		}
		if a := quadArea(q) / quadArea(lt.cellQuad(k)); a > 1.5 || a < 1/1.5 {
			continue
		}
		if _, ok := got[k]; ok {
			got[k] = -1
			continue
		}
		got[k] = i
	}
	for k, i := range got {
		if i >= 0 {
			lt.cell[k] = i
			quads[i] = lt.alongRows(quads[i])
		}
	}
}

// fitGraphEnds is fitGraph where the linked cards span six lines along one
// axis and five along the other, both end lines of the six holding at most
// two cards, so that span leaves neither off: a spare in line with a row
// beyond one side, and the grid's line on the other side mostly unseen
// (rendered 935028-webcam under a drawn lamp: a hand over its first
// column, whose black assassin on the black cloth no pass outlined, leave
// that column two cards; a spare in line with the third row lies a pitch
// beyond the last column). Each five lines are fitted (the members on the
// sixth left off) with the cards the graph left out placed (placeLeft),
// and the grid is kept only when exactly one of the two stands alone
// (lattice.alone, as for a sixth line span leaves off): the other lies a
// line off, a line of the grid's cards beyond it.
func fitGraphEnds(quads []Quad, cm cardMask) (lattice, error) {
	members, cell, err := graphCells(quads)
	if err != nil {
		return lattice{}, err
	}
	var from [2]int
	six := -1
	for a := range 2 {
		count, lo, hi := lineCounts(members, cell, a)
		switch {
		case hi-lo == 4:
			from[a] = lo
		case hi-lo == 5 && six < 0 && count[lo] <= 2 && count[hi] <= 2:
			from[a], six = lo, a
		default:
			return lattice{}, errNoGrid
		}
	}
	if six < 0 {
		return lattice{}, errNoGrid
	}
	var got lattice
	var gotQuads []Quad
	n := 0
	for d := range 2 {
		f := from
		f[six] += d
		qs := slices.Clone(quads)
		lt, err := graphLattice(qs, members, cell, f[0], f[1])
		if err != nil {
			continue
		}
		lt.placeLeft(qs)
		ok := lt.alone(qs, cm)
		dbg("graph ends: axis %d, the five lines from %d: alone %v (RMS %.3f)", six, f[six], ok, lt.rms)
		if ok {
			got, gotQuads, n = lt, qs, n+1
		}
	}
	if n != 1 {
		return lattice{}, errNoGrid
	}
	copy(quads, gotQuads)
	return got, nil
}
