package insidejob

import (
	"sync/atomic"

	"fieldkit/scan/insidejob/reading"
	"fieldkit/server"
)

// Tracker follows an Inside Job table through the camera's frames: the
// scanner's side of the camera, handed in by cmd/fieldkit
// (camera/insidejob.Tracker), so that this package needs no OpenCV.
type Tracker interface {
	// See reads one frame; changed reports a card, a wager or the mission
	// that held over the frames, and r is then the trick as held, order
	// the seats (reading.Larry for Larry) in the order their cards first
	// held.
	See(f server.Frame) (r reading.Reading, order []int, changed bool, err error)
	// Seen is what the last frame kept for the view showed.
	Seen() server.Seen
	// View draws the last frame kept, its labels in lang, the mission face
	// in the middle shown only when it is mission (the one the referee
	// keeps); nil when no frame was kept.
	View(lang string, maxSide int, mission string) ([]byte, error)
	// Close lets go of what the tracker holds.
	Close()
}

// watcher is a Tracker as the server's Watcher of one game: a card, a
// wager or the mission that held over the frames is refereed like a photo,
// with the order the cards first held.
type watcher struct {
	tr Tracker
	// mission is the mission the referee last kept in view: the view
	// shows no other face in the middle.
	mission atomic.Value // string
}

// Watch implements server.Watchable: nil when the server has no tracker.
func (x game) Watch(hold int) server.Watcher {
	if x.track == nil {
		return nil
	}
	w := &watcher{tr: x.track(hold, len(x.setup.Players))}
	w.mission.Store(activeMission(x.g))
	return w
}

// See implements server.Watcher.
func (w *watcher) See(f server.Frame) (server.Sight, error) {
	r, order, changed, err := w.tr.See(f)
	if err != nil || !changed {
		return nil, err
	}
	return &sight{obs: r, order: order, onKeep: func(m string) { w.mission.Store(m) }}, nil
}

// Seen implements server.Watcher.
func (w *watcher) Seen() server.Seen { return w.tr.Seen() }

// View implements server.Watcher: the last frame kept, with its mission
// shown only when it is the one the referee keeps.
func (w *watcher) View(lang string, maxSide int) ([]byte, error) {
	m, _ := w.mission.Load().(string)
	return w.tr.View(lang, maxSide, m)
}

// Close implements server.Watcher.
func (w *watcher) Close() { w.tr.Close() }

var (
	_ server.Photos    = game{}
	_ server.Watchable = game{}
	_ server.Sight     = (*sight)(nil)
)
