package insidejob_test

import (
	"sort"
	"testing"
	"time"

	"fieldkit/scan"
	"fieldkit/scan/insidejob"
	ijscene "fieldkit/scan/scene/insidejob"

	"gocv.io/x/gocv"
)

// frames returns n seeded frames of size (1080p or 12 MP) whose tricks are
// readable. The caller closes them.
func frames(b *testing.B, n int, size string) []gocv.Mat {
	g, err := ijscene.NewGenerator()
	if err != nil {
		b.Fatal(err)
	}
	defer g.Close()
	var out []gocv.Mat
	for seed := int64(1); len(out) < n; seed++ {
		p := ijscene.Random(seed)
		if (p.Size.X == 1920) != (size == "1080p") {
			continue
		}
		sc, err := g.Scene(p)
		if err != nil {
			b.Fatal(err)
		}
		if !sc.Truth.Readable {
			sc.Close()
			continue
		}
		out = append(out, sc.Frame)
	}
	return out
}

func median(ts []time.Duration) float64 {
	sort.Slice(ts, func(i, j int) bool { return ts[i] < ts[j] })
	return float64(ts[len(ts)/2].Microseconds()) / 1000
}

// BenchmarkReadVsDetect reads 1080p and 12 MP frames with the trick reader
// and, alternating on the same frames, with stock detectMarkers (OpenCV's
// default parameters, through the shim), on one OpenCV thread; it reports
// both medians and their ratio (the goal: at most 0.5 on 1080p frames, and
// a 12 MP photo under 40 ms):
//
//	taskset -c 0 go test -run '^$' -bench ReadVsDetect -benchtime 40x ./scan/insidejob
func BenchmarkReadVsDetect(b *testing.B) {
	scan.SetNumThreads(1)
	defer scan.SetNumThreads(-1)
	for _, size := range []string{"1080p", "12MP"} {
		fs := frames(b, 8, size)
		b.Run(size, func(b *testing.B) {
			var r insidejob.Reader
			var reader, stock []time.Duration
			b.ResetTimer()
			for i := range b.N {
				f := fs[i%len(fs)]
				start := time.Now()
				if _, err := r.Read(f); err != nil {
					b.Fatal(err)
				}
				reader = append(reader, time.Since(start))
				start = time.Now()
				if _, err := scan.DetectMarkers(f, scan.DetectorParams{}); err != nil {
					b.Fatal(err)
				}
				stock = append(stock, time.Since(start))
			}
			b.StopTimer()
			mr, ms := median(reader), median(stock)
			b.ReportMetric(mr, "reader-ms")
			b.ReportMetric(ms, "stock-ms")
			b.ReportMetric(mr/ms, "ratio")
		})
		for _, f := range fs {
			f.Close()
		}
	}
}
