package retail

import (
	"math/rand"
	"runtime"
	"testing"

	"gocv.io/x/gocv"
)

// refitCase is a committed crop and a table's colour refit is tried on,
// with the quads about its card (TestRefit's, TestRefitShaped's and
// TestRefitLargest's grid quads, moved, grown and shrunk at random:
// quads on the card, on the table and on its neighbours).
type refitCase struct {
	file  string
	table [3]float64
	quads []Quad
}

// refitCases returns the three committed crops' cases, n quads each (the
// grid's own quad first).
func refitCases(n int) []refitCase {
	cs := []refitCase{
		{"refit-300249-mrowka.jpg", [3]float64{116, 140, 153}, []Quad{{{152, 322}, {330, 99}, {445, 205}, {273, 416}}}},
		{"refit-300678-puzzle.png", [3]float64{166, 133, 130}, []Quad{{{122.235, 175.707}, {150.869, 71.857}, {244.287, 82.440}, {223.098, 186.528}}}},
		{"refit-300633-autobus.jpg", [3]float64{87, 141, 150}, []Quad{{{268.732, 130.4305}, {461.8985, 153.7375}, {418.562, 260.733}, {231.097, 241.2975}}}},
	}
	rng := rand.New(rand.NewSource(1))
	for i := range cs {
		grid := cs[i].quads[0]
		c := grid.centre()
		span := dist(grid[0], grid[1])
		for len(cs[i].quads) < n {
			dx, dy, s := span*(rng.Float64()-0.5), span*(rng.Float64()-0.5), 0.8+0.4*rng.Float64()
			var q Quad
			for j := range grid {
				q[j] = [2]float64{c[0] + dx + s*(grid[j][0]-c[0]), c[1] + dy + s*(grid[j][1]-c[1])}
			}
			cs[i].quads = append(cs[i].quads, q)
		}
	}
	return cs
}

// refitWays are the searches compared: refit's own (spread 0), and
// addedCard's with the shape free, keeping the smallest or the largest of
// the best quads.
var refitWays = []struct {
	spread  float64
	largest bool
}{{0, false}, {addedShape, false}, {addedShape, true}}

// TestRefitSearch: refitShaped (each side's samples placed once for each
// size, shape and angle, the crop's bounds asked at a side's two ends,
// the short sides first) finds the quad, and whether it found one, that
// slowRefitShaped (session 23's search) finds, to the bit, on every
// quad of refitCases and every way of refitWays.
func TestRefitSearch(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 4
	}
	found := 0
	for _, rc := range refitCases(n) {
		img := testImage(t, rc.file)
		for i, q := range rc.quads {
			for _, w := range refitWays {
				want, wok := slowRefitShaped(img, q, rc.table, w.spread, w.largest)
				got, ok := refitShaped(img, q, rc.table, w.spread, w.largest)
				if got != want || ok != wok {
					t.Errorf("%s quad %d, spread %v largest %v: %v %v, want %v %v", rc.file, i, w.spread, w.largest, got, ok, want, wok)
				}
				if ok {
					found++
				}
			}
		}
		img.Close()
	}
	if found == 0 {
		t.Error("no quad found a card: nothing compared")
	}
	t.Logf("%d searches found a card", found)
}

// BenchmarkRefitSearch runs refitCases' quads through every way of
// refitWays, session 23's search and this one in turns within each op,
// and reports each one's CPU time a quad (this thread's: OpenCV and the
// search run on it) and their ratio.
func BenchmarkRefitSearch(b *testing.B) {
	cs := refitCases(8)
	imgs := make([]gocv.Mat, len(cs))
	for i, rc := range cs {
		imgs[i] = testImage(b, rc.file)
		defer imgs[i].Close()
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	ways := []func(gocv.Mat, Quad, [3]float64, float64, bool) (Quad, bool){slowRefitShaped, refitShaped}
	var ms [2]float64
	quads := 0
	for b.Loop() {
		for w, search := range ways {
			start := threadCPU()
			for i, rc := range cs {
				for _, q := range rc.quads {
					for _, rw := range refitWays {
						search(imgs[i], q, rc.table, rw.spread, rw.largest)
						quads += w
					}
				}
			}
			ms[w] += threadCPU() - start
		}
	}
	b.ReportMetric(ms[0]/float64(quads), "old-cpu-ms/search")
	b.ReportMetric(ms[1]/float64(quads), "new-cpu-ms/search")
	b.ReportMetric(ms[1]/ms[0], "new/old")
}
