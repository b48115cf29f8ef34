package codenames

import (
	"errors"
	"fieldkit/catalog"
	"fieldkit/engine"
	cnscan "fieldkit/scan/codenames"

	"fieldkit/scan"
	"fieldkit/server"

	"gocv.io/x/gocv"
)

// watcher follows a Codenames table through the camera: frames go through
// scan's tracker, and a change that holds is refereed like a photo.
type watcher struct {
	tr   *cnscan.Tracker
	deck cnscan.Deck
	view scan.Kept[cnscan.Observation] // a recent frame, for the view
	last bool                          // the last frame showed a readable grid
}

// Watch implements server.Watchable.
func (g game) Watch(hold int) server.Watcher {
	d := scanDeck(g.info.deck)
	tr := cnscan.NewTracker(&cnscan.Scanner{Deck: d})
	tr.Hold = hold
	return &watcher{tr: tr, deck: d}
}

// See implements server.Watcher.
func (w *watcher) See(f server.Frame) (server.Sight, error) {
	m, ok := f.(*gocv.Mat)
	if !ok {
		return nil, errors.New("codenames: the camera's frame is not an image")
	}
	obs, changes, err := w.tr.Observe(*m)
	if err != nil && !errors.Is(err, scan.ErrImage) {
		return nil, err
	}
	w.last = obs.OK
	w.view.Offer(*m, obs)
	if len(changes) == 0 {
		return nil, nil
	}
	return sight{obs: w.tr.Reading()}, nil
}

// Grid implements server.Watcher.
func (w *watcher) Grid() string {
	_, obs, kept := w.view.Frame()
	return server.GridStatus(kept, w.last, obs.Reason, "the grid is not readable")
}

// GridMsg implements server.GridSayer: why the last frame kept showed no
// readable grid.
func (w *watcher) GridMsg() catalog.Msg {
	_, obs, _ := w.view.Frame()
	if obs.Why.ID != "" {
		return catalog.M("cn.camera.unreadable", "why", obs.Why)
	}
	return catalog.M("cn.camera.unreadable", "why", engine.Term("cn.scan.unreadable"))
}

// View implements server.Watcher.
func (w *watcher) View(lang string, maxSide int) ([]byte, error) {
	frame, obs, kept := w.view.Frame()
	if !kept {
		return nil, nil
	}
	return scan.AnnotatedJPEG(frame, annotator(&obs, w.deck), lang, maxSide)
}

// Close implements server.Watcher.
func (w *watcher) Close() { w.view.Close() }
