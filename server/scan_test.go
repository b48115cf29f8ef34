package server

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"fieldkit/deck"
	cnscan "fieldkit/scan/codenames"
)

// fakeScanner returns a fixed observation for every photo.
type fakeScanner struct{ obs cnscan.Reading }

func (f *fakeScanner) Scan(ctx context.Context, photo []byte, d *deck.Deck) (cnscan.Reading, Picture, error) {
	if bytes.Contains(photo, []byte("unreadable")) {
		return cnscan.Reading{}, nil, errors.New("corrupt JPEG data")
	}
	return f.obs, nil, nil
}

func card(id int) *int { return &id }

func encodePNG(t testing.TB, w, h int) []byte {
	var b bytes.Buffer
	img := image.NewGray(image.Rect(0, 0, w, h))
	img.Set(0, 0, color.White)
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func encodeJPEG(t testing.TB, w, h int) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewGray(image.Rect(0, 0, w, h)), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// hugePNG is a PNG header that claims 20000 x 20000 pixels.
func hugePNG(t testing.TB) []byte {
	b := encodePNG(t, 1, 1)
	// IHDR: length (8-11), type (12-15), width (16-19), height (20-23), 5 more bytes, CRC (29-32).
	copy(b[16:24], []byte{0, 0, 0x4e, 0x20, 0, 0, 0x4e, 0x20})
	binary.BigEndian.PutUint32(b[29:33], crc32.ChecksumIEEE(b[12:29]))
	return b
}

func multipartBody(t testing.TB, field, name string, data []byte) (string, []byte) {
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

func TestReadPhoto(t *testing.T) {
	jpg := encodeJPEG(t, 64, 48)
	formType, form := multipartBody(t, "image", "table.jpg", jpg)
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
		{"png", "image/png", encodePNG(t, 30, 20), 0, ""},
		{"form", formType, form, 0, ""},
		{"jpeg sent as text", "text/plain", jpg, 0, ""}, // the bytes decide, not the header
		{"empty", "image/jpeg", nil, 400, "the upload is empty"},
		{"text", "image/jpeg", []byte("hello, this is not a photo"), 415, "text/plain; charset=utf-8, not a photo"},
		{"html", "image/png", []byte("<html><script>alert(1)</script>"), 415, "text/html"},
		{"gif", "image/gif", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), 415, "image/gif, not a photo"},
		{"truncated jpeg", "image/jpeg", jpg[:20], 400, "cannot be read"},
		{"huge", "image/png", hugePNG(t), 413, "20000 x 20000 = 400 megapixels"},
		{"too many bytes", "image/jpeg", append(append([]byte{}, jpg...), make([]byte, maxUpload)...), 413, "over 32 MB"},
		{"form without file", noFileType, noFile, 400, "the form has no photo"},
		{"broken form", "multipart/form-data; boundary=xyz", []byte("--xyz\r\nbroken"), 400, "the form has no photo"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/scan", bytes.NewReader(tc.body))
			r.Header.Set("Content-Type", tc.ctype)
			_, _, err := readPhoto(httptest.NewRecorder(), r)
			var ue *uploadError
			switch {
			case tc.code == 0 && err != nil:
				t.Errorf("readPhoto(%s) = %v, want no error", tc.name, err)
			case tc.code != 0 && (!errors.As(err, &ue) || ue.code != tc.code || !strings.Contains(ue.msg, tc.want)):
				t.Errorf("readPhoto(%s) = %v, want %d with %q", tc.name, err, tc.code, tc.want)
			}
		})
	}
}

// FuzzReadPhoto: any bytes are a clear 4xx or a photo whose size is in bounds; never a panic.
func FuzzReadPhoto(f *testing.F) {
	f.Add(encodeJPEG(f, 8, 8))
	f.Add(encodePNG(f, 8, 8))
	f.Add(hugePNG(f))
	f.Add([]byte("not an image"))
	f.Add([]byte{0xff, 0xd8, 0xff})
	f.Fuzz(func(t *testing.T, b []byte) {
		r := httptest.NewRequest("POST", "/scan", bytes.NewReader(b))
		data, cfg, err := readPhoto(httptest.NewRecorder(), r)
		var ue *uploadError
		if err != nil {
			if !errors.As(err, &ue) || ue.code < 400 || ue.code > 499 {
				t.Fatalf("readPhoto = %v, want an upload error with a 4xx", err)
			}
			return
		}
		if len(data) == 0 || cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width*cfg.Height > maxPixels {
			t.Fatalf("readPhoto accepted %d bytes of %d x %d", len(data), cfg.Width, cfg.Height)
		}
	})
}

