package retail

import (
	"math"
	"testing"

	"fieldkit/wordlists"

	"gocv.io/x/gocv"
)

// TestLineImage: a long word's line is handed to Tesseract narrowed (to
// to 0.7 of its width, or three times its height), a short word's keeps
// its shape, and both still read as their words.
func TestLineImage(t *testing.T) {
	list, err := wordlists.Builtin("pl")
	if err != nil {
		t.Fatal(err)
	}
	m := NewMatcher(append(list.Words, "PRZEDSZKOLE", "KAPELUSZ", "ZOO", "LIST"))
	o, err := newOCR([]string{"pol"}, m.Letters())
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	for _, tc := range []struct {
		word   string
		narrow bool
	}{
		{"PRZEDSZKOLE", true},
		{"KAPELUSZ", true},
		{"ZOO", false},
		{"LIST", false},
	} {
		card := wordCard(t, tc.word)
		band, small := crops(card, false)
		card.Close()
		small.Close()
		region := band.Region(inkSpan(band))
		dst := gocv.NewMat()
		got := lineImage(region, lineHeight, &dst)
		f := float64(lineHeight) / float64(region.Rows())
		w, h := f*float64(region.Cols()), float64(lineHeight)
		want := w
		if tc.narrow {
			want = max(0.7*w, 3*h)
			if want > 0.9*w {
				t.Errorf("%s: %.0f×%.0f, too short to test narrowing", tc.word, w, h)
			}
		}
		if got.Rows() != lineHeight || math.Abs(float64(got.Cols())-want) > 1 {
			t.Errorf("%s: line %d×%d, want %.0f×%.0f (shrunk from %d×%d)", tc.word, got.Cols(), got.Rows(), want, h, region.Cols(), region.Rows())
		}
		s, err := o.line(band, lineHeight)
		if mt := m.Match(s); err != nil || !mt.OK() || mt.Word != tc.word {
			t.Errorf("%s read as %q (%v)", tc.word, s, err)
		}
		dst.Close()
		region.Close()
		band.Close()
	}
}
