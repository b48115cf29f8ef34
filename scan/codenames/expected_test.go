package codenames_test

import (
	"flag"
	"fmt"
	"math"
	"strings"
	"testing"

	"fieldkit/internal/photoreal"
	"fieldkit/internal/scene"
	"fieldkit/scan"
	"fieldkit/scan/codenames"

	"gocv.io/x/gocv"
)

var decoyDirs = flag.String("decoydirs", "", "TestExpectedDecoys: comma-separated directories of rendered frames to measure too")

// trueMarker reports whether the truth lists a marker with m's id whose
// centre lies within half its side of m's.
func trueMarker(m scan.Marker, truth []scene.MarkerTruth) bool {
	c := m.Center()
	for _, t := range truth {
		if t.ID != m.ID {
			continue
		}
		var x, y float64
		for _, p := range t.Corners {
			x, y = x+p[0]/4, y+p[1]/4
		}
		if math.Hypot(x-float64(c.X), y-float64(c.Y)) < t.Side/2 {
			return true
		}
	}
	return false
}

// TestExpectedDecoys runs the expected look's reading on spots all over and
// around every read grid (between the cards, on covers and tokens, on the
// table, hands and piles beyond the grid, ExpectedDecoys), in synthetic
// scenes (-scenes, from -from or 8,600,001) and rendered frames
// (-decoydirs), and fails on any marker it decodes where the truth has no
// marker of that id.
func TestExpectedDecoys(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	d := testDeck(t)
	s := &codenames.Scanner{Deck: codenames.FromDeck(d)}
	looked, decoded, wrong := 0, 0, 0
	check := func(name string, img gocv.Mat, truth []scene.MarkerTruth) {
		obs, err := s.Scan(img)
		if err != nil {
			t.Fatal(err)
		}
		n, got := obs.ExpectedDecoys(img, codenames.FromDeck(d))
		looked += n
		t.Logf("%s: %d spots, %d decoded", name, n, len(got))
		for _, m := range got {
			decoded++
			if !trueMarker(m, truth) {
				wrong++
				t.Errorf("%s: decoded %d at %v where the truth has no such marker", name, m.ID, m.Center())
			}
		}
	}
	n := *scenes
	if n == 0 {
		n = 10
	}
	first := 8600001
	if *from != 0 {
		first = *from
	}
	g := scene.NewGenerator(d)
	defer g.Close()
	for i := range n {
		p := scene.HeldOut(int64(first + i))
		sc, err := g.Scene(p)
		if err != nil {
			t.Fatal(err)
		}
		check(fmt.Sprintf("scene %d", p.Seed), sc.Frame, sc.Truth.Markers)
		sc.Close()
	}
	for _, dir := range strings.Split(*decoyDirs, ",") {
		if dir == "" {
			continue
		}
		frames, err := photoreal.Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range frames {
			if f.Codenames == nil {
				continue
			}
			img := gocv.IMRead(f.Path, gocv.IMReadColor)
			check(f.Image, img, f.Codenames.Markers)
			img.Close()
		}
	}
	t.Logf("spots looked at %d, decoded %d, of which not a marker of the truth %d", looked, decoded, wrong)
}
