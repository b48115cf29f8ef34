package photoreal

import (
	"fmt"
	"math"
	"slices"
	"sync"

	sceneretail "fieldkit/internal/scene/retail"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
)

// The retail truth's limits (see RetailLegible).
const (
	// MinCap is the least cap height of a legible word, pixels: the
	// synthetic retail scenes' limit.
	MinCap = 12
	// MinBandContrast is the least difference, in grey levels, between a
	// band's paper and its ink in the delivered frame.
	MinBandContrast = 30
	// maxHidden is the share of a cover's, the token's or a card's rays a
	// hand may block in a readable scene.
	maxHidden = 0.25
)

// RetailTruth is the truth of a rendered retail table: the synthetic
// retail scenes' truth (sceneretail.Truth, cells in the frame's order as
// the retail reader gives them) and what it was decided from.
type RetailTruth struct {
	Lang  string            `json:"lang"`
	Words []string          `json:"words"` // the grid's 25 words, table order (row 0 north, column 0 west)
	Truth sceneretail.Truth `json:"truth"`
	Why   string            `json:"why,omitempty"` // why the scene is not readable (cells in the frame's order)
	// Axis is the cards' long axis in the frame, degrees from the frame's
	// x axis (-90..90]. Near ±90 the reader's "row 0 at the top" may come
	// out either way; Cells[k].Centre lets a test line the reading up.
	Axis  float64        `json:"axis"`
	Cells [25]RetailCell `json:"cells"` // frame order, as Truth.Cells
	// PileGap is the least distance, in table millimetres, from a pile of
	// spare cards to the grid's outline (0 without piles): the reader
	// refuses a grid with a card just beyond a side.
	PileGap float64 `json:"pile_gap,omitempty"`
}

// RetailCell is what the truth knows of one cell beyond sceneretail.Cell.
type RetailCell struct {
	Centre   [2]float64 `json:"centre"`             // the word card's centre in the frame, pixels
	Cap      float64    `json:"cap_px"`             // the band's word's cap height in the frame, pixels
	Contrast float64    `json:"contrast,omitempty"` // the band's paper minus its ink, grey levels
	Why      string     `json:"why,omitempty"`      // why the word is not legible
}

// capMM is the cap height, in millimetres, of word in a word card's band:
// internal/scene/retail draws it at 6 mm, smaller when the word would not
// fit the band's 55 mm; this measures it the same way, in Go Bold at the
// textures' resolution.
func capMM(word string) (float64, error) {
	f, err := boldFont()
	if err != nil {
		return 0, err
	}
	mm := func(v float64) int { return int(math.Round(v * pxPerMM)) }
	w := int(math.Round(sceneretail.CardW * pxPerMM))
	box := (w - mm(6)) - mm(6) - 2*mm(1.5)
	size := 6.0 * pxPerMM / 0.73
	for range 20 {
		face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			return 0, err
		}
		adv := font.MeasureString(face, word)
		face.Close()
		if adv.Ceil() <= box {
			break
		}
		size *= 0.92
	}
	return size * 0.73 / pxPerMM, nil
}

var boldFont = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(gobold.TTF) })

// inFrame says whether corners lie at least 3 px inside a w x h frame.
func inFrame(c [4][2]float64, w, h int) bool {
	for _, q := range c {
		if q[0] < 3 || q[1] < 3 || q[0] > float64(w)-4 || q[1] > float64(h)-4 {
			return false
		}
	}
	return true
}

// bandContrast samples the band's text box (1.5 mm inside the band) on a
// 48 x 12 lattice of the delivered frame and returns its 75th percentile
// (paper) minus its 4th (ink).
func bandContrast(g *plane, c [4][2]float64) float64 {
	var v []float64
	for j := range 12 {
		for i := range 48 {
			u := (1.5 + 55*(float64(i)+0.5)/48) / 58
			w := (1.5 + 9*(float64(j)+0.5)/12) / 12
			x := (1-u)*(1-w)*c[0][0] + u*(1-w)*c[1][0] + u*w*c[2][0] + (1-u)*w*c[3][0]
			y := (1-u)*(1-w)*c[0][1] + u*(1-w)*c[1][1] + u*w*c[2][1] + (1-u)*w*c[3][1]
			v = append(v, g.bilinear(x, y))
		}
	}
	slices.Sort(v)
	return v[len(v)*3/4] - v[len(v)*4/100]
}

// RetailLegible decides whether the word in a band is legible in the
// delivered frame g, given the band's report (corners, rays) and the
// word's cap height in face millimetres; it returns the cap height in
// pixels, the contrast, and why not. The rule:
//   - the band's corners lie at least 3 px inside the frame;
//   - the word's cap height in the frame (capMM times the band's shorter
//     projected height over its 12 mm) is at least MinCap px;
//   - every one of the 53 rays render.py cast to the band reaches it (no
//     cover, hand or other piece over any of it);
//   - in the frame as delivered, the band's paper (75th percentile of its
//     text box) and ink (4th percentile) differ by at least MinBandContrast
//     grey levels (glare, a dim room, blur and noise lower it).
func RetailLegible(g *plane, m ReportMarker, capmm float64) (capPx, con float64, why string) {
	c := m.Corners
	h := math.Min(math.Hypot(c[3][0]-c[0][0], c[3][1]-c[0][1]), math.Hypot(c[2][0]-c[1][0], c[2][1]-c[1][1]))
	capPx = capmm * h / (Band[3][1] - Band[0][1])
	switch {
	case !inFrame(c, g.w, g.h):
		return capPx, 0, "outside the frame"
	case capPx < MinCap:
		return capPx, 0, fmt.Sprintf("cap height %.1f px, below %d", capPx, MinCap)
	case m.Blocked > 0 && m.By == "hand":
		return capPx, 0, "under a hand"
	case m.Blocked > 0:
		return capPx, 0, "under another piece"
	}
	con = bandContrast(g, c)
	if con < MinBandContrast {
		return capPx, con, fmt.Sprintf("contrast %.0f grey levels, below %d", con, MinBandContrast)
	}
	return capPx, con, ""
}

