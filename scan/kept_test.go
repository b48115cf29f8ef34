package scan

import (
	"testing"

	"gocv.io/x/gocv"
)

func TestKept(t *testing.T) {
	var k Kept[string]
	defer k.Close()
	if _, _, ok := k.Frame(); ok {
		t.Fatal("a new Kept holds a frame")
	}
	a := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(10, 10, 10, 0), 4, 6, gocv.MatTypeCV8UC3)
	defer a.Close()
	b := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(200, 200, 200, 0), 4, 6, gocv.MatTypeCV8UC3)
	defer b.Close()
	k.Offer(a, "first")
	a.SetTo(gocv.NewScalar(99, 99, 99, 0)) // the copy must not follow the camera's buffer
	k.Offer(b, "second")                   // within KeepEvery: not kept
	f, obs, ok := k.Frame()
	if !ok || obs != "first" {
		t.Fatalf("Frame() = %q, %v; want the first frame offered", obs, ok)
	}
	if got := f.GetVecbAt(0, 0)[0]; got != 10 {
		t.Errorf("kept pixel %d, want 10 (a copy of the frame when offered)", got)
	}
	k.at = k.at.Add(-KeepEvery) // as if KeepEvery had passed
	k.Offer(b, "second")
	if _, obs, _ := k.Frame(); obs != "second" {
		t.Errorf("after KeepEvery the kept observation is %q, want second", obs)
	}
	var zero Kept[int]
	zero.Close() // nothing kept: nothing to release
}