func TestScanUpload(t *testing.T) {
	// Without a scanner a good photo is 501, a bad one still a clear 4xx.
	plain := newTestServer(t)
	g := plain.newGame(t, `{"game":"duet","key":"`+testKey+`","lang":"none"}`)
	host := hostClient(t, g)
	if r := host.do("POST", plain.url+"/api/games/"+g.ID+"/scan", "image/jpeg", encodeJPEG(t, 32, 32)); r.code != http.StatusNotImplemented {
		t.Errorf("scan without a scanner = %s, want 501", r)
	}
	if r := host.do("POST", plain.url+"/api/games/"+g.ID+"/scan", "image/jpeg", []byte("nope")); r.code != http.StatusUnsupportedMediaType {
		t.Errorf("text upload = %s, want 415", r)
	}
	if r := newClient(t).do("POST", plain.url+"/api/games/"+g.ID+"/scan", "image/jpeg", encodeJPEG(t, 32, 32)); r.code != 401 {
		t.Errorf("scan without the host token = %s, want 401", r)
	}

	// With a scanner: a guess token on [0,0] after a clue is a guess.
	fake := &fakeScanner{obs: cnscan.Reading{OK: true, Token: &[2]int{0, 0}}}
	ts := newTestServer(t, func(c *Config) { c.Scanner = fake })
	g = ts.newGame(t, `{"game":"duet","key":"`+testKey+`","lang":"none"}`)
	host = hostClient(t, g)
	api := ts.url + "/api/games/" + g.ID
	scan := func(c *client, url string) ScanAnswer {
		t.Helper()
		ctype, body := multipartBody(t, "image", "photo.jpg", encodeJPEG(t, 32, 32))
		r := c.do("POST", url, ctype, body)
		var a ScanAnswer
		if err := json.Unmarshal(r.body, &a); r.code != 200 || err != nil {
			t.Fatalf("scan = %s", r)
		}
		return a
	}
	a := scan(host, api+"/scan")
	if len(a.Scan.Events) != 0 || len(a.Scan.Warnings) != 1 || !strings.Contains(a.Scan.Warnings[0], "no clue has been given") {
		t.Errorf("token before any clue: %+v", a.Scan)
	}
	host.postJSON(api+"/events", `{"type":"clue","by":"a","word":"x","count":1}`)
	fake.obs.Token = &[2]int{0, 1}
	a = scan(host, api+"/scan")
	if len(a.Scan.Events) != 1 || string(a.Scan.Events[0]) != `{"type":"guess","cell":[0,1]}` || a.State.Seq != 2 {
		t.Errorf("token on [0,1] during the guess: %+v, seq %d", a.Scan, a.State.Seq)
	}
	// The same token again is no new guess; a phone's photo works like the host's.
	phone := newClient(t)
	phone.get(g.Seats["b"])
	a = scan(phone, g.Seats["b"]+"/scan")
	if len(a.Scan.Events) != 0 {
		t.Errorf("unchanged token: events %s", a.Scan.Events)
	}
	ctype, body := multipartBody(t, "image", "photo.jpg", append(encodeJPEG(t, 8, 8), []byte("unreadable")...))
	if r := host.do("POST", api+"/scan", ctype, body); r.code != http.StatusUnprocessableEntity || !strings.Contains(string(r.body), "corrupt JPEG data") {
		t.Errorf("a photo the scanner cannot decode = %s, want 422", r)
	}
}

func TestCheckCovers(t *testing.T) {
	ts := newTestServer(t)
	g := ts.newGame(t, `{"game":"duet","key":"`+testKey+`","lang":"en"}`)
	host := hostClient(t, g)
	api := ts.url + "/api/games/" + g.ID
	host.postJSON(api+"/events", `{"type":"clue","by":"a","word":"x","count":1}`)
	host.postJSON(api+"/events", `{"type":"guess","cell":[0,0]}`) // agent on side A
	tb, err := ts.table(context.Background(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	s := tb.snapshot().sess
	obs := cnscan.Reading{OK: true, Cells: []cnscan.CellReading{
		{Row: 0, Col: 0, Card: card(5), Cover: "agent"},    // matches
		{Row: 0, Col: 1, Card: card(6), Cover: "agent"},    // the referee has nothing there
		{Row: 0, Col: 2, Card: card(7)},                    // uncovered, as the referee says
		{Row: 0, Col: 3, Card: card(8), Cover: "assassin"}, // contradiction
		{Row: 0, Col: 4}, // not seen
		{Row: 7, Col: 9, Card: card(9), Cover: "bystander"}, // off the grid: ignored
	}}
	confirmed, warnings, unsettled := checkCovers(s, obs, nil, [25]bool{})
	if len(confirmed) != 1 || confirmed[0] != [2]int{0, 0} {
		t.Errorf("confirmed %v, want [[0 0]]", confirmed)
	}
	if len(warnings) != 2 || !strings.Contains(warnings[0], "the referee has nothing there") || !strings.Contains(warnings[1], "an assassin card") {
		t.Errorf("warnings %q", warnings)
	}
	if want := [25]bool{1: true, 3: true}; unsettled != want {
		t.Errorf("unsettled %v, want cells 1 and 3 (the warnings)", unsettled)
	}
	// The same observation again reports nothing new, whether or not the
	// warnings are still open; the open ones stay open.
	if c, w, u := checkCovers(s, obs, &obs, unsettled); len(c) != 0 || len(w) != 0 || u != unsettled {
		t.Errorf("unchanged observation: confirmed %v, warnings %q, unsettled %v", c, w, u)
	}
	if c, w, u := checkCovers(s, obs, &obs, [25]bool{}); len(c) != 0 || len(w) != 0 || u != [25]bool{} {
		t.Errorf("unchanged observation, nothing open: confirmed %v, warnings %q, unsettled %v", c, w, u)
	}
	// Uncovering a covered cell, with its card seen, is a warning.
	bare := cnscan.Reading{OK: true, Cells: []cnscan.CellReading{{Row: 0, Col: 0, Card: card(5)}}}
	if _, w, _ := checkCovers(s, bare, &obs, [25]bool{}); len(w) != 1 || !strings.Contains(w[0], "uncovered, but the referee has an agent card") {
		t.Errorf("uncovered agent: %q", w)
	}
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
	ctype, body := multipartBody(b, "image", "photo.jpg", jb.Bytes())
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		r := httptest.NewRequest("POST", "/scan", bytes.NewReader(body))
		r.Header.Set("Content-Type", ctype)
		if _, _, err := readPhoto(httptest.NewRecorder(), r); err != nil {
			b.Fatal(err)
		}
	}
}
