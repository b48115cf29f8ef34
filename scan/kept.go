package scan

import (
	"time"

	"gocv.io/x/gocv"
)

// KeepEvery is how often a Kept takes a copy of a camera frame for the
// camera view; the host page refreshes the view about once a second.
const KeepEvery = 200 * time.Millisecond

// Kept holds a copy of a recent camera frame and what a reader saw in it
// (O: the game's observation), for drawing the camera view; copying every
// frame of a video would cost more than the view needs. The zero value
// holds nothing; Close releases the copy.
type Kept[O any] struct {
	frame gocv.Mat
	obs   O
	at    time.Time
	have  bool
}

// Offer keeps a copy of frame and obs when none was kept in the last
// KeepEvery.
func (k *Kept[O]) Offer(frame gocv.Mat, obs O) {
	now := time.Now()
	if k.have && now.Sub(k.at) < KeepEvery {
		return
	}
	if k.frame.Ptr() == nil {
		k.frame = gocv.NewMat()
	}
	frame.CopyTo(&k.frame)
	k.obs, k.at, k.have = obs, now, true
}

// Frame returns the kept frame and its observation; ok is false when none
// was kept yet. The frame stays Kept's.
func (k *Kept[O]) Frame() (frame gocv.Mat, obs O, ok bool) {
	return k.frame, k.obs, k.have
}

// Close releases the kept frame.
func (k *Kept[O]) Close() {
	if k.frame.Ptr() != nil {
		k.frame.Close()
	}
}
