package retail

// tintedOverPale picks the side of a short grid (fitGraphShortOn) its
// fifth line lies on when both sides' cells hold something and the
// outlines and tints fitGraphShortOn weighs first leave it undecided
// (fits[side], cards[side]: that side's lattice and how many of its
// added line's cells hold a card outlined or found). The grid's own end
// line beside the other side must have all five cells tinted
// (tintedMiddle): this cloth shows the grid's cards in chroma, so a line
// of them beyond that end would be tinted too, save a cell under a hand;
// a light's pool on the cloth (off its colour in lightness alone) or a
// pile of spares covers a cell or two. The line is then put on side s
// when all five of its cells lie in the card mask and
//   - all five are tinted and at most three of the other side's, or
//   - four are tinted (a dark cover is not) and none of the other side's
//     cells is tinted or in the card mask (a light's pool, off the
//     table's colour in lightness alone),
//
// at most one of the other side's cells in the card mask and one card
// outlined on them (a spare's: the other side shows cloth, off the table's
// colour in lightness alone, not things; a patch of a card's colour there,
// TestGraphShortTinted's, leaves the grid refused); the fit must still be
// tight, as fitGraphShortOn asks after. Rendered 301188-webcam (a grey
// cloth under a drawn lamp, a hand over the far row, the lamp's pool
// beyond the near row: tinted 4 and 0, in the mask 5 and 0, held 5 and 2)
// was refused as rendered and under blur and dark; 301149-phone under dark
// (tinted 5 and 1, in the mask 5 and 0), 301170-webcam under warm (5 and
// 2, 5 and 0), 301198-webcam and 301116-webcam under dark (5 and 1) too.
// 301224-webcam (a blue cloth under a drawn lamp, its far row's covers and
// word cards outlined as pairs or not at all, a spare and a pile a row
// beyond the near row: tinted 5 and 3, but two of the pile's side's cells
// in the mask) stays refused.
func tintedOverPale(fits [2]lattice, cards [2]int, short int, cm cardMask) (int, bool) {
	var tinted, masked, edge [2]int
	for side := range 2 {
		added := 4 * (1 - side)
		end := 3 - 2*side // the grid's own end line beside the added one
		for i := range 5 {
			q := fits[side].cellQuad(lineCell(short, added, i))
			if cm.tintedMiddle(q) {
				tinted[side]++
			}
			if cm.covered(q.scaled(0.5)) >= 0.9 {
				masked[side]++
			}
			if cm.tintedMiddle(fits[side].cellQuad(lineCell(short, end, i))) {
				edge[side]++
			}
		}
	}
	dbg("graph short: tinted %v, in the mask %v, the grid's end line beside each tinted %v", tinted, masked, edge)
	for s := range 2 {
		o := 1 - s
		if masked[s] < 5 || edge[o] < 5 || cards[o] > 1 || masked[o] > 1 {
			continue
		}
		if tinted[s] == 5 && tinted[o] <= 3 || tinted[s] == 4 && tinted[o] == 0 && masked[o] == 0 {
			return s, true
		}
	}
	return 0, false
}
