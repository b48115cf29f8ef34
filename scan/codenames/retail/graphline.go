package retail

import (
	"image"
	"math"

	"gocv.io/x/gocv"
)

// fitGraphShort finds the grid when the cards linked (graphCells) span
// five lines along one axis (or six, a sixth of one or two spares left off
// as span leaves it) but only four along the other: a whole line
// of cards no pass outlined (a far line of beige cards on a light cloth,
// cards in a light's glare). The fifth line lies on one side or the
// other; it is put where the grid's cells a line beyond the four hold
// something (at least four of five, each most of its cell's middle in
// the card mask or off the table's colour: holdsMiddle) while
// those a line beyond on the other side hold at most one, no line of the
// four is empty, and the lattice fits its cards closely (tight). When
// both sides' cells hold something, the line is put on the side whose
// cells hold at least four card-shaped outlines of the mask while the
// other side's hold none (shapedOn: a pile of spares beyond the other
// side), or then the side tintedOverPale picks (all its cells tinted, the
// other side's pale beside an end line of tinted cards). Anything else is
// refused (errNoGrid): the grid may lie either way. The lattice
// records the line added (lattice.added), whose cells alone lets go
// without a card of their own outline and the reader reads only where
// refit finds a card's own edges (addedCard); a card some pass outlined on
// one of its cells but the graph left out is put on that cell (foundOn).
func fitGraphShort(quads []Quad, cm cardMask) (lattice, error) {
	return fitGraphShortOn(quads, cm, false)
}

