package retail

import (
	"flag"
	"image"
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
	imgs := oneCoreFrames(b)
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

// BenchmarkOpenedDisc times the opening of maskDiscs' blobs that are not
// token-shaped as found, in each 1080p webcam frame of -rendered at the
// detection width (a card's area taken as 3,140 pixels, the benchmark's
// size, everywhere; the test for thin blobs does not depend on it), three
// ways in turns within each op: "open-all" draws and opens every such blob
// (openBlob, the way before thinBlob), "thin-skipped" passes over the thin
// ones (session 20), "small-skipped" as openedDisc does now (the small
// ones too: smallBlob). All must say the same of each blob, and give the
// same box for a disc. Run on one core:
//
//	go test ./scan/codenames/retail -run XX -bench OpenedDisc -cpu 1 -rendered DIR
func BenchmarkOpenedDisc(b *testing.B) {
	scan.SetNumThreads(1)
	defer scan.SetNumThreads(-1)
	area := everywhere(3140)
	var blobs []gocv.PointsVector
	var idx [][2]int // blob set, contour
	defer func() {
		for _, cs := range blobs {
			cs.Close()
		}
	}()
	for _, img := range webcamFrames(b) {
		_, _, cm := findCards(img)
		hsv := gocv.NewMat()
		gocv.CvtColor(cm.small, &hsv, gocv.ColorBGRToHSV)
		for _, lo := range [][2]float64{{16, minTokenSat}, {minPaleTokenHue, minPaleTokenSat}} {
			mask := gocv.NewMat()
			gocv.InRangeWithScalar(hsv, gocv.NewScalar(lo[0], lo[1], 120, 0), gocv.NewScalar(36, 255, 255, 0), &mask)
			cs := gocv.FindContours(mask, gocv.RetrievalExternal, gocv.ChainApproxSimple)
			mask.Close()
			for i := range cs.Size() {
				if c := cs.At(i); !tokenShaped(c, area.at(boxCentre(gocv.BoundingRect(c)))) {
					idx = append(idx, [2]int{len(blobs), i})
				}
			}
			blobs = append(blobs, cs)
		}
		hsv.Close()
		cm.Close()
		img.Close()
	}
	if len(idx) == 0 {
		b.Skip("no blobs to open")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	ways := []struct {
		name string
		open func(gocv.PointVector, image.Rectangle, cardSize) (image.Rectangle, bool)
	}{
		{"open-all", func(c gocv.PointVector, b image.Rectangle, area cardSize) (image.Rectangle, bool) {
			return openBlob(c, b, area.at)
		}},
		{"thin-skipped", func(c gocv.PointVector, b image.Rectangle, area cardSize) (image.Rectangle, bool) {
			if thinBlob(b) {
				return b, false
			}
			return openBlob(c, b, area.at)
		}},
		{"small-skipped", openedDisc},
	}
	ms := make([]float64, len(ways))
	thin := 0
	for b.Loop() {
		thin = 0
		for _, ix := range idx {
			c := blobs[ix[0]].At(ix[1])
			bx := gocv.BoundingRect(c)
			if thinBlob(bx) {
				thin++
			}
			var got [3]image.Rectangle
			var ok [3]bool
			for w, way := range ways {
				start := threadCPU()
				got[w], ok[w] = way.open(c, bx, area)
				ms[w] += threadCPU() - start
			}
			for w := 1; w < len(ways); w++ {
				if ok[w] != ok[0] || ok[0] && got[w] != got[0] {
					b.Fatalf("blob %v: open-all %v %v, %s %v %v", bx, got[0], ok[0], ways[w].name, got[w], ok[w])
				}
			}
		}
	}
	for w, way := range ways {
		b.ReportMetric(ms[w]/float64(b.N), way.name+"-cpu-ms/op")
	}
	b.ReportMetric(float64(len(idx)), "blobs")
	b.ReportMetric(float64(thin), "thin")
}

// oneCoreFrames returns webcamFrames with OpenCV on one thread until b
// ends (the frames closed then), and skips b when there are none.
func oneCoreFrames(b *testing.B) []gocv.Mat {
	scan.SetNumThreads(1)
	imgs := webcamFrames(b)
	b.Cleanup(func() {
		for _, m := range imgs {
			m.Close()
		}
		scan.SetNumThreads(-1)
	})
	if len(imgs) == 0 {
		b.Skip("no 1080p rendered retail frames")
	}
	return imgs
}

// webcamFrames opens the 1080p webcam frames of the rendered retail set
// -rendered (by default the committed regression set); the caller closes
// them.
func webcamFrames(b *testing.B) []gocv.Mat {
	frames, err := photoreal.Load(flag.Lookup("rendered").Value.String())
	if err != nil {
		b.Fatal(err)
	}
	var imgs []gocv.Mat
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
	return imgs
}
