package retail_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"fieldkit/internal/photoreal"
	sceneretail "fieldkit/internal/scene/retail"
	"fieldkit/scan/codenames/retail"

	"gocv.io/x/gocv"
)

// TestWarmLight reads the regression set's 1080p frames (seed 4: seven
// word cards read as the bystander before, seed 35 at 12 MP one) under a
// lamp warmer than the renderer's (perturb "warm": blue x0.75, green
// x0.93, red x1.1): the paper's tint lies outside the tuning frames' and
// is balanced back (cast.go), so no cover is wrong; untouched, the
// frames' tint lies inside and nothing is balanced.
func TestWarmLight(t *testing.T) {
	_ = readUnderLight(t, "warm", func(o retail.Observation) (bool, string) {
		return o.Tint != [2]float64{}, fmt.Sprintf("tint %.3f, %.3f", o.Tint[0], o.Tint[1])
	})
}

// readUnderLight reads the regression set's frames as rendered, where
// moved must say nothing was changed, and under the perturbation name,
// where it must say the frame was brought back; judge fails the test on
// any wrong word, cover or token. It returns the observations under the
// perturbation by the frames' image names.
func readUnderLight(t *testing.T, name string, moved func(retail.Observation) (bool, string)) map[string]retail.Observation {
	t.Helper()
	if testing.Short() {
		t.Skip("reads five rendered frames twice")
	}
	frames, err := photoreal.Load(filepath.Join("..", "..", "testdata", "rendered-retail"))
	if err != nil {
		t.Fatal(err)
	}
	readers := langReaders{}
	defer readers.close()
	i := slices.IndexFunc(perturbations, func(p perturbation) bool { return p.name == name })
	if i < 0 {
		t.Fatalf("no perturbation %q", name)
	}
	p := perturbations[i]
	seen := map[string]retail.Observation{}
	for _, f := range frames {
		rt := f.Retail
		img := gocv.IMRead(f.Path, gocv.IMReadColor)
		o, err := readers.get(t, rt.Lang).Read(img)
		if err != nil {
			t.Fatal(err)
		}
		if m, what := moved(o); m {
			t.Errorf("%s: brought back (%s) as rendered", f.Image, what)
		}
		lit, _ := p.apply(img, rand.New(rand.NewPCG(uint64(f.Seed), 18)))
		img.Close()
		o, err = readers.get(t, rt.Lang).Read(lit)
		lit.Close()
		if err != nil {
			t.Fatal(err)
		}
		m, what := moved(o)
		if o.OK && !m {
			t.Errorf("%s: not brought back under %s", f.Image, p.name)
		}
		truth := rt.Truth
		if o.OK && turned(o, rt, 1) {
			for k := range 12 {
				truth.Cells[k], truth.Cells[24-k] = truth.Cells[24-k], truth.Cells[k]
			}
		}
		var tl tally
		judge(t, &sceneretail.Scene{Params: sceneretail.Params{Seed: f.Seed, Lang: rt.Lang, Width: f.Width, Height: f.Height}, Words: rt.Words, Truth: truth}, o, &tl)
		t.Logf("%s %s: %s; words %d/%d, covers %d/%d", f.Image, p.name, what, tl.wordsRead, tl.words, tl.coversRead, tl.covers)
		seen[f.Image] = o
	}
	return seen
}
