package scan

import (
	"math/rand"
	"sort"
	"testing"
	"time"

	"fieldkit/markers"
)

// BenchmarkDetect1080p measures DetectMarkers on synthetic 1080p frames of 25
// cards (any rotation, 35-degree tilt), sharp or blurred with sensor noise, on
// one OpenCV thread. Besides ns/op it reports the median and 95th-percentile
// milliseconds per frame and the markers found (of 25):
//
//	go test -run '^$' -bench Detect1080p -benchtime 50x ./scan
func BenchmarkDetect1080p(b *testing.B) {
	SetNumThreads(1)
	defer SetNumThreads(-1) // OpenCV's default again
	for _, d := range []degradation{
		{name: "sharp", rotate: 180, tilt: 35},
		{name: "noisy", rotate: 180, tilt: 35, blur: 1, noise: 4},
	} {
		rng := rand.New(rand.NewSource(1))
		ids := rng.Perm(markers.Count)[:25]
		sc := makeScene(b, rng, drawSheet(b, cardsLayout, ids), d)
		benchmarkSettings(b, d.name, sc)
		sc.frame.Close()
	}
}

func benchmarkSettings(b *testing.B, scene string, sc scene) {
	for _, s := range []struct {
		name string
		p    DetectorParams
	}{
		{"default", DetectorParams{}},
		{"one-window", DetectorParams{WindowMin: 13, WindowMax: 13, WindowStep: 1}},
		{"one-window-refined", DetectorParams{WindowMin: 13, WindowMax: 13, WindowStep: 1, RefineCorners: true}},
		{"downscale-unrefined", DetectorParams{Downscale: true, WindowMin: 7, WindowMax: 7, WindowStep: 1}},
		{"tuned", TunedParams()},
		{"downscale-window-5", DetectorParams{Downscale: true, WindowMin: 5, WindowMax: 5, WindowStep: 1, RefineCorners: true}},
		{"fast-mode", DetectorParams{Aruco3: true}},
	} {
		b.Run(scene+"/"+s.name, func(b *testing.B) {
			times := make([]time.Duration, 0, b.N)
			found := 0
			b.ResetTimer()
			for range b.N {
				start := time.Now()
				got, err := DetectMarkers(sc.frame, s.p)
				times = append(times, time.Since(start))
				if err != nil {
					b.Fatal(err)
				}
				for _, m := range got {
					if _, ok := sc.truth[m.ID]; ok {
						found++
					}
				}
			}
			b.StopTimer()
			sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
			ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
			b.ReportMetric(ms(times[len(times)/2]), "median-ms")
			b.ReportMetric(ms(times[len(times)*95/100]), "p95-ms")
			b.ReportMetric(float64(found)/float64(b.N), "markers")
		})
	}
}
