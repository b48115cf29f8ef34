package retail

import "gocv.io/x/gocv"

// plainWord reads card, where the grid put a cell that showed no outline
// of its own and hardly differs from the table, as a word card when its
// colours say so; the word stands only when its band named it sure alone
// or both copies named it (Cell.via "band" or "both"), else the cell is
// unseen.
func (r *Reader) plainWord(card gocv.Mat, k int, c *Cell, calls *int) error {
	c.Why = "unseen"
	lk := classify(card)
	if lk.kind != "word" {
		return nil
	}
	if err := r.readWord(card, lk.flip, k, c, calls); err != nil {
		return err
	}
	if c.Word == "" || (c.via != "band" && c.via != "both") {
		c.Word, c.Dist, c.Margin, c.via, c.Why = "", 0, 0, "", "unseen"
	}
	return nil
}
