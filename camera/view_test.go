package camera_test

import (
	"context"
	"fieldkit/deck"
	"fieldkit/wordlists"
	"image"
	"testing"

	cncamera "fieldkit/camera/codenames"
	ijcamera "fieldkit/camera/insidejob"
	"fieldkit/internal/scene"
	ijscene "fieldkit/internal/scene/insidejob"
	"fieldkit/scan"
	cnscan "fieldkit/scan/codenames"
	ijscan "fieldkit/scan/insidejob"
	"fieldkit/server"

	"gocv.io/x/gocv"
)

// TestPictureFromOneDecode: a photo's picture, drawn on the small copy the
// reader kept when it decoded the photo (camera.View), looks like the picture
// drawn the long way (the photo decoded again at full size, annotated,
// scaled down): the annotation lands where the pieces are, and the same
// parts of an Inside Job photo are blurred.
func TestPictureFromOneDecode(t *testing.T) {
	ctx := context.Background()
	t.Run("codenames 12 MP", func(t *testing.T) {
		l, err := wordlists.Builtin("pl")
		if err != nil {
			t.Fatal(err)
		}
		d, err := deck.New(l.Name, l.Lang, l.Words, 7)
		if err != nil {
			t.Fatal(err)
		}
		g := scene.NewGenerator(d)
		defer g.Close()
		p := scene.Params{Seed: 3, Size: scene.Size12MP, Fill: 0.8, Tilt: 20, Rotate: 4, Gap: 8, Covers: 4, Duet: true, Guess: true, Noise: 2}
		sc, err := g.Scene(p)
		if err != nil {
			t.Fatal(err)
		}
		defer sc.Close()
		photo := encode(t, sc.Frame)
		r, pic, err := cncamera.NewPhotos(1).Scan(ctx, photo, d)
		if err != nil || !r.OK {
			t.Fatalf("Scan: %v, ok %v (%s)", err, r.OK, r.Reason)
		}
		got := drawn(t, pic)
		long := longWay(t, photo, func(full gocv.Mat) (gocv.Mat, error) {
			grey := gocv.NewMat()
			defer grey.Close()
			gocv.CvtColor(full, &grey, gocv.ColorBGRToGray)
			obs, err := (&cnscan.Scanner{Deck: cnscan.FromDeck(d)}).Scan(grey)
			if err != nil {
				return gocv.Mat{}, err
			}
			return cnscan.Annotate(full, &obs, cnscan.FromDeck(d), "pl")
		})
		compare(t, got, long)
	})
	t.Run("inside job 1080p", func(t *testing.T) {
		g, err := ijscene.NewGenerator()
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		sc, err := g.Scene(ijscene.Random(11))
		if err != nil {
			t.Fatal(err)
		}
		defer sc.Close()
		photo := encode(t, sc.Frame)
		r, draw, err := ijcamera.NewPhotos(1).Scan(ctx, photo, 0)
		if err != nil || !r.OK {
			t.Fatalf("Scan: %v, ok %v (%s)", err, r.OK, r.Reason)
		}
		got := drawn(t, draw(false))
		long := longWay(t, photo, func(full gocv.Mat) (gocv.Mat, error) {
			var rd ijscan.Reader
			obs, err := rd.Read(full)
			if err != nil {
				return gocv.Mat{}, err
			}
			obs.DropMission()
			return ijscan.Annotate(full, &obs, "pl")
		})
		compare(t, got, long)
	})
}

func encode(t *testing.T, m gocv.Mat) []byte {
	t.Helper()
	buf, err := gocv.IMEncodeWithParams(gocv.JPEGFileExt, m, []int{gocv.IMWriteJpegQuality, 90})
	if err != nil {
		t.Fatal(err)
	}
	defer buf.Close()
	return append([]byte(nil), buf.GetBytes()...)
}

// drawn is pic's JPEG at the server's side, decoded.
func drawn(t *testing.T, pic server.Picture) gocv.Mat {
	t.Helper()
	b, err := pic.JPEG("pl", server.ViewSide)
	if err != nil {
		t.Fatal(err)
	}
	m, err := gocv.IMDecode(b, gocv.IMReadColor)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// longWay decodes photo again at full size, annotates it and scales it to
// the server's side, as the pictures were drawn before.
func longWay(t *testing.T, photo []byte, annotate func(gocv.Mat) (gocv.Mat, error)) gocv.Mat {
	t.Helper()
	full, err := scan.DecodeImage(photo, true)
	if err != nil {
		t.Fatal(err)
	}
	defer full.Close()
	ann, err := annotate(full)
	if err != nil {
		t.Fatal(err)
	}
	defer ann.Close()
	b, err := scan.ViewJPEG(ann, server.ViewSide)
	if err != nil {
		t.Fatal(err)
	}
	m, err := gocv.IMDecode(b, gocv.IMReadColor)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// compare closes a and b and fails unless they are the same size and
// their mean absolute difference, blurred over a few pixels (lines drawn
// at another scale land a pixel apart), is small.
func compare(t *testing.T, a, b gocv.Mat) {
	t.Helper()
	defer a.Close()
	defer b.Close()
	if a.Cols() != b.Cols() || a.Rows() != b.Rows() {
		t.Fatalf("the picture is %d x %d, the long way's %d x %d", a.Cols(), a.Rows(), b.Cols(), b.Rows())
	}
	for _, m := range []*gocv.Mat{&a, &b} {
		gocv.GaussianBlur(*m, m, image.Pt(9, 9), 0, 0, gocv.BorderReplicate)
	}
	diff := gocv.NewMat()
	defer diff.Close()
	gocv.AbsDiff(a, b, &diff)
	mean := diff.Mean()
	d := (mean.Val1 + mean.Val2 + mean.Val3) / 3
	t.Logf("mean difference %.2f of 255", d)
	if d > 4 {
		t.Errorf("the picture drawn on the kept copy differs from the long way's by %.2f of 255 on average", d)
	}
}
