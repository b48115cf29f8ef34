package retail

import "math"

// A grid off by a line has one of its true lines just beyond a side of
// the lattice: cards there, outlined or not, show their print (a word
// card's frame and letters, a cover's figure) or lie in the card mask.
// Where every cell a line beyond a side shows plain table instead (no
// card mask, and a lightness as flat as a bare cloth's), the grid cannot
// be off by a line towards that side; lattice.alone leans on that where
// its other tests cannot tell (a spare card beside the grid, a light
// cloth whose beige cards the mask and the table's colour miss).

// maxPlainSpread is the most a plain cell's lightness (Lab L, 0-255) may
// spread (standard deviation over plainPoints), at the mask's scale. Bare
// cloth beyond the rendered grids measured 0.6-3.6 (a cell's edge over a
// neighbour's card's rim included; 300634-webcam, 300680-webcam,
// 300713-phone, 300747-phone, 300752-webcam); word cards the card mask and
// the table's colour missed on a light grey cloth 5.7-7.8 (300747-phone),
// the others on the grids 6-63.
const maxPlainSpread = 4.0

// maxPlainMask is the most of a plain cell's inner four fifths the card
// mask may cover.
const maxPlainMask = 0.1

// plain reports whether q shows plain table: under maxPlainMask of its
// inner four fifths in the card mask, and their lightness spread
// (standard deviation over a 29 × 19 lattice of points, at the mask's
// scale) under maxPlainSpread. A cell mostly outside the image (fewer
// than a quarter of its points in it) is not known to be plain; of one
// partly outside, the part inside must be (300747-phone's corner cell
// beyond the grid, a third of it in the frame).
func (cm cardMask) plain(q Quad) bool {
	if cm.covered(q) >= maxPlainMask {
		return false
	}
	w, h := cm.m.Cols(), cm.m.Rows()
	if len(cm.lab) != 3*w*h {
		return false
	}
	const nu, nv = 30, 20
	var n int
	var sum, sq float64
	for i := 1; i < nu; i++ {
		s := 0.1 + 0.8*float64(i)/nu
		top := [2]float64{q[0][0] + s*(q[1][0]-q[0][0]), q[0][1] + s*(q[1][1]-q[0][1])}
		bot := [2]float64{q[3][0] + s*(q[2][0]-q[3][0]), q[3][1] + s*(q[2][1]-q[3][1])}
		for j := 1; j < nv; j++ {
			t := 0.1 + 0.8*float64(j)/nv
			x, y := int((top[0]+t*(bot[0]-top[0]))*cm.f), int((top[1]+t*(bot[1]-top[1]))*cm.f)
			if x < 0 || y < 0 || x >= w || y >= h {
				continue
			}
			l := float64(cm.lab[3*(y*w+x)])
			n++
			sum += l
			sq += l * l
		}
	}
	if 4*n < (nu-1)*(nv-1) {
		return false
	}
	m := sum / float64(n)
	return math.Sqrt(max(0, sq/float64(n)-m*m)) < maxPlainSpread
}

// cellAt returns the quad of the cell at grid coordinates g (column, row;
// any integers, inside the grid or beyond it), of the lattice's card size.
func (lt lattice) cellAt(g [2]float64) Quad {
	hw, hh := lt.half[0], lt.half[1]
	var q Quad
	for j, d := range [4][2]float64{{-hw, -hh}, {hw, -hh}, {hw, hh}, {-hw, hh}} {
		q[j] = apply(lt.h, [2]float64{g[0] + d[0], g[1] + d[1]})
	}
	return q
}

// beyondCell returns the grid coordinates of the i-th cell (0-4) of the
// line just beyond side s (0 left, 1 right, 2 top, 3 bottom; alone's
// order).
func beyondCell(s, i int) [2]int {
	return [4][2]int{{-1, i}, {5, i}, {i, -1}, {i, 5}}[s]
}

// plainBeyond reports whether every cell of the line beyond side s but
// those in skip (cells holding a card beyond the side) shows plain table,
// at least three of them.
func (lt lattice) plainBeyond(s int, skip map[[2]int]bool, cm cardMask) bool {
	return lt.emptyBeyond(s, skip, cm.plain)
}

// emptyBeyond reports whether every cell of the line beyond side s but
// those in skip shows table by empty, at least three of them.
func (lt lattice) emptyBeyond(s int, skip map[[2]int]bool, empty func(Quad) bool) bool {
	n := 0
	for i := range 5 {
		c := beyondCell(s, i)
		if skip[c] {
			continue
		}
		if !empty(lt.cellAt([2]float64{float64(c[0]), float64(c[1])})) {
			return false
		}
		n++
	}
	return n >= 3
}

