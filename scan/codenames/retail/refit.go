package retail

import (
	"math"
	"slices"

	"gocv.io/x/gocv"
)

// A cell with no outline of its own is read where the grid places it, and
// the grid's quad may lie a third of a card or more off the card (a
// perspective the lattice's homography does not follow, a card laid
// askew): the band is cut, and OCR reads part of the word. refit looks for
// the card's own edges around the grid's quad: the quad slid by up to
// refitReach of its sides each way, grown or shrunk (refitScaleLo to refitScaleHi) and turned up to 6°,
// whose four sides each run along an edge between the card inside and the
// table outside.

// refitReach is how far refit slides the grid's quad, as a fraction of
// each side.
const refitReach = 0.5

// refitCrop is the part of the image around the grid's quad refit looks
// at, over the quad; refitW × refitH is its size at 2 pixels a millimetre.
const (
	refitCrop = 2.8
	refitW    = 392 // refitCrop × 140
	refitH    = 252 // refitCrop × 90
)

// refitScaleLo and refitScaleHi bound the sizes tried, over the grid's
// card size (the lattice's median card, which perspective and the grid's
// error can leave 0.8 of the card where it lies: rendered 300249).
const refitScaleLo, refitScaleHi = 0.8, 1.5

// Edge test: a sample pair straddles the quad's side refitIn pixels inside
// and refitOut outside (the crop's 2 pixels a millimetre); it is an edge
// when the inside differs from the table's colour by minRefitStep more
// than the outside does (chroma counting double, as in the card mask).
// A side is the card's edge when minRefitSide of its pairs are; the quad
// is the card when each of its four sides is.
const (
	refitIn      = 3
	refitOut     = 3
	minRefitStep = 12
	minRefitSide = 0.7
	refitSlack   = 4
)

// refit returns the card's own quad near the grid-placed quad q in img,
// and whether its four edges were all found (table is the table's colour,
// Lab). The quad found has q's shape, slid and at most 5% larger or
// smaller; when none has four edges, q stays.
func refit(img gocv.Mat, q Quad, table [3]float64) (Quad, bool) {
	return refitShaped(img, q, table, 0, false)
}

// refitShaped is refit with the card's height over its width free to
// differ from q's by up to spread either way (0: q's shape, as refit);
// with largest, of the quads scoring best the largest is kept (refit
// keeps the smallest: a card's printed frame inside its edges may score
// as well as the edges).
func refitShaped(img gocv.Mat, q Quad, table [3]float64, spread float64, largest bool) (Quad, bool) {
	v := newRefitView(img, q, table)
	return v.fit(q, spread, largest)
}

// refitView is the part of an image around a grid's quad that refit
// searches: the crop's corners in the image (refitCrop times the quad
// about its centre) and its four edge maps (refitEdges). One view serves
// several searches of the same quad (addedCard's).
type refitView struct {
	g    Quad
	edge [4][]bool
}

// newRefitView cuts the crop about q out of img, rectified at 2 px a
// millimetre (the card at zero shift 140 × 90 pixels in its middle), and
// maps its edges against the table's colour (Lab).
func newRefitView(img gocv.Mat, q Quad, table [3]float64) refitView {
	v := refitView{g: q.scaled(refitCrop)}
	crop := gocv.NewMat()
	defer crop.Close()
	warpTo(img, v.g, refitW, refitH, &crop)
	lab := gocv.NewMat()
	defer lab.Close()
	gocv.CvtColor(crop, &lab, gocv.ColorBGRToLab)
	px := pixels(lab)
	// each pixel's distance from the table, each channel's term looked
	// up (the same sums in the same order)
	var terms [3][256]float64
	for v := range 256 {
		terms[0][v] = 0.5 * math.Abs(float64(v)-table[0])
		terms[1][v] = math.Abs(float64(v) - table[1])
		terms[2][v] = math.Abs(float64(v) - table[2])
	}
	off := make([]float64, refitW*refitH)
	for i := range off {
		off[i] = terms[0][px[3*i]] + terms[1][px[3*i+1]] + terms[2][px[3*i+2]]
	}
	// the edge maps, one for each way a side may face (its outward normal
	// up, down, left, right; a side turned by at most 6° faces nearly so):
	// a pixel is on an edge when an inside pixel refitIn toward the card
	// lies minRefitStep further from the table than the outside pixel
	// refitOut away, the pair anywhere within refitSlack along the normal
	// (the card's perspective and the grid's error bend a side a little)
	v.edge = refitEdges(off)
	return v
}

