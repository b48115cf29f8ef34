package codenames_test

import (
	"path/filepath"
	"sort"
	"testing"
	"time"

	"fieldkit/internal/scene"
	"fieldkit/internal/sidebyside"
	"fieldkit/scan"
	"fieldkit/scan/codenames"

	"gocv.io/x/gocv"
)

// BenchmarkScan measures the full observation (detection, grid, covers,
// tokens) on one OpenCV thread over 24 seeded scenes of the benchmark mix
// per frame size, and reports the median and 95th-percentile wall
// milliseconds and the median thread CPU milliseconds (cpu-ms: what the
// scan itself cost, which a loaded machine's waits do not inflate):
//
//	go test -run '^$' -bench Scan -benchtime 200x ./scan/codenames
func BenchmarkScan(b *testing.B) {
	scan.SetNumThreads(1)
	defer scan.SetNumThreads(-1)
	d := testDeck(b)
	g := scene.NewGenerator(d)
	defer g.Close()
	s := &codenames.Scanner{Deck: codenames.FromDeck(d)}
	for _, size := range []struct {
		name string
		p    func(*scene.Params)
	}{
		{"1080p", func(p *scene.Params) { p.Size = scene.Size1080p }},
		{"12MP", func(p *scene.Params) { p.Size = scene.Size12MP }},
	} {
		var frames []gocv.Mat
		for seed := int64(1); len(frames) < 24; seed++ {
			p := scene.Random(seed)
			p.Layout = scene.Grid
			size.p(&p)
			sc, err := g.Scene(p)
			if err != nil {
				b.Fatal(err)
			}
			if !sc.Truth.Readable {
				sc.Close()
				continue
			}
			frames = append(frames, sc.Frame)
		}
		b.Run(size.name, func(b *testing.B) {
			times := make([]time.Duration, 0, b.N)
			cpu := make([]time.Duration, 0, b.N)
			read := 0
			lockThread()
			defer unlockThread()
			b.ResetTimer()
			for i := range b.N {
				c := sidebyside.ThreadCPU()
				obs, err := s.Scan(frames[i%len(frames)])
				if err != nil {
					b.Fatal(err)
				}
				cpu = append(cpu, sidebyside.ThreadCPU()-c)
				times = append(times, obs.Elapsed)
				if obs.OK {
					read++
				}
			}
			b.StopTimer()
			reportTimes(b, times)
			b.ReportMetric(sidebyside.Median(cpu), "cpu-ms")
			b.ReportMetric(float64(read)/float64(b.N), "read")
		})
		for _, f := range frames {
			f.Close()
		}
	}
}

func reportTimes(b *testing.B, times []time.Duration) {
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(times[len(times)/2]), "median-ms")
	b.ReportMetric(ms(times[len(times)*95/100]), "p95-ms")
}

// BenchmarkVideo measures the video path on one OpenCV thread: decoding a
// 1080p MJPG frame and tracking it. 30 fps needs under 33 ms per frame:
//
//	go test -run '^$' -bench Video -benchtime 100x ./scan/codenames
func BenchmarkVideo(b *testing.B) {
	scan.SetNumThreads(1)
	defer scan.SetNumThreads(-1)
	d := testDeck(b)
	g := scene.NewGenerator(d)
	defer g.Close()
	path := filepath.Join(b.TempDir(), "clip.avi")
	ps := videoScenes()
	vw, err := gocv.VideoWriterFile(path, "MJPG", 30, ps[0].Size.X, ps[0].Size.Y, true)
	if err != nil {
		b.Fatal(err)
	}
	for _, p := range ps {
		sc, err := g.Scene(p)
		if err != nil {
			b.Fatal(err)
		}
		vw.Write(sc.Frame)
		sc.Close()
	}
	vw.Close()
	tr := codenames.NewTracker(&codenames.Scanner{Deck: codenames.FromDeck(d)})
	frame := gocv.NewMat()
	defer frame.Close()
	var vc *gocv.VideoCapture
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		start := time.Now()
		if vc == nil || !vc.Read(&frame) || frame.Empty() {
			if vc != nil {
				vc.Close()
			}
			b.StopTimer()
			if vc, err = gocv.VideoCaptureFile(path); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			start = time.Now()
			vc.Read(&frame)
		}
		if _, _, err := tr.Observe(frame); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	if vc != nil {
		vc.Close()
	}
	reportTimes(b, times)
}

// BenchmarkVsStock measures the scanner's whole observation against
// OpenCV's aruco detectMarkers with its default parameters (through the
// same shim: scan.DetectorParams{}), both on one core, alternating on the
// same decoded frames: 24 scenes of the widened set (scene.Wide) per frame
// size, readable or not. It reports both medians and their ratio, in wall
// time and in the thread's CPU time (which a busy machine disturbs less):
//
//	go test -run '^$' -bench VsStock -benchtime 200x -cpu 1 ./scan/codenames
func BenchmarkVsStock(b *testing.B) {
	onWideFrames(b, func(b *testing.B, s *codenames.Scanner, frames []gocv.Mat) {
		sidebyside.Run(b, len(frames), func(i int) error {
			_, err := s.Scan(frames[i])
			return err
		}, func(i int) error {
			_, err := scan.DetectMarkers(frames[i], scan.DetectorParams{})
			return err
		}, "scan", "stock")
	})
}

// onWideFrames runs bench, with OpenCV on one thread, once per frame size
// on the same 24 decoded frames of the widened set (scene.Wide's odd seeds
// are 1080p, even ones 12 MP).
func onWideFrames(b *testing.B, bench func(b *testing.B, s *codenames.Scanner, frames []gocv.Mat)) {
	scan.SetNumThreads(1)
	defer scan.SetNumThreads(-1)
	d := testDeck(b)
	g := scene.NewGenerator(d)
	defer g.Close()
	s := &codenames.Scanner{Deck: codenames.FromDeck(d)}
	for _, size := range []struct {
		name  string
		first int64
	}{{"1080p", 1}, {"12MP", 2}} {
		var frames []gocv.Mat
		for _, f := range benchFrames(b, g, size.first, scene.Wide, false) {
			frames = append(frames, f.img)
		}
		b.Run(size.name, func(b *testing.B) { bench(b, s, frames) })
		for _, f := range frames {
			f.Close()
		}
	}
}

// benchFrames draws the benchmarks' 24 frames of one set: the scenes of
// params for seeds first, first+2, ... (scene.Wide's odd seeds are 1080p
// frames, its even ones 12 MP photos), with grain, Gaussian grain of sigma
// 6 and a JPEG 70 round trip added (grainy), and the markers each scene's
// truth calls legible. The caller closes the frames.
func benchFrames(b *testing.B, g *scene.Generator, first int64, params func(int64) scene.Params, grain bool) []benchFrame {
	var frames []benchFrame
	for seed := first; len(frames) < 24; seed += 2 {
		sc, err := g.Scene(params(seed))
		if err != nil {
			b.Fatal(err)
		}
		f := benchFrame{img: sc.Frame}
		if grain {
			f.img = grainy(b, sc.Frame, 6, 70)
			sc.Frame.Close()
		}
		for _, m := range sc.Truth.Markers {
			if m.Legible {
				f.legible = append(f.legible, m)
			}
		}
		frames = append(frames, f)
	}
	return frames
}
