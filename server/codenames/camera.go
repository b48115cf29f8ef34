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
type watcher struct {
	Tracker
	g game // the game watched: its settled readings are taken as its photos' are (game.seated)
}

// Watch implements server.Watchable: the tracker of the game's table (a
// boxed set's reader of words, else the marker scanner's); nil when the
// server has none.
func (g game) Watch(hold int) server.Watcher {
	if g.info.boxed != "" {
		if g.fam.TrackBoxed == nil {
			return nil
		}
		tr, err := g.fam.TrackBoxed(g.scanDeck(), hold)
		if err != nil {
			if g.fam.env != nil {
				g.fam.env.Logf("game %s: the camera cannot read the boxed set: %v", g.id, err)
			}
			return nil
		}
		return watcher{Tracker: tr, g: g}
	}
	if g.fam.Track == nil {
		return nil
	}
	return watcher{Tracker: g.fam.Track(g.info.deck, hold), g: g}
}

// See implements server.Watcher.
func (w watcher) See(f server.Frame) (server.Sight, error) {
	r, changed, err := w.Tracker.See(f)
	if err != nil || !changed {
		return nil, err
	}
	return sight{obs: w.g.seated(r)}, nil
}

var _ server.Watcher = watcher{}