// blank reports whether q shows nothing but table: none of its inner
// points (covered's and offTableAt's 9 × 5) in the card mask, and at most
// maxBlankOff of them off the table's colour, each point's colour the
// mean of the 3 × 3 pixels about it (offTableSmooth), however its
// lightness spreads (a cloth's folds and their shadows: 4.2-8.9 beyond
// rendered 300975-phone's grid, where a card's print spreads 3.1 and
// more, but always with some of its points off the table's colour:
// 0.11-0.84 of them on the rendered light and tan cloths' word cards the
// card mask missed, 300747-phone, 300938-webcam, 300975-phone; 0.22-0.84
// of the means on 300938's and 300975's). A noisy sensor puts single
// pixels of bare cloth off the table's colour (300975-phone under the
// perturbations noise and dark: 0.02-0.29 of the cells beyond), their
// means none or one point in 45.
func (cm cardMask) blank(q Quad) bool {
	return cm.covered(q) == 0 && cm.offTableSmooth(q) <= maxBlankOff
}

// maxBlankOff is the most of a blank cell's points whose means may lie
// off the table's colour (two of the 45).
const maxBlankOff = 0.05

// offTableSmooth is offTableAt with each sample point's colour the mean
// of the 3 × 3 pixels about it, at the mask's scale.
func (cm cardMask) offTableSmooth(q Quad) float64 {
	w, h := cm.m.Cols(), cm.m.Rows()
	if len(cm.lab) != 3*w*h {
		return 0
	}
	pts := cm.innerPoints(q)
	n := 0
	for _, p := range pts {
		var sum [3]float64
		c := 0
		for y := max(0, p.Y-1); y <= min(h-1, p.Y+1); y++ {
			for x := max(0, p.X-1); x <= min(w-1, p.X+1); x++ {
				i := 3 * (y*w + x)
				sum[0] += float64(cm.lab[i])
				sum[1] += float64(cm.lab[i+1])
				sum[2] += float64(cm.lab[i+2])
				c++
			}
		}
		if c == 0 {
			continue
		}
		f := float64(c)
		if cm.offColour(sum[0]/f, sum[1]/f, sum[2]/f) {
			n++
		}
	}
	return float64(n) / float64(len(pts))
}

// spareBeyond reports whether the one or two cards beyond side s are
// spares beside the grid rather than its line, the grid off by one: the
// rest of the line beyond is plain table (plainBeyond; a card's cell left
// out, and the cell next to it as well when the card lies more than 0.15
// cells towards it, its rim over that cell), and the other side's line
// holds at least four cells (held: a card's own outline, the card mask or
// most of the cell off the table's colour), two of them a card of its own
// outline, or all five and one (rendered 301013-phone, a light grey
// cloth: a spare alone beyond the first row's line, the last row's
// cover in the card mask and its three pale word cards 0.98 off the
// table's colour, one card outlined; were the grid a line off, four of
// its true line's cards would show bare cloth and five cells off the
// grid would hold something). Rendered 300634-webcam (a spare beside the first row, 0.22
// cells beyond the line; the last column under an arm, two of its cards
// outlined), 300680-webcam (a spare beside the last row, its last
// column's covers not outlined) and 300713-phone (a spare bystander
// beside the first column between two rows' cells, at 2.77; a light grey
// cloth) were refused as going on beyond five columns, each a grid on the
// truth's cells.
func (lt lattice) spareBeyond(s int, quads []Quad, held, own int, cm cardMask) bool {
	if held < 4 || own < 1 || own < 2 && held < 5 {
		return false
	}
	skip := lt.skipBeyond(s, quads)
	ok := lt.plainBeyond(s, skip, cm)
	// the other side's line holding three cards of their own outline
	// (spares in line with the grid are one or two: printed's
	// minOwnEdge), the line beyond may show a cloth's folds: blank, each
	// cell (rendered 300975-phone, a tan cloth whose folds' shadows cross
	// the line beyond its first row, a spare in line there; its last row
	// holds three cards of their own outline and a fourth off the
	// table's colour)
	if !ok && own >= minOwnEdge {
		ok = lt.emptyBeyond(s, skip, func(q Quad) bool { return cm.plain(q) || cm.blank(q) })
	}
	dbg("beyond side %d: the other side's line holds %d (%d own), the line beyond plain: %v", s, held, own, ok)
	return ok
}

// skipBeyond returns the cells of the line beyond side s that a card of
// quads holds (its centre within 0.3 cells of one), and the cell next to
// it as well when the card lies more than 0.15 cells towards it (its rim
// over that cell): spareBeyond's and addedFacing's cells of the line not
// asked to show bare table.
func (lt lattice) skipBeyond(s int, quads []Quad) map[[2]int]bool {
	skip := map[[2]int]bool{}
	for _, q := range quads {
		g := apply(lt.inv, q.centre())
		c, r := math.Round(g[0]), math.Round(g[1])
		if math.Hypot(g[0]-c, g[1]-r) > 0.3 {
			continue
		}
		cell := [2]int{int(c), int(r)}
		// along: the card's place along the line beyond, and which
		// coordinate that is
		along, a := g[1], 1
		if s >= 2 {
			along, a = g[0], 0
		}
		for i := range 5 {
			if beyondCell(s, i) != cell {
				continue
			}
			skip[cell] = true
			if d := along - math.Round(along); math.Abs(d) > 0.15 {
				next := cell
				next[a] += int(math.Copysign(1, d))
				skip[next] = true
			}
		}
	}
	return skip
}

