package retail

import (
	"image"
	"math"
	"reflect"
	"testing"

	"gocv.io/x/gocv"
)

// The work the reader now does once, or only when asked (session 10's
// speed pass), gives what doing it every time gave.

// reuseFrames are rendered tables at the detection width whose card masks
// hold blobs of several cards (the ladder's and the dark lines' cases).
var reuseFrames = []string{"rendered-300142-gaps.jpg", "rendered-300157-gaps.jpg", "rendered-59-merged.jpg", "rendered-6-far.jpg"}

// erodedMask returns a frame's card mask eroded as maskCards erodes it,
// the distance from the table's colour it was thresholded from, and the
// card-size plane.
func erodedMask(t testing.TB, file string) (eroded, diff8 gocv.Mat, am areaModel) {
	t.Helper()
	img := testImage(t, file)
	defer img.Close()
	_, _, cm := findCards(img)
	defer cm.Close()
	k := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(3, 3))
	defer k.Close()
	eroded = gocv.NewMat()
	gocv.Erode(cm.m, &eroded, k)
	d := make([]byte, cm.m.Rows()*cm.m.Cols())
	for i := range d {
		px := cm.lab[3*i : 3*i+3]
		d[i] = uint8(min(255, 0.5*math.Abs(float64(px[0])-cm.table[0])+math.Abs(float64(px[1])-cm.table[1])+math.Abs(float64(px[2])-cm.table[2])))
	}
	diff8, err := gocv.NewMatFromBytes(cm.m.Rows(), cm.m.Cols(), gocv.MatTypeCV8UC1, d)
	if err != nil {
		t.Fatal(err)
	}
	_, _, am = maskCards(img, cm.m, diff8, 1, true)
	return eroded, diff8, am
}

// TestOutlinesOnce: one contour walk of a mask, asked for the card shapes
// of maskCards' three tests in any order and again, gives each what a
// walk of its own gives.
func TestOutlinesOnce(t *testing.T) {
	shapes := [][3]float64{{0.8, 1.2, 2.3}, {0.75, 1.2, 2.7}, {0.8, 1.02, 1.2}}
	for _, file := range reuseFrames {
		eroded, grey, _ := erodedMask(t, file)
		o := newOutlines(eroded)
		for _, i := range []int{2, 0, 1, 2, 1, 0} {
			s := shapes[i]
			got, ga := o.quads(1, image.Point{}, 1, s[0], s[1], s[2])
			want, wa := shapedAspect(eroded, 1, image.Point{}, 1, s[0], s[1], s[2])
			if len(want) == 0 && i == 0 {
				t.Errorf("%s: no card shapes in the mask", file)
			}
			if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(ga, wa) {
				t.Errorf("%s, shape %v: %d quads from one walk, %d from its own", file, s, len(got), len(want))
			}
		}
		o.Close()
		eroded.Close()
		grey.Close()
	}
}

// TestLadderStops: the ladder, stopping at its first empty level, finds
// the pieces climbing every level finds, on every blob of two cards or
// more of the frames.
func TestLadderStops(t *testing.T) {
	blobs, pieces := 0, 0
	for _, file := range reuseFrames {
		eroded, grey, am := erodedMask(t, file)
		o := newOutlines(eroded)
		for i := range o.cs.Size() {
			c := o.cs.At(i)
			r := gocv.BoundingRect(c)
			if o.area[i] < 1.8*am.at([2]float64{float64(r.Min.X+r.Max.X) / 2, float64(r.Min.Y+r.Max.Y) / 2}) {
				continue
			}
			blob := blobMask(eroded, c, r)
			got, ga := ladder(blob, grey, r, 1, am)
			want, wa := climb(blob, grey, r, 1, am, false)
			blob.Close()
			blobs++
			pieces += len(want)
			if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(ga, wa) {
				t.Errorf("%s, blob at %v: %d pieces, %d climbing every level", file, r, len(got), len(want))
			}
		}
		o.Close()
		eroded.Close()
		grey.Close()
	}
	if blobs == 0 || pieces == 0 {
		t.Errorf("%d blobs, %d pieces: nothing compared", blobs, pieces)
	}
	t.Logf("%d blobs, %d pieces", blobs, pieces)
}

// cropsBefore is crops as it was before the copy was cut lazily.
func cropsBefore(card gocv.Mat, flip bool) (band, small gocv.Mat) {
	grey := gocv.NewMat()
	defer grey.Close()
	gocv.CvtColor(card, &grey, gocv.ColorBGRToGray)
	if flip {
		gocv.Rotate(grey, &grey, gocv.Rotate180Clockwise)
	}
	b := grey.Region(bandBox)
	band = b.Clone()
	b.Close()
	s := grey.Region(copyBox)
	small = gocv.NewMat()
	gocv.Rotate(s, &small, gocv.Rotate180Clockwise)
	s.Close()
	flatten(band)
	flatten(small)
	return band, small
}

// TestCopyLazy: a word card's upside-down copy is cut only when asked for,
// and then as it was cut before; crops cuts both as before.
func TestCopyLazy(t *testing.T) {
	card := wordCard(t, "KOPALNIA")
	defer card.Close()
	for _, flip := range []bool{false, true} {
		band, small := cropsBefore(card, flip)
		b2, s2 := crops(card, flip)
		if !sameMat(b2, band) || !sameMat(s2, small) {
			t.Errorf("flip %v: crops differs", flip)
		}
		b2.Close()
		s2.Close()
		w := newWordCrops(card, flip)
		if w.cut || !w.small.Empty() {
			t.Errorf("flip %v: the copy cut before it was asked for", flip)
		}
		if !sameMat(w.band, band) {
			t.Errorf("flip %v: the band differs", flip)
		}
		if c := w.copy(); !sameMat(c, small) || !sameMat(w.copy(), small) {
			t.Errorf("flip %v: the copy differs", flip)
		}
		w.Close()
		band.Close()
		small.Close()
	}
}

// sameMat reports whether a and b hold the same pixels.
func sameMat(a, b gocv.Mat) bool {
	if a.Rows() != b.Rows() || a.Cols() != b.Cols() || a.Type() != b.Type() {
		return false
	}
	x, y := a.Clone(), b.Clone()
	defer x.Close()
	defer y.Close()
	return reflect.DeepEqual(x.ToBytes(), y.ToBytes())
}

// TestDiscsShared: the guess tokens looked for in the frame the card mask
// was made from (shrunk once) are those looked for in a frame shrunk
// again, on a rendered table with a token at the detection width and at
// twice it.
func TestDiscsShared(t *testing.T) {
	img := testImage(t, "rendered-300027-far.jpg")
	defer img.Close()
	big := gocv.NewMat()
	defer big.Close()
	gocv.Resize(img, &big, image.Point{}, 2, 2, gocv.InterpolationLinear)
	for _, m := range []gocv.Mat{img, big} {
		_, _, cm := findCards(m)
		card := 0.0025 * float64(m.Cols()*m.Rows())
		got, want := smallDiscs(cm.small, cm.f, everywhere(card)), tokenDiscs(m, card)
		cm.Close()
		if len(want) == 0 {
			t.Errorf("%d px wide: no token found", m.Cols())
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%d px wide: tokens %v in the mask's frame, %v shrunk again", m.Cols(), got, want)
		}
	}
}
