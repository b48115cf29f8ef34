package printgen

import "fmt"

// TEMPORARY until package markers lands on main: a stand-in bit pattern so the
// layout can be drawn. Replaced by markers.Cells before this branch is done.
func markerCells(id int) ([7][7]bool, error) {
	var c [7][7]bool
	if id < 0 || id >= 1000 {
		return c, fmt.Errorf("marker id %d outside 0..999", id)
	}
	for r := 1; r < 6; r++ {
		for col := 1; col < 6; col++ {
			c[r][col] = (id>>uint((r*5+col)%10))&1 == 1
		}
	}
	return c, nil
}
