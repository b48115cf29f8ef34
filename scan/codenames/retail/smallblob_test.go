package retail

import (
	"image"
	"image/color"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"

	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// TestSmallBlob: openedDisc passes over a blob whose box is smaller than a
// token's least share of the least card (smallBlob) without opening it,
// which must be what opening it gives: no token. Each blob is drawn on its
// own (a card's area 3,140 pixels, a token at least 78.5), found as
// maskDiscs finds it, and opened as openBlob opens it; the last blobs are
// no small blobs, and two open to a token's size: the square with a spur
// (its box 140 pixels) would have been passed over with the bound on the
// box doubled.
func TestSmallBlob(t *testing.T) {
	const least = 3140
	for _, tc := range []struct {
		name  string
		draw  func(m *gocv.Mat)
		small bool
		token bool
	}{
		{"square 3", func(m *gocv.Mat) { fillBox(m, image.Rect(10, 10, 13, 13)) }, true, false},
		{"square 8", func(m *gocv.Mat) { fillBox(m, image.Rect(10, 10, 18, 18)) }, true, false},
		{"bar 4 by 19", func(m *gocv.Mat) { fillBox(m, image.Rect(10, 10, 14, 29)) }, true, false},
		{"disc 3", func(m *gocv.Mat) { gocv.Circle(m, image.Pt(20, 20), 3, color.RGBA{255, 255, 255, 0}, -1) }, true, false},
		{"square 9", func(m *gocv.Mat) { fillBox(m, image.Rect(10, 10, 19, 19)) }, false, false},
		{"square 10, a spur", func(m *gocv.Mat) {
			fillBox(m, image.Rect(10, 10, 20, 20))
			gocv.Line(m, image.Pt(20, 15), image.Pt(23, 15), color.RGBA{255, 255, 255, 0}, 1)
		}, false, true},
		{"disc 5, a spur", func(m *gocv.Mat) {
			gocv.Circle(m, image.Pt(20, 20), 5, color.RGBA{255, 255, 255, 0}, -1)
			gocv.Line(m, image.Pt(25, 20), image.Pt(36, 20), color.RGBA{255, 255, 255, 0}, 1)
		}, false, false},
		{"disc 6, a spur", func(m *gocv.Mat) {
			gocv.Circle(m, image.Pt(20, 20), 6, color.RGBA{255, 255, 255, 0}, -1)
			gocv.Line(m, image.Pt(26, 20), image.Pt(36, 20), color.RGBA{255, 255, 255, 0}, 1)
		}, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := gocv.NewMatWithSize(48, 48, gocv.MatTypeCV8U)
			defer m.Close()
			tc.draw(&m)
			cs := gocv.FindContours(m, gocv.RetrievalExternal, gocv.ChainApproxSimple)
			defer cs.Close()
			if cs.Size() != 1 {
				t.Fatalf("%d blobs, want 1", cs.Size())
			}
			c := cs.At(0)
			b := gocv.BoundingRect(c)
			if got := smallBlob(b, least); got != tc.small {
				t.Errorf("smallBlob(%v, %d) = %v, want %v", b, least, got, tc.small)
			}
			o, token := openBlob(c, b, everywhere(least).at)
			if token != tc.token {
				t.Errorf("opened, %v token-shaped %v, want %v", o, token, tc.token)
			}
			if _, ok := openedDisc(c, b, everywhere(least)); ok != token {
				t.Errorf("openedDisc: token-shaped %v, opening gives %v", ok, token)
			}
		})
	}
}

// fillBox paints the pixels of r white in m.
func fillBox(m *gocv.Mat, r image.Rectangle) {
	pv := gocv.NewPointsVectorFromPoints([][]image.Point{{r.Min, {r.Max.X - 1, r.Min.Y}, r.Max.Sub(image.Pt(1, 1)), {r.Min.X, r.Max.Y - 1}}})
	defer pv.Close()
	gocv.FillPoly(m, pv, color.RGBA{255, 255, 255, 0})
}

// tokenFrames are the frames the small blobs are compared on: the
// regression set's and the committed rendered crops of a whole grid, each
// with its card mask and the card's size where it lies on its grid.
type tokenFrame struct {
	name string
	cm   cardMask
	size cardSize
}

