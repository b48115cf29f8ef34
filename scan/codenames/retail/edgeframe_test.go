package retail

import (
	"fmt"
	"testing"

	"gocv.io/x/gocv"
)

// edgeQuads returns the quads Reader.Read looks at in the edge's balance
// on frame: the cards found (weakFigureBound) and the grid's 25 cells
// (steadyLook), with each found card moved and grown, and quads partly and
// wholly off the frame, on its corners, not convex, and a point.
func edgeQuads(t testing.TB, frame gocv.Mat) (found, cells []Quad) {
	quads, short, cm := findCards(frame)
	defer cm.Close()
	if len(quads) < minCards {
		t.Fatalf("%d cards found", len(quads))
	}
	cells = append(cells, quads...)
	if lt, err := fitGrid(quads, short, cm); err == nil {
		for k := range 25 {
			cells = append(cells, lt.cellQuad(k))
		}
	}
	w, h := float64(frame.Cols()), float64(frame.Rows())
	for _, q := range quads {
		var moved, grown Quad
		c := q.centre()
		for i, p := range q {
			moved[i] = [2]float64{p[0] + 37.3, p[1] - 11.7}
			grown[i] = [2]float64{c[0] + 1.4*(p[0]-c[0]), c[1] + 1.4*(p[1]-c[1])}
		}
		cells = append(cells, moved, grown)
	}
	box := func(x0, y0, x1, y1 float64) Quad { return Quad{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}} }
	cells = append(cells,
		box(-60, 300, 90, 400), box(w-90, 500, w+60, 600), box(700, -50, 850, 40), box(900, h-40, 1050, h+50),
		box(-300, 200, -100, 330), box(w+100, 200, w+300, 330), box(500, -400, 650, -200), box(500, h+100, 650, h+300),
		box(-200, -150, -20, -30), box(w+20, h+30, w+200, h+150), box(0, 0, w, h), box(-10, -10, w+10, h+10),
		Quad{{400, 400}, {600, 600}, {600, 400}, {400, 600}},  // crossed: not convex
		Quad{{800, 300}, {1000, 310}, {850, 350}, {790, 450}}, // a corner turned in
		Quad{{640.5, 360.5}, {640.5, 360.5}, {640.5, 360.5}, {640.5, 360.5}})
	return quads, cells
}

// TestEdgeFrame compares the edge's balance made only where asked
// (edgeFrame) with the whole frame balanced (balanced), byte for byte: the
// rectified card of every quad of edgeQuads on the regression set's webcam
// frame, each asked of a fresh edgeFrame and all in turn of one (as
// Reader.Read asks), and weakFigureBound over the cards found, at gains
// that lower, raise and saturate a channel.
func TestEdgeFrame(t *testing.T) {
	frame := openWebcamFrame(t)
	found, cells := edgeQuads(t, frame)
	want, got := gocv.NewMat(), gocv.NewMat()
	defer want.Close()
	defer got.Close()
	for _, g := range [][2]float64{{1.13, 0.93}, {0.78, 1.21}, {2.5, 0.4}} {
		t.Run(fmt.Sprintf("%.2f %.2f", g[0], g[1]), func(t *testing.T) {
			whole := balanced(frame, g[0], g[1])
			defer whole.Close()
			shared := newEdgeFrame(frame, g[0], g[1])
			defer shared.Close()
			if a, b := weakFigureBound(shared.overBoxes(found...), found), weakFigureBound(whole, found); a != b {
				t.Errorf("weakFigureBound = %v, want %v", a, b)
			}
			for j, q := range cells {
				rectify(whole, q, &want)
				fresh := newEdgeFrame(frame, g[0], g[1])
				for way, e := range []*edgeFrame{fresh, shared} {
					rectify(e.over(q), q, &got)
					wp, gp := pixels(want), pixels(got)
					bad := 0
					for i := range wp {
						if gp[i] != wp[i] {
							bad++
						}
					}
					if bad > 0 {
						t.Errorf("quad %d %v (%s edgeFrame): %d bytes of the card differ", j, q, []string{"fresh", "shared"}[way], bad)
					}
				}
				fresh.Close()
			}
		})
	}
}

// BenchmarkEdgeFrame makes, on the regression set's 1080p webcam frame,
// what Reader.Read asks of the edge's balance both ways in turns within
// each op (which goes first alternates from op to op): the frame balanced
// whole (balanced) or only where asked (edgeFrame), then weakFigureBound
// over the cards found and the 25 cells' cards rectified. new-ms and
// old-ms are the process's CPU time an op each way, new/old their ratio.
// Run on one core:
//
//	OMP_THREAD_LIMIT=1 go test ./scan/codenames/retail -run XX -bench EdgeFrame -cpu 1 -benchtime 20x
func BenchmarkEdgeFrame(b *testing.B) {
	frame := openWebcamFrame(b)
	found, all := edgeQuads(b, frame)
	cells := all[len(found) : len(found)+25]
	card := gocv.NewMat()
	defer card.Close()
	old := func() {
		e := balanced(frame, 1.13, 0.93)
		defer e.Close()
		weakFigureBound(e, found)
		for _, q := range cells {
			rectify(e, q, &card)
		}
	}
	cut := func() {
		e := newEdgeFrame(frame, 1.13, 0.93)
		defer e.Close()
		weakFigureBound(e.overBoxes(found...), found)
		for _, q := range cells {
			rectify(e.over(q), q, &card)
		}
	}
	inTurns(b, old, cut)
}
