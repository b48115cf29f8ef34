package retail

import (
	"testing"

	"gocv.io/x/gocv"
)

// TestSteadyLook: rendered 301038-webcam and 301024-webcam (`render -light
// vary`, the camera's balance leaving the paper bluish: blue over red 1.15
// and 1.10) balanced to the tuning median class a dimmed blue agent as the
// assassin and a word card under a pink sleeve as the red agent; balanced
// only to the tuning range's edge they class blue and word. A class the
// second balance changes is a doubt; one it keeps stands.
func TestSteadyLook(t *testing.T) {
	for _, tc := range []struct {
		name, median, edge string
		bound              float64 // the frame's dimmed bound, balanced to the edge
		want, kept         string  // the median's class, and steadyLook's
	}{
		{"dimmed blue agent", "card-301038-dimmed-blue-median.png", "card-301038-dimmed-blue-edge.png", 128.7, "assassin", ""},
		{"word card under a pink sleeve", "card-301024-sleeved-word-median.png", "card-301024-sleeved-word-edge.png", 157.0, "red", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			med, edge := testImage(t, tc.median), testImage(t, tc.edge)
			defer med.Close()
			defer edge.Close()
			lk := classify(med)
			if lk.kind != tc.want {
				t.Fatalf("classify(median) = %q, want %q (the wrong class the check is for)", lk.kind, tc.want)
			}
			if got := steadyLook(lk, edge, whole(edge), tc.bound); got.kind != tc.kept {
				t.Errorf("steadyLook(%q) = %q, want %q", lk.kind, got.kind, tc.kept)
			}
			// the class the edge's balance gives stands
			at := classify(edge)
			if got := steadyLook(at, edge, whole(edge), tc.bound); got.kind != at.kind || at.kind == "" {
				t.Errorf("steadyLook(%q) on its own balance = %q, want it kept", at.kind, got.kind)
			}
		})
	}
}

// whole is the quad of all of m.
func whole(m gocv.Mat) Quad {
	w, h := float64(m.Cols()), float64(m.Rows())
	return Quad{{0, 0}, {w, 0}, {w, h}, {0, h}}
}
