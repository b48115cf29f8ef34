package server

import (
	"bytes"
	"errors"
	"fieldkit/catalog"
	"fieldkit/internal/testkit"
	"image"
	"image/jpeg"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestReadPhoto(t *testing.T) {
	jpg := testkit.JPEG(t, 64, 48)
	formType, form := testkit.Multipart(t, "image", "table.jpg", jpg)
	noFileType, noFile := func() (string, []byte) {
		var b bytes.Buffer
		w := multipart.NewWriter(&b)
		w.WriteField("note", "hello")
		w.Close()
		return w.FormDataContentType(), b.Bytes()
	}()
	tests := []struct {
		name, ctype string
		body        []byte
		code        int
		want        string
	}{
		{"jpeg", "image/jpeg", jpg, 0, ""},
		{"png", "image/png", testkit.PNG(t, 30, 20), 0, ""},
		{"form", formType, form, 0, ""},
		{"jpeg sent as text", "text/plain", jpg, 0, ""}, // the bytes decide, not the header
		{"empty", "image/jpeg", nil, 400, "the upload is empty"},
		{"text", "image/jpeg", []byte("hello, this is not a photo"), 415, "text/plain; charset=utf-8, not a photo"},
		{"html", "image/png", []byte("<html><script>alert(1)</script>"), 415, "text/html"},
		{"gif", "image/gif", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), 415, "image/gif, not a photo"},
		// The image itself (a cut JPEG, too many pixels) is the reader's
		// to check when it decodes: TestPhotoChecksOnce in server/insidejob.
		{"truncated jpeg: passes the gate", "image/jpeg", jpg[:20], 0, ""},
		{"too many bytes", "image/jpeg", append(append([]byte{}, jpg...), make([]byte, 32<<20)...), 413, "over 32 MB"},
		{"form without file", noFileType, noFile, 400, "the form has no photo"},
		{"broken form", "multipart/form-data; boundary=xyz", []byte("--xyz\r\nbroken"), 400, "the form has no photo"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/scan", bytes.NewReader(tc.body))
			r.Header.Set("Content-Type", tc.ctype)
			_, err := readPhoto(httptest.NewRecorder(), r)
			var ue *uploadError
			switch {
			case tc.code == 0 && err != nil:
				t.Errorf("readPhoto(%s) = %v, want no error", tc.name, err)
			case tc.code != 0 && (!errors.As(err, &ue) || ue.code != tc.code || !strings.Contains(ue.msg, tc.want)):
				t.Errorf("readPhoto(%s) = %v, want %d with %q", tc.name, err, tc.code, tc.want)
			case tc.code != 0 && !catalog.Known(ue.say.ID):
				t.Errorf("readPhoto(%s) = %v, whose message %q the catalog lacks", tc.name, err, ue.say.ID)
			}
		})
	}
}

// FuzzReadPhoto: any bytes are a clear 4xx or a JPEG or PNG upload; never a panic.
func FuzzReadPhoto(f *testing.F) {
	f.Add(testkit.JPEG(f, 8, 8))
	f.Add(testkit.PNG(f, 8, 8))
	f.Add(testkit.HugePNG(f))
	f.Add([]byte("not an image"))
	f.Add([]byte{0xff, 0xd8, 0xff})
	f.Fuzz(func(t *testing.T, b []byte) {
		r := httptest.NewRequest("POST", "/scan", bytes.NewReader(b))
		data, err := readPhoto(httptest.NewRecorder(), r)
		var ue *uploadError
		if err != nil {
			if !errors.As(err, &ue) || ue.code < 400 || ue.code > 499 {
				t.Fatalf("readPhoto = %v, want an upload error with a 4xx", err)
			}
			return
		}
		if ct := http.DetectContentType(data); len(data) == 0 || ct != "image/jpeg" && ct != "image/png" {
			t.Fatalf("readPhoto accepted %d bytes of %s", len(data), ct)
		}
	})
}

// BenchmarkReadPhoto12MP is the server's share of a phone upload: reading a
// 12 MP JPEG (4000 x 3000) from a multipart form and checking its type and
// size. The scanner's decoding and reading come on top (issue 6).
func BenchmarkReadPhoto12MP(b *testing.B) {
	img := image.NewRGBA(image.Rect(0, 0, 4000, 3000))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 7)
	}
	var jb bytes.Buffer
	jpeg.Encode(&jb, img, &jpeg.Options{Quality: 85})
	ctype, body := testkit.Multipart(b, "image", "photo.jpg", jb.Bytes())
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		r := httptest.NewRequest("POST", "/scan", bytes.NewReader(body))
		r.Header.Set("Content-Type", ctype)
		if _, err := readPhoto(httptest.NewRecorder(), r); err != nil {
			b.Fatal(err)
		}
	}
}
