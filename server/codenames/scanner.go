package codenames

import (
	"context"

	"fieldkit/engine"
	"fieldkit/server"
)

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
