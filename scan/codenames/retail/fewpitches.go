package retail

// fewPitches is the least number of pitches along each axis
// fitFewPitches wants, where graphCells wants minPitches.
const fewPitches = 3

// fitFewPitches fits the grid, after every other fit has failed on both
// passes' cards (cardsOnGrid), from the cards graphCells links and walks
// when only fewPitches of their pitches are measured along an axis (the
// cards' spacing, though seen between few neighbours, is their median as
// before), the links bridged across one missing card. It is kept only
// when the cards walked span exactly five columns and five rows (no
// sixth line left off, no line added), fit their cells closely (tight)
// and the grid stands alone (lattice.alone); the cards it left out are
// then put on their empty cells (placeLeft). Rendered 301316-webcam
// (light word cards on a tan cloth, 13 of 25 outlined, four pitches
// measured along the cards' long sides) and 301180-webcam (a grey cloth,
// 12 cards, three pitches along) were refused as no grid: read this way,
// their cells fit by RMS 0.024 and 0.040, 24 and 14 words read, none wrong.
func fitFewPitches(quads []Quad, cm cardMask) (lattice, error) {
	members, cell, err := graphCellsMin(quads, true, fewPitches)
	if err != nil {
		return lattice{}, err
	}
	_, lo, hi := lineCounts(members, cell, 0)
	_, lo1, hi1 := lineCounts(members, cell, 1)
	if hi-lo != 4 || hi1-lo1 != 4 {
		dbg("few pitches: the cards span %d columns, %d rows", hi-lo+1, hi1-lo1+1)
		return lattice{}, errNoGrid
	}
	lt, err := graphLattice(quads, members, cell, lo, lo1)
	if err != nil || !lt.tight(quads) {
		return lattice{}, errNoGrid
	}
	lt.placeLeft(quads)
	if !lt.alone(quads, cm) {
		dbg("few pitches: the grid does not stand alone")
		return lattice{}, errNoGrid
	}
	return lt, nil
}
