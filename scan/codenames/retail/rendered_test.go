package retail_test

import (
	"flag"
	"math"
	"strings"
	"testing"

	"fieldkit/internal/photoreal"
	sceneretail "fieldkit/internal/scene/retail"
	"fieldkit/scan/codenames/retail"
	"fieldkit/wordlists"

	"gocv.io/x/gocv"
)

var rendered = flag.String("rendered", "../../testdata/rendered-retail", "directory of photoreal retail frames (name.jpg and name.json, see docs/photoreal.md) TestRendered reads")

// TestRendered reads the Blender-rendered retail tables of -rendered (by
// default the committed regression set, scan/testdata/rendered-retail)
// with the table language's whole built-in list as candidates, and scores
// each frame against its truth with judge, as the synthetic scenes are
// scored: no wrong word, cover or token in any frame; the share of readable
// grids read fully right is logged per resolution, not asserted. Another
// set, e.g. the tuning set:
//
//	go test -run '^TestRendered$' -v ./scan/codenames/retail -rendered=/work/wt/rendered-retail-tune/retail
//
// Nothing on a retail card tells the grid's two ends apart, and when the
// cards' long axis stands near the frame's vertical the reader's "row 0 at
// the top" may come out either way; so the truth is turned by 180 degrees
// when the reader's first cell lies on the truth's last (logged).
func TestRendered(t *testing.T) {
	frames, err := photoreal.Load(*rendered)
	if err != nil {
		t.Fatal(err)
	}
	readers := map[string]*retail.Reader{}
	defer func() {
		for _, r := range readers {
			r.Close()
		}
	}()
	tallies := map[string]*tally{}
	var order []string
	n := 0
	for _, f := range frames {
		rt := f.Retail
		if rt == nil {
			continue
		}
		n++
		r := readers[rt.Lang]
		if r == nil {
			list, err := wordlists.Builtin(rt.Lang)
			if err != nil {
				t.Fatal(err)
			}
			if r, err = retail.NewReader(rt.Lang, list.Words); err != nil {
				t.Fatal(err)
			}
			r.Fresh = true
			readers[rt.Lang] = r
		}
		img := gocv.IMRead(f.Path, gocv.IMReadColor)
		if img.Empty() {
			t.Fatalf("%s: not an image", f.Path)
		}
		o, err := r.Read(img)
		img.Close()
		if err != nil {
			t.Fatalf("%s: %v", f.Image, err)
		}
		truth := rt.Truth
		if o.OK && turned(o, rt) {
			for k := range 12 {
				truth.Cells[k], truth.Cells[24-k] = truth.Cells[24-k], truth.Cells[k]
			}
			t.Logf("%s: the reading's row 0 is the truth's row 4 (cards' axis %.0f degrees): the truth turned", f.Image, rt.Axis)
		}
		res := f.Resolution()
		tl := tallies[res]
		if tl == nil {
			tl = &tally{}
			tallies[res] = tl
			order = append(order, res)
		}
		sc := &sceneretail.Scene{Params: sceneretail.Params{Seed: f.Seed, Lang: rt.Lang, Width: f.Width, Height: f.Height},
			Words: rt.Words, Truth: truth}
		before := tl.fully
		judge(t, sc, o, tl)
		tl.ms = append(tl.ms, o.MS)
		tl.calls += o.OCRCalls
		if truth.Readable && tl.fully == before {
			t.Logf("%s: readable, not fully right (%d cards seen, %s)", f.Image, o.Cards, o.Refusal)
		}
		if !truth.Readable {
			t.Logf("%s: not readable: %s; reader: %s", f.Image, rt.Why, o.Refusal)
		}
	}
	if n == 0 {
		t.Fatalf("no rendered retail frames in %s", *rendered)
	}
	var lines []string
	for _, res := range order {
		lines = append(lines, res+": "+tallies[res].String())
	}
	t.Logf("%d rendered retail frames in %s:\n%s", n, *rendered, strings.Join(lines, "\n"))
}

// turned says whether the reading's cell 0 lies on the truth's cell 24
// rather than its cell 0.
func turned(o retail.Observation, rt *photoreal.RetailTruth) bool {
	var c [2]float64
	for _, q := range o.Cells[0].Quad {
		c[0], c[1] = c[0]+q[0]/4, c[1]+q[1]/4
	}
	d := func(p [2]float64) float64 { return math.Hypot(p[0]-c[0], p[1]-c[1]) }
	return d(rt.Cells[24].Centre) < d(rt.Cells[0].Centre)
}