// fitGraphShortOn is fitGraphShort on the links graphCellsOn gives with
// bridge.
func fitGraphShortOn(quads []Quad, cm cardMask, bridge bool) (lattice, error) {
	members, cell, err := graphCellsOn(quads, bridge)
	if err != nil {
		return lattice{}, err
	}
	var lo, hi [2]int
	var count [2]map[int]int
	short := -1
	for a := range 2 {
		count[a], lo[a], hi[a] = lineCounts(members, cell, a)
		switch hi[a] - lo[a] {
		case 4:
		case 3:
			if short >= 0 {
				return lattice{}, errNoGrid
			}
			short = a
		case 5:
			// a sixth line of a spare or two beside the grid, as span
			// leaves it off (rendered 300940-webcam: a pile's card in
			// line with the last row, a pitch beyond the first column,
			// and the first row not outlined): the five lines span
			// keeps, the spare's members left out of the count across
			var ok bool
			if lo[a], hi[a], ok = span(members, cell, a); !ok {
				return lattice{}, errNoGrid
			}
		default:
			return lattice{}, errNoGrid
		}
	}
	if short < 0 {
		return lattice{}, errNoGrid
	}
	if long := 1 - short; hi[long]-lo[long] == 4 {
		var in []int
		for _, i := range members {
			if c := cell[i][long]; c >= lo[long] && c <= hi[long] {
				in = append(in, i)
			}
		}
		count[short], lo[short], hi[short] = lineCounts(in, cell, short)
		if hi[short]-lo[short] != 3 {
			return lattice{}, errNoGrid
		}
	}
	for c := lo[short]; c <= hi[short]; c++ {
		if count[short][c] < 1 {
			dbg("graph short: axis %d line %d holds %d cards", short, c, count[short][c])
			return lattice{}, errNoGrid
		}
	}
	// the two placements: the fifth line after the four (the grid from
	// lo) or before them (from lo-1)
	var fits [2]lattice
	var held [2]int
	for side := range 2 {
		from := lo
		from[short] -= side
		lt, err := graphLattice(quads, members, cell, from[0], from[1])
		if err != nil {
			return lattice{}, err
		}
		line := 4 * (1 - side) // the added line's index along the short axis
		for i := range 5 {
			k := lineCell(short, line, i)
			if lt.cell[k] >= 0 {
				return lattice{}, errNoGrid
			}
			if cm.holdsMiddle(lt.cellQuad(k)) {
				held[side]++
			}
		}
		lt.added = [2]int{short + 1, line}
		fits[side] = lt
	}
	dbg("graph short: axis %d, cells held a line beyond the four: after %d, before %d", short, held[0], held[1])
	var lt lattice
	switch {
	case held[0] >= 4 && held[1] <= 1:
		lt = fits[0]
	case held[1] >= 4 && held[0] <= 1:
		lt = fits[1]
	case held[0] >= 4 || held[1] >= 4:
		// both sides hold something: the side whose cells each hold a
		// card's own outline, where the other side's hold none (a pile
		// of spares beyond the grid, overlapping, outlines no card)
		var shaped, cards, tinted [2]int
		o := cm.outlines()
		for side := range 2 {
			on := fits[side].shapedOn(o, cm.f, short, 4*(1-side))
			for i := range 5 {
				k := lineCell(short, 4*(1-side), i)
				if on[i] {
					shaped[side]++
				}
				if _, found := fits[side].foundOn(k, quads); on[i] || found {
					cards[side]++
				}
				if cm.tintedMiddle(fits[side].cellQuad(k)) {
					tinted[side]++
				}
			}
		}
		o.Close()
		dbg("graph short: cells with a card's outline a line beyond the four: after %d, before %d; with a card outlined or found %d, %d; tinted %d, %d", shaped[0], shaped[1], cards[0], cards[1], tinted[0], tinted[1])
		switch {
		case held[0] >= 4 && shaped[0] >= 4 && shaped[1] == 0:
			lt = fits[0]
		case held[1] >= 4 && shaped[1] >= 4 && shaped[0] == 0:
			lt = fits[1]
		// or the side whose cells differ from the table in colour and
		// hold cards some pass outlined, where the other side's cells
		// hold neither: a light's pool on the cloth beside the grid is
		// in the card mask (lighter than the table) but of the table's
		// colour (rendered 300934-webcam, a grey cloth under the fixed
		// lamp: the far column of covers and beige cards, all five
		// tinted, two of them outlined though the graph left them out;
		// the pool beyond the near column held three cells, none
		// tinted, no card there). A pile of spares beyond one side
		// outlines no card on a cell (300902-webcam's), and a line of
		// the grid as pale as the table (beige cards on a tan cloth)
		// shows no colour: the pile's side is never taken over it.
		case held[0] >= 4 && tinted[0] >= 4 && cards[0] >= 2 && tinted[1] == 0 && cards[1] == 0:
			lt = fits[0]
		case held[1] >= 4 && tinted[1] >= 4 && cards[1] >= 2 && tinted[0] == 0 && cards[0] == 0:
			lt = fits[1]
		// or, no card outlined on either side, the side whose every
		// cell differs from the table in colour where none of the other
		// side's does: a pile or a hand beyond the grid tints a cell or
		// two of a line, never all five (rendered 301029-phone, a light
		// grey cloth: the far column's five beige cards not outlined,
		// tinted; the cloth beyond the near column, shaded darker than
		// the frame's edge, held four cells in lightness alone;
		// 301198-webcam under the perturbation noise, a green cloth,
		// likewise: tinted 5 and 0, the pile's side held two)
		case held[0] >= 4 && tinted[0] == 5 && tinted[1] == 0 && cards[0]+cards[1] == 0:
			lt = fits[0]
		case held[1] >= 4 && tinted[1] == 5 && tinted[0] == 0 && cards[0]+cards[1] == 0:
			lt = fits[1]
		default:
			// or the side all tinted across from a pale one beside an
			// end line of tinted cards (tintedOverPale)
			s, ok := tintedOverPale(fits, cards, short, cm)
			if !ok || held[s] < 4 {
				return lattice{}, errNoGrid
			}
			lt = fits[s]
		}
	default:
		return lattice{}, errNoGrid
	}
	if !lt.tight(quads) {
		return lattice{}, errNoGrid
	}
	// the added line's cards some pass outlined, placed on their cells
	// (the lattice stays the four lines' fit)
	var on []int
	for k := range 25 {
		if lt.onAdded(k) {
			if i, ok := lt.foundOn(k, quads); ok {
				on = append(on, k, i)
			}
		}
	}
	for j := 0; j < len(on); j += 2 {
		k, i := on[j], on[j+1]
		lt.cell[k] = i
		quads[i] = lt.alongRows(quads[i])
	}
	return lt, nil
}

// tight reports whether every card on the lattice lies close to its cell,
// as a line is put beyond them only on a lattice fitted closely: each
// card's centre within 0.15 cells of its cell's, its area within 1.5 times
// the cell's card's either way, and the centres' RMS error at most 0.06
// cells. (On 300143-phone, two cards outlined as one were put on a cell
// and drew the lattice a third of a card off in its far column: 0.24
// cells off, 1.74 times the area, RMS 0.084; the grids put right stay
// within 0.10, 1.42 and 0.048.)
func (lt lattice) tight(quads []Quad) bool {
	if lt.rms > maxTightRMS {
		dbg("graph short: RMS %.3f", lt.rms)
		return false
	}
	for k, i := range lt.cell {
		if i < 0 {
			continue
		}
		g := apply(lt.inv, quads[i].centre())
		r := quadArea(quads[i]) / quadArea(lt.cellQuad(k))
		if off := math.Hypot(g[0]-float64(k%5), g[1]-float64(k/5)); off > 0.15 || r > 1.5 || r < 1/1.5 {
			dbg("graph short: cell %d's card %.2f cells off, %.2f of its area", k, off, r)
			return false
		}
	}
	return true
}

