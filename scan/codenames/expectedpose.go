package codenames

import "math"

// The expected look's pose search (expected.go): where in the canonical
// patch around a spot a marker's black border stands out best.

// pose is a marker's place in the canonical patch: its centre's shift in
// modules, its turn in radians and its scale.
type pose struct {
	dx, dy, turn, scale float64
	sin, cos            float64 // of turn, times scale
}

func newPose(dx, dy, turn, scale float64) pose {
	s, c := math.Sincos(turn)
	return pose{dx, dy, turn, scale, s * scale, c * scale}
}

// at returns the canonical point, in modules from the spot's centre, of
// the marker's module (i, j), 0..6 across its border (-1 and 7: the paper
// around it).
func (p pose) at(i, j float64) (float64, float64) {
	x, y := i-3, j-3
	return p.dx + p.cos*x - p.sin*y, p.dy + p.sin*x + p.cos*y
}

// ring returns the mean grey levels of the border's 24 modules and of the
// paper ring's 32 around it, in a fixed order, into border and paper.
func (cv *canonical) ring(p pose, border, paper []float64) {
	nb, np := 0, 0
	for j := -1; j <= 7; j++ {
		for i := -1; i <= 7; i++ {
			onPaper := i == -1 || i == 7 || j == -1 || j == 7
			onBorder := !onPaper && (i == 0 || i == 6 || j == 0 || j == 6)
			if !onPaper && !onBorder {
				continue
			}
			u, v := p.at(float64(i), float64(j))
			g := cv.module(u, v)
			if onBorder {
				border[nb] = g
				nb++
			} else {
				paper[np] = g
				np++
			}
		}
	}
}

// borderPairs are the border's modules and the paper's beside them, side by
// side: (i, j) of a border module and (oi, oj) of the paper module beyond
// it, seven a side, the four sides in turn (each corner module twice).
var borderPairs = func() (out [28][4]float64) {
	for side := range 4 {
		for k := range 7 {
			f := float64(k)
			var q [4]float64
			switch side {
			case 0:
				q = [4]float64{f, 0, f, -1}
			case 1:
				q = [4]float64{6, f, 7, f}
			case 2:
				q = [4]float64{f, 6, f, 7}
			default:
				q = [4]float64{0, f, -1, f}
			}
			out[side*7+k] = q
		}
	}
	return out
}()

// borderScore is how well pose p puts a black border in paper: the paper
// ring's mean less the border's, side by side (each side of the border
// against the paper beyond it), summed over the four sides.
func (cv *canonical) borderScore(p pose) float64 {
	score := 0.0
	for side := range 4 {
		in, out := 0.0, 0.0
		for _, q := range borderPairs[side*7 : side*7+7] {
			u, v := p.at(q[0], q[1])
			in += cv.module(u, v)
			u, v = p.at(q[2], q[3])
			out += cv.module(u, v)
		}
		score += (out - in) / 7
	}
	return score
}

// shiftScores gives better the border score (borderScore) of p's turn and
// scale at every whole-module shift of up to expectMargin each way, rows
// of shifts in turn. A shift of whole modules moves every module's box by
// whole pixels (expectPx), so each score is 56 box sums read, not 56
// places turned and rounded: the search's coarse pass is about ten times
// cheaper. It gives nothing and returns false when a box would leave the
// patch at some shift (the caller scores those poses one by one).
func (cv *canonical) shiftScores(p pose, better func(pose, float64)) bool {
	m := cv.n - moduleBox + 1
	margin := int(expectMargin)
	reach := margin * expectPx
	r := expectPx / 4.0
	index := func(i, j float64) (int, bool) {
		u, v := p.at(i, j)
		x0 := int(math.Floor((u+cv.half)*expectPx - r + 0.5))
		y0 := int(math.Floor((v+cv.half)*expectPx - r + 0.5))
		if x0-reach < 0 || y0-reach < 0 || x0+reach >= m || y0+reach >= m {
			return 0, false
		}
		return y0*m + x0, true
	}
	var in, out [len(borderPairs)]int
	for k, q := range borderPairs {
		var ok1, ok2 bool
		in[k], ok1 = index(q[0], q[1])
		out[k], ok2 = index(q[2], q[3])
		if !ok1 || !ok2 {
			return false
		}
	}
	for dy := -margin; dy <= margin; dy++ {
		for dx := -margin; dx <= margin; dx++ {
			d := (dy*m + dx) * expectPx
			s := 0.0
			for k := range in {
				s += cv.box[out[k]+d] - cv.box[in[k]+d]
			}
			q := p
			q.dx, q.dy = float64(dx), float64(dy)
			better(q, s/(7*moduleBox*moduleBox))
		}
	}
	return true
}

// bestPose searches shifts, turns and scales around the predicted place for
// the pose whose border stands out best.
func (cv *canonical) bestPose() (pose, float64) {
	best, bestScore := newPose(0, 0, 0, 1), math.Inf(-1)
	better := func(p pose, s float64) {
		if s > bestScore {
			best, bestScore = p, s
		}
	}
	try := func(p pose) { better(p, cv.borderScore(p)) }
	deg := math.Pi / 180
	for turn := -expectMaxTurn; turn <= expectMaxTurn; turn += expectMaxTurn / 4 {
		for _, sc := range []float64{0.9, 1, 1.1} {
			if cv.shiftScores(newPose(0, 0, turn*deg, sc), better) {
				continue
			}
			for dy := -expectMargin; dy <= expectMargin; dy++ {
				for dx := -expectMargin; dx <= expectMargin; dx++ {
					try(newPose(dx, dy, turn*deg, sc))
				}
			}
		}
	}
	climb(&best, try)
	return best, bestScore
}

// climb refines *best, which try updates when it finds a better pose: to
// the best neighbour, in finer and finer steps.
func climb(best *pose, try func(pose)) {
	deg := math.Pi / 180
	for _, step := range []float64{0.5, 0.25, 0.125} {
		for range 6 {
			c := *best
			for dt := -1.0; dt <= 1; dt++ {
				for ds := -1.0; ds <= 1; ds++ {
					for dy := -1.0; dy <= 1; dy++ {
						for dx := -1.0; dx <= 1; dx++ {
							try(newPose(c.dx+dx*step, c.dy+dy*step, c.turn+dt*step*4*deg, c.scale*(1+ds*step*0.1)))
						}
					}
				}
			}
			if *best == c {
				break
			}
		}
	}
}
