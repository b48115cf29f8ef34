package retail

import (
	"math"
	"slices"

	"gocv.io/x/gocv"
)

// slowRefitShaped is refitShaped as session 23 left it, kept to compare
// with (TestRefitSearch, BenchmarkRefitSearch): each sample placed from
// its side's middle and direction, the crop's bounds asked at each
// sample, the four sides in order, the crop prepared for each call.
func slowRefitShaped(img gocv.Mat, q Quad, table [3]float64, spread float64, largest bool) (Quad, bool) {
	// refitCrop times the quad about its centre, rectified at 2 px a
	// millimetre (the card at zero shift 140 × 90 pixels in its middle)
	c := q.centre()
	var g Quad
	for i := range q {
		g[i] = [2]float64{c[0] + refitCrop*(q[i][0]-c[0]), c[1] + refitCrop*(q[i][1]-c[1])}
	}
	crop := gocv.NewMat()
	defer crop.Close()
	warpTo(img, g, refitW, refitH, &crop)
	lab := gocv.NewMat()
	defer lab.Close()
	gocv.CvtColor(crop, &lab, gocv.ColorBGRToLab)
	px := pixels(lab)
	// each pixel's distance from the table
	off := make([]float64, refitW*refitH)
	for i := range off {
		off[i] = 0.5*math.Abs(float64(px[3*i])-table[0]) + math.Abs(float64(px[3*i+1])-table[1]) + math.Abs(float64(px[3*i+2])-table[2])
	}
	// the edge maps, one for each way a side may face (its outward normal
	// up, down, left, right; a side turned by at most 6° faces nearly so):
	// a pixel is on an edge when an inside pixel refitIn toward the card
	// lies minRefitStep further from the table than the outside pixel
	// refitOut away, the pair anywhere within refitSlack along the normal
	// (the card's perspective and the grid's error bend a side a little)
	edge := runningRefitEdges(off)
	// coarse, then fine about the best
	best, bx, by, bs, ba, br := 0.0, 0.0, 0.0, 1.0, 0.0, 1.0
	// score is the least share of edge pixels over the four sides of the
	// card centred at (cx, cy), s times the grid's size, turned by a
	// radians; 0 at the first side under minRefitSide, or off the crop.
	// It also stops with 0 at the first side whose share can no longer
	// pass the best so far (its edge pixels and the samples left, over
	// n): try keeps only a score over the best, so the search ends where
	// it did (TestRefitPruned).
	score := func(cx, cy, s, r, co, si float64) float64 {
		hw, hh := 70*s, 45*s*r
		sc := 1.0
		// each side: its middle's offset and its direction, in the card's
		// frame, its half length, and the way it faces
		for f, sd := range [4][5]float64{{0, -hh, 1, 0, hw}, {0, hh, 1, 0, hw}, {-hw, 0, 0, 1, hh}, {hw, 0, 0, 1, hh}} {
			mx, my := cx+co*sd[0]-si*sd[1], cy+si*sd[0]+co*sd[1]
			dx, dy := co*sd[2]-si*sd[3], si*sd[2]+co*sd[3]
			n := int((2*sd[4]-12)/4) + 1
			miss, e := int(float64(n)*(1-minRefitSide)), 0
			// the most edge pixels the side may still reach: its
			// samples (n, or one more where the loop's sums round
			// past the count) less those missed
			reach := n + 1
			for t := -sd[4] + 6; t <= sd[4]-6; t += 4 {
				x, y := int(mx+t*dx), int(my+t*dy)
				if x < 0 || y < 0 || x >= refitW || y >= refitH {
					return 0
				}
				if edge[f][y*refitW+x] {
					e++
				} else if miss--; miss < 0 {
					return 0
				} else if reach--; pruneRefit && float64(reach)/float64(n) <= best {
					return 0
				}
			}
			sc = min(sc, float64(e)/float64(n))
		}
		return sc
	}
	try := func(cx, cy, s, r, a, co, si float64) {
		if sc := score(cx, cy, s, r, co, si); sc > best {
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
				co, si := math.Cos(a*deg), math.Sin(a*deg)
				for dy := -refitReach * 90; dy <= refitReach*90; dy += 4 {
					for dx := -refitReach * 140; dx <= refitReach*140; dx += 4 {
						try(mx+dx, my+dy, s, r, a*deg, co, si)
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
				co, si := math.Cos(a), math.Sin(a)
				for dy := -3.0; dy <= 3; dy++ {
					for dx := -3.0; dx <= 3; dx++ {
						try(cx0+dx, cy0+dy, s, r, a, co, si)
					}
				}
			}
		}
	}
	if best < minRefitSide {
		return q, false
	}
	// the card found, in the crop's pixels, back into the image
	back, ok := homography([][2]float64{{0, 0}, {refitW, 0}, {refitW, refitH}, {0, refitH}}, g[:])
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

// runningRefitEdges is refitEdges as session 23 left it, kept to compare
// with (slowRefitShaped uses it): refitEdges returns refit's four edge maps over the crop's distances from
// the table (off, refitW × refitH), one for each way a side may face (its
// outward normal up, down, left, right; a side turned by at most 6° faces
// nearly so): a pixel is on an edge when an inside pixel refitIn toward
// the card lies minRefitStep further from the table than the outside pixel
// refitOut away, the pair anywhere within refitSlack along the normal (the
// card's perspective and the grid's error bend a side a little). The
// spread along the normal is a running count over each row or column, not
// a look at each of its 2·refitSlack+1 pixels (the same maps:
// TestRefitEdges).
func runningRefitEdges(off []float64) [4][]bool {
	var edge [4][]bool
	normals := [4][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}}
	base := make([]bool, refitW*refitH)
	for f, nv := range normals {
		clear(base)
		for y := refitIn + refitOut; y < refitH-refitIn-refitOut; y++ {
			for x := refitIn + refitOut; x < refitW-refitIn-refitOut; x++ {
				in := off[(y-nv[1]*refitIn)*refitW+x-nv[0]*refitIn]
				out := off[(y+nv[1]*refitOut)*refitW+x+nv[0]*refitOut]
				base[y*refitW+x] = in-out >= minRefitStep
			}
		}
		e := make([]bool, refitW*refitH)
		// step is the index's stride along the normal, lines and along
		// the count of lines and their length in the crop, across the
		// stride between lines
		step, lines, along, across := refitW, refitW, refitH, 1
		if nv[1] == 0 {
			step, lines, along, across = 1, refitH, refitW, refitW
		}
		for l := range lines {
			o := l * across
			// the valid pixels of a line: those refitSlack in from both
			// edges of the crop across the normal too
			if l < refitSlack || l >= lines-refitSlack {
				continue
			}
			n := 0
			for t := 0; t < 2*refitSlack && t < along; t++ {
				if base[o+t*step] {
					n++
				}
			}
			for t := refitSlack; t < along-refitSlack; t++ {
				if base[o+(t+refitSlack)*step] {
					n++
				}
				if n > 0 {
					e[o+t*step] = true
				}
				if base[o+(t-refitSlack)*step] {
					n--
				}
			}
		}
		edge[f] = e
	}
	return edge
}
