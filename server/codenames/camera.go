package codenames

import (
	"fieldkit/scan/codenames/reading"
	"fieldkit/server"
)

// Tracker follows a Codenames table through the camera's frames: the
// scanner's side of the camera, handed in by cmd/fieldkit
// (camera/codenames.Tracker), so that this package needs no OpenCV.
type Tracker interface {
	// See reads one frame; changed reports a change that held, and r is
	// then the table's settled reading, to be refereed like a photo's.
	See(f server.Frame) (r reading.Reading, changed bool, err error)
	// Seen, View and Close are those of server.Watcher: Seen says why the
	// last frame kept showed no readable grid.
	Seen() server.Seen
	View(lang string, maxSide int) ([]byte, error)
	Close()
}

// watcher is a Tracker as the server's Watcher of one game.
type watcher struct{ Tracker }

// Watch implements server.Watchable: nil when the server has no tracker.
func (g game) Watch(hold int) server.Watcher {
	if g.fam.Track == nil {
		return nil
	}
	return watcher{g.fam.Track(g.info.deck, hold)}
}

// See implements server.Watcher.
func (w watcher) See(f server.Frame) (server.Sight, error) {
	r, changed, err := w.Tracker.See(f)
	if err != nil || !changed {
		return nil, err
	}
	return sight{obs: r}, nil
}

var _ server.Watcher = watcher{}
