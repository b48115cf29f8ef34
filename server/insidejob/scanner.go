package insidejob

import (
	"context"
	"errors"
	"net/http"

	"fieldkit/engine"
	"fieldkit/scan"
	ijscan "fieldkit/scan/insidejob"
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
// with scan's safe loader and reads the trick. It reads at most a few photos
// at once, so that a burst of uploads cannot hold many decoded 12 MP images.
type PhotoScanner struct {
	slots chan struct{}
}

// NewPhotoScanner returns a scanner that reads at most parallel photos at
// once (1 when parallel < 1).
func NewPhotoScanner(parallel int) *PhotoScanner {
	return &PhotoScanner{slots: make(chan struct{}, max(parallel, 1))}
}

// Scan implements Scanner. The photo is read in colour: the reader looks at
// the colour of a card's middle to tell a bare card from a covered one.
func (p *PhotoScanner) Scan(ctx context.Context, photo []byte) (ijscan.Observation, error) {
	select {
	case p.slots <- struct{}{}:
		defer func() { <-p.slots }()
	case <-ctx.Done():
		return ijscan.Observation{}, ctx.Err()
	}
	img, err := scan.DecodeImage(photo, true)
	if err != nil {
		return ijscan.Observation{}, err
	}
	defer img.Close()
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
var errNoScanner = engine.Refuse(nil, "ij.refuse.no_scanner", "this server has no scanner: the photo is fine, but fieldkit was started without the camera scanner; enter the cards on the phones or the host page")

// photoStatus maps the scanner's errors to HTTP statuses: 413 for a photo
// too large to read, 400 for bytes that are no image, 501 without a
// scanner, 0 for other errors.
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
