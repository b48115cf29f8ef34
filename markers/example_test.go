package markers_test

import (
	"fmt"

	"fieldkit/markers"
)

func ExampleCells() {
	cells, err := markers.Cells(0)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, row := range cells {
		for _, white := range row {
			if white {
				fmt.Print("..")
			} else {
				fmt.Print("##")
			}
		}
		fmt.Println()
	}
	_, err = markers.Cells(markers.Count)
	fmt.Println(err)
	// Output:
	// ##############
	// ##..##..######
	// ####..##....##
	// ####....######
	// ##..##..##..##
	// ##......######
	// ##############
	// markers: id outside DICT_5X5_1000: 1000 is not in 0..999
}
