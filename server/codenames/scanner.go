package codenames

import (
	"context"
	"fieldkit/engine"
	cnscan "fieldkit/scan/codenames"
	"fieldkit/scan/serve"
	"fieldkit/server"

	"fieldkit/deck"
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// PhotoScanner is the Scanner of package scan: it decodes a photo through
// the table server's shared decoder (serve.Photos: header and structure
// checked before any pixel is decoded, a few photos at once) and reads the
// grid with the game's deck.
type PhotoScanner struct {
	photos *serve.Photos
}

// NewPhotoScanner returns a scanner that reads at most parallel photos at
// once (1 when parallel < 1).
func NewPhotoScanner(parallel int) *PhotoScanner {
	return &PhotoScanner{photos: serve.NewPhotos(parallel)}
}

// Scan implements Scanner. The photo is decoded in grey for the scan; the
// Picture decodes it again in colour when somebody looks at it.
func (p *PhotoScanner) Scan(ctx context.Context, photo []byte, d *deck.Deck) (cnscan.Reading, server.Picture, error) {
	img, done, err := p.photos.Decode(ctx, photo, false)
	if err != nil {
		return cnscan.Reading{}, nil, err
	}
	defer done()
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

// errNoScanner is a photo sent to a server started without the scanner.
var errNoScanner = engine.Refuse(server.ErrNoReader, "cn.camera.no_scanner", "the photo is fine, but fieldkit was started without the camera scanner; give guesses on the phones or the host page")

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
