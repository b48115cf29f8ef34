package insidejob_test

import (
	"testing"

	ijscene "fieldkit/internal/scene/insidejob"
	"fieldkit/internal/sidebyside"
	"fieldkit/scan"
	"fieldkit/scan/insidejob"

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

// BenchmarkReadVsDetect reads 1080p and 12 MP frames with the trick reader
// and, alternating on the same frames, with stock detectMarkers (OpenCV's
// default parameters, through the shim), on one OpenCV thread; it reports
// both medians and their ratio, in wall and thread CPU time (the goal: at
// most 0.5 on 1080p frames, and a 12 MP photo under 40 ms):
//
//	taskset -c 0 go test -run '^$' -bench ReadVsDetect -benchtime 40x ./scan/insidejob
func BenchmarkReadVsDetect(b *testing.B) {
	scan.SetNumThreads(1)
	defer scan.SetNumThreads(-1)
	for _, size := range []string{"1080p", "12MP"} {
		fs := frames(b, 8, size)
		b.Run(size, func(b *testing.B) {
			var r insidejob.Reader
			sidebyside.Run(b, len(fs), func(i int) error {
				_, err := r.Read(fs[i])
				return err
			}, func(i int) error {
				_, err := scan.DetectMarkers(fs[i], scan.DetectorParams{})
				return err
			}, "reader", "stock")
		})
		for _, f := range fs {
			f.Close()
		}
	}
}
