package insidejob

import (
	"errors"
	"fieldkit/catalog"
	"sync/atomic"

	"fieldkit/scan"
	ijscan "fieldkit/scan/insidejob"
	"fieldkit/server"

	"gocv.io/x/gocv"
)

// watcher follows an Inside Job table through the camera (frames are
// *gocv.Mat, as the Codenames camera gives them): frames go through the
// trick tracker, and a card, a wager or the mission that held over the
// frames is refereed like a photo, with the order the cards first held.
type watcher struct {
	tr   *ijscan.Tracker
	view scan.Kept[ijscan.Observation] // a recent frame, for the view
	last bool                          // the last frame showed a readable trick
	// mission is the mission the referee last kept in view: the view
	// shows no other face in the middle.
	mission atomic.Value // string
}

// Watch implements server.Watchable.
func (x game) Watch(hold int) server.Watcher {
	w := &watcher{tr: ijscan.NewTracker(hold)}
	w.mission.Store(activeMission(x.g))
	return w
}

// See implements server.Watcher.
func (w *watcher) See(f server.Frame) (server.Sight, error) {
	m, ok := f.(*gocv.Mat)
	if !ok {
		return nil, errors.New("insidejob: the camera's frame is not an image")
	}
	obs, changed, err := w.tr.Observe(*m)
	if err != nil && !errors.Is(err, scan.ErrImage) {
		return nil, err
	}
	w.last = obs.OK
	w.view.Offer(*m, obs)
	if !changed {
		return nil, nil
	}
	held, ok := w.tr.Observation()
	if !ok {
		return nil, nil
	}
	return &sight{obs: held, order: w.tr.Order(), onKeep: func(m string) { w.mission.Store(m) }}, nil
}

// Grid implements server.Watcher.
func (w *watcher) Grid() string {
	_, obs, kept := w.view.Frame()
	return server.GridStatus(kept, w.last, obs.Reason, "no trick is read")
}

// GridMsg implements server.GridSayer: why the last frame kept showed no
// trick, as the reader says it.
func (w *watcher) GridMsg() catalog.Msg {
	_, obs, _ := w.view.Frame()
	if obs.Why.ID != "" {
		return obs.Why
	}
	return catalog.M("ij.scan.no_trick")
}

// View implements server.Watcher: the last frame kept, with its mission
// shown only when it is the one the referee keeps.
func (w *watcher) View(lang string, maxSide int) ([]byte, error) {
	frame, obs, kept := w.view.Frame()
	if !kept {
		return nil, nil
	}
	if m, _ := w.mission.Load().(string); obs.MissionName != m {
		obs.DropMission()
	}
	return scan.AnnotatedJPEG(frame, annotator(&obs), lang, maxSide)
}

// Close implements server.Watcher.
func (w *watcher) Close() { w.view.Close() }

var (
	_ server.Photos    = game{}
	_ server.Watchable = game{}
	_ server.Sight     = (*sight)(nil)
)
