// Package camera is the camera referee's side of the table server (package
// server, which uses no cgo): what every game's camera and photo readers
// share: the webcam the server watches a table with (Camera), the photo
// decoding every game's photo reader shares (Photos), which answers a photo
// it cannot decode with the server's own errors (server.ErrPhotoTooLarge,
// server.ErrPhotoBytes), and the small copy of a photo its picture is drawn
// on (View). Each game's readers, built on scan's, are in a subfolder
// (camera/codenames, camera/insidejob). cmd/fieldkit hands them to the
// server; the server never imports this package.
package camera

import (
	"context"
	"errors"

	"fieldkit/scan"
	"fieldkit/server"

	"gocv.io/x/gocv"
)

// FrameSource is where the camera reads frames: a webcam
// (*gocv.VideoCapture), or a video file in tests.
type FrameSource interface {
	// Read reads the next frame into m; false when there is none (the end
	// of a video, or a camera that stopped).
	Read(m *gocv.Mat) bool
}

// Camera is a FrameSource as the table server's camera (server.Camera),
// for every game: each frame is a *gocv.Mat, valid until the next.
type Camera struct {
	src   FrameSource
	frame gocv.Mat
}

// NewCamera returns the camera of src; Close it when the camera loop is done.
func NewCamera(src FrameSource) *Camera { return &Camera{src: src, frame: gocv.NewMat()} }

// Next implements server.Camera.
func (c *Camera) Next() (server.Frame, bool) {
	if !c.src.Read(&c.frame) || c.frame.Empty() {
		return nil, false
	}
	return &c.frame, true
}

// Close lets go of the frame.
func (c *Camera) Close() error { return c.frame.Close() }

// Photos decodes uploaded photos for every game's reader, at most a few at
// once, so that a burst of uploads cannot hold many decoded 12 MP images in
// memory.
type Photos struct {
	slots chan struct{}
}

// NewPhotos returns a decoder that holds at most parallel decoded photos at
// once (1 when parallel < 1).
func NewPhotos(parallel int) *Photos {
	return &Photos{slots: make(chan struct{}, max(parallel, 1))}
}

// Decode waits for a free slot (or ctx), then decodes photo with scan's
// safe loader (scan.DecodeImage), in colour or grey. The caller reads the
// image, then calls done, which closes it and frees the slot. A photo that
// does not decode is an error wrapping server.ErrPhotoTooLarge or
// server.ErrPhotoBytes as well as scan's own (the player's message).
func (p *Photos) Decode(ctx context.Context, photo []byte, color bool) (img gocv.Mat, done func(), err error) {
	select {
	case p.slots <- struct{}{}:
	case <-ctx.Done():
		return gocv.Mat{}, nil, ctx.Err()
	}
	img, err = scan.DecodeImage(photo, color)
	if err != nil {
		<-p.slots
		return gocv.Mat{}, nil, PhotoError(err)
	}
	return img, func() { img.Close(); <-p.slots }, nil
}

// PhotoError returns err, an error of scan's image loader, so that it also
// wraps the server's error of its kind (server.ErrPhotoTooLarge or
// server.ErrPhotoBytes); other errors are returned as they are. Its text
// stays err's.
func PhotoError(err error) error {
	var ie *scan.ImageError
	if !errors.As(err, &ie) {
		return err
	}
	kind := server.ErrPhotoBytes
	if errors.Is(err, scan.ErrTooLarge) {
		kind = server.ErrPhotoTooLarge
	}
	return &photoError{kind: kind, err: err}
}

// photoError is an image error that also wraps the server's kind.
type photoError struct{ kind, err error }

func (e *photoError) Error() string   { return e.err.Error() }
func (e *photoError) Unwrap() []error { return []error{e.kind, e.err} }
