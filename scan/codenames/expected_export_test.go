package codenames

import (
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// ExpectedDecoys runs the expected look's reading (readSpot: the border,
// paper and exact-code rules, without the check that the id is one the spot
// can hold) on spots all over and around a read grid: every point of the
// grid's half-cell lattice from one cell beyond it to one cell beyond it, each
// with a word marker's two places and a cover's. It returns how many spots
// it looked at and what it decoded there, for tests to hold against the
// truth.
func (o *Observation) ExpectedDecoys(img gocv.Mat, d Deck) (looked int, got []scan.Marker) {
	if !o.OK {
		return 0, nil
	}
	sc, ok := o.markerScale(o.Markers, d)
	if !ok {
		return 0, nil
	}
	px, ok := newGreyPixels(img)
	if !ok {
		return 0, nil
	}
	ax, ay := scan.Point{X: sc.sx / 7}, scan.Point{Y: sc.sy / 7}
	long := scan.Point{X: sc.off}
	if !sc.alongX {
		long = scan.Point{Y: sc.off}
	}
	grow := 16.0 / 11
	for y := -1.0; y <= 5; y += 0.5 {
		for x := -1.0; x <= 5; x += 0.5 {
			mid := scan.Point{X: x, Y: y}
			for _, sp := range []expectedSpot{
				{c: mid.Add(long), ax: ax, ay: ay},
				{c: mid.Sub(long), ax: ax, ay: ay},
				{c: mid, ax: ax.Scale(grow), ay: ay.Scale(grow), cover: true},
			} {
				if _, _, ok := newCanonical(px, o.toImage, sp); !ok {
					continue
				}
				looked++
				if m, ok := readSpot(px, o.toImage, sp); ok {
					got = append(got, m)
				}
			}
		}
	}
	return looked, got
}