// tokenFrames opens the regression set's frames (-rendered's default, as
// committed) and the committed 1920-pixel rendered frames and finds their
// grids; the caller closes the masks.
func tokenFrames(t testing.TB) []tokenFrame {
	t.Helper()
	files, _ := filepath.Glob("../../testdata/rendered-retail/*.jpg")
	more, _ := filepath.Glob("testdata/rendered-*.jpg")
	var fs []tokenFrame
	for _, file := range append(files, more...) {
		img := gocv.IMRead(file, gocv.IMReadColor)
		if img.Empty() {
			t.Fatalf("%s: not an image", file)
		}
		quads, short, cm := findCards(img)
		img.Close()
		if len(quads) < minCards {
			cm.Close()
			continue
		}
		lt, err := fitGrid(quads, short, cm)
		if err != nil {
			cm.Close()
			continue
		}
		fs = append(fs, tokenFrame{filepath.Base(file), cm, cardAreaAt(lt)})
	}
	if len(fs) == 0 {
		t.Fatal("no frame with a grid")
	}
	return fs
}

// TestSmallBlobFrames: the tokens found with small blobs passed over are
// those found opening every blob, on the regression set's frames and the
// committed rendered frames with a grid (their tokens and the specks of
// their yellows), at the card's size where each blob lies on its grid.
func TestSmallBlobFrames(t *testing.T) {
	if testing.Short() {
		t.Skip("finds the cards of 60 frames")
	}
	defer func() { skipSmallBlobs = true }()
	fs := tokenFrames(t)
	found := 0
	for _, f := range fs {
		skipSmallBlobs = false
		want := smallDiscs(f.cm.small, f.cm.f, f.size)
		skipSmallBlobs = true
		got := smallDiscs(f.cm.small, f.cm.f, f.size)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: tokens %.0f with small blobs passed over, %.0f opening each", f.name, got, want)
		}
		found += len(got)
		f.cm.Close()
	}
	if found == 0 {
		t.Error("no token found: nothing compared")
	}
	t.Logf("%d frames, %d tokens", len(fs), found)
}

