package markers

import (
	"errors"
	"image"
	"image/color"
	"testing"
)

func TestIDRange(t *testing.T) {
	for _, tc := range []struct {
		id int
		ok bool
	}{
		{-1, false}, {0, true}, {1, true}, {Count - 1, true}, {Count, false}, {1 << 20, false},
	} {
		_, errB := Bits(tc.id)
		_, errC := Cells(tc.id)
		errD := Draw(image.NewGray(image.Rect(0, 0, 7, 7)), tc.id, image.Rect(0, 0, 7, 7))
		for name, err := range map[string]error{"Bits": errB, "Cells": errC, "Draw": errD} {
			if tc.ok && err != nil {
				t.Errorf("%s(%d) = %v, want no error", name, tc.id, err)
			}
			if !tc.ok && !errors.Is(err, ErrID) {
				t.Errorf("%s(%d) = %v, want ErrID", name, tc.id, err)
			}
		}
	}
}

// TestCells checks the border is black and the inside is Bits, for every id.
func TestCells(t *testing.T) {
	for id := range Count {
		bits, err := Bits(id)
		if err != nil {
			t.Fatalf("Bits(%d): %v", id, err)
		}
		cells, err := Cells(id)
		if err != nil {
			t.Fatalf("Cells(%d): %v", id, err)
		}
		for r := range GridCells {
			for c := range GridCells {
				want := false
				if r > 0 && r < GridCells-1 && c > 0 && c < GridCells-1 {
					want = bits[r-1][c-1]
				}
				if cells[r][c] != want {
					t.Fatalf("Cells(%d)[%d][%d] = %v, want %v", id, r, c, cells[r][c], want)
				}
			}
		}
	}
}

// rotate turns a data grid a quarter turn clockwise.
func rotate(b [DataCells][DataCells]bool) [DataCells][DataCells]bool {
	var out [DataCells][DataCells]bool
	for r := range DataCells {
		for c := range DataCells {
			out[c][DataCells-1-r] = b[r][c]
		}
	}
	return out
}

// TestDistinctUnderRotation checks what a camera relies on: no marker equals
// another one, or itself, turned by a quarter, half or three quarters.
func TestDistinctUnderRotation(t *testing.T) {
	seen := make(map[[DataCells][DataCells]bool]int)
	for id := range Count {
		b, err := Bits(id)
		if err != nil {
			t.Fatal(err)
		}
		for turn := range 4 {
			if other, ok := seen[b]; ok {
				t.Fatalf("marker %d turned %d quarter(s) equals marker %d", id, turn, other)
			}
			seen[b] = id
			b = rotate(b)
		}
	}
}

func TestDraw(t *testing.T) {
	for _, tc := range []struct {
		name string
		id   int
		r    image.Rectangle
	}{
		{"one pixel per cell", 0, image.Rect(0, 0, 7, 7)},
		{"ten pixels per cell", 999, image.Rect(5, 5, 75, 75)},
		{"uneven", 123, image.Rect(3, 4, 76, 77)},
		{"not square", 500, image.Rect(10, 0, 110, 80)},
		{"offset", 42, image.Rect(20, 17, 61, 58)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const grey = 128
			img := image.NewGray(image.Rect(0, 0, 120, 100))
			for i := range img.Pix {
				img.Pix[i] = grey
			}
			if err := Draw(img, tc.id, tc.r); err != nil {
				t.Fatalf("Draw(%d, %v): %v", tc.id, tc.r, err)
			}
			cells, _ := Cells(tc.id)
			bad := 0
			for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
				for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
					got := img.GrayAt(x, y).Y
					want := uint8(grey)
					if (image.Point{x, y}).In(tc.r) {
						// The cell holding pixel x is the largest col with
						// col*Dx/7 <= x-Min.X (the cell edges Draw uses).
						col := ((x-tc.r.Min.X)*GridCells + GridCells - 1) / tc.r.Dx()
						for col*tc.r.Dx()/GridCells > x-tc.r.Min.X {
							col--
						}
						row := ((y-tc.r.Min.Y)*GridCells + GridCells - 1) / tc.r.Dy()
						for row*tc.r.Dy()/GridCells > y-tc.r.Min.Y {
							row--
						}
						want = 0
						if cells[row][col] {
							want = 255
						}
					}
					if got != want {
						t.Errorf("pixel (%d,%d) = %d, want %d", x, y, got, want)
						if bad++; bad == 20 {
							t.Fatal("too many wrong pixels")
						}
					}
				}
			}
		})
	}
}

func TestDrawCellSizes(t *testing.T) {
	// Cells of a 73-pixel marker are 10 or 11 pixels wide, never less or more.
	img := image.NewGray(image.Rect(0, 0, 73, 73))
	if err := Draw(img, 7, img.Rect); err != nil {
		t.Fatal(err)
	}
	for c := range GridCells {
		w := (c+1)*73/GridCells - c*73/GridCells
		if w != 10 && w != 11 {
			t.Errorf("cell %d is %d pixels wide, want 10 or 11", c, w)
		}
	}
	// The black border: column 0 and row 0 are black over their whole width.
	for i := range 73 {
		if img.GrayAt(i, 0).Y != 0 || img.GrayAt(0, i).Y != 0 || img.GrayAt(i, 72).Y != 0 || img.GrayAt(72, i).Y != 0 {
			t.Fatalf("border pixel %d is not black", i)
		}
	}
}

func TestDrawTooSmall(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 10, 10))
	for _, r := range []image.Rectangle{image.Rect(0, 0, 6, 7), image.Rect(0, 0, 7, 6), {}} {
		if err := Draw(img, 1, r); err == nil || errors.Is(err, ErrID) {
			t.Errorf("Draw(1, %v) = %v, want a size error", r, err)
		}
	}
	// Nothing was painted.
	for _, v := range img.Pix {
		if v != 0 {
			t.Fatal("a failed Draw painted pixels")
		}
	}
}

func TestDrawRGBA(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 14, 14))
	if err := Draw(img, 3, img.Rect); err != nil {
		t.Fatal(err)
	}
	cells, _ := Cells(3)
	for r := range GridCells {
		for c := range GridCells {
			want := color.RGBA{0, 0, 0, 255}
			if cells[r][c] {
				want = color.RGBA{255, 255, 255, 255}
			}
			if got := img.RGBAAt(2*c+1, 2*r+1); got != want {
				t.Errorf("cell (%d,%d) = %v, want %v", r, c, got, want)
			}
		}
	}
}
