package scan

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // DecodeConfig reads JPEG headers
	_ "image/png"  // and PNG headers
	"math"
	"os"

	"fieldkit/catalog"

	"gocv.io/x/gocv"
)

// MaxPixels is the largest image DecodeImage accepts: 50 megapixels, well
// above any phone camera's 12 to 48. The header is read first, so a larger
// image is refused before any pixel is decoded.
const MaxPixels = 50_000_000

// Errors DecodeImage and ReadImage wrap; test with errors.Is. Each comes
// as an *ImageError, which says it to a player too (catalog.Sayable).
var (
	ErrEmpty     = errors.New("the image file is empty")
	ErrNotImage  = errors.New("not a JPEG or PNG image")
	ErrTruncated = errors.New("the image file is cut short")
	ErrTooLarge  = errors.New("the image is too large")
)

// ImageError is an image DecodeImage refuses: its kind (ErrEmpty,
// ErrNotImage, ErrTruncated, ErrTooLarge), the message a player reads (an
// id of the catalog, "scan.image.*") and the English details for the logs
// and the command line. Error() is the kind, then the details.
type ImageError struct {
	Kind    error
	Msg     catalog.Msg
	English string // details after the kind's own text; may be ""
}

// Error returns the kind's text and the details, as "the image file is cut
// short: the PNG data ends before its IEND chunk".
func (e *ImageError) Error() string {
	if e.English == "" {
		return e.Kind.Error()
	}
	if e.English[0] == '(' {
		return e.Kind.Error() + " " + e.English
	}
	return e.Kind.Error() + ": " + e.English
}

// Unwrap returns the kind, so errors.Is(err, ErrTruncated) holds.
func (e *ImageError) Unwrap() error { return e.Kind }

// Say returns the message id and its arguments (catalog.Sayable): what a
// page tells the player who sent the image.
func (e *ImageError) Say() (string, map[string]any) { return e.Msg.ID, e.Msg.Args }

// imageMsgs are the players' messages of the kinds of ImageError but
// ErrTooLarge, which names the image's size (tooLarge).
var imageMsgs = map[error]string{
	ErrEmpty:     "scan.image.empty",
	ErrNotImage:  "scan.image.not_image",
	ErrTruncated: "scan.image.truncated",
}

// imageErr returns an *ImageError of kind with the English details format
// and args.
func imageErr(kind error, format string, args ...any) *ImageError {
	return &ImageError{Kind: kind, Msg: catalog.M(imageMsgs[kind]), English: fmt.Sprintf(format, args...)}
}

// tooLarge is the ImageError of an image of w x h pixels.
func tooLarge(w, h int) *ImageError {
	px := int64(w) * int64(h)
	mp := int(math.Round(float64(px) / 1e6))
	return &ImageError{Kind: ErrTooLarge,
		Msg:     catalog.M("scan.image.too_large", "w", w, "h", h, "mp", mp, "max", MaxPixels/1_000_000),
		English: fmt.Sprintf("%d x %d pixels (%d megapixels); scan reads up to %d megapixels: scale the image down", w, h, mp, MaxPixels/1_000_000)}
}

// DecodeImage decodes a JPEG or PNG image for Scan: 8-bit BGR when color is
// true, else gray (faster). It checks the header and the file's structure
// before decoding: empty data, another format, more than MaxPixels pixels,
// and a JPEG or PNG cut short are refused with errors wrapping ErrEmpty,
// ErrNotImage, ErrTooLarge and ErrTruncated. The caller closes the Mat.
func DecodeImage(data []byte, color bool) (gocv.Mat, error) {
	if len(data) == 0 {
		return gocv.Mat{}, imageErr(ErrEmpty, "")
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		if errors.Is(err, image.ErrFormat) {
			return gocv.Mat{}, imageErr(ErrNotImage, "(it starts with %q)", head(data))
		}
		return gocv.Mat{}, imageErr(ErrTruncated, "the header does not read: %v", err)
	}
	// The format first: another format's header (a GIF's, when a program
	// has registered its decoder) is no JPEG's or PNG's size.
	if format != "jpeg" && format != "png" {
		return gocv.Mat{}, imageErr(ErrNotImage, "a %s image", format)
	}
	if px := int64(cfg.Width) * int64(cfg.Height); px > MaxPixels || cfg.Width <= 0 || cfg.Height <= 0 {
		return gocv.Mat{}, tooLarge(cfg.Width, cfg.Height)
	}
	if format == "jpeg" {
		err = CheckJPEG(data)
	} else {
		err = checkPNG(data)
	}
	if err != nil {
		return gocv.Mat{}, err
	}
	flag := gocv.IMReadGrayScale
	if color {
		flag = gocv.IMReadColor
	}
	m, err := gocv.IMDecode(data, flag)
	if err != nil || m.Empty() {
		if err == nil {
			m.Close()
		}
		return gocv.Mat{}, imageErr(ErrNotImage, "OpenCV cannot decode this %s", format)
	}
	return m, nil
}