// refitSide is one side of a card refit tries, at one size, shape and
// angle: the edge map of the way it faces, its middle's offset from the
// card's centre as the four products the search adds (co·x, si·y, si·x,
// co·y of the offset in the card's frame), each sample's offset from the
// middle (t·dx, t·dy), and its count of samples n and misses allowed.
type refitSide struct {
	f              int
	a0, a1, b0, b1 float64
	ox, oy         []float64
	n, miss        int
}

// refitSides are the four sides of a card refit tries (refitSide).
type refitSides [4]refitSide

// set places the sides of the card s times the grid's size, its height
// over its width r times the grid's, turned by the angle whose cosine and
// sine are co and si, reusing the sides' sample slices: the short sides
// first (fewer misses allowed, so a quad off the card is given up after
// fewer samples; the score, the least over the sides, is the same in any
// order). Each product is the one the score once computed for each quad,
// so each sample lands on the same pixel.
func (sides *refitSides) set(s, r, co, si float64) {
	hw, hh := 70*s, 45*s*r
	// each side: its middle's offset and its direction, in the card's
	// frame, its half length, and the way it faces
	all := [4][5]float64{{0, -hh, 1, 0, hw}, {0, hh, 1, 0, hw}, {-hw, 0, 0, 1, hh}, {hw, 0, 0, 1, hh}}
	for i, f := range [4]int{2, 3, 0, 1} {
		sd := all[f]
		dx, dy := co*sd[2]-si*sd[3], si*sd[2]+co*sd[3]
		n := int((2*sd[4]-12)/4) + 1
		side := &sides[i]
		side.f, side.n, side.miss = f, n, int(float64(n)*(1-minRefitSide))
		side.a0, side.a1, side.b0, side.b1 = co*sd[0], si*sd[1], si*sd[0], co*sd[1]
		side.ox, side.oy = side.ox[:0], side.oy[:0]
		for t := -sd[4] + 6; t <= sd[4]-6; t += 4 {
			side.ox, side.oy = append(side.ox, t*dx), append(side.oy, t*dy)
		}
	}
}

// score is the least share of edge pixels over the four sides (refitSides)
// of the card centred at (cx, cy) in v's crop; 0 at the first side under
// minRefitSide, or off the crop. It also stops with 0 at the first side
// whose share can no longer pass best, the best score so far (its edge
// pixels and the samples left, over n): the search keeps only a score
// over the best, so it ends where it would without (TestRefitPruned).
// A side's samples lie on a line, each coordinate monotone along it, so
// its two ends tell whether all lie on the crop.
func (v *refitView) score(sides *refitSides, cx, cy, best float64) float64 {
	sc := 1.0
	for i := range sides {
		sd := &sides[i]
		mx, my := cx+sd.a0-sd.a1, cy+sd.b0+sd.b1
		last := len(sd.ox) - 1
		x0, y0 := int(mx+sd.ox[0]), int(my+sd.oy[0])
		x1, y1 := int(mx+sd.ox[last]), int(my+sd.oy[last])
		if min(x0, x1) < 0 || min(y0, y1) < 0 || max(x0, x1) >= refitW || max(y0, y1) >= refitH {
			return 0
		}
		edge := v.edge[sd.f]
		miss, e := sd.miss, 0
		// the most edge pixels the side may still reach: its samples
		// less those missed
		reach := len(sd.ox)
		for j, ox := range sd.ox {
			if edge[int(my+sd.oy[j])*refitW+int(mx+ox)] {
				e++
			} else if miss--; miss < 0 {
				return 0
			} else if reach--; pruneRefit && float64(reach)/float64(sd.n) <= best {
				return 0
			}
		}
		sc = min(sc, float64(e)/float64(sd.n))
	}
	return sc
}

