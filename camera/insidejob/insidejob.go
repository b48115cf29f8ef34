// Package insidejob reads an Inside Job trick for the table server: photos
// (Photos, behind server/insidejob.Scanner) and the camera's frames
// (Tracker, behind server/insidejob.Tracker), with scan/insidejob's reader.
package insidejob

import (
	"context"
	"errors"

	"fieldkit/camera"
	"fieldkit/catalog"
	"fieldkit/scan"
	ijscan "fieldkit/scan/insidejob"
	"fieldkit/scan/insidejob/reading"
	"fieldkit/server"

	"gocv.io/x/gocv"
)

// Photos reads photos of an Inside Job trick for the table server
// (server/insidejob.Scanner; cmd/fieldkit checks that it is one): the photo is decoded through Photos and the
// trick read.
type Photos struct {
	photos *camera.Photos
}

// NewPhotos returns a reader that reads at most parallel photos at
// once (1 when parallel < 1).
func NewPhotos(parallel int) *Photos {
	return &Photos{photos: camera.NewPhotos(parallel)}
}

// Scan implements server/insidejob.Scanner; players, the table's player
// count, stands in for the player aid (ijscan.Reader.Players). The photo is decoded once, in
// colour (the reader looks at the colour of a card's middle to tell a bare
// card from a covered one); the picture draws on a copy kept small
// (camera.View).
func (p *Photos) Scan(ctx context.Context, photo []byte, players int) (reading.Reading, func(mission bool) server.Picture, error) {
	img, done, err := p.photos.Decode(ctx, photo, true)
	if err != nil {
		return reading.Reading{}, nil, err
	}
	defer done()
	r := ijscan.Reader{Players: players}
	obs, err := r.Read(img)
	if err != nil {
		return reading.Reading{}, nil, err
	}
	view, err := camera.KeepView(img)
	if err != nil {
		return reading.Reading{}, nil, err
	}
	return obs.Reading(), func(mission bool) server.Picture {
		kept := obs
		if !mission {
			kept.DropMission()
		}
		// The photo shows only the kept pieces (AnnotateScaled).
		return view.Picture(func(img gocv.Mat, f float64, lang string) (gocv.Mat, error) {
			return ijscan.AnnotateScaled(img, f, &kept, lang)
		})
	}, nil
}

// Tracker follows an Inside Job table through the camera's frames
// (*gocv.Mat, from camera.Camera) for the table server (server/insidejob.Tracker):
// frames go through scan/insidejob's tracker, and a card, a wager or the
// mission that held is read.
type Tracker struct {
	tr   *ijscan.Tracker
	view scan.Kept[ijscan.Observation] // a recent frame, for the view
	last bool                          // the last frame showed a readable trick
}

// NewTracker returns a tracker whose changes must hold over hold frames,
// at a table of players players (ijscan.Reader.Players).
func NewTracker(hold, players int) *Tracker {
	tr := ijscan.NewTracker(hold)
	tr.Reader.Players = players
	return &Tracker{tr: tr}
}

// See implements server/insidejob.Tracker.
func (w *Tracker) See(f server.Frame) (reading.Reading, []int, bool, error) {
	m, ok := f.(*gocv.Mat)
	if !ok {
		return reading.Reading{}, nil, false, errors.New("insidejob: the camera's frame is not an image")
	}
	obs, changed, err := w.tr.Observe(*m)
	if err != nil && !errors.Is(err, scan.ErrImage) {
		return reading.Reading{}, nil, false, err
	}
	w.last = obs.OK
	w.view.Offer(*m, obs)
	if !changed {
		return reading.Reading{}, nil, false, nil
	}
	held, ok := w.tr.Observation()
	if !ok {
		return reading.Reading{}, nil, false, nil
	}
	return held.Reading(), w.tr.Order(), true, nil
}

// Seen implements server/insidejob.Tracker.
func (w *Tracker) Seen() server.Seen {
	_, obs, kept := w.view.Frame()
	s := server.Seen{Kept: kept, Read: kept && w.last}
	if kept && !w.last {
		s.Reason, s.Why = obs.Reason, obs.Why
		if s.Reason == "" {
			s.Reason = "no trick is read"
		}
		if s.Why.ID == "" {
			s.Why = catalog.M("ij.scan.no_trick")
		}
	}
	return s
}

// View implements server/insidejob.Tracker: the last frame kept, its
// mission face shown only when it is mission.
func (w *Tracker) View(lang string, maxSide int, mission string) ([]byte, error) {
	frame, obs, kept := w.view.Frame()
	if !kept {
		return nil, nil
	}
	if obs.MissionName != mission {
		obs.DropMission()
	}
	return scan.AnnotatedJPEG(frame, func(img gocv.Mat, lang string) (gocv.Mat, error) { return ijscan.Annotate(img, &obs, lang) }, lang, maxSide)
}

// Close implements server/insidejob.Tracker.
func (w *Tracker) Close() { w.view.Close() }
