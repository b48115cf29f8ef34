package retail

// farSquares returns the quads sq (areas sqa, mask pixels) seen nearly
// square that overlap none of the cards found (quads, areas) and lie at
// 0.4 to 0.75 of the card's area the plane am gives where they lie, too
// small for the nearly-square pass, when the plane fitted again on the
// cards found and those quads together puts each of them at 0.75 to 1.35
// of a card's area there and the cards found at 0.75 to 1.35 in the
// median; none unless four or more are so. Rendered 300951-phone (a dark
// brown cloth, a steep view, cards jostled over each other): the plane,
// fitted on near cards and blobs of two, put its seven far cards at
// 0.21-0.45 of a card's area in the first mask's pass; fitted again with
// them, at 0.96-1.06 (10 cards found and no grid before).
func farSquares(am areaModel, quads []Quad, areas []float64, sq []Quad, sqa []float64) ([]Quad, []float64) {
	if !am.ok {
		return nil, nil
	}
	var lq []Quad
	var la []float64
	for i, q := range sq {
		if r := sqa[i] / am.at(q.centre()); r > 0.4 && r <= 0.75 && !overlaps(q, quads) && !overlaps(q, lq) {
			lq, la = append(lq, q), append(la, sqa[i])
		}
	}
	if len(lq) < 4 {
		return nil, nil
	}
	all, aa := append(append([]Quad{}, quads...), lq...), append(append([]float64{}, areas...), la...)
	sam := fitPlane(all, aa)
	if !sam.ok {
		return nil, nil
	}
	sam.med = median(aa)
	for i, q := range lq {
		if r := la[i] / sam.at(q.centre()); r < 0.75 || r > 1.35 {
			return nil, nil
		}
	}
	var rs []float64
	for i, q := range quads {
		rs = append(rs, areas[i]/sam.at(q.centre()))
	}
	if m := median(rs); m < 0.75 || m > 1.35 {
		return nil, nil
	}
	return lq, la
}
