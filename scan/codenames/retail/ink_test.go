package retail

import (
	"image"
	"image/color"
	"testing"

	"gocv.io/x/gocv"
)

// TestInnerInk: the letters' ink beside a mark at one end of a band
// (innerInk): four letters 15 pixels high (gocv fills a rectangle to its far edge too), a shadow's edge at the left
// end, or a hand's at the right; none when no mark reaches an end, or when
// a letter lies within half a letter's height of the mark.
func TestInnerInk(t *testing.T) {
	letters := []image.Rectangle{image.Rect(90, 12, 100, 26), image.Rect(106, 12, 116, 26), image.Rect(122, 12, 132, 26), image.Rect(138, 12, 148, 26)}
	for _, tc := range []struct {
		name   string
		marks  []image.Rectangle
		ok     bool
		lo, hi int
	}{
		{"shadow at the left", []image.Rectangle{image.Rect(0, 0, 12, 40)}, true, 90, 148},
		{"hand at the right", []image.Rectangle{image.Rect(200, 5, 220, 40)}, true, 90, 148},
		{"no mark at an end", nil, false, 0, 0},
		{"a hand beside the letters", []image.Rectangle{image.Rect(152, 5, 220, 40)}, false, 0, 0},
	} {
		m := gocv.NewMatWithSize(40, 220, gocv.MatTypeCV8U)
		m.SetTo(gocv.NewScalar(255, 0, 0, 0))
		for _, r := range append(letters, tc.marks...) {
			gocv.Rectangle(&m, r, color.RGBA{}, -1)
		}
		lo, hi, h, ok := innerInk(m)
		m.Close()
		if ok != tc.ok || ok && (lo != tc.lo || hi != tc.hi || h != 15) {
			t.Errorf("%s: innerInk = %d, %d, %d, %v, want %d, %d, 15, %v", tc.name, lo, hi, h, ok, tc.lo, tc.hi, tc.ok)
		}
	}
}