// fit returns the card's own quad near q (the quad v was cut about), as
// refitShaped does, searching v's edge maps: coarse, then fine about the
// best.
func (v *refitView) fit(q Quad, spread float64, largest bool) (Quad, bool) {
	best, bx, by, bs, ba, br := 0.0, 0.0, 0.0, 1.0, 0.0, 1.0
	var sides refitSides
	try := func(cx, cy, s, r, a float64) {
		if sc := v.score(&sides, cx, cy, best); sc > best {
			best, bx, by, bs, ba, br = sc, cx, cy, s, a, r
		}
	}
	const deg = math.Pi / 180
	mx, my := float64(refitW)/2, float64(refitH)/2
	// the sizes in the order tried: the first of the best scores stays
	sizes := func(lo, hi, step float64) []float64 {
		var ss []float64
		for s := lo; s <= hi+1e-9; s += step {
			ss = append(ss, s)
		}
		if largest {
			slices.Reverse(ss)
		}
		return ss
	}
	for _, s := range sizes(refitScaleLo, refitScaleHi, 0.1) {
		for r := 1 - spread; r <= 1+spread+1e-9; r += refitShapeStep {
			for a := -6.0; a <= 6; a += 3 {
				sides.set(s, r, math.Cos(a*deg), math.Sin(a*deg))
				for dy := -refitReach * 90; dy <= refitReach*90; dy += 4 {
					for dx := -refitReach * 140; dx <= refitReach*140; dx += 4 {
						try(mx+dx, my+dy, s, r, a*deg)
					}
				}
			}
		}
	}
	if best == 0 {
		return q, false
	}
	cx0, cy0, s0, a0, r0 := bx, by, bs, ba, br
	rs := []float64{r0}
	if spread > 0 {
		rs = []float64{r0 - refitShapeStep/2, r0, r0 + refitShapeStep/2}
	}
	for _, s := range sizes(s0-0.05, s0+0.05, 0.025) {
		for _, r := range rs {
			for a := a0 - 1.5*deg; a <= a0+1.5*deg+1e-9; a += 0.75 * deg {
				sides.set(s, r, math.Cos(a), math.Sin(a))
				for dy := -3.0; dy <= 3; dy++ {
					for dx := -3.0; dx <= 3; dx++ {
						try(cx0+dx, cy0+dy, s, r, a)
					}
				}
			}
		}
	}
	if best < minRefitSide {
		return q, false
	}
	// the card found, in the crop's pixels, back into the image
	back, ok := homography([][2]float64{{0, 0}, {refitW, 0}, {refitW, refitH}, {0, refitH}}, v.g[:])
	if !ok {
		return q, false
	}
	co, si := math.Cos(ba), math.Sin(ba)
	hw, hh := bs*70, bs*45*br
	var out Quad
	for i, d := range [4][2]float64{{-hw, -hh}, {hw, -hh}, {hw, hh}, {-hw, hh}} {
		out[i] = apply(back, [2]float64{bx + co*d[0] - si*d[1], by + si*d[0] + co*d[1]})
	}
	return out, true
}

// refitShapeStep is the step refitShaped tries the card's shape by (its
// height over its width, over q's).
const refitShapeStep = 0.05

// pruneRefit lets refit's score stop at a side that can no longer pass the
// best score so far (off only for TestRefitPruned, which compares).
var pruneRefit = true

// reread reads once more each cell of lt with no outline of its own that
// the grid's quad left in doubt, on the quad refit finds near it (quads:
// the cards found, table: the table's colour). The quad found must still
// lie on its cell and overlap none of the cards found nor any other cell
// read, and have the size of the card found nearest it (nearSize); two
// cells' quads that overlap (one card found from both) are both dropped.
// The cell takes the new reading only when it names a word: a doubt
// stays a doubt, and a cover read on the new quad is not taken.
func (r *Reader) reread(img gocv.Mat, lt lattice, quads []Quad, table [3]float64, o *Observation) error {
	var fit [25]Quad
	var ok [25]bool
	for k, i := range lt.cell {
		c := &o.Cells[k]
		if i >= 0 || c.Why != "doubt" || c.Cover != "" {
			continue
		}
		q, found := refit(img, lt.cellQuad(k), table)
		if !found || lt.cellOf(q.centre()) != k || overlaps(q, quads) || !nearSize(q, quads) {
			continue
		}
		ok[k], fit[k] = true, q
		for j := range o.Cells {
			if j != k && (o.Cells[j].Word != "" || o.Cells[j].Cover != "") && overlaps(q, []Quad{o.Cells[j].Quad}) {
				ok[k] = false
			}
		}
	}
	var drop [25]bool
	for a := range 25 {
		for b := a + 1; b < 25; b++ {
			if ok[a] && ok[b] && overlaps(fit[a], []Quad{fit[b]}) {
				drop[a], drop[b] = true, true
			}
		}
	}
	card := gocv.NewMat()
	defer card.Close()
	for k := range 25 {
		if !ok[k] || drop[k] {
			continue
		}
		rectify(img, fit[k], &card)
		// read as the grid's own cells are (readLook: a word card in a
		// shadow, or with a hand over its copy, by its clear band)
		lk := readLook(card, classify(card))
		if lk.kind != "word" {
			continue
		}
		c := Cell{Quad: fit[k]}
		if err := r.readWord(card, lk.flip, k, &c, &o.OCRCalls); err != nil {
			return err
		}
		if c.Word != "" {
			o.Cells[k] = c
		}
	}
	return nil
}

