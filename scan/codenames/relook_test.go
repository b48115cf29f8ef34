package codenames

import (
	"image"
	"testing"

	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// square is an axis-aligned candidate of side s at (x, y).
func square(x, y, s float32) scan.Candidate {
	return scan.Candidate{{X: x, Y: y}, {X: x + s, Y: y}, {X: x + s, Y: y + s}, {X: x, Y: y + s}}
}

func TestCandidateRegions(t *testing.T) {
	marker := scan.Marker{ID: 5, Corners: [4]gocv.Point2f{{X: 100, Y: 100}, {X: 140, Y: 100}, {X: 140, Y: 140}, {X: 100, Y: 140}}}
	many := make([]scan.Candidate, 60)
	for i := range many {
		many[i] = square(float32(10+20*i), 500, float32(30+i%7))
	}
	tests := []struct {
		name     string
		cands    []scan.Candidate
		wordSide float64
		want     []image.Rectangle
		count    int
	}{
		{"a square widened by half its size", []scan.Candidate{square(300, 300, 40)}, 40, []image.Rectangle{image.Rect(280, 280, 361, 361)}, 1},
		{"a decoded marker's square is not looked at again", []scan.Candidate{square(102, 101, 38)}, 40, nil, 0},
		{"clipped to the image", []scan.Candidate{square(-10, 980, 40)}, 40, []image.Rectangle{image.Rect(0, 960, 51, 1000)}, 1},
		{"too small for a marker printed here", []scan.Candidate{square(300, 300, 13)}, 40, nil, 0},
		{"a seat marker far beyond a tilted grid", []scan.Candidate{square(300, 300, 16)}, 40, []image.Rectangle{image.Rect(292, 292, 325, 325)}, 1},
		{"too large for a marker printed here", []scan.Candidate{square(300, 300, 110)}, 40, nil, 0},
		{"no word marker read: any size a full-size look can help", []scan.Candidate{square(300, 300, 70)}, 0, []image.Rectangle{image.Rect(265, 265, 406, 406)}, 1},
		{"80 px or more: the halved pass could read it, full size adds nothing", []scan.Candidate{square(300, 300, 80)}, 60, nil, 0},
		{"at most maxCandidates, largest first", many, 0, nil, maxCandidates},
		{"a long thin outline is no marker, however short its short side", []scan.Candidate{{{X: 300, Y: 300}, {X: 1900, Y: 320}, {X: 1900, Y: 360}, {X: 300, Y: 340}}}, 40, nil, 0},
		{"a marker seen at a slant is looked at", []scan.Candidate{{{X: 300, Y: 300}, {X: 360, Y: 300}, {X: 360, Y: 325}, {X: 300, Y: 325}}}, 40, []image.Rectangle{image.Rect(270, 270, 391, 356)}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := candidateRegions(tt.cands, []scan.Marker{marker}, tt.wordSide, 1920, 1000)
			if len(got) != tt.count {
				t.Fatalf("%d regions %v, want %d", len(got), got, tt.count)
			}
			for i, r := range tt.want {
				if got[i] != r {
					t.Errorf("region %d is %v, want %v", i, got[i], r)
				}
			}
			for i := 1; i < len(got); i++ {
				if got[i].Dx() > got[i-1].Dx() {
					t.Errorf("region %d (%v) is larger than region %d (%v)", i, got[i], i-1, got[i-1])
				}
			}
		})
	}
}

func TestNearGrid(t *testing.T) {
	// The grid's cell centres at (100+100 col, 50+100 row): cells 0..4.
	toGrid := scan.Homography{0.01, 0, -1, 0, 0.01, -0.5, 0, 0, 1}
	at := func(col, row float64) scan.Candidate {
		x, y := float32(100+100*col), float32(50+100*row)
		return square(x-15, y-15, 30)
	}
	tests := []struct {
		name string
		c    scan.Candidate
		want bool
	}{
		{"on a cell (a guess token)", at(2, 3), true},
		{"beside the grid (a seat marker)", at(-1.2, 2), true},
		{"2.5 cells beyond the last row's centres", at(2, 6.4), true},
		{"farther out (a pile, the table)", at(2, 6.7), false},
		{"beyond a corner", at(-2.7, -2.7), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := len(nearGrid([]scan.Candidate{tt.c}, toGrid)) == 1; got != tt.want {
				t.Errorf("near the grid: %v, want %v", got, tt.want)
			}
		})
	}
}

func TestMergeRegions(t *testing.T) {
	tests := []struct {
		name string
		in   []image.Rectangle
		want []image.Rectangle
	}{
		{"neighbouring cells overlapping by half a cell", []image.Rectangle{image.Rect(0, 0, 150, 100), image.Rect(100, 0, 250, 100)}, []image.Rectangle{image.Rect(0, 0, 250, 100)}},
		{"a row of three", []image.Rectangle{image.Rect(0, 0, 150, 100), image.Rect(200, 0, 350, 100), image.Rect(100, 0, 250, 100)}, []image.Rectangle{image.Rect(0, 0, 350, 100)}},
		{"diagonal neighbours: the box would hold more", []image.Rectangle{image.Rect(0, 0, 150, 150), image.Rect(100, 100, 250, 250)}, []image.Rectangle{image.Rect(0, 0, 150, 150), image.Rect(100, 100, 250, 250)}},
		{"apart", []image.Rectangle{image.Rect(0, 0, 100, 100), image.Rect(300, 0, 400, 100)}, []image.Rectangle{image.Rect(0, 0, 100, 100), image.Rect(300, 0, 400, 100)}},
		{"none", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := mergeRegions(tt.in)
			if len(got) != len(tt.want) {
				t.Fatalf("mergeRegions = %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("mergeRegions = %v, want %v", got, tt.want)
				}
			}
		})
	}
}

