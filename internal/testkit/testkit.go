// Package testkit holds what the tests of several packages share: a seeded
// stand-in for crypto/rand, a clock that ticks per call, and small images
// and forms for upload tests. Tests only.
package testkit

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"mime/multipart"
	"sync"
	"testing"
	"time"
)

// Seeded is a reproducible stand-in for crypto/rand.
type Seeded struct{ r *rand.ChaCha8 }

// NewSeeded returns the stream of seed.
func NewSeeded(seed byte) *Seeded { return &Seeded{rand.NewChaCha8([32]byte{seed})} }

// Read implements io.Reader.
func (s *Seeded) Read(p []byte) (int, error) { return s.r.Read(p) }

// Clock advances one second per call, from a fixed start.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock returns a clock that starts at t.
func NewClock(t time.Time) *Clock { return &Clock{t: t} }

// Now returns the next second.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Second)
	return c.t
}

// PNG returns a w x h grey PNG.
func PNG(t testing.TB, w, h int) []byte {
	var b bytes.Buffer
	img := image.NewGray(image.Rect(0, 0, w, h))
	img.Set(0, 0, color.White)
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// JPEG returns a w x h grey JPEG.
func JPEG(t testing.TB, w, h int) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewGray(image.Rect(0, 0, w, h)), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// HugePNG is a PNG header that claims 20000 x 20000 pixels.
func HugePNG(t testing.TB) []byte {
	b := PNG(t, 1, 1)
	// IHDR: length (8-11), type (12-15), width (16-19), height (20-23), 5 more bytes, CRC (29-32).
	copy(b[16:24], []byte{0, 0, 0x4e, 0x20, 0, 0, 0x4e, 0x20})
	binary.BigEndian.PutUint32(b[29:33], crc32.ChecksumIEEE(b[12:29]))
	return b
}

// Multipart returns a form with data as the file of field, and its content type.
func Multipart(t testing.TB, field, name string, data []byte) (string, []byte) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	fw, err := w.CreateFormFile(field, name)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(data)
	w.Close()
	return w.FormDataContentType(), b.Bytes()
}

// FirstDiff shows where two transcripts part: the byte offset of the first
// difference and up to 200 bytes either side of it in each, quoted.
func FirstDiff[T ~string | ~[]byte](a, b T) string {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	from := max(n-200, 0)
	return fmt.Sprintf("at byte %d:\n  %q\nvs\n  %q", n, a[from:min(n+200, len(a))], b[from:min(n+200, len(b))])
}
