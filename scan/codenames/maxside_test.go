package codenames_test

import (
	"testing"

	"fieldkit/internal/scene"
	"fieldkit/scan"
	"fieldkit/scan/codenames"
)

// TestFirstPassMaxSide holds the webcam first pass's bound on a square's
// side (MaxSide): on scene.Wide's 1080p frames the first pass with it finds
// the same markers as without it, and leaves the scanner the same undecoded
// squares to look at again and the same box for a frame without a grid,
// while the detector is handed fewer outlines (the cards' and the table's,
// which cost it a polygon fit, a sample and a dictionary lookup each).
func TestFirstPassMaxSide(t *testing.T) {
	if codenames.FirstPass.MaxSide == 0 {
		t.Fatal("the first pass has no MaxSide")
	}
	unbounded := codenames.FirstPass
	unbounded.MaxSide = 0
	d := testDeck(t)
	g := scene.NewGenerator(d)
	defer g.Close()
	s := codenames.Scanner{Deck: codenames.FromDeck(d)}
	dropped := 0
	for seed := int64(1); seed <= 23; seed += 2 {
		sc, err := g.Scene(scene.Wide(seed))
		if err != nil {
			t.Fatal(err)
		}
		img := sc.Frame
		ms, cands, err := scan.DetectCandidates(img, codenames.FirstPass)
		if err != nil {
			t.Fatal(err)
		}
		wantMs, wantCands, err := scan.DetectCandidates(img, unbounded)
		if err != nil {
			t.Fatal(err)
		}
		if len(ms) != len(wantMs) {
			t.Errorf("seed %d: %d markers, %d without MaxSide", seed, len(ms), len(wantMs))
		} else {
			for i := range ms {
				if ms[i] != wantMs[i] {
					t.Errorf("seed %d: marker %d is %v, %v without MaxSide", seed, i, ms[i], wantMs[i])
				}
			}
		}
		got, want := s.UndecodedRegions(img, ms, cands), s.UndecodedRegions(img, wantMs, wantCands)
		if len(got) != len(want) {
			t.Errorf("seed %d: %d regions to look at again, %d without MaxSide", seed, len(got), len(want))
		} else {
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("seed %d: region %d is %v, %v without MaxSide", seed, i, got[i], want[i])
				}
			}
		}
		if got, want := s.PiecesBox(img, ms, cands), s.PiecesBox(img, wantMs, wantCands); got != want {
			t.Errorf("seed %d: pieces' box %v, %v without MaxSide", seed, got, want)
		}
		dropped += len(wantCands) - len(cands)
		img.Close()
	}
	if dropped <= 0 {
		t.Errorf("MaxSide left out %d undecoded outlines of 12 frames, want some", dropped)
	}
	t.Logf("MaxSide left out %d undecoded outlines of 12 frames", dropped)
}
