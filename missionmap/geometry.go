package missionmap

import (
	"fmt"
	"math"
)

// The map area of a sheet is Width x Height units; mission labels are boxes of
// LabelWidth x LabelHeight units centred on the mission's position. Printing
// scales units to millimetres and must draw each label inside its box; paths are
// drawn between box centres and clipped at the boxes.
const (
	Width       = 1200
	Height      = 960
	LabelWidth  = 150
	LabelHeight = 64
	// LabelGap is the least space between two labels, and between a path and a
	// label it does not end at.
	LabelGap = 10
)

// point is a position in map units.
type point struct{ x, y int64 }

// unitPos returns a mission's position in map units.
func unitPos(ms Mission) point {
	return point{int64(math.Round(ms.X * Width)), int64(math.Round(ms.Y * Height))}
}

// fraction turns map units into the 0..1 coordinates of Mission.X and Mission.Y.
func fraction(p point) (x, y float64) {
	return float64(p.x) / Width, float64(p.y) / Height
}

// box is an axis-aligned rectangle [x0,x1] x [y0,y1] in map units.
type box struct{ x0, y0, x1, y1 int64 }

func labelBox(p point, grow int64) box {
	return box{p.x - LabelWidth/2 - grow, p.y - LabelHeight/2 - grow, p.x + LabelWidth/2 + grow, p.y + LabelHeight/2 + grow}
}

func (a box) overlaps(b box) bool {
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

func (a box) contains(p point) bool {
	return p.x >= a.x0 && p.x <= a.x1 && p.y >= a.y0 && p.y <= a.y1
}

// orient is the sign of the turn a -> b -> c: 1 left, -1 right, 0 straight.
func orient(a, b, c point) int {
	v := (b.x-a.x)*(c.y-a.y) - (b.y-a.y)*(c.x-a.x)
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// onSegment reports whether c, known to be collinear with a-b, lies on it.
func onSegment(a, b, c point) bool {
	return min(a.x, b.x) <= c.x && c.x <= max(a.x, b.x) && min(a.y, b.y) <= c.y && c.y <= max(a.y, b.y)
}

// segmentsMeet reports whether segments a-b and c-d share any point.
func segmentsMeet(a, b, c, d point) bool {
	o1, o2, o3, o4 := orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
	if o1 != o2 && o3 != o4 {
		return true
	}
	return o1 == 0 && onSegment(a, b, c) || o2 == 0 && onSegment(a, b, d) ||
		o3 == 0 && onSegment(c, d, a) || o4 == 0 && onSegment(c, d, b)
}

// pathsCross reports whether paths a-b and c-d cross. Paths that share an end
// meet only there unless they run over each other.
func pathsCross(a, b, c, d point) bool {
	if a == c || a == d || b == c || b == d {
		if a == d || b == c { // put the shared end first in both
			c, d = d, c
		}
		if a == c {
			return orient(a, b, d) == 0 && (onSegment(a, b, d) || onSegment(a, d, b))
		}
		return orient(b, a, c) == 0 && (onSegment(b, a, c) || onSegment(b, c, a))
	}
	return segmentsMeet(a, b, c, d)
}

// segmentHitsBox reports whether segment a-b touches box r.
func segmentHitsBox(a, b point, r box) bool {
	if r.contains(a) || r.contains(b) {
		return true
	}
	c := [4]point{{r.x0, r.y0}, {r.x1, r.y0}, {r.x1, r.y1}, {r.x0, r.y1}}
	for i := range c {
		if segmentsMeet(a, b, c[i], c[(i+1)%4]) {
			return true
		}
	}
	return false
}

// CheckLayout reports the first problem of the drawing: a label off the map
// area, two labels closer than LabelGap, two paths that cross, or a path that
// runs through a label it does not end at.
func (m *Map) CheckLayout() error {
	pos := map[string]point{}
	area := box{0, 0, Width, Height}
	for _, ms := range m.Missions {
		p := unitPos(ms)
		pos[ms.ID] = p
		b := labelBox(p, 0)
		if b.x0 < area.x0 || b.y0 < area.y0 || b.x1 > area.x1 || b.y1 > area.y1 {
			return fmt.Errorf("%w: the label of %s sticks out of the map area", ErrInvalidMap, ms.Name)
		}
	}
	for i, a := range m.Missions {
		for _, b := range m.Missions[i+1:] {
			if labelBox(pos[a.ID], LabelGap).overlaps(labelBox(pos[b.ID], 0)) {
				return fmt.Errorf("%w: the labels of %s and %s overlap", ErrInvalidMap, a.Name, b.Name)
			}
		}
	}
	for i, p := range m.Paths {
		a, b := pos[p[0]], pos[p[1]]
		for _, q := range m.Paths[i+1:] {
			if pathsCross(a, b, pos[q[0]], pos[q[1]]) {
				return fmt.Errorf("%w: path %s-%s crosses path %s-%s", ErrInvalidMap, p[0], p[1], q[0], q[1])
			}
		}
		for _, ms := range m.Missions {
			if ms.ID == p[0] || ms.ID == p[1] {
				continue
			}
			if segmentHitsBox(a, b, labelBox(pos[ms.ID], LabelGap/2)) {
				return fmt.Errorf("%w: path %s-%s runs through the label of %s", ErrInvalidMap, p[0], p[1], ms.Name)
			}
		}
	}
	return nil
}
