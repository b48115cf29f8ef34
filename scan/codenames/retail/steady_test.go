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
// second balance changes is a doubt; one it keeps stands. A bystander tan
// all over at the median (935008-webcam's 2,1, 301052-webcam's 1,1) pales
// to a word card's beige at the edge, with no ink and its figure still
// there: it stands (paledTan); a hand over a word card (935017-phone's
// 3,0), a glared tan at the median, does not.
func TestSteadyLook(t *testing.T) {
	for _, tc := range []struct {
		name, median, edge string
		bound              float64 // the frame's dimmed bound, balanced to the edge
		want, kept         string  // the median's class, and steadyLook's
	}{
		{"dimmed blue agent", "card-301038-dimmed-blue-median.png", "card-301038-dimmed-blue-edge.png", 128.7, "assassin", ""},
		{"word card under a pink sleeve", "card-301024-sleeved-word-median.png", "card-301024-sleeved-word-edge.png", 157.0, "red", ""},
		{"bystander paled at the edge", "card-935008-bystander-median.png", "card-935008-bystander-edge.png", 150, "bystander", "bystander"},
		{"bystander paled at the edge, clear figure", "card-301052-bystander-median.png", "card-301052-bystander-edge.png", 150, "bystander", "bystander"},
		{"hand over a word card, glared tan", "card-935017-hand-median.png", "card-935017-hand-edge.png", 150, "bystander", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			med, edge := testImage(t, tc.median), testImage(t, tc.edge)
			defer med.Close()
			defer edge.Close()
			lk := classify(med)
			if lk.kind == "" && tc.want == "assassin" {
				// classify leaves the dimmed blue agent in doubt
				// itself now (greyDark, assassin.go): steadyLook is
				// still asked of the class it had
				lk = look{kind: tc.want}
			}
			if lk.kind == "word" && tc.want == "bystander" && tc.kept == "" {
				// classify takes the hand for no glared bystander
				// itself now, its fingers' gaps too dark a figure for
				// a dim glare (maxDimGlareFigure, cover.go)
				lk = look{kind: tc.want}
			}
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

// TestPaledTan: paledTan takes the edge's crops of bystanders that classify
// took for tan all over at the median balance, and no word card: its ink
// (935008-webcam's 0,0 at the edge, 0.91 pale). A plain-tan bystander's
// look is no word card's there.
func TestPaledTan(t *testing.T) {
	for _, tc := range []struct {
		file string
		want bool
	}{
		{"card-935008-bystander-edge.png", true},
		{"card-301052-bystander-edge.png", true},
		{"card-935008-word-edge.png", false},
	} {
		t.Run(tc.file, func(t *testing.T) {
			m := testImage(t, tc.file)
			defer m.Close()
			if got := paledTan(m); got != tc.want {
				t.Errorf("paledTan(%s) = %v, want %v", tc.file, got, tc.want)
			}
			lk := look{kind: "bystander", tan: true}
			want := ""
			if tc.want {
				want = "bystander"
			}
			if got := steadyLook(lk, m, whole(m), 150); got.kind != want {
				t.Errorf("steadyLook(tan bystander) on %s = %q, want %q", tc.file, got.kind, want)
			}
		})
	}
}

// TestAssassinShown: drawn-lamp 301121-phone's assassin at 3,4, classed
// the assassin at the median balance, is in the blue class at the edge's
// (0.97), its pale figure plain: steadyLook keeps the assassin. The blue
// agent dimmed by a hand (301038-webcam), the assassin at the median and
// blue at the edge, shows no such figure there and stays a doubt.
func TestAssassinShown(t *testing.T) {
	for _, tc := range []struct {
		name, median, edge string
		kept               string
	}{
		{"assassin blue at the edge", "card-301121-assassin-median.png", "card-301121-assassin-edge.png", "assassin"},
		{"dimmed blue agent", "card-301038-dimmed-blue-median.png", "card-301038-dimmed-blue-edge.png", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			med, edge := testImage(t, tc.median), testImage(t, tc.edge)
			defer med.Close()
			defer edge.Close()
			lk := classify(med)
			if lk.kind == "" && tc.kept == "" {
				// (the dimmed blue agent: a doubt by classify itself
				// now, greyDark)
				lk = look{kind: "assassin"}
			}
			if lk.kind != "assassin" {
				t.Fatalf("classify(median) = %q, want %q", lk.kind, "assassin")
			}
			if got := steadyLook(lk, edge, whole(edge), 150); got.kind != tc.kept {
				t.Errorf("steadyLook(%q) = %q, want %q", lk.kind, got.kind, tc.kept)
			}
		})
	}
}
