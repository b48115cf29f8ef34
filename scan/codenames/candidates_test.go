package codenames_test

import (
	"image"
	"math"
	"testing"

	"fieldkit/internal/scene"
	"fieldkit/internal/sidebyside"
	"fieldkit/scan"
	"fieldkit/scan/codenames"

	"gocv.io/x/gocv"
)

// TestUndecodedSquares checks what the scanner's look at undecoded squares
// relies on, over widened 1080p frames (dim light, heavy JPEG, tilt): a
// legible marker the first, halved pass loses nearly always lies in a
// region the scanner looks at again (around a square that pass found and
// could not decode), and the detection at full size there reads it.
func TestUndecodedSquares(t *testing.T) {
	d := testDeck(t)
	g := scene.NewGenerator(d)
	defer g.Close()
	s := &codenames.Scanner{Deck: codenames.FromDeck(d)}
	var lost, inRegion, reread int
	for seed := int64(1); seed <= 79; seed += 2 { // Wide's odd seeds are 1080p frames
		// The frames these seeds drew before issue 25's clutter (whose
		// glints hide some of the markers lost here).
		sc, err := g.Scene(scene.Wide(seed).Uncluttered())
		if err != nil {
			t.Fatal(err)
		}
		ms, cands, err := scan.DetectCandidates(sc.Frame, codenames.FirstPass)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := scan.DetectMarkers(sc.Frame, codenames.FirstPass)
		if err != nil {
			t.Fatal(err)
		}
		if len(plain) != len(ms) {
			t.Fatalf("seed %d: DetectCandidates found %d markers, DetectMarkers %d", seed, len(ms), len(plain))
		}
		regions := s.UndecodedRegions(sc.Frame, ms, cands)
		for _, m := range sc.Truth.Markers {
			cx, cy := truthCentre(m.Corners)
			if !m.Legible || foundAt(ms, m.ID, cx, cy, m.Side) {
				continue
			}
			lost++
			for _, r := range regions {
				if !image.Pt(int(cx), int(cy)).In(r) {
					continue
				}
				inRegion++
				again, err := codenames.DetectIn(sc.Frame, []image.Rectangle{r}, codenames.FullSize)
				if err != nil {
					t.Fatal(err)
				}
				if foundAt(again, m.ID, cx, cy, m.Side) {
					reread++
					break
				}
			}
		}
		sc.Close()
	}
	t.Logf("%d legible markers lost by the halved pass: %d in a region looked at again, %d read there at full size", lost, inRegion, reread)
	if lost < 5 {
		t.Fatalf("only %d legible markers lost by the halved pass: the frames no longer test the second look", lost)
	}
	if float64(reread) < 0.8*float64(lost) {
		t.Errorf("of %d lost markers %d lie in a region looked at again and %d are read there, want 80%%", lost, inRegion, reread)
	}
}

func truthCentre(c [4][2]float64) (x, y float64) {
	for _, p := range c {
		x, y = x+p[0]/4, y+p[1]/4
	}
	return x, y
}

func foundAt(ms []scan.Marker, id int, x, y, side float64) bool {
	for _, m := range ms {
		if c := m.Center(); m.ID == id && math.Hypot(float64(c.X)-x, float64(c.Y)-y) < side/2 {
			return true
		}
	}
	return false
}

// BenchmarkUndecodedLook measures what the look at undecoded squares costs
// against the first pass it follows, on the same widened frames, alternating
// on one thread: the ratio is the look's share of a first pass.
//
//	go test ./scan/codenames -run '^$' -bench UndecodedLook -benchtime 96x -cpu 1
func BenchmarkUndecodedLook(b *testing.B) {
	onWideFrames(b, func(b *testing.B, s *codenames.Scanner, frames []gocv.Mat) {
		regions := make([][]image.Rectangle, len(frames))
		for i, f := range frames {
			ms, cands, err := scan.DetectCandidates(f, codenames.FirstPass)
			if err != nil {
				b.Fatal(err)
			}
			regions[i] = s.UndecodedRegions(f, ms, cands)
		}
		sidebyside.Run(b, len(frames), func(i int) error {
			_, err := codenames.DetectIn(frames[i], regions[i], codenames.FullSize)
			return err
		}, func(i int) error {
			_, _, err := scan.DetectCandidates(frames[i], codenames.FirstPass)
			return err
		}, "look", "first")
	})
}

// TestSmallTokenAndSeatMarker: two dim widened 1080p frames whose guess
// token (35 px) and seat marker (33 px) the halved first pass cannot decode
// and the empty cells' second look does not cover (a token lies on a card,
// the seat marker beside the grid); the look at undecoded squares reads them.
func TestSmallTokenAndSeatMarker(t *testing.T) {
	d := testDeck(t)
	g := scene.NewGenerator(d)
	defer g.Close()
	s := &codenames.Scanner{Deck: codenames.FromDeck(d)}
	for _, seed := range []int64{519, 1681} {
		sc, err := g.Scene(scene.Wide(seed).Uncluttered())
		if err != nil {
			t.Fatal(err)
		}
		obs, err := s.Scan(sc.Frame)
		if err != nil {
			t.Fatal(err)
		}
		if o, diffs := judge(obs, sc.Truth); o != correct {
			t.Errorf("seed %d: %v: %v", seed, o, diffs)
		}
		sc.Close()
	}
}
