package insidejob

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	ijcamera "fieldkit/camera/insidejob"
	"fieldkit/internal/testkit"
	"fieldkit/server/servertest"
)

// TestPhotoChecksOnce sends bad photos through the whole path, the upload
// gate then the reader's one decode: the gate answers what any upload must
// be, the reader's decoder the image itself, each with its status and a
// message of the catalog.
func TestPhotoChecksOnce(t *testing.T) {
	ts := servertest.Start(t, 7, &Family{fix: fixed(dealA, deckA), Scanner: ijcamera.NewPhotos(1)})
	g, _ := startGame(t, ts.URL, req4)
	host := servertest.HostClient(t, g)
	jpg := testkit.JPEG(t, 64, 48)
	tests := []struct {
		name  string
		photo []byte
		code  int
		msg   string // the message id of the answer
	}{
		{"not an image (the gate)", []byte("hello, this is not a photo"), http.StatusUnsupportedMediaType, "server.upload_type"},
		{"a cut JPEG (the decoder)", jpg[:20], http.StatusBadRequest, "scan.image."},
		{"400 megapixels (the decoder)", testkit.HugePNG(t), http.StatusRequestEntityTooLarge, "scan.image.too_large"},
		{"a small photo (read: no seat token)", jpg, http.StatusUnprocessableEntity, "ij.scan.unreadable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, b := upload(t, host, ts.URL+"/api/games/"+g.ID+"/scan", tt.photo)
			var body struct {
				Msg struct {
					ID string `json:"id"`
				} `json:"msg"`
			}
			json.Unmarshal(b, &body)
			if code != tt.code || !strings.HasPrefix(body.Msg.ID, tt.msg) {
				t.Errorf("%s: %d %s, want %d with message %s", tt.name, code, b, tt.code, tt.msg)
			}
		})
	}
}
