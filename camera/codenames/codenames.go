// Package codenames reads a Codenames table for the table server: photos
// (Photos, behind server/codenames.Scanner) and the camera's frames
// (Tracker, behind server/codenames.Tracker), with scan/codenames' scanner.
package codenames

import (
	"context"
	"errors"

	"fieldkit/camera"
	"fieldkit/catalog"
	"fieldkit/deck"
	"fieldkit/engine"
	"fieldkit/scan"
	cnscan "fieldkit/scan/codenames"
	"fieldkit/scan/codenames/reading"
	"fieldkit/server"

	"gocv.io/x/gocv"
)

// Photos reads photos of a Codenames table for the table server
// (server/codenames.Scanner): the photo is decoded through Photos and the
// grid read with the game's deck.
type Photos struct {
	photos *camera.Photos
}

// NewPhotos returns a reader that reads at most parallel photos
// at once (1 when parallel < 1).
func NewPhotos(parallel int) *Photos {
	return &Photos{photos: camera.NewPhotos(parallel)}
}

// Scan implements server/codenames.Scanner. The photo is decoded once, in
// colour: the scanner reads its grey copy, and the Picture draws on a copy
// kept small (camera.View).
func (p *Photos) Scan(ctx context.Context, photo []byte, d *deck.Deck) (reading.Reading, server.Picture, error) {
	img, done, err := p.photos.Decode(ctx, photo, true)
	if err != nil {
		return reading.Reading{}, nil, err
	}
	defer done()
	grey := gocv.NewMat()
	defer grey.Close()
	gocv.CvtColor(img, &grey, gocv.ColorBGRToGray)
	sd := scanDeck(d)
	obs, err := (&cnscan.Scanner{Deck: sd}).Scan(grey)
	if err != nil {
		return reading.Reading{}, nil, err
	}
	view, err := camera.KeepView(img)
	if err != nil {
		return reading.Reading{}, nil, err
	}
	return obs.Reading(), view.Picture(func(img gocv.Mat, f float64, lang string) (gocv.Mat, error) {
		return cnscan.AnnotateScaled(img, f, &obs, sd, lang)
	}), nil
}

// scanDeck is the scanner's view of a game's deck: without one, every word
// face id is a word card whose word is unknown (positions, covers and the
// token are read all the same).
func scanDeck(d *deck.Deck) cnscan.Deck {
	if d == nil {
		return cnscan.Words(nil)
	}
	return cnscan.FromDeck(d)
}

// Tracker follows a Codenames table through the camera's frames
// (*gocv.Mat, from camera.Camera) for the table server (server/codenames.Tracker):
// frames go through scan's tracker, and a change that holds is read.
type Tracker struct {
	tr   *cnscan.Tracker
	deck cnscan.Deck
	view scan.Kept[cnscan.Observation] // a recent frame, for the view
	last bool                          // the last frame showed a readable grid
}

// NewTracker returns a tracker of a game played with deck d (nil
// for none); a change must hold over hold frames.
func NewTracker(d *deck.Deck, hold int) *Tracker {
	sd := scanDeck(d)
	tr := cnscan.NewTracker(&cnscan.Scanner{Deck: sd})
	tr.Hold = hold
	return &Tracker{tr: tr, deck: sd}
}

// See implements server/codenames.Tracker.
func (w *Tracker) See(f server.Frame) (reading.Reading, bool, error) {
	m, ok := f.(*gocv.Mat)
	if !ok {
		return reading.Reading{}, false, errors.New("codenames: the camera's frame is not an image")
	}
	obs, changes, err := w.tr.Observe(*m)
	if err != nil && !errors.Is(err, scan.ErrImage) {
		return reading.Reading{}, false, err
	}
	w.last = obs.OK
	w.view.Offer(*m, obs)
	if len(changes) == 0 {
		return reading.Reading{}, false, nil
	}
	return w.tr.Reading(), true, nil
}

// Seen implements server/codenames.Tracker: what the last frame kept
// showed, and why the grid was not read.
func (w *Tracker) Seen() server.Seen {
	_, obs, kept := w.view.Frame()
	return seenOf(kept, w.last, obs.Reason, obs.Why)
}

// seenOf is the camera status of a Codenames reader's last frame kept:
// read, or why not (the reader's reason, as the camera's message).
func seenOf(kept, read bool, reason string, why catalog.Msg) server.Seen {
	s := server.Seen{Kept: kept, Read: kept && read}
	if kept && !read {
		s.Reason = reason
		if s.Reason == "" {
			s.Reason = "the grid is not readable"
		}
		var say catalog.Sayable = engine.Term("cn.scan.unreadable")
		if why.ID != "" {
			say = why
		}
		s.Why = catalog.M("cn.camera.unreadable", "why", say)
	}
	return s
}

// View implements server/codenames.Tracker.
func (w *Tracker) View(lang string, maxSide int) ([]byte, error) {
	frame, obs, kept := w.view.Frame()
	if !kept {
		return nil, nil
	}
	return scan.AnnotatedJPEG(frame, func(img gocv.Mat, lang string) (gocv.Mat, error) { return cnscan.Annotate(img, &obs, w.deck, lang) }, lang, maxSide)
}

// Close implements server/codenames.Tracker.
func (w *Tracker) Close() { w.view.Close() }