// retailTruth works the truth out from the render and the delivered frame.
func (c *Composed) retailTruth(rep *Report, g *plane) RetailTruth {
	t := RetailTruth{Lang: c.Lang, Words: c.Words, PileGap: c.pileGap}
	type gridCell struct {
		band, face *ReportMarker
		cover      string
		coverFace  *ReportMarker
		token      *ReportMarker
	}
	var cells [25]gridCell
	for k := range rep.Markers {
		m := &rep.Markers[k]
		rl := c.roles[m.Piece]
		if rl.row < 0 {
			continue
		}
		gc := &cells[rl.row*5+rl.col]
		switch {
		case rl.what == "grid" && m.ID == regionBand:
			gc.band = m
		case rl.what == "grid":
			gc.face = m
		case rl.what == "cover":
			gc.cover, gc.coverFace = rl.kind, m
		case rl.what == "token":
			gc.token = m
		}
	}
	hidden := func(m *ReportMarker) bool { return float64(m.Blocked) > maxHidden*float64(m.Rays) }
	centre := func(m *ReportMarker) [2]float64 {
		var s [2]float64
		for _, q := range m.Corners {
			s[0], s[1] = s[0]+q[0]/4, s[1]+q[1]/4
		}
		return s
	}
	// The frame's order: rows along the cards' long axis, row 0 at the
	// top, as the reader counts them (scan/codenames/retail fitLattice).
	var sx, sy float64
	for _, gc := range cells {
		q := gc.face.Corners
		a := math.Atan2(q[1][1]-q[0][1], q[1][0]-q[0][0])
		sx, sy = sx+math.Cos(2*a), sy+math.Sin(2*a)
	}
	a := math.Atan2(sy, sx) / 2
	t.Axis = a * 180 / math.Pi
	v := [2]float64{-math.Sin(a), math.Cos(a)}
	if v[1] < 0 || v[1] == 0 && v[0] < 0 {
		v = [2]float64{-v[0], -v[1]}
	}
	rowAt := func(r int) float64 {
		s := 0.0
		for col := range 5 {
			p := centre(cells[r*5+col].face)
			s += p[0]*v[0] + p[1]*v[1]
		}
		return s
	}
	t.Truth.Flipped = rowAt(0) > rowAt(4)
	var why []string
	nHidden := 0
	var caps []float64
	for k, gc := range cells {
		fk := k
		if t.Truth.Flipped {
			fk = 24 - k
		}
		cell := &t.Truth.Cells[fk]
		rc := &t.Cells[fk]
		cell.Word, cell.Cover, cell.Token = c.Words[k], gc.cover, gc.token != nil
		rc.Centre = centre(gc.face)
		if !inFrame(gc.face.Corners, g.w, g.h) {
			why = append(why, fmt.Sprintf("card %d,%d outside the frame", fk/5, fk%5))
		}
		top := gc.face
		if gc.coverFace != nil {
			top = gc.coverFace
			if hidden(gc.coverFace) {
				why = append(why, fmt.Sprintf("the cover on %d,%d hidden", fk/5, fk%5))
			}
		}
		if hidden(top) {
			nHidden++
		}
		if gc.token != nil && hidden(gc.token) {
			why = append(why, fmt.Sprintf("the token on %d,%d hidden", fk/5, fk%5))
		}
		cm, err := capMM(cell.Word)
		if err != nil {
			rc.Why = err.Error()
			continue
		}
		rc.Cap, rc.Contrast, rc.Why = RetailLegible(g, *gc.band, cm)
		caps = append(caps, rc.Cap)
		if gc.cover != "" {
			rc.Why = "covered"
		}
		cell.Legible = rc.Why == ""
	}
	if nHidden > 5 {
		why = append(why, fmt.Sprintf("hands hide %d cells", nHidden))
	}
	slices.Sort(caps)
	if len(caps) > 0 {
		t.Truth.CapPx = caps[len(caps)/2]
	}
	t.Truth.Readable = len(why) == 0
	if len(why) > 0 {
		t.Why = why[0]
		if len(why) > 1 {
			t.Why += fmt.Sprintf(" (and %d more)", len(why)-1)
		}
	}
	return t
}

// check checks a retail truth read from a file.
func (t *RetailTruth) check() error {
	if !slices.Contains(RetailLangs, t.Lang) {
		return fmt.Errorf("language %q", t.Lang)
	}
	if len(t.Words) != 25 {
		return fmt.Errorf("%d words, want 25", len(t.Words))
	}
	for k, c := range t.Truth.Cells {
		if c.Word == "" || !slices.Contains(t.Words, c.Word) {
			return fmt.Errorf("cell %d: word %q is not one of the grid's", k, c.Word)
		}
		if c.Cover != "" && !slices.Contains(sceneretail.Covers, c.Cover) {
			return fmt.Errorf("cell %d: cover %q", k, c.Cover)
		}
		if c.Legible && c.Cover != "" {
			return fmt.Errorf("cell %d: a covered word is legible", k)
		}
	}
	return nil
}