// printed reports whether cell k of the grid, which neither a card's
// outline, the card mask nor the table's colour says holds anything, is
// taken as held all the same: it shows something other than bare table
// (bare: its lightness spreads as a card's print does, or a quarter of it
// lies off the table's colour), and the grid cannot be off by a line
// through it. Only a line at the grid's edge can be a line off the grid
// (the true line then lies beyond the opposite side), so each edge line k
// lies on must hold three cards of their own outline (a pile's spares in
// line with the grid are one or two, spareBeyond), or the line beyond the
// opposite side show plain table (plainBeyond); a cell inside the grid
// asks neither. Rendered 300747-phone and 300752-webcam (beige word cards
// on a light grey cloth, 19 and 17 of them outlined, every row and column
// with one) were refused for a cell of a word card that showed too little
// of the table's colour off (0.11-0.78 of its pixels) though its print
// spread 5.7-24; the bare cloth beyond them 0.6-1.8 (every cell beyond
// plain: all 20 were asked then). 300935-phone (beige cards on a light
// cloth, a hand over the near row's first cards, a pile beyond the last
// column): GLOBE on the first row (four cards of their own outline there),
// 0.69 of it off the table's colour, and CHESS inside the grid, under the
// hand's shadow, while the lines beyond the first column and the last row
// hold the hand and the pile. 300938-webcam (a light grey cloth): LEBKA's
// and OSTROV's faint print spreads 3.1-3.7 (plain), but 0.38-0.40 of
// their cells lie off the table's colour, the bare cloth beyond none.
// around caches plainBeyond over a lattice's sides (0 unknown, 1 true, -1
// false).
func (lt lattice) printed(k int, cm cardMask, around *[4]int) bool {
	if cm.bare(lt.cellQuad(k)) {
		return false
	}
	var rows, cols [5]int
	for j, i := range lt.cell {
		if i >= 0 {
			rows[j/5]++
			cols[j%5]++
		}
	}
	c, r := k%5, k/5
	// each edge line through k: its cards of their own outline, and the
	// side beyond which the true line would lie were it off the grid
	for _, e := range []struct {
		edge bool
		own  int
		s    int
	}{{c == 0, cols[0], 1}, {c == 4, cols[4], 0}, {r == 0, rows[0], 3}, {r == 4, rows[4], 2}} {
		if !e.edge || e.own >= minOwnEdge {
			continue
		}
		if around[e.s] == 0 {
			around[e.s] = -1
			if lt.plainBeyond(e.s, nil, cm) {
				around[e.s] = 1
			}
			dbg("the line beyond side %d plain: %v", e.s, around[e.s] == 1)
		}
		if around[e.s] < 0 {
			return false
		}
	}
	return true
}

// minOwnEdge is how many cards of their own outline an edge line of the
// grid holds for printed to take it as the grid's: spares in line with
// the grid beside it are one or two (spareBeyond's), never three.
const minOwnEdge = 3

// bare reports whether q shows bare table: plain, and under a quarter of
// it off the table's colour.
func (cm cardMask) bare(q Quad) bool {
	return cm.plain(q) && cm.offTableAt(q) < 0.25
}

// plainCell returns a cell of the grid with no card of its own outline
// that shows plain table of the table's colour (plain, and under a
// quarter of it off the table's colour), if any. Every cell of a game's
// grid holds a card, but a bystander's tan on a tan cloth shows no more
// than bare cloth (rendered 300669-phone, 300626-webcam: spread 1.8-3.0,
// no mask, 300626's of the table's colour), so alone refuses such a cell
// only on a lattice whose cards lie off their cells by more than a tight
// lattice's RMS (maxTightRMS; the two frames' 0.025 and 0.043; tight's
// other bounds are broken by cards placed later, 300626's 0.21 cells off
// an added line): rendered 300681-phone under a warm
// lamp (perturbed: blue ×0.75, green ×0.93, red ×1.1) had the graph fit
// its grid a column off, hands over the first column and a pile's covers
// beside the last taken for a column, its cards 0.082 cells off by RMS
// and two of its cells bare cloth (spread 1.6-1.7, no mask, none off the
// table's colour): 13 wrong values read. (tight asked of every graph fit
// refused 300674-webcam, a grid read right, 0.039 by RMS: it has no plain
// cell.)
func (lt lattice) plainCell(cm cardMask) (int, bool) {
	for k, i := range lt.cell {
		if i < 0 && cm.bare(lt.cellQuad(k)) {
			return k, true
		}
	}
	return 0, false
}
