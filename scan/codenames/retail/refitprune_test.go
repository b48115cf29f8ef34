package retail

import (
	"math/rand"
	"runtime"
	"testing"

	"gocv.io/x/gocv"
)

// refitQuads are the grid's quad of TestRefit's MRÓWKA (300249) moved,
// grown and shrunk at random about it, with the quad itself first: cells
// with a card near and cells with none.
func refitQuads() []Quad {
	grid := Quad{{152, 322}, {330, 99}, {445, 205}, {273, 416}}
	rng := rand.New(rand.NewSource(0))
	qs := []Quad{grid}
	for range 23 {
		dx, dy, s := 300*(rng.Float64()-0.5), 300*(rng.Float64()-0.5), 0.8+0.4*rng.Float64()
		c := grid.centre()
		var q Quad
		for i := range grid {
			q[i] = [2]float64{c[0] + dx + s*(grid[i][0]-c[0]), c[1] + dy + s*(grid[i][1]-c[1])}
		}
		qs = append(qs, q)
	}
	return qs
}

// TestRefitPruned: refit's search stopping at a side that can no longer
// pass the best score finds the same quad as scoring every side to its
// end, on 24 quads about rendered 300249's MRÓWKA (some on its card, some
// on the table or its neighbours).
func TestRefitPruned(t *testing.T) {
	img := gocv.IMRead("testdata/refit-300249-mrowka.jpg", gocv.IMReadColor)
	if img.Empty() {
		t.Fatal("no image")
	}
	defer img.Close()
	table := [3]float64{116, 140, 153}
	defer func() { pruneRefit = true }()
	found := 0
	for i, q := range refitQuads() {
		pruneRefit = false
		want, wok := refit(img, q, table)
		pruneRefit = true
		got, ok := refit(img, q, table)
		if got != want || ok != wok {
			t.Errorf("quad %d: pruned %v %v, unpruned %v %v", i, got, ok, want, wok)
		}
		if ok {
			found++
		}
	}
	if found == 0 {
		t.Error("no quad found a card: nothing compared")
	}
	t.Logf("%d of %d quads found a card", found, len(refitQuads()))
}

// BenchmarkRefitPruned runs refit on TestRefitPruned's quads with the
// search unpruned and pruned, in turns within each op, and reports each
// way's CPU time a quad (this thread's: OpenCV and the search run on it).
func BenchmarkRefitPruned(b *testing.B) {
	img := gocv.IMRead("testdata/refit-300249-mrowka.jpg", gocv.IMReadColor)
	defer img.Close()
	qs := refitQuads()
	defer func() { pruneRefit = true }()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var ms [2]float64
	for b.Loop() {
		for w, prune := range []bool{false, true} {
			pruneRefit = prune
			start := threadCPU()
			for _, q := range qs {
				refit(img, q, [3]float64{116, 140, 153})
			}
			ms[w] += threadCPU() - start
		}
	}
	n := float64(b.N * len(qs))
	b.ReportMetric(ms[0]/n, "unpruned-cpu-ms/quad")
	b.ReportMetric(ms[1]/n, "pruned-cpu-ms/quad")
}
