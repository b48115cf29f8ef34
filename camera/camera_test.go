package camera_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"testing"
	"time"

	"fieldkit/camera"
	"fieldkit/internal/testkit"
	"fieldkit/scan"
	"fieldkit/server"
)

// TestPhotosDecodeErrors: a photo that does not decode is both scan's error
// (the player's message) and the server's kind (the HTTP status).
func TestPhotosDecodeErrors(t *testing.T) {
	tests := []struct {
		name       string
		photo      []byte
		scan, kind error
	}{
		{"empty", nil, scan.ErrEmpty, server.ErrPhotoBytes},
		{"not an image", []byte("GIF89a not a photo"), scan.ErrNotImage, server.ErrPhotoBytes},
		{"too large", testkit.HugePNG(t), scan.ErrTooLarge, server.ErrPhotoTooLarge},
	}
	p := camera.NewPhotos(1)
	// A slot not freed makes the next Decode wait out ctx.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, done, err := p.Decode(ctx, tt.photo, false)
			if done != nil {
				done()
			}
			if !errors.Is(err, tt.scan) || !errors.Is(err, tt.kind) {
				t.Errorf("Decode = %v, want an error wrapping %v and %v", err, tt.scan, tt.kind)
			}
		})
	}
	// The one slot is free again after the refusals.
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 8, 8))); err != nil {
		t.Fatal(err)
	}
	img, done, err := p.Decode(ctx, b.Bytes(), false)
	if err != nil {
		t.Fatalf("Decode of an 8 x 8 PNG after the refusals = %v", err)
	}
	if img.Cols() != 8 || img.Rows() != 8 {
		t.Errorf("Decode = %d x %d, want 8 x 8", img.Cols(), img.Rows())
	}
	done()
}
