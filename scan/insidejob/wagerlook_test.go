package insidejob

import (
	"testing"

	"gocv.io/x/gocv"
)

// TestWagerLook: rendered held-out frame 200010 (a 1080p webcam, 3
// players): intel token 2 lies on seat 3's card, its marker 35 px and of
// low contrast; neither the first pass nor the full-size second (one
// window of 13) decodes it, and the wager stayed null. OpenCV's three
// windows, around the card, do.
func TestWagerLook(t *testing.T) {
	img := gocv.IMRead("testdata/rendered-200010-webcam.jpg", gocv.IMReadColor)
	if img.Empty() {
		t.Fatal("testdata/rendered-200010-webcam.jpg: not read")
	}
	defer img.Close()
	r := Reader{Players: 3}
	obs, err := r.Read(img)
	if err != nil {
		t.Fatal(err)
	}
	p, ok := obs.Play(3)
	if !ok || p.Card != "B2" || p.Wager != Wagered || p.Token != 2 {
		t.Errorf("seat 3's play %+v (read %v), want B2 wagered with intel 2", p, ok)
	}
}