// ReadImage reads and decodes the image file at path (see DecodeImage);
// errors name the file.
func ReadImage(path string, color bool) (gocv.Mat, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return gocv.Mat{}, err
	}
	m, err := DecodeImage(data, color)
	if err != nil {
		return gocv.Mat{}, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

func head(b []byte) []byte {
	if len(b) > 8 {
		return b[:8]
	}
	return b
}

// CheckJPEG walks a JPEG file's segments and entropy-coded data and reports
// an error wrapping ErrTruncated when it ends before the end-of-image marker
// (OpenCV decodes such a file with a grey lower part and only a warning), or
// ErrNotImage when its structure is broken. Data after the end of the image
// (some cameras append some) is allowed.
func CheckJPEG(b []byte) error {
	if len(b) < 2 || b[0] != 0xFF || b[1] != 0xD8 {
		return imageErr(ErrNotImage, "no JPEG start-of-image marker")
	}
	cut := imageErr(ErrTruncated, "the JPEG data ends before its end-of-image marker (was the upload or copy interrupted?)")
	i := 2
	for {
		// A marker: 0xFF, fill bytes 0xFF, then the marker code.
		if i >= len(b) {
			return cut
		}
		if b[i] != 0xFF {
			return imageErr(ErrNotImage, "broken JPEG structure at byte %d", i)
		}
		for i < len(b) && b[i] == 0xFF {
			i++
		}
		if i >= len(b) {
			return cut
		}
		code := b[i]
		i++
		switch {
		case code == 0xD9: // end of image
			return nil
		case code == 0x01 || code >= 0xD0 && code <= 0xD7: // no payload
			continue
		case code == 0x00:
			return imageErr(ErrNotImage, "broken JPEG structure at byte %d", i-1)
		}
		if i+2 > len(b) {
			return cut
		}
		n := int(binary.BigEndian.Uint16(b[i:]))
		if n < 2 {
			return imageErr(ErrNotImage, "JPEG segment of length %d at byte %d", n, i)
		}
		i += n
		if i > len(b) {
			return cut
		}
		if code != 0xDA { // not start of scan
			continue
		}
		// Entropy-coded data runs to the next marker that is neither a
		// stuffed zero nor a restart marker.
		for {
			k := bytes.IndexByte(b[i:], 0xFF)
			if k < 0 {
				return cut
			}
			i += k
			if i+1 >= len(b) {
				return cut
			}
			next := b[i+1]
			if next == 0x00 || next >= 0xD0 && next <= 0xD7 || next == 0xFF {
				i++
				if next != 0xFF {
					i++
				}
				continue
			}
			break
		}
	}
}

// checkPNG walks a PNG file's chunks and reports ErrTruncated when it ends
// before the IEND chunk.
func checkPNG(b []byte) error {
	const sig = "\x89PNG\r\n\x1a\n"
	if len(b) < len(sig) || string(b[:len(sig)]) != sig {
		return imageErr(ErrNotImage, "no PNG signature")
	}
	for i := len(sig); ; {
		if i+8 > len(b) {
			return imageErr(ErrTruncated, "the PNG data ends before its IEND chunk (was the upload or copy interrupted?)")
		}
		n := int64(binary.BigEndian.Uint32(b[i:]))
		typ := string(b[i+4 : i+8])
		end := int64(i) + 12 + n
		if end > int64(len(b)) {
			return imageErr(ErrTruncated, "the PNG chunk %q at byte %d runs past the end of the file", typ, i)
		}
		if typ == "IEND" {
			return nil
		}
		i = int(end)
	}
}
