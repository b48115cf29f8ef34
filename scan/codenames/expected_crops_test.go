package codenames

import (
	"path/filepath"
	"testing"

	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// TestExpectedLook reads the card the rendered photos 200221, 200281 and
// 200321 lost (a token's edge or shadow touching the card's only legible
// marker: one outline, no square) from crops of their cells: the grid
// around the cell as the scanner fitted it to the other cards (the corners
// of the 2 x 2 cells' square around it, in the crop), the word markers'
// scale it measured there, and the card id. The detector's own looks find
// no marker of that id in the crop; the expected look must find it at one
// end of the card and nothing else.
func TestExpectedLook(t *testing.T) {
	cases := []struct {
		file    string
		corners [4]scan.Point // grid points (col-1,row-1), (col+1,row-1), (col+1,row+1), (col-1,row+1)
		scale   markerScale
		id      int
	}{
		{"expected-200221.jpg", [4]scan.Point{{X: -145.1, Y: 111.1}, {X: 884.3, Y: -105.3}, {X: 1081.8, Y: 557.1}, {X: -11.0, Y: 787.3}},
			markerScale{sx: 0.14885, sy: 0.22729, off: 0.34755, alongX: true}, 7},
		{"expected-200281.jpg", [4]scan.Point{{X: -136.3, Y: 324.5}, {X: 938.5, Y: -253.5}, {X: 1189.5, Y: 595.5}, {X: 59.4, Y: 1020.2}},
			markerScale{sx: 0.13729, sy: 0.19724, off: 0.31520, alongX: true}, 443},
		{"expected-200321.jpg", [4]scan.Point{{X: -77.3, Y: 643.5}, {X: -138.3, Y: 9.0}, {X: 918.1, Y: -102.4}, {X: 860.9, Y: 541.0}},
			markerScale{sx: 0.19501, sy: 0.13491, off: 0.30985, alongX: false}, 418},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			img := gocv.IMRead(filepath.Join("testdata", tc.file), gocv.IMReadColor)
			if img.Empty() {
				t.Fatalf("cannot read %s", tc.file)
			}
			defer img.Close()
			for _, p := range []scan.DetectorParams{fastParams, fullParams, cellParams, blurParams, wideParams} {
				ms, err := scan.DetectMarkers(img, p)
				if err != nil {
					t.Fatal(err)
				}
				for _, m := range ms {
					if m.ID == tc.id {
						t.Fatalf("the detector (%+v) reads %d in the crop: the crop does not show the miss", p, tc.id)
					}
				}
			}
			// The cell is (2, 2) of a grid whose other cells hold cards.
			grid := []scan.Point{{X: 1, Y: 1}, {X: 3, Y: 1}, {X: 3, Y: 3}, {X: 1, Y: 3}}
			toImage, ok := scan.FitHomography(grid, tc.corners[:])
			if !ok {
				t.Fatal("no homography")
			}
			var o Observation
			o.OK, o.toImage = true, toImage
			o.toGrid, _ = toImage.Inverse()
			for r := range 5 {
				for c := range 5 {
					o.Cells[r][c] = Cell{Row: r, Col: c, Card: 900 + 5*r + c, CoverID: -1}
				}
			}
			o.Cells[2][2] = Cell{Row: 2, Col: 2, Card: -1, CoverID: -1, Why: "unseen"}
			got := o.readSpots(img, tc.scale.spots(2, 2), Words(nil))
			if len(got) != 1 || got[0].ID != tc.id {
				t.Fatalf("the expected look read %v; want one marker, %d", ids(got), tc.id)
			}
			// It lies at one end of the card, and its own x axis runs along
			// the card's long side, as a detected marker's would.
			e := gather(got, Words(nil))
			if len(e) != 1 || !e[0].single {
				t.Fatalf("gather made %d pieces of it", len(e))
			}
			q, _ := o.toGrid.Apply(e[0].c)
			if q2, _ := o.toGrid.Apply(e[0].alt); offCell(q2) < offCell(q) {
				q = q2
			}
			if offCell(q) > 0.15 || !singleWordFits(e[0], q, o.toGrid) {
				t.Errorf("its card's centre lies at grid %v; want the cell's centre (2, 2)", q)
			}
		})
	}
}

func ids(ms []scan.Marker) []int {
	var out []int
	for _, m := range ms {
		out = append(out, m.ID)
	}
	return out
}

// BenchmarkReadSpot is the expected look at one spot of a 12 MP photo's
// crop (the word marker that 200221 lost).
func BenchmarkReadSpot(b *testing.B) {
	img := gocv.IMRead(filepath.Join("testdata", "expected-200221.jpg"), gocv.IMReadColor)
	defer img.Close()
	toImage, _ := scan.FitHomography([]scan.Point{{X: 1, Y: 1}, {X: 3, Y: 1}, {X: 3, Y: 3}, {X: 1, Y: 3}},
		[]scan.Point{{X: -145.1, Y: 111.1}, {X: 884.3, Y: -105.3}, {X: 1081.8, Y: 557.1}, {X: -11.0, Y: 787.3}})
	px, _ := newGreyPixels(img)
	sp := markerScale{sx: 0.14885, sy: 0.22729, off: 0.34755, alongX: true}.spots(2, 2)
	b.ResetTimer()
	for range b.N {
		for _, s := range sp {
			readSpot(px, toImage, s)
		}
	}
}
