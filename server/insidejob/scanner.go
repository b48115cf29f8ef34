package insidejob

import (
	"context"

	"fieldkit/engine"
	"fieldkit/scan"
	ijscan "fieldkit/scan/insidejob"
	"fieldkit/scan/serve"
	"fieldkit/server"

	"gocv.io/x/gocv"
)

// Scanner reads photos of the trick. PhotoScanner is the real one.
type Scanner interface {
	// Scan reads one photo, JPEG or PNG bytes whose type and size the
	// server has already checked. An error means the photo could not be
	// decoded; a photo without a seat token is an Observation with OK
	// false.
	Scan(ctx context.Context, photo []byte) (ijscan.Observation, error)
}

// PhotoScanner is the Scanner of package scan/insidejob: it decodes a photo
// through the table server's shared decoder (serve.Photos: a few photos at
// once) and reads the trick.
type PhotoScanner struct {
	photos *serve.Photos
}

// NewPhotoScanner returns a scanner that reads at most parallel photos at
// once (1 when parallel < 1).
func NewPhotoScanner(parallel int) *PhotoScanner {
	return &PhotoScanner{photos: serve.NewPhotos(parallel)}
}

// Scan implements Scanner. The photo is read in colour: the reader looks at
// the colour of a card's middle to tell a bare card from a covered one.
func (p *PhotoScanner) Scan(ctx context.Context, photo []byte) (ijscan.Observation, error) {
	img, done, err := p.photos.Decode(ctx, photo, true)
	if err != nil {
		return ijscan.Observation{}, err
	}
	defer done()
	var r ijscan.Reader
	return r.Read(img)
}

// photoPicture draws an uploaded photo with what the referee kept of it.
type photoPicture struct {
	photo []byte
	obs   ijscan.Observation
}

// JPEG implements server.Picture.
func (p *photoPicture) JPEG(lang string, maxSide int) ([]byte, error) {
	return scan.PhotoJPEG(p.photo, annotator(&p.obs), lang, maxSide)
}

// annotator draws obs over an image (the photo shown only inside the kept
// pieces).
func annotator(obs *ijscan.Observation) scan.Annotator {
	return func(img gocv.Mat, lang string) (gocv.Mat, error) { return ijscan.Annotate(img, obs, lang) }
}

// errNoScanner is a photo sent to a server started without the scanner.
var errNoScanner = engine.Refuse(server.ErrNoReader, "ij.refuse.no_scanner", "the photo is fine, but fieldkit was started without the camera scanner; enter the cards on the phones or the host page")

// ReadsPhotos implements server.Photos.
func (x game) ReadsPhotos() bool { return x.sc != nil }

// ReadPhoto implements server.Photos: the reader needs nothing of the game
// (it reads every Inside Job piece by its marker), so it runs outside the
// table's lock.
func (x game) ReadPhoto(ctx context.Context, photo []byte) (server.Sight, error) {
	if x.sc == nil {
		return nil, errNoScanner
	}
	obs, err := x.sc.Scan(ctx, photo)
	if err != nil {
		return nil, err
	}
	return &sight{obs: obs, photo: photo}, nil
}