// maxTightRMS is the most a tight lattice's centres may lie off their
// cells by RMS, in cells.
const maxTightRMS = 0.06

// onAdded reports whether cell k lies on the line fitGraphShort added.
func (lt lattice) onAdded(k int) bool {
	switch lt.added[0] {
	case 1:
		return k%5 == lt.added[1]
	case 2:
		return k/5 == lt.added[1]
	}
	return false
}

// addedCard returns the card's own outline near cell k of the line
// fitGraphShort added, as refit finds it (four edges between the card and
// the table), and whether it was found: it must lie on its cell, overlap
// none of the cards found, and have the size a card has there (addedSize).
// The line's cells are extrapolated, their shape off the card's: where
// refit finds no card of the cell's shape, one is looked for with its
// height over its width free by addedShape (300678-webcam's PUZZLE, a
// tenth off), and where the card found is smaller than addedSize allows,
// the largest of the quads scoring best is taken (refit's smallest was
// the card's printed frame: 300633-phone's AUTOBUS, 0.70 of the size
// addedSize expects there, its edges 0.94).
func addedCard(img gocv.Mat, lt lattice, k int, quads []Quad, table [3]float64) (Quad, bool) {
	// the crop about the cell and its edges made once for the three
	// searches (refitView)
	v := newRefitView(img, lt.cellQuad(k), table)
	q, found := v.fit(lt.cellQuad(k), 0, false)
	if !found {
		q, found = v.fit(lt.cellQuad(k), addedShape, false)
	}
	if r, ok := lt.addedRatio(q, k, quads); found && ok && r < 1/refitArea {
		q, found = v.fit(lt.cellQuad(k), addedShape, true)
	}
	// not the cards found, but for two of the line's cards outlined as
	// one (pairOnAdded): the card on the cell is one of them
	var block []Quad
	for _, o := range quads {
		if !lt.pairOnAdded(o, k, quads) {
			block = append(block, o)
		}
	}
	if !found || lt.cellOf(q.centre()) != k || overlaps(q, block) || !lt.addedSize(q, k, quads) {
		return Quad{}, false
	}
	return q, true
}

// pairOnAdded reports whether quad o is two neighbouring cards of the line
// fitGraphShort added, outlined as one: its centre on the line (within
// 0.3 cells of it across) and midway between two of its cells (within
// 0.25 cells of the middle along it), its area at least minPair times the
// one addedSize expects on cell k. Rendered 301005-phone (a blue cloth):
// the added column's red agent and the bystander beside it, touching,
// outlined as one quad between their cells, which kept refit's card on
// each cell out as overlapping a card found; both cells stayed unseen.
func (lt lattice) pairOnAdded(o Quad, k int, quads []Quad) bool {
	g := apply(lt.inv, o.centre())
	across, along := g[0], g[1] // a column added
	if lt.added[0] == 2 {
		across, along = g[1], g[0]
	}
	if lt.added[0] == 0 || math.Abs(across-float64(lt.added[1])) > 0.3 {
		return false
	}
	if f := along - math.Floor(along); math.Abs(f-0.5) > 0.25 || along < 0 || along > 4 {
		return false
	}
	r, ok := lt.addedRatio(o, k, quads)
	dbg("added line: a quad at %.2f, %.2f, %.2f of a card", g[0], g[1], r)
	return ok && r >= minPair
}

// minPair is the least area, over a card's, of two cards outlined as one
// (pairOnAdded).
const minPair = 1.6

// addedShape is how far addedCard lets the card's shape differ from its
// cell's.
const addedShape = 0.15

