package codenames

import (
	"context"
	"errors"
	"fmt"

	"fieldkit/camera"
	"fieldkit/deck"
	"fieldkit/scan"
	"fieldkit/scan/codenames/reading"
	"fieldkit/scan/codenames/retail"
	"fieldkit/server"

	"gocv.io/x/gocv"
)

// ErrNoWords is returned by RetailPhotos.Scan for a game without words:
// retail cards are read by their words, so the reader needs the table's.
var ErrNoWords = errors.New("retail cards are read by their words: the game has none")

// RetailPhotos reads photos of a Codenames table laid with the boxed
// game's own word cards (no markers) for the table server, in the shape of
// Photos (server/codenames.Scanner). The game's deck carries the
// words and their language: its Words are the 25 words of the board, row
// by row from seat A (the reading is then turned to seat A's view), or a
// whole edition's list (the reading then stays as the image shows it,
// without a seat). Each photo starts its own Tesseract (a few tens of
// milliseconds), so photos read in parallel as Photos's do.
type RetailPhotos struct {
	photos *camera.Photos
}

// NewRetailPhotos returns a reader that reads at most parallel photos at
// once (1 when parallel < 1).
func NewRetailPhotos(parallel int) *RetailPhotos {
	return &RetailPhotos{photos: camera.NewPhotos(parallel)}
}

// Scan implements server/codenames.Scanner for retail cards. The photo is
// decoded in colour: covers are read by their colour.
func (p *RetailPhotos) Scan(ctx context.Context, photo []byte, d *deck.Deck) (reading.Reading, server.Picture, error) {
	if d == nil || len(d.Words) == 0 {
		return reading.Reading{}, nil, ErrNoWords
	}
	img, done, err := p.photos.Decode(ctx, photo, true)
	if err != nil {
		return reading.Reading{}, nil, err
	}
	defer done()
	r, err := retail.NewReader(d.Lang, d.Words)
	if err != nil {
		return reading.Reading{}, nil, err
	}
	defer r.Close()
	obs, err := r.Read(img)
	if err != nil {
		return reading.Reading{}, nil, err
	}
	view, err := camera.KeepView(img)
	if err != nil {
		return reading.Reading{}, nil, err
	}
	return retail.Orient(obs.Reading(), d.Words), view.Picture(func(img gocv.Mat, f float64, lang string) (gocv.Mat, error) {
		return retail.AnnotateScaled(img, f, &obs, lang)
	}), nil
}

// RetailTracker follows a table of retail cards through the camera's
// frames (*gocv.Mat, BGR, from camera.Camera) for the table server
// (server/codenames.Tracker): each frame is read (the reader takes a card's
// word from the last frame when the card still lies there and looks the
// same, so a still table costs no OCR), and a reading that differs from
// the last one reported and holds over hold frames is reported.
type RetailTracker struct {
	r       *retail.Reader
	board   []string
	hold    int
	pending reading.Reading // the reading waiting to hold
	held    int             // frames it held
	shown   *reading.Reading
	view    scan.Kept[retail.Observation]
	last    bool
}

// NewRetailTracker returns a tracker of a game played with d's words in
// d's language (see RetailPhotos); a change must hold over hold frames.
func NewRetailTracker(d *deck.Deck, hold int) (*RetailTracker, error) {
	if d == nil || len(d.Words) == 0 {
		return nil, ErrNoWords
	}
	r, err := retail.NewReader(d.Lang, d.Words)
	if err != nil {
		return nil, err
	}
	return &RetailTracker{r: r, board: d.Words, hold: max(hold, 1)}, nil
}

// See implements server/codenames.Tracker.
func (w *RetailTracker) See(f server.Frame) (reading.Reading, bool, error) {
	m, ok := f.(*gocv.Mat)
	if !ok {
		return reading.Reading{}, false, errors.New("codenames: the camera's frame is not an image")
	}
	obs, err := w.r.Read(*m)
	if err != nil {
		return reading.Reading{}, false, fmt.Errorf("codenames: retail cards: %w", err)
	}
	w.last = obs.OK
	w.view.Offer(*m, obs)
	if !obs.OK {
		w.held = 0
		return reading.Reading{}, false, nil
	}
	rd := retail.Orient(obs.Reading(), w.board)
	rd.Corners, rd.MS, rd.FitError = nil, 0, 0 // a settled view of frames, not one image
	if w.held > 0 && sameCells(rd, w.pending) {
		w.held++
	} else {
		w.pending, w.held = rd, 1
	}
	if w.held < w.hold || w.shown != nil && sameCells(*w.shown, rd) {
		return reading.Reading{}, false, nil
	}
	shown := rd
	w.shown = &shown
	return rd, true, nil
}

// sameCells reports whether a and b read the same words, covers and tokens.
func sameCells(a, b reading.Reading) bool {
	if len(a.Cells) != len(b.Cells) || a.SeatAEdge != b.SeatAEdge || fmt.Sprint(a.Token, a.Tokens) != fmt.Sprint(b.Token, b.Tokens) {
		return false
	}
	for i := range a.Cells {
		x, y := a.Cells[i], b.Cells[i]
		if x.Word != y.Word || x.Cover != y.Cover || x.Row != y.Row || x.Col != y.Col {
			return false
		}
	}
	return true
}

// Seen implements server/codenames.Tracker.
func (w *RetailTracker) Seen() server.Seen {
	_, obs, kept := w.view.Frame()
	return seenOf(kept, w.last, obs.Reason, obs.Why)
}

// View implements server/codenames.Tracker.
func (w *RetailTracker) View(lang string, maxSide int) ([]byte, error) {
	frame, obs, kept := w.view.Frame()
	if !kept {
		return nil, nil
	}
	return scan.AnnotatedJPEG(frame, func(img gocv.Mat, lang string) (gocv.Mat, error) { return retail.Annotate(img, &obs, lang) }, lang, maxSide)
}

// Close implements server/codenames.Tracker.
func (w *RetailTracker) Close() {
	w.view.Close()
	w.r.Close()
}