// TestStillEmpty: the blurred-frame look goes only to the empty cells where
// the first look found fewer than two markers.
func TestStillEmpty(t *testing.T) {
	// Cell (col, row) is centred at (200+100 col, 200+100 row).
	obs := Observation{
		toImage: scan.Homography{100, 0, 200, 0, 100, 200, 0, 0, 1},
		toGrid:  scan.Homography{0.01, 0, -2, 0, 0.01, -2, 0, 0, 1},
	}
	for r := range 5 {
		for c := range 5 {
			obs.Cells[r][c] = Cell{Row: r, Col: c, Card: 100 + 5*r + c, CoverID: -1}
		}
	}
	for _, p := range []Position{{0, 0}, {1, 1}, {2, 2}, {3, 3}} {
		obs.Cells[p.Row][p.Col].Card = -1
	}
	obs.Cells[3][3].Cover = Agent // a cover read: not empty
	at := func(id int, x, y float32) scan.Marker {
		return scan.Marker{ID: id, Corners: [4]gocv.Point2f{{X: x - 10, Y: y - 10}, {X: x + 10, Y: y - 10}, {X: x + 10, Y: y + 10}, {X: x - 10, Y: y + 10}}}
	}
	found := []scan.Marker{
		at(100, 170, 200), at(100, 230, 200), // both markers of cell (0, 0)'s card
		at(106, 330, 300), // one marker on cell (1, 1)
	}
	got := obs.stillEmpty(found, 1000, 1000)
	want := []image.Rectangle{obs.mustCellRect(t, 1, 1), obs.mustCellRect(t, 2, 2)}
	if len(got) != len(want) {
		t.Fatalf("stillEmpty = %v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("stillEmpty = %v, want %v", got, want)
		}
	}
}

func (o *Observation) mustCellRect(t *testing.T, r, c int) image.Rectangle {
	t.Helper()
	rect, ok := o.cellRect(r, c, cellMargin, 1000, 1000)
	if !ok {
		t.Fatalf("no rectangle for cell (%d, %d)", r, c)
	}
	return rect
}

func TestPiecesRect(t *testing.T) {
	at := func(x, y, s float32) scan.Marker {
		return scan.Marker{ID: 7, Corners: [4]gocv.Point2f{{X: x, Y: y}, {X: x + s, Y: y}, {X: x + s, Y: y + s}, {X: x, Y: y + s}}}
	}
	// Five markers of 22 px (centres 511..911 across, 411..611 down): a
	// card is 70/11 marker sides, so 1.5 cards reach 210 px.
	five := []scan.Marker{at(500, 400, 22), at(700, 400, 22), at(900, 400, 22), at(500, 600, 22), at(900, 600, 22)}
	box := image.Rect(511-210, 411-210, 911+210+1, 611+210+1)
	tests := []struct {
		name  string
		ms    []scan.Marker
		cands []scan.Candidate
		side  float64
		w, h  int
		want  image.Rectangle
	}{
		{"the pieces' box, reaching 1.5 cards", five, nil, 22, 1920, 1080, box},
		{"clipped to the frame", append(five[:4:4], at(1800, 1000, 22)), nil, 22, 1920, 1080, image.Rect(511-210, 411-210, 1920, 1080)},
		{"a square of a marker's size widens it", five, []scan.Candidate{square(1200, 600, 22)}, 22, 1920, 1080, image.Rect(511-210, 411-210, 1211+210+1, 611+210+1)},
		{"a square far from a marker's size does not", five, []scan.Candidate{square(1200, 600, 4), square(1200, 600, 70)}, 22, 1920, 1080, box},
		{"fewer than five pieces: the whole frame", five[:4], nil, 22, 1920, 1080, image.Rect(0, 0, 1920, 1080)},
		{"four markers and a square are five", five[:4], []scan.Candidate{square(900, 600, 22)}, 22, 1920, 1080, box},
		{"no word marker: the whole frame", five, nil, 0, 1920, 1080, image.Rect(0, 0, 1920, 1080)},
		{"a phone photo: the whole frame", five, nil, 22, 4000, 3000, image.Rect(0, 0, 4000, 3000)},
	}
	for _, tt := range tests {
		if got := piecesRect(tt.ms, tt.cands, tt.side, tt.w, tt.h); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestLookCap checks which looks lookCap bounds: a webcam frame's, where
// no bound was set, to webcamMaxSide; a photo's, and a setting with a
// bound of its own, left as they are.
func TestLookCap(t *testing.T) {
	own := cellParams
	own.MaxSide = 40
	for _, tc := range []struct {
		name string
		w, h int
		p    scan.DetectorParams
		want int
	}{
		{"webcam 1080p", 1920, 1080, cellParams, webcamMaxSide},
		{"webcam 720p", 1280, 720, fullParams, webcamMaxSide},
		{"webcam, own bound", 1920, 1080, own, 40},
		{"phone 12 MP", 4000, 3000, cellParams, 0},
	} {
		got := lookCap([]scan.DetectorParams{tc.p, tc.p}, tc.w, tc.h)
		for _, p := range got {
			if p.MaxSide != tc.want {
				t.Errorf("%s: MaxSide %d, want %d", tc.name, p.MaxSide, tc.want)
			}
		}
	}
	ps := []scan.DetectorParams{cellParams}
	if lookCap(ps, 1920, 1080); ps[0].MaxSide != 0 {
		t.Error("lookCap changed its argument")
	}
}