// Size test: a quad refit found must have the area of the card found
// nearest it, give or take a factor of refitArea (the perspective's change
// of a card's size over a card's pitch, with room for the outline's
// error).
const refitArea = 1.35

// nearSize reports whether q's area lies within refitArea of the area of
// the card of quads nearest it.
func nearSize(q Quad, quads []Quad) bool {
	best, a := math.Inf(1), 0.0
	for _, o := range quads {
		if d := dist(o.centre(), q.centre()); d < best {
			best, a = d, quadArea(o)
		}
	}
	r := quadArea(q) / a
	return a > 0 && r >= 1/refitArea && r <= refitArea
}

// refitEdges returns refit's four edge maps over the crop's distances from
// the table (off, refitW × refitH), one for each way a side may face (its
// outward normal up, down, left, right; a side turned by at most 6° faces
// nearly so): a pixel is on an edge when an inside pixel refitIn toward
// the card lies minRefitStep further from the table than the outside pixel
// refitOut away, the pair anywhere within refitSlack along the normal (the
// card's perspective and the grid's error bend a side a little). The two
// ways along an axis take one difference, each its sign (a − b is −(b −
// a) to the bit); the spread along the normal is a running count, row
// after row (the same maps: TestRefitEdges).
func refitEdges(off []float64) [4][]bool {
	var base [4][]bool
	for f := range base {
		base[f] = make([]bool, refitW*refitH)
	}
	const m = refitIn + refitOut
	for y := m; y < refitH-m; y++ {
		for x := m; x < refitW-m; x++ {
			i := y*refitW + x
			// up: the inside below, the outside above; down the other
			// way; left: the inside right, the outside left; right the
			// other way (refitIn and refitOut are equal, so one pair
			// serves both ways)
			v := off[i+refitIn*refitW] - off[i-refitOut*refitW]
			h := off[i+refitIn] - off[i-refitOut]
			base[0][i], base[1][i] = v >= minRefitStep, -v >= minRefitStep
			base[2][i], base[3][i] = h >= minRefitStep, -h >= minRefitStep
		}
	}
	var edge [4][]bool
	for f := range edge {
		edge[f] = make([]bool, refitW*refitH)
	}
	// up and down: each pixel on an edge when a pixel within refitSlack
	// above or below is, counted down each column as the rows go by
	var n [refitW]int32
	for f := range 2 {
		b, e := base[f], edge[f]
		clear(n[:])
		for y := range 2 * refitSlack {
			for x, on := range b[y*refitW : (y+1)*refitW] {
				if on {
					n[x]++
				}
			}
		}
		for y := refitSlack; y < refitH-refitSlack; y++ {
			for x, on := range b[(y+refitSlack)*refitW : (y+refitSlack+1)*refitW] {
				if on {
					n[x]++
				}
			}
			row := e[y*refitW : (y+1)*refitW]
			for x := refitSlack; x < refitW-refitSlack; x++ {
				row[x] = n[x] > 0
			}
			for x, on := range b[(y-refitSlack)*refitW : (y-refitSlack+1)*refitW] {
				if on {
					n[x]--
				}
			}
		}
	}
	// left and right: within refitSlack along the row
	for f := 2; f < 4; f++ {
		b, e := base[f], edge[f]
		for y := refitSlack; y < refitH-refitSlack; y++ {
			row, er := b[y*refitW:(y+1)*refitW], e[y*refitW:(y+1)*refitW]
			c := 0
			for x := range 2 * refitSlack {
				if row[x] {
					c++
				}
			}
			for x := refitSlack; x < refitW-refitSlack; x++ {
				if row[x+refitSlack] {
					c++
				}
				er[x] = c > 0
				if row[x-refitSlack] {
					c--
				}
			}
		}
	}
	return edge
}
