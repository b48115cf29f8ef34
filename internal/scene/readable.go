package scene

import (
	"fieldkit/deck"
	"fieldkit/markers"
)

// GridReadable is the truth's rule of a readable grid, for every source of
// scenes (the synthetic scenes here, the rendered ones of
// internal/photoreal): "" when a person could read the grid, else why not.
// pieces are the pieces lying on the grid as laid (their cell, id, and
// whether any of their markers and all of them are legible); cells are the
// view's cells (their legibility). Only word cards and covers count.
func GridReadable(d *deck.Deck, pieces []GridPiece, cells [5][5]CellTruth) string {
	seen, whole := 0, 0
	var rows, cols [5]bool
	for _, pc := range pieces {
		kind, _ := d.Kind(pc.ID)
		if !pc.Legible || !(kind == markers.Word || isCover(kind)) {
			continue
		}
		if pc.Whole {
			whole++
		}
		rows[pc.Row], cols[pc.Col] = true, true
	}
	var edges [4]int // legible cells on the first and last row and column
	for r := range 5 {
		for c := range 5 {
			if cl := cells[r][c]; cl.CardLegible || cl.CoverLegible {
				seen++
				for i, on := range [4]bool{r == 0, r == 4, c == 0, c == 4} {
					if on {
						edges[i]++
					}
				}
			}
		}
	}
	all := func(b [5]bool) bool { return b[0] && b[1] && b[2] && b[3] && b[4] }
	switch {
	case seen < 12:
		return "fewer than 12 cells show a legible card or cover"
	case whole < 6:
		return "fewer than 6 cards or covers are legible whole"
	case !all(rows) || !all(cols):
		return "a row or column of the grid shows nothing legible"
	case min(edges[0], edges[1], edges[2], edges[3]) < 2:
		return "an edge line of the grid shows one legible card or cover"
	}
	return ""
}

// CoverSet returns the cover card ids of a game, Duet's or the classic
// one's (with one of the two double agents), in random order.
func CoverSet(duet bool, rng interface {
	Intn(n int) int
	Shuffle(n int, swap func(i, j int))
}) []int {
	var ids []int
	if duet {
		for i := range markers.DuetAgents {
			ids = append(ids, markers.DuetAgentBase+i)
		}
		ids = append(ids, markers.DuetAssassinID)
	} else {
		for i := range markers.ClassicAgents {
			ids = append(ids, markers.RedBase+i, markers.BlueBase+i)
		}
		for i := range markers.Bystanders {
			ids = append(ids, markers.BystanderBase+i)
		}
		ids = append(ids, markers.DoubleRedID+rng.Intn(2), markers.ClassicAssassinID)
	}
	rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	return ids
}
