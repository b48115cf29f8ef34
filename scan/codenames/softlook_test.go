package codenames

import (
	"fmt"
	"image"
	"testing"

	"fieldkit/markers"
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// TestSoftMarker is the rendered webcam frames' far-row cover: a marker of
// 30-34 px softened by the camera's depth of field, whose square the first
// pass finds but whose modules run together. The look at undecoded squares
// must read it, plain or sharpened (softlook.go), wherever the square is
// found, and never as another id. The plain full-size look alone reads
// none of the softest.
func TestSoftMarker(t *testing.T) {
	const id = markers.DuetAgentBase + 2 // a cover
	squares, plain, sharpened := 0, 0, 0
	for _, side := range []float64{30, 34} {
		for _, sigma := range []float64{1.5, 1.8, 2.0} {
			for _, deg := range []float64{8, 33, 61} {
				name := fmt.Sprintf("side %.0f, blur %.1f, turned %.0f", side, sigma, deg)
				f := glintFrame(t, id, side, deg, 0, 0, 0, 1)
				soft := gocv.NewMat()
				gocv.GaussianBlur(f, &soft, image.Pt(0, 0), sigma, sigma, gocv.BorderReplicate)
				f.Close()
				ms, cands, err := scan.DetectCandidates(soft, firstParams(1920, 1080))
				if err != nil {
					t.Fatal(err)
				}
				regions := candidateRegions(cands, ms, 0, soft.Cols(), soft.Rows())
				if len(ms) > 0 || len(regions) == 0 {
					soft.Close()
					continue
				}
				squares++
				found, err := detectIn(soft, regions, cellParams)
				if err != nil {
					t.Fatal(err)
				}
				sharp, err := detectSharpened(soft, regions, found, cellParams)
				if err != nil {
					t.Fatal(err)
				}
				soft.Close()
				for _, m := range append(found, sharp...) {
					if m.ID != id {
						t.Errorf("%s: read id %d", name, m.ID)
					}
				}
				switch {
				case len(found) > 0:
					plain++
				case len(sharp) > 0:
					sharpened++
				default:
					t.Errorf("%s: the square is found, neither look reads it", name)
				}
			}
		}
	}
	t.Logf("%d squares found and not decoded by the first pass: %d read by the plain look, %d more sharpened", squares, plain, sharpened)
	if sharpened == 0 {
		t.Errorf("no square needed sharpening: the test no longer shows what it is for")
	}
}

// TestCoverWindow: a cover of 90 px washed out by a lamp's glare, beside word
// markers of 52 px (a crop of rendered tuning photo 37, its cell left empty
// by the first pass), is read by the empty cells' full-size look widened
// for covers, not by the window of 23 it had.
func TestCoverWindow(t *testing.T) {
	const id, wordSide = markers.DuetAgentBase + 3, 52.0
	img := gocv.IMRead("testdata/washed-cover.png", gocv.IMReadGrayScale)
	defer img.Close()
	whole := []image.Rectangle{image.Rect(0, 0, img.Cols(), img.Rows())}
	for _, c := range []struct {
		name string
		p    scan.DetectorParams
		want bool
	}{{"blurParams", blurParams, false}, {"blurFor", blurFor(wordSide), true}} {
		ms, err := detectIn(img, whole, c.p)
		if err != nil {
			t.Fatal(err)
		}
		got := false
		for _, m := range ms {
			if m.ID != id {
				t.Errorf("%s read id %d", c.name, m.ID)
			}
			got = true
		}
		if got != c.want {
			t.Errorf("%s (window %d) reads the washed-out cover: %v, want %v", c.name, c.p.WindowMin, got, c.want)
		}
	}
}

// TestSoftCovers: two covers of 31 and 34 px at a rendered webcam frame's far
// row, softened by its depth of field (a crop of rendered tuning frame 4),
// whose squares are found and not decoded, are read by the sharpened look.
func TestSoftCovers(t *testing.T) {
	img := gocv.IMRead("testdata/soft-covers.png", gocv.IMReadGrayScale)
	defer img.Close()
	ms, cands, err := scan.DetectCandidates(img, cellParams)
	if err != nil {
		t.Fatal(err)
	}
	regions := candidateRegions(cands, ms, 0, img.Cols(), img.Rows())
	plain, err := detectIn(img, regions, cellParams)
	if err != nil {
		t.Fatal(err)
	}
	sharp, err := detectSharpened(img, regions, plain, cellParams)
	if err != nil {
		t.Fatal(err)
	}
	got := map[int]bool{}
	for _, m := range append(append(ms, plain...), sharp...) {
		got[m.ID] = true
	}
	want := map[int]bool{markers.DuetAgentBase + 2: true, markers.DuetAgentBase + 5: true}
	if len(ms)+len(plain) > 0 {
		t.Errorf("the plain looks read %d markers; the crop no longer shows what the sharpened look is for", len(ms)+len(plain))
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("read %v, want %v", got, want)
	}
}

// TestPhoneCoverWindow: a phone photo's cells that the empty cells' look
// left empty get a look for covers in glare or dim light. Crops of rendered
// photos: 200105, a cover of 131 px greyed by glare beside word markers of
// 77 px, and 200021, a word marker of 58 px that a finger touches beside
// word markers of 71 px, are read not by wideParams (their empty cells'
// look) but by the halved look with a word marker's window (blurFor's
// full-size look reads them too, on four times the pixels; before, such a
// photo's cells got no look after wideParams');
// 100069, a dim cover of 66 px beside word markers of 47 px, by neither
// fullParams (its empty cells' look) nor blurFor, and by wideParams'
// halved look. A webcam frame with word markers of 60 px or more gets no
// such look.
func TestPhoneCoverWindow(t *testing.T) {
	for _, c := range []struct {
		file     string
		id       int
		wordSide float64
		first    scan.DetectorParams // the empty cells' look
		blur     bool                // blurFor reads it
	}{
		{"testdata/glare-cover-large.png", markers.DuetAgentBase + 2, 77, wideParams, true},
		{"testdata/finger-card.png", 420, 71, wideParams, true},
		{"testdata/dim-cover-small.png", markers.DuetAgentBase + 40, 46.7, fullParams, false},
	} {
		img := gocv.IMRead(c.file, gocv.IMReadGrayScale)
		whole := []image.Rectangle{image.Rect(0, 0, img.Cols(), img.Rows())}
		if p := secondPass(c.wordSide, 4000, 3000); p != c.first {
			t.Errorf("%s: the empty cells' look is %+v, want %+v", c.file, p, c.first)
		}
		still, ok := stillEmptyFor(c.wordSide, 4000, 3000)
		if !ok {
			t.Errorf("%s: a photo's still-empty cells get no look", c.file)
		}
		if _, ok := stillEmptyFor(max(c.wordSide, smallMarker), 1920, 1080); ok {
			t.Errorf("%s: a webcam frame with %.0f px word markers gets a still-empty look", c.file, max(c.wordSide, smallMarker))
		}
		for _, l := range []struct {
			name string
			ps   []scan.DetectorParams
			want bool
		}{{"the empty cells' look", []scan.DetectorParams{c.first}, false}, {"blurFor", []scan.DetectorParams{blurFor(c.wordSide)}, c.blur}, {"stillEmptyFor", still, true}} {
			ms, err := detectIn(img, whole, l.ps...)
			if err != nil {
				t.Fatal(err)
			}
			got := false
			for _, m := range ms {
				if m.ID != c.id {
					t.Errorf("%s: %s read id %d", c.file, l.name, m.ID)
				}
				got = true
			}
			if got != l.want {
				t.Errorf("%s: %s reads id %d: %v, want %v", c.file, l.name, c.id, got, l.want)
			}
		}
		img.Close()
	}
}
