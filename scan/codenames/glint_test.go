package codenames

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"

	"fieldkit/markers"
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// glintFrame draws marker id, side pixels wide and turned deg degrees, on
// card paper (ink 35, paper 213) lying on a grey table, in a 400 x 400
// grey frame, with a specular glint: a Gaussian spot of peak amp grey
// levels and sigma r modules on the border module (mx, my) of the
// marker's 7 x 7 grid.
func glintFrame(t testing.TB, id int, side, deg float64, mx, my int, amp, r float64) gocv.Mat {
	const w, h, mod = 400, 400, 8
	g := image.NewGray(image.Rect(0, 0, 9*mod, 9*mod))
	for i := range g.Pix {
		g.Pix[i] = 255
	}
	if err := markers.Draw(g, id, image.Rect(mod, mod, 8*mod, 8*mod)); err != nil {
		t.Fatal(err)
	}
	src := gocv.NewMatWithSize(9*mod, 9*mod, gocv.MatTypeCV8UC1)
	defer src.Close()
	for y := range 9 * mod {
		for x := range 9 * mod {
			src.SetUCharAt(y, x, uint8(float64(g.GrayAt(x, y).Y)*0.7+35))
		}
	}
	s := side / (7 * mod)
	c, sn := math.Cos(deg*math.Pi/180)*s, math.Sin(deg*math.Pi/180)*s
	const ctr = 9 * mod / 2.0
	m := gocv.NewMatWithSize(2, 3, gocv.MatTypeCV64F)
	defer m.Close()
	for i, v := range []float64{c, -sn, w/2 - (c*ctr - sn*ctr), sn, c, h/2 - (sn*ctr + c*ctr)} {
		m.SetDoubleAt(i/3, i%3, v)
	}
	dst := gocv.NewMat()
	gocv.WarpAffineWithParams(src, &dst, m, image.Pt(w, h), gocv.InterpolationLinear, gocv.BorderConstant, color.RGBA{90, 90, 90, 0})
	gx, gy := mod*(1.5+float64(mx)), mod*(1.5+float64(my))
	px, py := c*(gx-ctr)-sn*(gy-ctr)+w/2, sn*(gx-ctr)+c*(gy-ctr)+h/2
	rad := r * side / 7
	for y := range h {
		for x := range w {
			d2 := (float64(x)-px)*(float64(x)-px) + (float64(y)-py)*(float64(y)-py)
			v := float64(dst.GetUCharAt(y, x)) + amp*math.Exp(-d2/(2*rad*rad))
			dst.SetUCharAt(y, x, uint8(math.Min(255, v)))
		}
	}
	return dst
}

// TestGlintOnBorder is issue 25's glossy card: a clean 67 px seat marker
// with a specular glint on one module of its black border, which breaks the
// border's outline in the thresholded image. Wherever OpenCV's default
// detectMarkers reads the marker both at full and at half size, a webcam
// frame's first pass with its look again at undecoded squares must read it
// too, and nothing may read another id. One case is lost (knownLoss): at
// half size the glint breaks the outline so that no square is left to look
// at again; a full-size look there would read it. The former first pass (a
// window of 7) alone lost 18 of the 65, 15 with the look at undecoded
// squares.
func TestGlintOnBorder(t *testing.T) {
	const id = 868 // the seat marker
	const knownLoss = "glint 250, sigma 0.5 modules, on module [3 0], turned 61"
	stockBoth, ours, lostBefore := 0, 0, 0
	for _, amp := range []float64{150, 180, 210, 250} {
		for _, r := range []float64{0.5, 0.8, 1.2} {
			for _, mod := range [][2]int{{3, 0}, {0, 3}, {0, 0}, {6, 4}, {2, 6}} {
				for _, deg := range []float64{17, 61} {
					name := fmt.Sprintf("glint %.0f, sigma %.1f modules, on module %v, turned %.0f", amp, r, mod, deg)
					f := glintFrame(t, id, 67, deg, mod[0], mod[1], amp, r)
					read := func(p scan.DetectorParams) bool {
						ms, err := scan.DetectMarkers(f, p)
						if err != nil {
							t.Fatal(err)
						}
						for _, m := range ms {
							if m.ID != id {
								t.Errorf("%s: read id %d", name, m.ID)
							}
						}
						return len(ms) > 0
					}
					stock := read(scan.DetectorParams{}) && read(scan.DetectorParams{Downscale: true})
					before := read(fastParams)
					ms, cands, err := scan.DetectCandidates(f, firstParams(1920, 1080))
					if err != nil {
						t.Fatal(err)
					}
					if len(ms) == 0 {
						more, err := detectIn(f, candidateRegions(cands, ms, 0, f.Cols(), f.Rows()), cellParams)
						if err != nil {
							t.Fatal(err)
						}
						ms = append(ms, more...)
					}
					got := false
					for _, m := range ms {
						if m.ID != id {
							t.Errorf("%s: read id %d", name, m.ID)
						}
						got = true
					}
					f.Close()
					if !stock {
						continue
					}
					stockBoth++
					switch {
					case got:
						ours++
					case name == knownLoss:
						t.Logf("%s: lost, as known", name)
					default:
						t.Errorf("%s: stock detectMarkers reads it at full and half size, the scanner does not", name)
					}
					if !before {
						lostBefore++
					}
				}
			}
		}
	}
	t.Logf("stock reads %d glints at both sizes; the scanner %d; the former first pass alone %d", stockBoth, ours, stockBoth-lostBefore)
}