// BenchmarkTokenDiscs looks for the guess tokens (smallDiscs) in each
// 1080p webcam frame of -rendered at its cards' sizes, opening every blob
// not token-shaped as found that is not thin and with the small ones
// passed over (smallBlob), in turns within each op; both must find the
// same tokens. cpu-ms/frame is this thread's CPU time a frame. Run on one
// core:
//
//	go test ./scan/codenames/retail -run XX -bench TokenDiscs -cpu 1 -rendered DIR
func BenchmarkTokenDiscs(b *testing.B) {
	scan.SetNumThreads(1)
	defer scan.SetNumThreads(-1)
	var fs []tokenFrame
	for _, img := range webcamFrames(b) {
		quads, short, cm := findCards(img)
		img.Close()
		lt, err := fitGrid(quads, short, cm)
		if len(quads) < minCards || err != nil {
			cm.Close()
			continue
		}
		fs = append(fs, tokenFrame{"", cm, cardAreaAt(lt)})
	}
	defer func() {
		skipSmallBlobs = true
		for _, f := range fs {
			f.cm.Close()
		}
	}()
	if len(fs) == 0 {
		b.Skip("no 1080p rendered frame with a grid")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var ms [2]float64
	for b.Loop() {
		for _, f := range fs {
			var got [2][][2]float64
			for w, skip := range []bool{false, true} {
				skipSmallBlobs = skip
				start := threadCPU()
				got[w] = smallDiscs(f.cm.small, f.cm.f, f.size)
				ms[w] += threadCPU() - start
			}
			if !reflect.DeepEqual(got[0], got[1]) {
				b.Fatalf("tokens %.0f with small blobs passed over, %.0f opening each", got[1], got[0])
			}
		}
	}
	n := float64(b.N * len(fs))
	b.ReportMetric(ms[0]/n, "open-small-cpu-ms/frame")
	b.ReportMetric(ms[1]/n, "small-skipped-cpu-ms/frame")
	b.ReportMetric(ms[1]/ms[0], "new/old")
}

// pointsBlob is drawBlob as session 23 drew a blob: its points read into
// Go, moved onto the canvas there and filled.
func pointsBlob(c gocv.PointVector, b image.Rectangle) gocv.Mat {
	blob := gocv.NewMatWithSize(b.Dy()+2*blobPad, b.Dx()+2*blobPad, gocv.MatTypeCV8U)
	pts := make([]image.Point, 0, c.Size())
	for _, p := range c.ToPoints() {
		pts = append(pts, p.Sub(b.Min).Add(image.Pt(blobPad, blobPad)))
	}
	pv := gocv.NewPointsVectorFromPoints([][]image.Point{pts})
	defer pv.Close()
	gocv.FillPoly(&blob, pv, color.RGBA{255, 255, 255, 0})
	return blob
}

// TestDrawBlob: drawBlob fills each blob's pixels as pointsBlob does, on
// every blob of the three token masks that is neither thin nor small
// (those openBlob draws) of the regression set's and the committed
// rendered frames.
func TestDrawBlob(t *testing.T) {
	if testing.Short() {
		t.Skip("finds the cards of 60 frames")
	}
	n := 0
	for _, f := range tokenFrames(t) {
		hsv := gocv.NewMat()
		gocv.CvtColor(f.cm.small, &hsv, gocv.ColorBGRToHSV)
		least := f.size.least * f.cm.f * f.cm.f
		for _, box := range []hsvBox{{16, 36, minTokenSat, minTokenV}, {minPaleTokenHue, 36, minPaleTokenSat, minTokenV}, shadowTokenBox} {
			mask := gocv.NewMat()
			gocv.InRangeWithScalar(hsv, gocv.NewScalar(float64(box.minH), float64(box.minS), float64(box.minV), 0), gocv.NewScalar(float64(box.maxH), 255, 255, 0), &mask)
			cs := gocv.FindContours(mask, gocv.RetrievalExternal, gocv.ChainApproxSimple)
			for i := range cs.Size() {
				c := cs.At(i)
				b := gocv.BoundingRect(c)
				if thinBlob(b) || smallBlob(b, least) {
					continue
				}
				got, want := drawBlob(c, b), pointsBlob(c, b)
				if !reflect.DeepEqual(got.ToBytes(), want.ToBytes()) {
					t.Errorf("%s: blob %v drawn otherwise", f.name, b)
				}
				got.Close()
				want.Close()
				n++
			}
			cs.Close()
			mask.Close()
		}
		hsv.Close()
		f.cm.Close()
	}
	if n == 0 {
		t.Error("no blob drawn: nothing compared")
	}
	t.Logf("%d blobs drawn both ways", n)
}

// BenchmarkDrawBlob draws the blobs openBlob draws (neither thin nor
// small) of the three token masks of each 1080p webcam frame of
// -rendered, as session 23 did (pointsBlob) and as drawBlob does, in
// turns within each op, and reports each way's CPU time a frame and their
// ratio. Run on one core:
//
//	go test ./scan/codenames/retail -run XX -bench DrawBlob -cpu 1 -rendered DIR
func BenchmarkDrawBlob(b *testing.B) {
	scan.SetNumThreads(1)
	defer scan.SetNumThreads(-1)
	type blob struct {
		c gocv.PointVector
		b image.Rectangle
	}
	var blobs []blob
	var all []gocv.PointsVector
	defer func() {
		for _, cs := range all {
			cs.Close()
		}
	}()
	frames := 0
	for _, img := range webcamFrames(b) {
		quads, short, cm := findCards(img)
		img.Close()
		lt, err := fitGrid(quads, short, cm)
		if len(quads) < minCards || err != nil {
			cm.Close()
			continue
		}
		frames++
		least := cardAreaAt(lt).least * cm.f * cm.f
		hsv := gocv.NewMat()
		gocv.CvtColor(cm.small, &hsv, gocv.ColorBGRToHSV)
		for _, box := range []hsvBox{{16, 36, minTokenSat, minTokenV}, {minPaleTokenHue, 36, minPaleTokenSat, minTokenV}, shadowTokenBox} {
			mask := gocv.NewMat()
			gocv.InRangeWithScalar(hsv, gocv.NewScalar(float64(box.minH), float64(box.minS), float64(box.minV), 0), gocv.NewScalar(float64(box.maxH), 255, 255, 0), &mask)
			cs := gocv.FindContours(mask, gocv.RetrievalExternal, gocv.ChainApproxSimple)
			mask.Close()
			all = append(all, cs)
			for i := range cs.Size() {
				c := cs.At(i)
				if r := gocv.BoundingRect(c); !thinBlob(r) && !smallBlob(r, least) {
					blobs = append(blobs, blob{c, r})
				}
			}
		}
		hsv.Close()
		cm.Close()
	}
	if len(blobs) == 0 {
		b.Skip("no blobs to draw")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	ways := []func(gocv.PointVector, image.Rectangle) gocv.Mat{pointsBlob, drawBlob}
	var ms [2]float64
	for b.Loop() {
		for w, draw := range ways {
			start := threadCPU()
			for _, bl := range blobs {
				m := draw(bl.c, bl.b)
				m.Close()
			}
			ms[w] += threadCPU() - start
		}
	}
	n := float64(b.N * frames)
	b.ReportMetric(ms[0]/n, "points-cpu-ms/frame")
	b.ReportMetric(ms[1]/n, "offset-cpu-ms/frame")
	b.ReportMetric(ms[1]/ms[0], "new/old")
	b.ReportMetric(float64(len(blobs))/float64(frames), "blobs/frame")
}
