package photoreal

import "math"

// desk stacks pieces: a piece lies on the highest piece its footprint
// overlaps.
type desk struct {
	feet [][][2]float64
	tops []float64
}

// footprint returns a piece's outline on the table, in table millimetres.
func footprint(p Piece) [][2]float64 {
	c, s := math.Cos(p.Angle), math.Sin(p.Angle)
	var out [][2]float64
	at := func(u, v float64) { out = append(out, [2]float64{p.X + c*u - s*v, p.Y + s*u + c*v}) }
	switch p.Shape {
	case "round":
		for k := range 16 {
			a := 2 * math.Pi * float64(k) / 16
			at(p.W/2*math.Cos(a), p.W/2*math.Sin(a))
		}
	case "tent":
		// The folded standee stands on a strip of half its flat height.
		d := p.H / 2 * math.Cos(p.Lean*math.Pi/180)
		at(-p.W/2, -d)
		at(p.W/2, -d)
		at(p.W/2, d)
		at(-p.W/2, d)
	default:
		at(-p.W/2, -p.H/2)
		at(p.W/2, -p.H/2)
		at(p.W/2, p.H/2)
		at(-p.W/2, p.H/2)
	}
	return out
}

// put sets p.Z to rest on what lies under it and records it.
func (d *desk) put(p *Piece) {
	f := footprint(*p)
	z := 0.0
	for i, g := range d.feet {
		if convexOverlap(f, g) {
			z = math.Max(z, d.tops[i]+0.02)
		}
	}
	p.Z = z
	top := z + p.Thick + math.Abs(p.Bend)
	if p.Shape == "tent" {
		top = z + p.H/2*math.Sin(p.Lean*math.Pi/180) + p.Thick
	}
	d.feet = append(d.feet, f)
	d.tops = append(d.tops, top)
}

// free says whether p's footprint, grown by m mm, touches nothing yet.
func (d *desk) free(p Piece, m float64) bool {
	q := p
	q.W += 2 * m
	q.H += 2 * m
	f := footprint(q)
	for _, g := range d.feet {
		if convexOverlap(f, g) {
			return false
		}
	}
	return true
}

// convexOverlap says whether two convex polygons overlap (separating axes).
func convexOverlap(a, b [][2]float64) bool {
	for _, poly := range [2][][2]float64{a, b} {
		for i := range poly {
			j := (i + 1) % len(poly)
			nx, ny := poly[j][1]-poly[i][1], poly[i][0]-poly[j][0]
			amin, amax := project(a, nx, ny)
			bmin, bmax := project(b, nx, ny)
			if amax <= bmin || bmax <= amin {
				return false
			}
		}
	}
	return true
}

func project(p [][2]float64, nx, ny float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, q := range p {
		v := q[0]*nx + q[1]*ny
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	return lo, hi
}
