package main

import (
	cncamera "fieldkit/camera/codenames"
	ijcamera "fieldkit/camera/insidejob"
	"fieldkit/deck"
	"fieldkit/engine"
	rules "fieldkit/engine/codenames"
	"fieldkit/engine/insidejob"
	"fieldkit/server"
	cnserver "fieldkit/server/codenames"
	ijserver "fieldkit/server/insidejob"
)

// game registers a game family: its rules for `fieldkit referee` and how the
// table server plays it.
type game struct {
	rules engine.Family
	table func(scanner bool) server.Family // scanner: read photos of the table; nil: not at the table server yet
}

// games are the game families fieldkit knows: one line each.
var games = []game{
	{rules.Family, func(scanner bool) server.Family { return codenamesTable(scanner) }},
	{insidejob.Family, func(scanner bool) server.Family { return insideJobTable(scanner) }},
}

// families are the rules of every registered game.
func families() engine.Families {
	var fs engine.Families
	for _, g := range games {
		fs = append(fs, g.rules)
	}
	return fs
}

// tableFamilies are the table server's families of every registered game.
func tableFamilies(scanner bool) []server.Family {
	var fs []server.Family
	for _, g := range games {
		if g.table != nil {
			fs = append(fs, g.table(scanner))
		}
	}
	return fs
}

// codenamesTable returns the table server's Codenames family: with the
// scanner's photo reader and camera tracker when scanner is true, for
// fieldkit's printed cards (markers) and for a boxed set's (their words).
func codenamesTable(scanner bool) server.Family {
	f := cnserver.New(nil)
	if scanner {
		f.Scanner = cncamera.NewPhotos(2)
		f.Track = func(d *deck.Deck, hold int) cnserver.Tracker { return cncamera.NewTracker(d, hold) }
		f.Boxed = cncamera.NewRetailPhotos(2)
		f.TrackBoxed = func(d *deck.Deck, hold int) (cnserver.Tracker, error) {
			tr, err := cncamera.NewRetailTracker(d, hold)
			if err != nil {
				return nil, err // not a typed nil in the interface
			}
			return tr, nil
		}
	}
	return f
}

// insideJobTable returns the table server's Inside Job family: with the
// trick reader for photos and the camera when scanner is true.
func insideJobTable(scanner bool) server.Family {
	f := ijserver.New(nil)
	if scanner {
		f.Scanner = ijcamera.NewPhotos(2)
		f.Track = func(hold, players int) ijserver.Tracker { return ijcamera.NewTracker(hold, players) }
	}
	return f
}
