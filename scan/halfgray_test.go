package scan

import (
	"image"
	"math"
	"math/rand"
	"testing"

	"fieldkit/markers"

	"gocv.io/x/gocv"
)

// TestHalvedPhoto checks the shim's one-pass path for a large colour image
// with Downscale (greyed and halved at once, corners refined on grey patches
// around them): it must find what the same image greyed by OpenCV first
// finds (the two-step path), with the same corners: a patch placed a pixel
// off moves every corner by a pixel (seen once). The photo is tinted, so the
// colour image is not its own grey.
func TestHalvedPhoto(t *testing.T) {
	for seed := range int64(3) {
		rng := rand.New(rand.NewSource(seed))
		ids := rng.Perm(markers.Count)[:25]
		sc := makeScene(t, rng, drawSheet(t, cardsLayout, ids), degradation{
			size: image.Pt(4000, 3000), rotate: 180, tilt: 35, noise: 4, bgr: true, fill: 0.5,
		})
		tint := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(0.55, 0.9, 1.0, 0), sc.frame.Rows(), sc.frame.Cols(), gocv.MatTypeCV8UC3)
		tinted := gocv.NewMat()
		gocv.Multiply(sc.frame, tint, &tinted)
		tint.Close()
		sc.frame.Close()
		gray := gocv.NewMat()
		gocv.CvtColor(tinted, &gray, gocv.ColorBGRToGray)
		p := DetectorParams{Downscale: true, WindowMin: 7, WindowMax: 7, WindowStep: 1, RefineCorners: true, MinSide: 20}
		fromColour, err := DetectMarkers(tinted, p)
		if err != nil {
			t.Fatal(err)
		}
		fromGray, err := DetectMarkers(gray, p)
		if err != nil {
			t.Fatal(err)
		}
		tinted.Close()
		gray.Close()
		if len(fromGray) < 20 {
			t.Fatalf("seed %d: the grey image shows %d markers; the test needs a scene where most are found", seed, len(fromGray))
		}
		worst := 0.0
		for _, g := range fromGray {
			found := false
			for _, c := range fromColour {
				if c.ID != g.ID {
					continue
				}
				found = true
				for k := range 4 {
					worst = math.Max(worst, math.Hypot(float64(c.Corners[k].X-g.Corners[k].X), float64(c.Corners[k].Y-g.Corners[k].Y)))
				}
			}
			if !found {
				t.Errorf("seed %d: marker %d found in the grey image, not in the colour one", seed, g.ID)
			}
		}
		if len(fromColour) != len(fromGray) {
			t.Errorf("seed %d: %d markers from the colour image, %d from the grey one", seed, len(fromColour), len(fromGray))
		}
		if worst > 0.1 {
			t.Errorf("seed %d: corners differ by up to %.3f px between the colour and the grey image", seed, worst)
		}
		t.Logf("seed %d: %d markers, corners within %.4f px", seed, len(fromGray), worst)
	}
}
