package photoreal

import (
	"math"
	"strings"
	"testing"

	sceneretail "fieldkit/internal/scene/retail"
)

// TestCapMM: the cap height the truth assumes is the one the word card is
// drawn with, measured as the band's ink rows on the drawn face (words of
// capitals without accents or descenders), for a short word drawn at 6 mm
// and for long words the drawing shrinks to fit the band.
func TestCapMM(t *testing.T) {
	for _, tc := range []struct {
		word   string
		shrunk bool
	}{
		{"LUK", false},
		{"HELIKOPTER", false}, // fits at 6 mm; its O overshoots the cap line a little,
		{"ABCDEFGHIKLMNOPRSTUVWXYZ", true},
	} {
		got, err := capMM(tc.word)
		if err != nil {
			t.Fatal(err)
		}
		face, err := sceneretail.WordFace(tc.word, pxPerMM)
		if err != nil {
			t.Fatal(err)
		}
		// the band's rows (face mm 27-39) that hold ink
		y0, y1 := int(Band[0][1]*pxPerMM)+2, int(Band[2][1]*pxPerMM)-2
		x0, x1 := int(Band[0][0]*pxPerMM)+2, int(Band[1][0]*pxPerMM)-2
		top, bottom := -1, -1
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				if face.RGBAAt(x, y).R < 100 {
					if top < 0 {
						top = y
					}
					bottom = y
					break
				}
			}
		}
		ink := float64(bottom-top+1) / pxPerMM
		if math.Abs(ink-got) > 0.3 {
			t.Errorf("%s: capMM %.2f mm, the drawn letters %.2f mm tall", tc.word, got, ink)
		}
		if (got < 5.99) != tc.shrunk {
			t.Errorf("%s: capMM %.2f mm, shrunk %v, want %v", tc.word, got, got < 5.99, tc.shrunk)
		}
	}
}

// fakeReport projects every region of c's pieces into a w x h frame as a
// camera straight above the table would: scale px/mm, the table turned by
// turn radians in the frame, the grid's middle at the frame's; no ray
// blocked.
func fakeReport(c *Composed, scale, turn float64, w, h int) *Report {
	var rep Report
	for i, p := range c.Spec.Pieces {
		co, si := math.Cos(p.Angle), math.Sin(p.Angle)
		for _, m := range p.Markers {
			rm := ReportMarker{Piece: i, ID: m.ID, Rays: 53}
			for j, q := range m.Corners {
				lu, lv := q[0]-p.W/2, q[1]-p.H/2
				x, y := p.X+co*lu-si*lv, p.Y+si*lu+co*lv
				rm.Corners[j] = [2]float64{float64(w)/2 + scale*(math.Cos(turn)*x-math.Sin(turn)*y),
					float64(h)/2 + scale*(math.Sin(turn)*x+math.Cos(turn)*y)}
			}
			rep.Markers = append(rep.Markers, rm)
		}
	}
	return &rep
}

// textured is a w x h frame whose every region has contrast (a repeating
// ramp of grey levels).
func textured(w, h int) *plane {
	g := newPlane(w, h)
	for y := range h {
		for x := range w {
			g.p[y*w+x] = float32((x*7 + y*13) % 256)
		}
	}
	return g
}

// TestRetailTruth: the truth's cells come in the reader's order (row 0 at
// the frame's top, turned with the table), covered words are never
// legible, and the cap height, the rays and the contrast decide the rest.
func TestRetailTruth(t *testing.T) {
	rf, err := NewRetailFaces(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	c, err := ComposeRetail(rf, 4, Webcam)
	if err != nil {
		t.Fatal(err)
	}
	const w, h = 1920, 1080
	if len(c.Words) != 25 || c.Lang != "pt" {
		t.Fatalf("%d words in %q, want 25 in pt (seed 4)", len(c.Words), c.Lang)
	}
	covered := 0
	for _, rl := range c.roles {
		if rl.what == "cover" {
			covered++
		}
	}
	for _, tc := range []struct {
		name    string
		scale   float64
		turn    float64 // degrees
		flipped bool
		block   bool   // a hand over the band of table cell 0,0
		flat    bool   // a frame without contrast
		why     string // why an uncovered word is not legible, "" for legible
	}{
		{name: "from seat A's side", scale: 3, turn: 0},
		{name: "turned a little", scale: 2.5, turn: 15},
		{name: "from the far side", scale: 3, turn: 180, flipped: true},
		{name: "far side, turned", scale: 3, turn: -165, flipped: true},
		{name: "too small", scale: 1.6, why: "cap height"},
		{name: "a hand", scale: 3, block: true},
		{name: "washed out", scale: 3, flat: true, why: "contrast"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep := fakeReport(c, tc.scale, tc.turn*math.Pi/180, w, h)
			if tc.block {
				for i := range rep.Markers {
					m := &rep.Markers[i]
					if rl := c.roles[m.Piece]; rl.what == "grid" && rl.row == 0 && rl.col == 0 && m.ID == regionBand {
						m.Blocked, m.By = 3, "hand"
					}
				}
			}
			g := textured(w, h)
			if tc.flat {
				g = newPlane(w, h)
			}
			rt := c.retailTruth(rep, g)
			if rt.Truth.Flipped != tc.flipped {
				t.Errorf("flipped %v, want %v (axis %.0f)", rt.Truth.Flipped, tc.flipped, rt.Axis)
			}
			if !rt.Truth.Readable {
				t.Errorf("not readable: %s", rt.Why)
			}
			nc := 0
			for k, cell := range rt.Truth.Cells {
				tk := k
				if tc.flipped {
					tk = 24 - k
				}
				if cell.Word != c.Words[tk] {
					t.Fatalf("cell %d: %q, want table cell %d's %q", k, cell.Word, tk, c.Words[tk])
				}
				why := rt.Cells[k].Why
				switch {
				case cell.Cover != "":
					nc++
					if cell.Legible || why != "covered" {
						t.Errorf("cell %d: covered by %s, legible %v (%s)", k, cell.Cover, cell.Legible, why)
					}
				case tc.block && tk == 0:
					if cell.Legible || why != "under a hand" {
						t.Errorf("cell %d: under a hand, legible %v (%s)", k, cell.Legible, why)
					}
				case tc.why == "" && !cell.Legible:
					t.Errorf("cell %d (%s): not legible: %s", k, cell.Word, why)
				case tc.why != "" && (cell.Legible || !strings.HasPrefix(why, tc.why)):
					t.Errorf("cell %d (%s): legible %v (%s), want not for %s", k, cell.Word, cell.Legible, why, tc.why)
				}
			}
			if nc != covered {
				t.Errorf("%d cells covered, want %d", nc, covered)
			}
			// The cells' centres run left to right along row 0.
			if a, b := rt.Cells[0].Centre, rt.Cells[4].Centre; tc.turn == 0 && (b[0] <= a[0] || math.Abs(b[1]-a[1]) > 20) {
				t.Errorf("row 0 from %v to %v", a, b)
			}
		})
	}
}
