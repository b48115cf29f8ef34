// Package markers holds the fiducial markers fieldkit prints on its cards: OpenCV's
// aruco dictionary DICT_5X5_1000 as data, in pure Go, with a crisp raster drawing.
//
// A marker is a 7x7 grid of square cells: a black border one cell wide around
// 5x5 data cells. Package scan finds these markers with OpenCV; its tests check
// that this table equals OpenCV's for every id, so the two cannot drift apart.
//
// Around the black border a printed marker needs a white quiet zone of
// QuietZone (one) cell on every side: OpenCV's detector finds a marker as a dark
// square outlined against light paper, and one cell is what it needs. Package
// scan's TestQuietZone measured why it must be a whole cell: with no white, on a
// dark table, no marker is found; with a thinner white frame whose outer edge is
// itself a square around the marker (a card cut close, a printed frame line),
// none is found either, because OpenCV drops one of two square outlines whose
// corners lie within 5% of the marker's perimeter (1.4 cells) of each other, and
// keeps the wrong one. On a card much larger than its marker a quarter cell
// sufficed, but print the full cell, and draw no square outline closer than
// about 1.5 cells around a marker.
package markers

//go:generate go run fieldkit/internal/gendict -o dict5x5_1000.go

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
)

const (
	// Count is the number of markers in DICT_5X5_1000; ids run from 0 to Count-1.
	Count = 1000
	// DataCells is the number of data cells along a marker's side.
	DataCells = 5
	// GridCells is the number of cells along a marker's side, black border included.
	GridCells = DataCells + 2
	// QuietZone is the width, in cells, of the white margin a marker needs on
	// every side of its black border for OpenCV's detector to find it.
	QuietZone = 1
)

// ErrID reports a marker id outside 0..Count-1.
var ErrID = errors.New("markers: id outside DICT_5X5_1000")

func checkID(id int) error {
	if id < 0 || id >= Count {
		return fmt.Errorf("%w: %d is not in 0..%d", ErrID, id, Count-1)
	}
	return nil
}

// Bits returns the 5x5 data cells of marker id, row by row from the top-left,
// true for white.
func Bits(id int) ([DataCells][DataCells]bool, error) {
	var bits [DataCells][DataCells]bool
	if err := checkID(id); err != nil {
		return bits, err
	}
	w := dict5x5[id]
	for r := range DataCells {
		for c := range DataCells {
			bits[r][c] = w&(1<<(24-(DataCells*r+c))) != 0
		}
	}
	return bits, nil
}

// Cells returns the full 7x7 grid of marker id, black border included, row by
// row from the top-left, true for white. A printer draws the black cells as
// squares; the quiet zone (see QuietZone) lies outside this grid.
func Cells(id int) ([GridCells][GridCells]bool, error) {
	var cells [GridCells][GridCells]bool
	bits, err := Bits(id)
	if err != nil {
		return cells, err
	}
	for r := range DataCells {
		for c := range DataCells {
			cells[r+1][c+1] = bits[r][c]
		}
	}
	return cells, nil
}

// Draw paints marker id's 7x7 grid into r of img, black and white with no
// anti-aliasing: cell edges fall on whole pixels, so cells differ in size by at
// most one pixel when r's sides are not multiples of 7. Draw paints no quiet
// zone: leave QuietZone cells of white around r. The parts of r outside img's
// bounds are not painted. r must be at least 7 pixels on each side.
func Draw(img draw.Image, id int, r image.Rectangle) error {
	cells, err := Cells(id)
	if err != nil {
		return err
	}
	if r.Dx() < GridCells || r.Dy() < GridCells {
		return fmt.Errorf("markers: drawing marker %d into %v: need at least %d x %d pixels", id, r, GridCells, GridCells)
	}
	black := image.NewUniform(color.Gray{Y: 0})
	white := image.NewUniform(color.Gray{Y: 255})
	for row := range GridCells {
		y0 := r.Min.Y + row*r.Dy()/GridCells
		y1 := r.Min.Y + (row+1)*r.Dy()/GridCells
		for col := range GridCells {
			x0 := r.Min.X + col*r.Dx()/GridCells
			x1 := r.Min.X + (col+1)*r.Dx()/GridCells
			src := black
			if cells[row][col] {
				src = white
			}
			draw.Draw(img, image.Rect(x0, y0, x1, y1), src, image.Point{}, draw.Src)
		}
	}
	return nil
}
