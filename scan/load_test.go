package scan

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	_ "image/gif" // a GIF header decodes: DecodeImage must still say "not a JPEG or PNG"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"fieldkit/catalog"
)

// testJPEG and testPNG encode a small gradient picture.
func testPicture() image.Image {
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for y := range 48 {
		for x := range 64 {
			img.Set(x, y, color.RGBA{uint8(4 * x), uint8(5 * y), 90, 255})
		}
	}
	return img
}

func testJPEG(t testing.TB) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, testPicture(), &jpeg.Options{Quality: 80}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func testPNG(t testing.TB) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, testPicture()); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// hugePNG is a PNG header claiming w x h pixels, with no pixels.
func hugePNG(w, h uint32) []byte {
	b := []byte("\x89PNG\r\n\x1a\n")
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 2, 0, 0, 0)
	b = binary.BigEndian.AppendUint32(b, uint32(len(ihdr)))
	chunk := append([]byte("IHDR"), ihdr...)
	b = append(b, chunk...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(chunk))
}

// hugeJPEG is a small JPEG whose frame header claims w x h pixels.
func hugeJPEG(t testing.TB, w, h uint16) []byte {
	j := testJPEG(t)
	i := bytes.Index(j, []byte{0xFF, 0xC0})
	if i < 0 {
		t.Fatal("no baseline frame header in the test JPEG")
	}
	out := append([]byte(nil), j...)
	binary.BigEndian.PutUint16(out[i+5:], h)
	binary.BigEndian.PutUint16(out[i+7:], w)
	return out
}

func TestDecodeImage(t *testing.T) {
	j, p := testJPEG(t), testPNG(t)
	for _, tc := range []struct {
		name string
		data []byte
		want error
	}{
		{"jpeg", j, nil},
		{"png", p, nil},
		{"jpeg with a trailer", append(append([]byte(nil), j...), "camera maker's trailer"...), nil},
		{"empty", nil, ErrEmpty},
		{"text", []byte("hello, this is not a picture"), ErrNotImage},
		{"gif", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), ErrNotImage},
		// A GIF whose header says 65535 x 65535 (image/gif is registered
		// here): another format, not a too large image.
		{"huge gif", []byte("GIF89a\xff\xff\xff\xff\x00\x00\x00;"), ErrNotImage},
		{"jpeg cut at 60%", j[:len(j)*6/10], ErrTruncated},
		{"jpeg cut before its end marker", j[:len(j)-2], ErrTruncated},
		{"jpeg header only", j[:200], ErrTruncated},
		{"png cut at 70%", p[:len(p)*7/10], ErrTruncated},
		{"png cut in its header", p[:20], ErrTruncated},
		{"100-megapixel png", hugePNG(10000, 10000), ErrTooLarge},
		{"100-megapixel jpeg", hugeJPEG(t, 12000, 8400), ErrTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := DecodeImage(tc.data, true)
			if err == nil {
				defer m.Close()
			}
			if !errors.Is(err, tc.want) || (tc.want != nil) != (err != nil) {
				t.Fatalf("DecodeImage(%s) = %v, want %v", tc.name, err, tc.want)
			}
			if err != nil {
				checkImageError(t, err, tc.want)
			}
			if err == nil && (m.Cols() != 64 || m.Rows() != 48 || m.Channels() != 3) {
				t.Errorf("DecodeImage(%s) = %dx%d with %d channels, want 64x48 BGR", tc.name, m.Cols(), m.Rows(), m.Channels())
			}
		})
	}
}

func TestReadImageNamesTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cut.jpg")
	j := testJPEG(t)
	if err := os.WriteFile(path, j[:len(j)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ReadImage(path, false)
	if !errors.Is(err, ErrTruncated) || !bytes.Contains([]byte(err.Error()), []byte(path)) {
		t.Errorf("ReadImage(cut file) = %v, want ErrTruncated naming %s", err, path)
	}
	checkImageError(t, err, ErrTruncated)
}

// FuzzCheckJPEG: CheckJPEG never panics, accepts what it is seeded with
// whole, and agrees with Go's decoder that a file it accepts has an end.
func FuzzCheckJPEG(f *testing.F) {
	j := testJPEG(f)
	f.Add(j)
	f.Add(j[:len(j)/2])
	f.Add(hugeJPEG(f, 100, 100))
	f.Add([]byte{0xFF, 0xD8, 0xFF, 0xD9})
	f.Fuzz(func(t *testing.T, b []byte) {
		err := CheckJPEG(b)
		if err != nil && !errors.Is(err, ErrTruncated) && !errors.Is(err, ErrNotImage) {
			t.Fatalf("CheckJPEG = %v, want nil, ErrTruncated or ErrNotImage", err)
		}
		if err == nil && !bytes.Contains(b, []byte{0xFF, 0xD9}) {
			t.Fatalf("CheckJPEG accepted data with no end-of-image marker")
		}
	})
}

// FuzzDecodeImage: DecodeImage never panics and never returns a Mat with an
// error.
func FuzzDecodeImage(f *testing.F) {
	f.Add(testJPEG(f))
	f.Add(testPNG(f))
	f.Add(hugePNG(9000, 9000))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := DecodeImage(b, false)
		if err == nil {
			if m.Empty() {
				t.Fatal("DecodeImage returned an empty Mat and no error")
			}
			m.Close()
		}
	})
}

// checkImageError checks that err, from DecodeImage or ReadImage, is an
// *ImageError of kind that says itself (catalog.Sayable, as the server's
// API errors find it) with a message of the catalog that Polish, Czech and
// Portuguese say whole, and that its English begins with the kind's.
func checkImageError(t *testing.T, err, kind error) {
	t.Helper()
	var ie *ImageError
	if !errors.As(err, &ie) || ie.Kind != kind {
		t.Fatalf("%v: want an *ImageError of kind %v", err, kind)
	}
	var s catalog.Sayable
	if !errors.As(err, &s) {
		t.Fatalf("%v: not a catalog.Sayable", err)
	}
	id, args := s.Say()
	if !catalog.Known(id) || !strings.HasPrefix(id, "scan.image.") {
		t.Errorf("%v says %q: want a message scan.image.* of the catalog", err, id)
	}
	for _, lang := range []string{"pl", "cs", "pt"} {
		got := catalog.Text(lang, id, args)
		if got == catalog.Text("en", id, args) || regexp.MustCompile(`\{[a-z_]+\}`).MatchString(got) {
			t.Errorf("%s in %s = %q", id, lang, got)
		}
	}
	if !strings.Contains(err.Error(), kind.Error()) {
		t.Errorf("Error() = %q, want it to hold %q", err.Error(), kind.Error())
	}
}

// TestLoadErrorsSaid: the image errors as the players read them, and as
// the logs do (unchanged).
func TestLoadErrorsSaid(t *testing.T) {
	_, err := DecodeImage(nil, false)
	if err == nil || err.Error() != "the image file is empty" {
		t.Errorf("DecodeImage(nil) = %v, want the image file is empty", err)
	}
	_, err = DecodeImage(hugeJPEG(t, 12000, 8400), false)
	var ie *ImageError
	if !errors.As(err, &ie) {
		t.Fatalf("DecodeImage(100 MP) = %v", err)
	}
	if want := "the image is too large: 12000 x 8400 pixels (101 megapixels); scan reads up to 50 megapixels: scale the image down"; err.Error() != want {
		t.Errorf("Error() = %q, want %q", err.Error(), want)
	}
	if got, want := ie.Msg.In("pl"), "Zdjęcie jest za duże (12000 x 8400 pikseli, 101 Mpx; najwyżej 50 Mpx): zmniejsz je i wyślij ponownie."; got != want {
		t.Errorf("in Polish = %q, want %q", got, want)
	}
	_, err = DecodeImage([]byte("hello, this is not a picture"), false)
	if want := `not a JPEG or PNG image (it starts with "hello, t")`; err == nil || err.Error() != want {
		t.Errorf("DecodeImage(text) = %v, want %s", err, want)
	}
}