// foundOn returns the index of the one card of quads on no cell of the
// lattice whose centre lies within 0.3 cells of cell k's (finish's bound)
// and whose area is within 1.7 times either way of the one addedSize
// expects there (findCards' own bound on a card's size where it lies: the
// card was outlined, not guessed at as refit's is, and the line is
// extrapolated), and whether there is exactly one. The graph links a card
// to the lattice only through a neighbour one pitch away, so a line's
// cards outlined beside a line whose cards were not are left out of it,
// and fitGraphShort adds that line as if none were seen; refit's card
// there overlapped the card found, and the cell stayed unseen (rendered
// 300568-webcam: the far row's three cards outlined, the row before it
// but its last card not: five cells unseen; its two word cards 1.38 and
// 1.51 of the area addedSize expects from the card two rows nearer).
func (lt lattice) foundOn(k int, quads []Quad) (int, bool) {
	placed := map[int]bool{}
	for _, i := range lt.cell {
		placed[i] = true
	}
	got := -1
	for i, q := range quads {
		if placed[i] {
			continue
		}
		g := apply(lt.inv, q.centre())
		if math.Hypot(g[0]-float64(k%5), g[1]-float64(k/5)) > 0.3 {
			continue
		}
		if r, ok := lt.addedRatio(q, k, quads); ok && r > 1/1.7 && r < 1.7 {
			if got >= 0 {
				return -1, false
			}
			got = i
		}
	}
	return got, got >= 0
}

// addedSize reports whether q, found on cell k of the added line, has the
// area of the card on the next cell inward (a card of its own outline),
// scaled by the two cells' areas (the perspective's change of size over a
// line: a far line's cards are smaller than the nearest card found,
// rendered 300453-phone's by more than refitArea), give or take refitArea.
// With no card of its own there, the card placed nearest q, scaled the
// same way (300482-webcam: its added row's first card, under a hand's
// shadow, 0.74 of the nearest card's area a row nearer and a column on,
// 0.88 of it scaled by their cells).
func (lt lattice) addedSize(q Quad, k int, quads []Quad) bool {
	r, ok := lt.addedRatio(q, k, quads)
	return ok && r >= 1/refitArea && r <= refitArea
}

// addedRatio is q's area over the one addedSize expects on cell k, and
// whether there is a card to measure it against.
func (lt lattice) addedRatio(q Quad, k int, quads []Quad) (float64, bool) {
	step := 1 // the next cell inward: along a row for a column added
	if lt.added[0] == 2 {
		step = 5
	}
	if lt.added[1] == 4 {
		step = -step
	}
	j := k + step
	if lt.cell[j] < 0 {
		j = -1
		best := math.Inf(1)
		for c, i := range lt.cell {
			if i < 0 {
				continue
			}
			if d := dist(quads[i].centre(), q.centre()); d < best {
				best, j = d, c
			}
		}
		if j < 0 {
			return 0, false
		}
	}
	want := quadArea(quads[lt.cell[j]]) * quadArea(lt.cellQuad(k)) / quadArea(lt.cellQuad(j))
	return quadArea(q) / want, true
}

// holdsMiddle reports whether the middle of cell quad q (half its sides,
// about its centre) holds something, as lattice.alone counts a cell: most
// of it in the card mask, or off the table's colour. A line fitGraphShort
// adds is extrapolated, and a far line's foreshortened cards fill less of
// its cells than the lattice's size says (rendered 300453-phone's far row
// of beige cards on a light grey cloth: 0.69-0.80 of the whole cells off
// the table, 0.80-0.98 of their middles; the cells a line beyond on the
// other side, 0 either way).
func (cm cardMask) holdsMiddle(q Quad) bool {
	h := q.scaled(0.5)
	return cm.covered(h) >= 0.9 || cm.offTableAt(h) >= minOffShare
}

// outlines returns the outer outlines of the card mask eroded by a pixel,
// as maskCards' first pass finds them; the caller closes them.
func (cm cardMask) outlines() *outlines {
	k := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(3, 3))
	defer k.Close()
	eroded := gocv.NewMat()
	defer eroded.Close()
	gocv.Erode(cm.m, &eroded, k)
	return newOutlines(eroded)
}

