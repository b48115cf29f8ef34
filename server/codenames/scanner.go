package codenames

import (
	"context"
	"errors"
	"fieldkit/engine"
	cnscan "fieldkit/scan/codenames"
	"fieldkit/server"
	"net/http"

	"fieldkit/deck"
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// PhotoScanner is the Scanner of package scan: it decodes a photo with
// scan's safe loader (header and structure checked before any pixel is
// decoded) and reads the grid with the game's deck. It reads at most a few
// photos at once, so that a burst of uploads cannot hold many decoded 12 MP
// images in memory.
type PhotoScanner struct {
	slots chan struct{}
}

// NewPhotoScanner returns a scanner that reads at most parallel photos at
// once (1 when parallel < 1).
func NewPhotoScanner(parallel int) *PhotoScanner {
	return &PhotoScanner{slots: make(chan struct{}, max(parallel, 1))}
}

// Scan implements Scanner. The photo is decoded in grey for the scan; the
// Picture decodes it again in colour when somebody looks at it.
func (p *PhotoScanner) Scan(ctx context.Context, photo []byte, d *deck.Deck) (cnscan.Reading, server.Picture, error) {
	select {
	case p.slots <- struct{}{}:
		defer func() { <-p.slots }()
	case <-ctx.Done():
		return cnscan.Reading{}, nil, ctx.Err()
	}
	img, err := scan.DecodeImage(photo, false)
	if err != nil {
		return cnscan.Reading{}, nil, err
	}
	defer img.Close()
	sd := scanDeck(d)
	obs, err := (&cnscan.Scanner{Deck: sd}).Scan(img)
	if err != nil {
		return cnscan.Reading{}, nil, err
	}
	return obs.Reading(), &photoPicture{photo: photo, obs: obs, deck: sd}, nil
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

// photoPicture draws an uploaded photo with what the scanner saw in it.
type photoPicture struct {
	photo []byte
	obs   cnscan.Observation
	deck  cnscan.Deck
}

// JPEG implements Picture.
func (p *photoPicture) JPEG(lang string, maxSide int) ([]byte, error) {
	return scan.PhotoJPEG(p.photo, annotator(&p.obs, p.deck), lang, maxSide)
}

// annotator draws obs, with the words of d, over an image.
func annotator(obs *cnscan.Observation, d cnscan.Deck) scan.Annotator {
	return func(img gocv.Mat, lang string) (gocv.Mat, error) { return cnscan.Annotate(img, obs, d, lang) }
}

// photoStatus maps the scanner's errors to HTTP statuses: 413 for a photo
// too large to read, 400 for bytes that are no image, 0 for other errors.
func photoStatus(err error) int {
	switch {
	case errors.Is(err, scan.ErrTooLarge):
		return http.StatusRequestEntityTooLarge
	case errors.Is(err, scan.ErrEmpty), errors.Is(err, scan.ErrNotImage), errors.Is(err, scan.ErrTruncated):
		return http.StatusBadRequest
	case errors.Is(err, errNoScanner):
		return http.StatusNotImplemented
	}
	return 0
}

// errNoScanner is a photo sent to a server started without the scanner.
var errNoScanner = engine.Refuse(errors.New("this server has no scanner"), "cn.camera.no_scanner", "the photo is fine, but fieldkit was started without the camera scanner; give guesses on the phones or the host page")

// ReadsPhotos implements server.Photos.
func (g game) ReadsPhotos() bool { return g.fam.Scanner != nil }

// ReadPhoto implements server.Photos: the scanner reads the grid with the
// game's printed deck, which never changes during a game.
func (g game) ReadPhoto(ctx context.Context, photo []byte) (server.Sight, error) {
	if g.fam.Scanner == nil {
		return nil, errNoScanner
	}
	obs, pic, err := g.fam.Scanner.Scan(ctx, photo, g.info.deck)
	if err != nil {
		return nil, err
	}
	return sight{obs: obs, pic: pic}, nil
}
