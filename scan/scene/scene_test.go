package scene_test

import (
	"math"
	"testing"

	"fieldkit/deck"
	"fieldkit/scan"
	"fieldkit/scan/scene"
	"fieldkit/wordlists"
	"gocv.io/x/gocv"
)

func newGenerator(t *testing.T) (*scene.Generator, *deck.Deck) {
	t.Helper()
	l, err := wordlists.Builtin("en")
	if err != nil {
		t.Fatal(err)
	}
	d, err := deck.New(l.Name, l.Lang, l.Words, 1)
	if err != nil {
		t.Fatal(err)
	}
	return scene.NewGenerator(d), d
}

// TestSeeded: the same parameters give the same frame and truth.
func TestSeeded(t *testing.T) {
	g, _ := newGenerator(t)
	defer g.Close()
	p := scene.Random(42)
	p.Size = scene.Size720p
	a, err := g.Scene(p)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := g.Scene(p)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	diff := gocv.NewMat()
	defer diff.Close()
	gocv.AbsDiff(a.Frame, b.Frame, &diff)
	if s := diff.Sum(); s.Val1+s.Val2+s.Val3 != 0 {
		t.Errorf("two frames of seed 42 differ (sum of differences %v)", s)
	}
	if len(a.Truth.Markers) != len(b.Truth.Markers) || a.Truth.SeatA != b.Truth.SeatA {
		t.Errorf("two truths of seed 42 differ")
	}
}

// TestTruthMatchesPrint checks the generator's marker geometry against the
// printed faces it lays out: in a sharp, square-on 12 MP frame every marker
// the truth lists as legible is detected within 1.5 pixels of its true
// corners, and every detection is a marker of the truth (some partly under
// another piece are found too: the truth is cautious).
func TestTruthMatchesPrint(t *testing.T) {
	g, _ := newGenerator(t)
	defer g.Close()
	p := scene.Params{Seed: 3, Size: scene.Size12MP, Fill: 0.9, Gap: 6, Covers: 5, Timers: 2, Guess: true, Bank: 2, Seat: true}
	sc, err := g.Scene(p)
	if err != nil {
		t.Fatal(err)
	}
	defer sc.Close()
	got, err := scan.DetectMarkers(sc.Frame, scan.DetectorParams{RefineCorners: true})
	if err != nil {
		t.Fatal(err)
	}
	used := make([]bool, len(got))
	for _, m := range sc.Truth.Markers {
		if !m.Legible && m.Why != "under another piece" {
			t.Errorf("marker %d is not legible in a sharp frame: %s", m.ID, m.Why)
		}
		found := false
		for i, d := range got {
			if d.ID != m.ID || used[i] {
				continue
			}
			worst := 0.0
			for k, c := range d.Corners {
				worst = math.Max(worst, math.Hypot(float64(c.X)-m.Corners[k][0], float64(c.Y)-m.Corners[k][1]))
			}
			// A marker partly under a token is sometimes found, with a
			// corner off.
			if worst < 1.5 || !m.Legible && worst < m.Side/4 {
				used[i], found = true, true
				break
			}
		}
		if !found && m.Legible {
			t.Errorf("marker %d at %v: not detected there", m.ID, m.Corners[0])
		}
	}
	for i, d := range got {
		if !used[i] {
			t.Errorf("detected marker %d at %v is not in the truth", d.ID, d.Corners)
			for _, m := range sc.Truth.Markers {
				if m.ID == d.ID {
					t.Logf("truth %d: %v %v %s", m.ID, m.Corners, m.Legible, m.Why)
				}
			}
		}
	}
}
