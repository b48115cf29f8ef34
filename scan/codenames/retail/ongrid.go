package retail

import "gocv.io/x/gocv"

// gridRefusal is why the cards found make no grid the reader reads, or
// onGrid.
type gridRefusal int

const (
	onGrid gridRefusal = iota
	tooFew             // fewer than minCards cards
	noGrid             // the cards lie on no grid (fitGrid)
	goesOn             // the grid goes on beyond five lines (lattice.alone)
)

// clothBelow is the cards found below which the cloth pass is asked, as
// the chroma and frame passes are (findCardsBy).
const clothBelow = 20

// gridFor fits the grid of quads, or says why there is none.
func gridFor(quads []Quad, short float64, cm cardMask) (lattice, gridRefusal) {
	if len(quads) < minCards {
		return lattice{}, tooFew
	}
	lt, err := fitGrid(quads, short, cm)
	if err != nil {
		return lt, noGrid
	}
	if !lt.alone(quads, cm) {
		return lt, goesOn
	}
	return lt, onGrid
}

// cardsOnGrid finds the cards in img and fits their grid. The cloth pass
// (clothCards, cloth.go) is asked only of a frame refused without it: it
// costs about three times the other passes (BenchmarkClothCards), and on
// the tuning sets its cards mend refused frames (heldout25's 301027-phone,
// lamp26's 301217-phone) but, asked of every frame with fewer than 20
// cards, also turned two grids read before into refusals (300960-webcam
// under noise, 300979-phone under cool: a sixth line found). A frame it
// leaves refused keeps the first refusal and cards; refused as no grid,
// those cards are last fitted by the grid of few pitches (fitFewPitches).
// The caller closes the mask.
func cardsOnGrid(img gocv.Mat) ([]Quad, float64, cardMask, lattice, gridRefusal) {
	quads, short, cm, lt, why := cardsOnGridBy(img)
	if why != noGrid {
		return quads, short, cm, lt, why
	}
	// the grid of few pitches, asked last of the cards kept (fewpitches.go)
	if lt2, err := fitFewPitches(quads, cm); err == nil {
		return quads, short, cm, lt2, onGrid
	}
	return quads, short, cm, lt, why
}

// cardsOnGridBy is cardsOnGrid without the grid of few pitches: the grid
// of the first pass's cards, else of the cloth pass's.
func cardsOnGridBy(img gocv.Mat) ([]Quad, float64, cardMask, lattice, gridRefusal) {
	quads, short, cm := findCardsBy(img, false)
	lt, why := gridFor(quads, short, cm)
	if why == onGrid || len(quads) >= clothBelow {
		return quads, short, cm, lt, why
	}
	q2, short2, cm2 := findCardsBy(img, true)
	if len(q2) == len(quads) {
		cm2.Close()
		return quads, short, cm, lt, why
	}
	lt2, why2 := gridFor(q2, short2, cm2)
	if why2 != onGrid {
		cm2.Close()
		return quads, short, cm, lt, why
	}
	cm.Close()
	return q2, short2, cm2, lt2, onGrid
}