// shapedOn counts the cells of line `line` along axis short (0 columns, 1
// rows) on which an outline of o (mask pixels, at scale f) lies that is
// a card seen from afar: its centre within 0.3 cells of the cell's
// (its rotated box's, within finish's bound), its area 0.5 to 1.5 times the cell's, filling at least
// 0.6 of its rotated box, its long side 1.2 to 3 times its short one. The
// finder's passes ask a card's shape more closely (up to 2.7 long over
// short, a fill of 0.75): rendered 300902-webcam's far row of beige cards
// on a tan cloth, 39° from above, their printed frames' specks on their
// edges, outlined at 2.33-2.77 long over short, fill 0.68-0.83, 0.5-0.6 of
// the area the plane of the cards' size gives there; the pile of spares
// a line beyond the near row, three cards overlapping, outlines none on
// a cell.
func (lt lattice) shapedOn(o *outlines, f float64, short, line int) [5]bool {
	var on [5]bool
	for i := range 5 {
		k := lineCell(short, line, i)
		cq := lt.cellQuad(k)
		ca := quadArea(cq) * f * f
		for j := range o.cs.Size() {
			a := o.area[j]
			if a < 0.5*ca || a > 1.5*ca {
				continue
			}
			rr := gocv.MinAreaRect(o.cs.At(j))
			g := apply(lt.inv, [2]float64{float64(rr.Center.X) / f, float64(rr.Center.Y) / f})
			if math.Hypot(g[0]-float64(k%5), g[1]-float64(k/5)) > 0.3 {
				continue
			}
			long, sh := float64(max(rr.Width, rr.Height)), float64(min(rr.Width, rr.Height))
			if sh > 0 && a/(long*sh) >= 0.6 && long/sh >= 1.2 && long/sh <= 3 {
				on[i] = true
				break
			}
		}
	}
	return on
}

// lineCell returns the index of the i-th cell of line `line` along axis
// short (0: a column, 1: a row).
func lineCell(short, line, i int) int {
	if short == 0 {
		return i*5 + line
	}
	return line*5 + i
}

// minTinted is the share of a cell's middle whose colour must differ from
// the table's in chroma alone (Lab's a and b, by minChroma, chromaCards'
// test) for tintedMiddle: a card of a colour, not a light's pool on the
// cloth (lighter, its chroma the table's). Rendered 300934-webcam's far
// column, covers and beige cards on a grey cloth: 0.64-1.0 of their
// whole cells' points; the pool beside the near column: none.
const minTinted = 0.5

// tintedMiddle reports whether at least minTinted of the middle of cell
// quad q (half its sides, about its centre, as holdsMiddle) differs from
// the table's colour in chroma by minChroma, of the points in the image.
func (cm cardMask) tintedMiddle(q Quad) bool {
	w, h := cm.m.Cols(), cm.m.Rows()
	if len(cm.lab) != 3*w*h {
		return false
	}
	m := q.scaled(0.5)
	n, in := 0, 0
	for _, p := range cm.innerPoints(m) {
		if p.X < 0 || p.Y < 0 || p.X >= w || p.Y >= h {
			continue
		}
		in++
		i := 3 * (p.Y*w + p.X)
		if math.Abs(float64(cm.lab[i+1])-cm.table[1])+math.Abs(float64(cm.lab[i+2])-cm.table[2]) >= minChroma {
			n++
		}
	}
	return in > 0 && float64(n) >= minTinted*float64(in)
}

// heldMiddle reports whether the middle of cell quad q holds something as
// holdsMiddle asks, or with its points in the card mask and those off the
// table's colour counted together, at least minHeldShare of them: a hand
// over a card's middle, its skin speckled in the mask and near the
// table's colour in places (rendered 301162-webcam, a light grey cloth: the
// added row's middle cell under the fingers, 0.87 of its middle in the
// mask and 0.71 off the table, 0.93 either; the row's other cells 0.96 to
// 1.0). Bare cloth a line beyond shows next to none either way.
func (cm cardMask) heldMiddle(q Quad) bool {
	return cm.holdsMiddle(q) || cm.heldShare(q.scaled(0.5)) >= minHeldShare
}

// minHeldShare is the share of a cell's middle heldMiddle asks in the card
// mask or off the table's colour.
const minHeldShare = 0.9

// heldShare is the share of q's inner four fifths' sample points (its
// 9 × 5, as covered and offTableAt) in the card mask or off the table's
// colour by minOffTable.
func (cm cardMask) heldShare(q Quad) float64 {
	w, h := cm.m.Cols(), cm.m.Rows()
	pts := cm.innerPoints(q)
	lab := len(cm.lab) == 3*w*h
	n := 0
	for _, p := range pts {
		if p.X < 0 || p.Y < 0 || p.X >= w || p.Y >= h {
			continue
		}
		if cm.m.GetUCharAt(p.Y, p.X) > 0 {
			n++
			continue
		}
		if !lab {
			continue
		}
		i := 3 * (p.Y*w + p.X)
		if cm.offColour(float64(cm.lab[i]), float64(cm.lab[i+1]), float64(cm.lab[i+2])) {
			n++
		}
	}
	return float64(n) / float64(len(pts))
}
