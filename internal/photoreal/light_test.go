package photoreal

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand"
	"reflect"
	"testing"
)

func TestKelvinRGB(t *testing.T) {
	for _, tc := range []struct {
		k         float64
		minBR     float64 // blue over red at least
		maxBR     float64 // and at most
		redIsHigh bool    // red the largest channel
	}{
		{2700, 0.1, 0.35, true},
		{4000, 0.4, 0.65, true},
		{6500, 0.99, 1.01, true},
		{7500, 1.05, 1.6, false},
	} {
		c := kelvinRGB(tc.k)
		br := c[2] / c[0]
		if br < tc.minBR || br > tc.maxBR {
			t.Errorf("%v K: blue/red %.2f, want %.2f-%.2f (%v)", tc.k, br, tc.minBR, tc.maxBR, c)
		}
		if (c[0] == 1) != tc.redIsHigh {
			t.Errorf("%v K: %v, red the largest: want %v", tc.k, c, tc.redIsHigh)
		}
		if c[1] < math.Min(c[0], c[2]) || c[1] > math.Max(c[0], c[2]) {
			t.Errorf("%v K: green %v not between red and blue", tc.k, c)
		}
	}
}

// A flat orange-lit sheet of paper, developed with and without the
// camera's automatic white balance: balanced, it comes out grey.
func TestDevelopAutoWB(t *testing.T) {
	lamp := kelvinRGB(2700)
	src := image.NewRGBA64(image.Rect(0, 0, 96, 64))
	for y := range 64 {
		for x := range 96 {
			v := func(c int) uint16 { return uint16(65535 * linearToSRGB(0.6*lamp[c])) }
			src.SetRGBA64(x, y, color.RGBA64{v(0), v(1), v(2), 65535})
		}
	}
	for _, tc := range []struct {
		auto   bool
		tinted bool
	}{{false, true}, {true, false}} {
		img := developed(t, src, Shot{Device: Webcam, Light: 1, FullWell: 1e7, WB: [3]float64{1, 1, 1}, JPEG: 95, AutoWB: tc.auto})
		r, _, b, _ := img.At(48, 32).RGBA()
		spread := float64(r>>8) - float64(b>>8)
		if got := spread > 40; got != tc.tinted {
			t.Errorf("auto WB %v: red %d, blue %d: tinted %v, want %v", tc.auto, r>>8, b>>8, got, tc.tinted)
		}
	}
}

// The exposure bias brightens a mid-grey frame with a positive EV and darkens
// it with a negative one.
func TestDevelopEV(t *testing.T) {
	src := image.NewRGBA64(image.Rect(0, 0, 64, 64))
	for y := range 64 {
		for x := range 64 {
			v := uint16(65535 * linearToSRGB(0.2))
			src.SetRGBA64(x, y, color.RGBA64{v, v, v, 65535})
		}
	}
	level := func(ev float64) float64 {
		img := developed(t, src, Shot{Device: Webcam, Light: 1, FullWell: 1e7, WB: [3]float64{1, 1, 1}, JPEG: 95, EV: ev})
		_, g, _, _ := img.At(32, 32).RGBA()
		return float64(g >> 8)
	}
	lo, mid, hi := level(-0.7), level(0), level(0.7)
	if !(lo+10 < mid && mid+10 < hi) {
		t.Errorf("EV -0.7, 0, +0.7 give %v, %v, %v: want rising by more than 10 each", lo, mid, hi)
	}
}

// developed is src through Develop with s, decoded.
func developed(t *testing.T, src image.Image, s Shot) image.Image {
	t.Helper()
	jb, _, err := Develop(src, s, rand.New(rand.NewSource(1)))
	if err != nil {
		t.Fatal(err)
	}
	img, err := jpeg.Decode(bytes.NewReader(jb))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// VaryLight changes the light and the camera only: the pieces, hands and
// camera pose of a seed stay the fixed-light scene's, and a seed always
// draws the same light.
func TestVaryLight(t *testing.T) {
	if testing.Short() {
		t.Skip("composes 24 scenes")
	}
	rf, err := NewRetailFaces(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	auto, n := 0, 8
	for seed := range int64(n) {
		fixed, err := ComposeRetail(rf, seed, Webcam)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := ComposeRetail(rf, seed, Webcam)
		b, _ := ComposeRetail(rf, seed, Webcam)
		VaryLight(a, seed)
		VaryLight(b, seed)
		if !reflect.DeepEqual(a.Spec, b.Spec) || a.Shot != b.Shot {
			t.Fatalf("seed %d: two draws differ", seed)
		}
		if !reflect.DeepEqual(a.Spec.Pieces, fixed.Spec.Pieces) || !reflect.DeepEqual(a.Spec.Hands, fixed.Spec.Hands) ||
			!reflect.DeepEqual(a.Spec.Camera, fixed.Spec.Camera) || len(a.Spec.Lights) != len(fixed.Spec.Lights) {
			t.Fatalf("seed %d: the scene changed beyond its light", seed)
		}
		if a.Shot.LampK < minLampK || a.Shot.LampK > maxLampK || math.Abs(a.Shot.EV) > 0.7 {
			t.Errorf("seed %d: lamp %v K, EV %v out of range", seed, a.Shot.LampK, a.Shot.EV)
		}
		if a.Spec.Lights[0].Color == fixed.Spec.Lights[0].Color {
			t.Errorf("seed %d: the lamp kept its fixed colour", seed)
		}
		if a.Shot.AutoWB {
			auto++
		}
	}
	if auto == 0 || auto == n {
		t.Errorf("auto white balance in %d of %d scenes, want about 70%%", auto, n)
	}
}
