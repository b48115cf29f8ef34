package insidejob

import (
	"context"

	"fieldkit/engine"
	"fieldkit/scan/insidejob/reading"
	"fieldkit/server"
)

// Scanner reads photos of the trick: the scanner's side of an uploaded
// photo, handed in by cmd/fieldkit (camera/insidejob.Photos), so that this package
// needs no OpenCV; tests may use a stand-in.
type Scanner interface {
	// Scan reads one photo, JPEG or PNG bytes. An error means the photo
	// could not be decoded (it wraps server.ErrPhotoTooLarge or
	// server.ErrPhotoBytes); a photo without a seat token is a Reading
	// with OK false. draw, which may be nil, draws the photo with the
	// pieces the reader kept, the mission face in the middle only when
	// mission is true (the referee kept it: a face it did not keep may be
	// the secret the lead rejected). players is the table's player count
	// (2 to 5; 0 when unknown): it stands in for the player aid when the aid lies out of
	// sight, so that a 2-player table's Larry is read without it.
	Scan(ctx context.Context, photo []byte, players int) (r reading.Reading, draw func(mission bool) server.Picture, err error)
}

// errNoScanner is a photo sent to a server started without the scanner.
var errNoScanner = engine.Refuse(server.ErrNoReader, "ij.refuse.no_scanner", "the photo is fine, but fieldkit was started without the camera scanner; enter the cards on the phones or the host page")

// ReadsPhotos implements server.Photos.
func (x game) ReadsPhotos() bool { return x.sc != nil }

// ReadPhoto implements server.Photos: the reader needs only the game's
// player count (it reads every Inside Job piece by its marker), so it runs
// outside the table's lock.
func (x game) ReadPhoto(ctx context.Context, photo []byte) (server.Sight, error) {
	if x.sc == nil {
		return nil, errNoScanner
	}
	r, d, err := x.sc.Scan(ctx, photo, len(x.setup.Players))
	if err != nil {
		return nil, err
	}
	return &sight{obs: r, photo: d}, nil
}
