package retail

import (
	"flag"
	"runtime"
	"syscall"
	"testing"

	"fieldkit/internal/photoreal"
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// BenchmarkFindCards finds the cards (findCards: the card mask, its
// blob passes, the chroma and frame passes where too few cards lie alone)
// in each 1080p webcam frame of the rendered retail set -rendered (by
// default the committed regression set); cpu-ms/frame is this thread's
// CPU time a frame (OpenCV on one thread runs on it). Run on one core:
//
//	go test ./scan/codenames/retail -run XX -bench FindCards -cpu 1 -rendered DIR
func BenchmarkFindCards(b *testing.B) {
	scan.SetNumThreads(1)
	defer scan.SetNumThreads(-1)
	frames, err := photoreal.Load(flag.Lookup("rendered").Value.String())
	if err != nil {
		b.Fatal(err)
	}
	var imgs []gocv.Mat
	defer func() {
		for _, m := range imgs {
			m.Close()
		}
	}()
	for _, f := range frames {
		if f.Retail == nil || f.Width != 1920 {
			continue
		}
		img := gocv.IMRead(f.Path, gocv.IMReadColor)
		if img.Empty() {
			b.Fatalf("%s: not an image", f.Path)
		}
		imgs = append(imgs, img)
	}
	if len(imgs) == 0 {
		b.Skip("no 1080p rendered retail frames")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	ms := 0.0
	for b.Loop() {
		start := threadCPU()
		for _, img := range imgs {
			_, _, cm := findCards(img)
			cm.Close()
		}
		ms += threadCPU() - start
	}
	b.ReportMetric(ms/float64(b.N*len(imgs)), "cpu-ms/frame")
}

// threadCPU is the calling thread's CPU time (user and system), in
// milliseconds.
func threadCPU() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e6
}

// rusageThread is Linux's RUSAGE_THREAD.
const rusageThread = 1
