package codenames

import (
	"image"
	"testing"

	"fieldkit/markers"
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// seatGrid returns an observation of a read grid without a seat marker,
// 400 px a cell, whose cell centres (col, row) lie at (400 col + x0,
// 400 row + y0) in the image.
func seatGrid(x0, y0 float64) Observation {
	var o Observation
	o.OK = true
	o.toImage = scan.Homography{400, 0, x0, 0, 400, y0, 0, 0, 1}
	o.toGrid, _ = o.toImage.Inverse()
	return o
}

// TestSeatLook: rendered phone photo 100065's seat marker (62 px at a
// sixth of full light beside word markers of 58 px; a crop around it) is
// read by the seat look, and by none of the looks a grid's cells get: the
// empty cells' ones, the half-seen cells' one (the equalized one reads it
// since session 13's flattened paper, but only on a grid's cells). It fails
// without the look's equalization (seen: with halfSeenFor's plain look
// alone, nothing is read).
func TestSeatLook(t *testing.T) {
	const wordSide = 58
	img := gocv.IMRead("testdata/dim-seat.png", gocv.IMReadGrayScale)
	if img.Empty() {
		t.Fatal("testdata/dim-seat.png: no image")
	}
	defer img.Close()
	whole := []image.Rectangle{image.Rect(0, 0, img.Cols(), img.Rows())}
	still, _ := stillEmptyFor(wordSide, 4000, 3000)
	before := append([]scan.DetectorParams{secondPass(wordSide, 4000, 3000), blurFor(wordSide), halfSeenFor(wordSide), cellParams}, still...)
	for _, p := range before {
		ms, err := detectIn(img, whole, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ms {
			t.Errorf("the look %+v reads id %d: the crop no longer shows what it is for", p, m.ID)
		}
	}
	// The equalized look's flattened paper (session 13) reads it too, but
	// that look covers a grid's empty cells, never the strips beside it.
	if ms, _ := detectEqualized(img, whole, wordSide); len(ms) > 1 || len(ms) == 1 && ms[0].ID != markers.SeatID {
		t.Errorf("the equalized look reads %v: the crop shows only the seat marker", ms)
	}
	// The coarse copies from the crop itself, and from its half-size grey
	// image as a photo's first pass hands it on (DetectCandidatesHalf).
	none, half := gocv.NewMat(), gocv.NewMat()
	defer none.Close()
	defer half.Close()
	gocv.Resize(img, &half, image.Pt(img.Cols()/2, img.Rows()/2), 0, 0, gocv.InterpolationArea)
	for _, h := range []struct {
		name string
		mat  gocv.Mat
	}{{"from the crop", none}, {"from the half-size image", half}} {
		// The crop's centre 1.1 cells beyond column 4, beside row 2.
		o := seatGrid(240-5.1*400, 240-2*400)
		ms, err := o.detectSeat(img, h.mat, whole, wordSide)
		if err != nil {
			t.Fatal(err)
		}
		if len(ms) != 1 || ms[0].ID != markers.SeatID {
			t.Errorf("%s: the seat look reads %v, want the seat marker", h.name, ms)
		}
		// The same crop where no seat marker lies: on the grid's cells.
		o = seatGrid(240-4*400, 240-2*400)
		if ms, _ := o.detectSeat(img, h.mat, whole, wordSide); len(ms) > 0 {
			t.Errorf("%s: the seat look keeps a seat marker on the grid's cell 2,4", h.name)
		}
	}
}

// TestSeatPlace: the seat look keeps a seat marker only in the strips
// beside the grid's sides and of a seat marker's size; it looks only at
// a phone photo's grid read without a seat marker. It fails without any
// one of the bounds.
func TestSeatPlace(t *testing.T) {
	o := seatGrid(1000, 500) // cells from (1000, 500) to (2600, 2100)
	square := func(id int, x, y, side float32) scan.Marker {
		h := side / 2
		return scan.Marker{ID: id, Corners: [4]gocv.Point2f{{X: x - h, Y: y - h}, {X: x + h, Y: y - h}, {X: x + h, Y: y + h}, {X: x - h, Y: y + h}}}
	}
	for _, c := range []struct {
		name string
		m    scan.Marker
		want bool
	}{
		{"beyond column 4", square(markers.SeatID, 3000, 1300, 70), true},
		{"beyond row 0", square(markers.SeatID, 1800, 100, 70), true},
		{"beyond row 4, past column 0's edge", square(markers.SeatID, 750, 2500, 70), true},
		{"another id", square(markers.SeatID-1, 3000, 1300, 70), false},
		{"on the grid", square(markers.SeatID, 2600, 1300, 70), false},
		{"just beside the outer cells", square(markers.SeatID, 2700, 1300, 70), false},
		{"far beyond the grid", square(markers.SeatID, 3500, 1300, 70), false},
		{"beyond a corner", square(markers.SeatID, 3000, 2500, 70), false},
		{"too small", square(markers.SeatID, 3000, 1300, 30), false},
		{"too large", square(markers.SeatID, 3000, 1300, 150), false},
	} {
		if got := o.seatPlace(c.m, 58); got != c.want {
			t.Errorf("%s: kept %v, want %v", c.name, got, c.want)
		}
	}
	if n := len(o.seatStrips(4000, 3000)); n == 0 {
		t.Errorf("a photo's grid without its seat marker: no strips")
	}
	if n := len(o.seatStrips(1920, 1080)); n != 0 {
		t.Errorf("a webcam frame: %d strips", n)
	}
	o.SeatMarker = true
	if n := len(o.seatStrips(4000, 3000)); n != 0 {
		t.Errorf("a grid read with its seat marker: %d strips", n)
	}
	o.SeatMarker, o.PriorSeat = false, true
	if n := len(o.seatStrips(4000, 3000)); n != 0 {
		t.Errorf("a grid oriented by an earlier seat marker: %d strips", n)
	}
}

// TestMayHoldSeat: the seat look's coarse squares are dropped only where
// seatPlace would keep nothing: every rectangle that holds the centre of a
// seat marker seatPlace keeps may hold a seat (a sweep over the image), and
// rectangles on the grid's cells or far beyond it may not. It fails when
// the bounds are narrower than seatPlace's (seen with seatNear+0.1).
func TestMayHoldSeat(t *testing.T) {
	o := seatGrid(1000, 500) // cells from (1000, 500) to (2600, 2100)
	kept := 0
	for y := 0; y <= 3000; y += 10 {
		for x := 0; x <= 4000; x += 10 {
			m := scan.Marker{ID: markers.SeatID, Corners: [4]gocv.Point2f{
				{X: float32(x) - 35, Y: float32(y) - 35}, {X: float32(x) + 35, Y: float32(y) - 35},
				{X: float32(x) + 35, Y: float32(y) + 35}, {X: float32(x) - 35, Y: float32(y) + 35}}}
			if !o.seatPlace(m, 58) {
				continue
			}
			kept++
			// Rectangles of a spot's size holding the centre at a corner.
			for _, r := range []image.Rectangle{
				image.Rect(x, y, x+174, y+174), image.Rect(x-173, y-173, x+1, y+1),
				image.Rect(x-173, y, x+1, y+174), image.Rect(x, y-173, x+174, y+1),
			} {
				if !o.mayHoldSeat(r) {
					t.Fatalf("a seat marker at (%d, %d) is kept, but the spot %v may not hold one", x, y, r)
				}
			}
		}
	}
	if kept == 0 {
		t.Fatal("no place kept a seat marker")
	}
	for _, c := range []struct {
		name string
		r    image.Rectangle
	}{
		{"on cell 2,2", image.Rect(1713, 1213, 1887, 1387)},
		{"on cell 0,4, inside the near bound", image.Rect(2513, 413, 2687, 587)},
		{"3 cells beyond column 4", image.Rect(3713, 1213, 3887, 1387)},
		{"beyond a corner", image.Rect(3080, 2580, 3200, 2700)},
	} {
		if o.mayHoldSeat(c.r) {
			t.Errorf("%s: %v may hold a seat marker, want not", c.name, c.r)
		}
	}
}
