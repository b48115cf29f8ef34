package retail

import (
	"image"

	"gocv.io/x/gocv"
)

// widened returns m twice as wide and as high as it is, sharpened
// (sharpened), then stretched to twice that width again: Tesseract's
// network collapses a letter repeated in successive steps into one unless
// a gap lies between them, and a short word's doubled letters, printed
// close, ran together (synthetic 100001's ZOO at 1080p read "Z" and "ZO";
// twice as wide it reads ZOO).
func widened(m gocv.Mat) gocv.Mat {
	big := sharpened(m)
	gocv.Resize(big, &big, image.Point{}, 2, 1, gocv.InterpolationCubic)
	return big
}
