package retail

import (
	"image"
	"image/color"
	"testing"

	"gocv.io/x/gocv"
)

// TestSpareOneOwn: rendered 301013-phone (a light grey cloth; scaled to
// 960 px, PNG) has a spare word card, ESPELHO, alone beyond its first
// row's line, the rest of that line bare cloth; the line on the other
// side holds a cover in the card mask and three pale word cards 0.98 off
// the table's colour, but only one card of its own outline, and
// spareBeyond asked two: refused as going on beyond five rows, a grid on
// the truth's cells. Were the grid a line off, its true line would be the
// spare's, four of its cards bare cloth, and the other side's five held
// cells would lie off the grid; one card of its own outline now does
// when all five cells hold something. With one of those cells painted the
// cloth's colour (four held) the grid is refused again.
func TestSpareOneOwn(t *testing.T) {
	truth := [25][2]float64{{414, 361}, {485, 289}, {547, 227}, {604, 161}, {660, 110}, {460, 401}, {528, 327}, {592, 257}, {649, 190}, {704, 132}, {505, 443}, {577, 360}, {640, 286}, {698, 220}, {750, 157}, {557, 485}, {629, 397}, {692, 319}, {754, 248}, {805, 182}, {618, 532}, {684, 441}, {746, 356}, {807, 282}, {857, 212}}
	for _, tc := range []struct {
		name  string
		paint int // the truth's cell painted the cloth's colour, -1 none
		want  bool
	}{
		{"as rendered", -1, true},
		{"ESQUILO painted over", 14, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img := testImage(t, "rendered-301013-spare.png")
			defer img.Close()
			if tc.paint >= 0 {
				paintCloth(img, truth[tc.paint], 22)
			}
			lt, quads, _, cm := gridOnTruthIn(t, img, truth)
			defer cm.Close()
			if got := lt.alone(quads, cm); got != tc.want {
				t.Errorf("alone %v, want %v", got, tc.want)
			}
		})
	}
}

// paintCloth paints a disc of radius r about c in img the colour of its
// border (borderMedian: the cloth's).
func paintCloth(img gocv.Mat, c [2]float64, r int) {
	m := borderMedian(img)
	gocv.Circle(&img, image.Pt(int(c[0]), int(c[1])), r, color.RGBA{B: uint8(m[0]), G: uint8(m[1]), R: uint8(m[2])}, -1)
}
