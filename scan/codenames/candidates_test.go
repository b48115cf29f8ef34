package codenames_test

import (
	"image"
	"math"
	"testing"

	"fieldkit/scan"
	"fieldkit/scan/codenames"
	"fieldkit/scan/scene"
)

// TestUndecodedSquares checks what the scanner's look at undecoded squares
// relies on, over widened 1080p frames (dim light, heavy JPEG, tilt): a
// legible marker the first, halved pass loses nearly always lies behind a
// square that pass found and could not decode, and a detection at full size
// in that square's small region then reads it.
func TestUndecodedSquares(t *testing.T) {
	d := testDeck(t)
	g := scene.NewGenerator(d)
	defer g.Close()
	first := scan.DetectorParams{Downscale: true, WindowMin: 7, WindowMax: 7, WindowStep: 1, RefineCorners: true, MinSide: 20}
	full := scan.DetectorParams{WindowMin: 13, WindowMax: 13, WindowStep: 1, RefineCorners: true, MinSide: 20}
	var lost, behind, reread int
	for seed := int64(1); seed <= 79; seed += 2 { // Wide's odd seeds are 1080p frames
		sc, err := g.Scene(scene.Wide(seed))
		if err != nil {
			t.Fatal(err)
		}
		ms, cands, err := scan.DetectCandidates(sc.Frame, first)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := scan.DetectMarkers(sc.Frame, first)
		if err != nil {
			t.Fatal(err)
		}
		if len(plain) != len(ms) {
			t.Fatalf("seed %d: DetectCandidates found %d markers, DetectMarkers %d", seed, len(ms), len(plain))
		}
		for _, m := range sc.Truth.Markers {
			cx, cy := truthCentre(m.Corners)
			if !m.Legible || foundAt(ms, m.ID, cx, cy, m.Side) {
				continue
			}
			lost++
			for _, q := range cands {
				if qx, qy := quadCentre(q); math.Hypot(qx-cx, qy-cy) >= m.Side/2 {
					continue
				}
				behind++
				roi := sc.Frame.Region(boxAround(q, sc.Frame.Cols(), sc.Frame.Rows()))
				again, err := scan.DetectMarkers(roi, full)
				roi.Close()
				if err != nil {
					t.Fatal(err)
				}
				for _, a := range again {
					if a.ID == m.ID {
						reread++
						break
					}
				}
				break
			}
		}
		sc.Close()
	}
	t.Logf("%d legible markers lost by the halved pass: %d behind an undecoded square, %d of them read there at full size", lost, behind, reread)
	if lost < 5 {
		t.Fatalf("only %d legible markers lost by the halved pass: the frames no longer test the second look", lost)
	}
	if float64(behind) < 0.8*float64(lost) || float64(reread) < 0.8*float64(behind) {
		t.Errorf("of %d lost markers %d lie behind an undecoded square and %d are read there at full size, want 80%% each", lost, behind, reread)
	}
}

func truthCentre(c [4][2]float64) (x, y float64) {
	for _, p := range c {
		x, y = x+p[0]/4, y+p[1]/4
	}
	return x, y
}

func quadCentre(c scan.Candidate) (x, y float64) {
	for _, p := range c {
		x, y = x+float64(p.X)/4, y+float64(p.Y)/4
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

// boxAround is q's bounding box widened by half its size each way, clipped
// to a w x h image, as the scanner looks again.
func boxAround(q scan.Candidate, w, h int) image.Rectangle {
	r := image.Rect(int(q[0].X), int(q[0].Y), int(q[0].X)+1, int(q[0].Y)+1)
	for _, p := range q[1:] {
		r = r.Union(image.Rect(int(p.X), int(p.Y), int(p.X)+1, int(p.Y)+1))
	}
	return r.Inset(-max(r.Dx(), r.Dy()) / 2).Intersect(image.Rect(0, 0, w, h))
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
		sc, err := g.Scene(scene.Wide(seed))
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
