package scan

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // DecodeConfig reads JPEG headers
	_ "image/png"  // and PNG headers
	"os"

	"gocv.io/x/gocv"
)

// MaxPixels is the largest image DecodeImage accepts: 50 megapixels, well
// above any phone camera's 12 to 48. The header is read first, so a larger
// image is refused before any pixel is decoded.
const MaxPixels = 50_000_000

// Errors DecodeImage and ReadImage wrap; test with errors.Is.
var (
	ErrEmpty     = errors.New("the image file is empty")
	ErrNotImage  = errors.New("not a JPEG or PNG image")
	ErrTruncated = errors.New("the image file is cut short")
	ErrTooLarge  = errors.New("the image is too large")
)

// DecodeImage decodes a JPEG or PNG image for Scan: 8-bit BGR when color is
// true, else gray (faster). It checks the header and the file's structure
// before decoding: empty data, another format, more than MaxPixels pixels,
// and a JPEG or PNG cut short are refused with errors wrapping ErrEmpty,
// ErrNotImage, ErrTooLarge and ErrTruncated. The caller closes the Mat.
func DecodeImage(data []byte, color bool) (gocv.Mat, error) {
	if len(data) == 0 {
		return gocv.Mat{}, ErrEmpty
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		if errors.Is(err, image.ErrFormat) {
			return gocv.Mat{}, fmt.Errorf("%w (it starts with %q)", ErrNotImage, head(data))
		}
		return gocv.Mat{}, fmt.Errorf("%w: the header does not read: %v", ErrTruncated, err)
	}
	if px := int64(cfg.Width) * int64(cfg.Height); px > MaxPixels || cfg.Width <= 0 || cfg.Height <= 0 {
		return gocv.Mat{}, fmt.Errorf("%w: %d x %d pixels (%.0f megapixels); scan reads up to %d megapixels: scale the image down", ErrTooLarge, cfg.Width, cfg.Height, float64(px)/1e6, MaxPixels/1_000_000)
	}
	switch format {
	case "jpeg":
		err = CheckJPEG(data)
	case "png":
		err = checkPNG(data)
	default:
		err = fmt.Errorf("%w: a %s image", ErrNotImage, format)
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
		return gocv.Mat{}, fmt.Errorf("%w: OpenCV cannot decode this %s", ErrNotImage, format)
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
		return fmt.Errorf("%w: no JPEG start-of-image marker", ErrNotImage)
	}
	cut := fmt.Errorf("%w: the JPEG data ends before its end-of-image marker (was the upload or copy interrupted?)", ErrTruncated)
	i := 2
	for {
		// A marker: 0xFF, fill bytes 0xFF, then the marker code.
		if i >= len(b) {
			return cut
		}
		if b[i] != 0xFF {
			return fmt.Errorf("%w: broken JPEG structure at byte %d", ErrNotImage, i)
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
			return fmt.Errorf("%w: broken JPEG structure at byte %d", ErrNotImage, i-1)
		}
		if i+2 > len(b) {
			return cut
		}
		n := int(binary.BigEndian.Uint16(b[i:]))
		if n < 2 {
			return fmt.Errorf("%w: JPEG segment of length %d at byte %d", ErrNotImage, n, i)
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
		return fmt.Errorf("%w: no PNG signature", ErrNotImage)
	}
	for i := len(sig); ; {
		if i+8 > len(b) {
			return fmt.Errorf("%w: the PNG data ends before its IEND chunk (was the upload or copy interrupted?)", ErrTruncated)
		}
		n := int64(binary.BigEndian.Uint32(b[i:]))
		typ := string(b[i+4 : i+8])
		end := int64(i) + 12 + n
		if end > int64(len(b)) {
			return fmt.Errorf("%w: the PNG chunk %q at byte %d runs past the end of the file", ErrTruncated, typ, i)
		}
		if typ == "IEND" {
			return nil
		}
		i = int(end)
	}
}
