package codenames

import (
	"image"
	"sort"

	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// A token on a card whose both markers were read: the halved first pass can
// miss a dim timer token in a phone photo (its window is narrow for a
// marker of 70-80 px in little light), and no undecoded square may be left
// there to look at again; the card is read whole, so the cell is neither
// empty nor half-seen. Wide seed 538 (a 12 MP photo at a third of full
// light) read its timer or not depending on the sensor noise's draw (1 of
// 24 draws missed it). What the image shows is the card's middle, where
// tokens lie: a marker's black modules give its dark end (the 10th
// percentile of brightness) far below the other cards' paper (2 grey
// levels against 38-48 there). Such a cell gets the half-seen cells' look
// (halfSeenFor); a hand's shadow there only costs a look.

// darkMiddle is how dark, as a share of the median over the read cards, a
// card's middle's dark end must be for its cell to be looked at again.
const darkMiddle = 0.6

// darkMiddleCells returns the regions of a phone photo's cells whose card
// the first pass read by two markers, with no cover, timer or guess token
// read on the cell, and whose middle's dark end is under darkMiddle of the median over
// such cards (at least minGridPieces of them). ms are the first pass's
// markers; img is the frame (gray frames and webcam frames get none).
func (o *Observation) darkMiddleCells(img gocv.Mat, ms []scan.Marker) []image.Rectangle {
	w, h := img.Cols(), img.Rows()
	if min(w, h) <= webcamSide || !o.OK {
		return nil
	}
	t := newTableImage(img)
	if t == nil {
		return nil
	}
	seen := map[int]int{}
	for _, m := range ms {
		seen[m.ID]++
	}
	guess := map[Position]bool{} // a guess token read there darkens the middle
	for _, p := range o.Tokens {
		guess[p] = true
	}
	type mid struct {
		r, c int
		lo   float64 // the middle's dark end
	}
	var mids []mid
	for r := range 5 {
		for c := range 5 {
			cell := o.Cells[r][c]
			if cell.Card < 0 || cell.Cover != NotInDeck || cell.Timers > 0 || guess[Position{r, c}] || seen[cell.Card] < 2 {
				continue
			}
			if s := t.patch(o.toImage, float64(c), float64(r)); s.ok {
				mids = append(mids, mid{r, c, s.lo})
			}
		}
	}
	if len(mids) < minGridPieces {
		return nil
	}
	los := make([]float64, len(mids))
	for i, m := range mids {
		los[i] = m.lo
	}
	sort.Float64s(los)
	paper := los[len(los)/2]
	var out []image.Rectangle
	for _, m := range mids {
		if m.lo < darkMiddle*paper {
			if rect, ok := o.cellRect(m.r, m.c, cellMargin, w, h); ok {
				out = append(out, rect)
			}
		}
	}
	return out
}
