package printgen

import "fieldkit/markers"

// markerCells returns marker id's 7x7 grid, black border included, true for white.
func markerCells(id int) ([markers.GridCells][markers.GridCells]bool, error) {
	return markers.Cells(id)
}
