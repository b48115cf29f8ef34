package codenames

import (
	"image"
	"testing"

	"fieldkit/markers"
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// TestEqualizedLook: a cover of 67 px at a sixth of full light beside word
// markers of 52 px (a crop of rendered phone photo 100037, its cell left
// empty by every other look) is read by the equalized look at still-empty
// cells, and by none of the looks before it: the empty cells' halved look,
// the still-empty cells' halved look with a word marker's window, blurFor's
// full-size one, the half-seen cells' one. It fails without the
// equalization (a clip limit of 1).
func TestEqualizedLook(t *testing.T) {
	for _, c := range []struct {
		file     string
		id       int
		wordSide float64
	}{
		{"testdata/dark-cover.png", markers.DuetAgentBase + 7, 52},
	} {
		img := gocv.IMRead(c.file, gocv.IMReadGrayScale)
		if img.Empty() {
			t.Fatalf("%s: no image", c.file)
		}
		whole := []image.Rectangle{image.Rect(0, 0, img.Cols(), img.Rows())}
		still, _ := stillEmptyFor(c.wordSide, 4000, 3000)
		before := append([]scan.DetectorParams{secondPass(c.wordSide, 4000, 3000), blurFor(c.wordSide), halfSeenFor(c.wordSide)}, still...)
		for _, p := range before {
			ms, err := detectIn(img, whole, p)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range ms {
				t.Errorf("%s: the look %+v before the equalized one reads id %d: the crop no longer shows what it is for", c.file, p, m.ID)
			}
		}
		ms, err := detectEqualized(img, whole, c.wordSide)
		if err != nil {
			t.Fatal(err)
		}
		got := false
		for _, m := range ms {
			if m.ID != c.id {
				t.Errorf("%s: the equalized look read id %d", c.file, m.ID)
			}
			got = true
		}
		if !got {
			t.Errorf("%s: the equalized look does not read id %d", c.file, c.id)
		}
		img.Close()
	}
}

// TestEqualizeCells: the equalized look covers a phone photo's cells left
// empty, at most equalizeMax of them (more are a hand over the grid; 5 since
// rendered 200309, whose cover lay among 5 a hand left empty: fails at 3), and
// no cell of a webcam frame. It fails without either limit.
func TestEqualizeCells(t *testing.T) {
	for _, c := range []struct {
		name  string
		empty int // cells left empty, in reading order
		w, h  int
		want  int
	}{
		{"a photo, one empty cell", 1, 4000, 3000, 1},
		{"a photo, equalizeMax empty cells", equalizeMax, 4000, 3000, equalizeMax},
		{"a photo, a hand over 5 cells (rendered 200309: a cover among them)", 5, 4000, 3000, 5},
		{"a photo, a hand over 6 cells", 6, 4000, 3000, 0},
		{"a webcam frame, one empty cell", 1, 1920, 1080, 0},
	} {
		var o Observation
		o.OK = true
		// 400 px a cell, the grid from (1000, 500).
		o.toImage = scan.Homography{400, 0, 1000, 0, 400, 500, 0, 0, 1}
		o.toGrid, _ = o.toImage.Inverse()
		for r := range 5 {
			for col := range 5 {
				o.Cells[r][col] = Cell{Row: r, Col: col, Card: 100 + 5*r + col, CoverID: -1}
				if 5*r+col < c.empty {
					o.Cells[r][col].Card = -1
				}
			}
		}
		if got := len(o.equalizeCells(nil, c.w, c.h)); got != c.want {
			t.Errorf("%s: %d cells looked at, want %d", c.name, got, c.want)
		}
	}
}

// TestSteepStretch: rendered phone photo 200401's red agent cover (marker
// 839, 67 px, washed pale by a lamp; a crop of its cell 3,1) is read by the
// equalized look at every median word marker side from 40 to 70 px, beside
// the word cards and covers around it and nothing else. With the first
// stretch alone it is lost at sides 46-58 (seen).
func TestSteepStretch(t *testing.T) {
	img := gocv.IMRead("testdata/washed-cover.jpg", gocv.IMReadGrayScale)
	if img.Empty() {
		t.Fatal("testdata/washed-cover.jpg: no image")
	}
	defer img.Close()
	around := map[int]bool{47: true, 106: true, 859: true, 839: true}
	whole := []image.Rectangle{image.Rect(0, 0, img.Cols(), img.Rows())}
	for side := 40.0; side <= 70; side += 2 {
		ms, err := detectEqualized(img, whole, side)
		if err != nil {
			t.Fatal(err)
		}
		got := false
		for _, m := range ms {
			got = got || m.ID == 839
			if !around[m.ID] {
				t.Errorf("side %.0f: the equalized look read id %d, which the crop does not show", side, m.ID)
			}
		}
		if !got {
			t.Errorf("side %.0f: the equalized look does not read the washed cover 839", side)
		}
	}
}

// TestFlattened: a marker in a hand's shadow, its white margin as dark on
// one side as its ink on the other, is read by the equalized look's third
// stretch, the paper flattened (detectFlattened): rendered phone photo
// 200493's card 376 between a hand's fingers (59 px; a crop of its
// cell) and rendered tune photo 5's red cover 838 (55 px). Neither is read
// by any look before it, nor by the first two stretches (seen: the test
// fails without the flattened one at every side below).
func TestFlattened(t *testing.T) {
	for _, c := range []struct {
		file     string
		id       int
		min, max float64 // median word marker sides the look reads it at
	}{
		{"testdata/shadow-card.png", 376, 40, 70},
		{"testdata/shadow-cover.png", 838, 40, 70},
	} {
		img := gocv.IMRead(c.file, gocv.IMReadGrayScale)
		if img.Empty() {
			t.Fatalf("%s: no image", c.file)
		}
		whole := []image.Rectangle{image.Rect(0, 0, img.Cols(), img.Rows())}
		for side := c.min; side <= c.max; side += 2 {
			ms, err := detectEqualized(img, whole, side)
			if err != nil {
				t.Fatal(err)
			}
			got := false
			for _, m := range ms {
				got = got || m.ID == c.id
				if m.ID != c.id {
					t.Errorf("%s, side %.0f: the equalized look read id %d, which the crop does not show", c.file, side, m.ID)
				}
			}
			if !got {
				t.Errorf("%s, side %.0f: the equalized look does not read %d", c.file, side, c.id)
			}
		}
		img.Close()
	}
}
