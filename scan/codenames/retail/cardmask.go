package retail

import (
	"image"
	"math"

	"gocv.io/x/gocv"
)

// cardMask is where an image differs from its table, at a smaller scale.
type cardMask struct {
	m     gocv.Mat   // 255 where not the table
	f     float64    // its scale over the image's
	table [3]float64 // the table's colour, Lab
	lab   []byte     // the image at m's scale, Lab, a Go copy (m.Cols() × m.Rows() × 3)
	small gocv.Mat   // the image at m's scale, BGR (the token's search looks at it too)
}

// Close frees the mask and the image at its scale.
func (cm cardMask) Close() {
	cm.m.Close()
	cm.small.Close()
}

// covered returns the part of q's inner four fifths that differs from the
// table.
func (cm cardMask) covered(q Quad) float64 {
	pts := cm.innerPoints(q)
	in := 0
	for _, p := range pts {
		if p.X >= 0 && p.Y >= 0 && p.X < cm.m.Cols() && p.Y < cm.m.Rows() && cm.m.GetUCharAt(p.Y, p.X) > 0 {
			in++
		}
	}
	return float64(in) / float64(len(pts))
}

// innerPoints returns the points of q's inner four fifths covered and
// offTableAt sample (9 × 5), at the mask's scale.
func (cm cardMask) innerPoints(q Quad) []image.Point {
	var pts []image.Point
	for i := 1; i < 10; i++ {
		for j := 1; j < 6; j++ {
			s, t := 0.1+0.8*float64(i)/10, 0.1+0.8*float64(j)/6
			top := [2]float64{q[0][0] + s*(q[1][0]-q[0][0]), q[0][1] + s*(q[1][1]-q[0][1])}
			bot := [2]float64{q[3][0] + s*(q[2][0]-q[3][0]), q[3][1] + s*(q[2][1]-q[3][1])}
			pts = append(pts, image.Pt(int((top[0]+t*(bot[0]-top[0]))*cm.f), int((top[1]+t*(bot[1]-top[1]))*cm.f)))
		}
	}
	return pts
}

// offTableAt is the share of q's inner four fifths (its 9 × 5 sample
// points) whose colour lies at least minOffTable from the table's, chroma
// counting double, in the image at the mask's scale: a card of a colour
// near the table's (a light grey table's beige) that the card mask missed.
func (cm cardMask) offTableAt(q Quad) float64 {
	w, h := cm.m.Cols(), cm.m.Rows()
	pts := cm.innerPoints(q)
	if len(cm.lab) != 3*w*h {
		return 0
	}
	n := 0
	for _, p := range pts {
		if p.X < 0 || p.Y < 0 || p.X >= w || p.Y >= h {
			continue
		}
		i := 3 * (p.Y*w + p.X)
		if cm.offColour(float64(cm.lab[i]), float64(cm.lab[i+1]), float64(cm.lab[i+2])) {
			n++
		}
	}
	return float64(n) / float64(len(pts))
}

// offColour reports whether the Lab colour l, a, b (at the mask's scale's
// 0-255) lies at least minOffTable from the table's, chroma counting
// double, as the card mask measures it.
func (cm cardMask) offColour(l, a, b float64) bool {
	return 0.5*math.Abs(l-cm.table[0])+math.Abs(a-cm.table[1])+math.Abs(b-cm.table[2]) >= minOffTable
}

// offTable is how far the median colour of a rectified card (BGR) lies
// from the table's, chroma counting double as in the card mask.
func (cm cardMask) offTable(card gocv.Mat) float64 {
	lab := gocv.NewMat()
	defer lab.Close()
	gocv.CvtColor(card, &lab, gocv.ColorBGRToLab)
	roi := lab.Region(innerBox)
	defer roi.Close()
	m := channelMedians(roi)
	return 0.5*math.Abs(m[0]-cm.table[0]) + math.Abs(m[1]-cm.table[1]) + math.Abs(m[2]-cm.table[2])
}

// borderMedian returns the median of each channel (a 3-channel 8-bit
// image) over a ring 3% wide along the image's edges.
func borderMedian(m gocv.Mat) [3]float64 {
	w, h := m.Cols(), m.Rows()
	b := max(2, min(w, h)*3/100)
	return medians(m, func(x, y int) bool { return x < b || x >= w-b || y < b || y >= h-b })
}

// channelMedians returns the median of each channel of a 3-channel 8-bit image.
func channelMedians(m gocv.Mat) [3]float64 {
	return medians(m, func(x, y int) bool { return true })
}

// medians returns the median of each channel of m over every second
// pixel (in both directions) where in holds.
func medians(m gocv.Mat, in func(x, y int) bool) [3]float64 {
	var hist [3][256]int
	n := 0
	px := pixels(m)
	w := m.Cols()
	for y := 0; y < m.Rows(); y += 2 {
		for x := 0; x < w; x += 2 {
			if !in(x, y) {
				continue
			}
			for c := range 3 {
				hist[c][px[(y*w+x)*3+c]]++
			}
			n++
		}
	}
	var out [3]float64
	for c := range 3 {
		acc := 0
		for v := range 256 {
			acc += hist[c][v]
			if acc*2 >= n {
				out[c] = float64(v)
				break
			}
		}
	}
	return out
}
