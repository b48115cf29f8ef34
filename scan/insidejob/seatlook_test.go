package insidejob

import (
	"image"
	"testing"

	"fieldkit/markers"
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// tokenAt is a seat token's marker, an upright square of side s centred
// on (x, y): enough for missingSeats and tokenSide, which read only its
// centre and side.
func tokenAt(seat int, x, y, s float64) scan.Marker {
	h := float32(s / 2)
	cx, cy := float32(x), float32(y)
	return scan.Marker{ID: markers.SeatTokBase + seat - 1, Corners: [4]gocv.Point2f{
		{X: cx - h, Y: cy - h}, {X: cx + h, Y: cy - h}, {X: cx + h, Y: cy + h}, {X: cx - h, Y: cy + h}}}
}

// TestStretchedSeat: a seat token's marker that no window decodes, in
// crops of two rendered frames, with the seats seen next to it in number
// placed where the frames show them (outside the crops: the region is
// clipped). Tuning 22-webcam (1080p, dim and glossy): seat 1's token, 33
// px. Held-out2 200079 (12 MP, read shrunk by 3): seat 3's token, 47 px,
// the other tokens 58 to 120 px. The reader's windows find neither; the
// stretched seat look (lookMissingSeats) finds both, and only the missing
// seat's token. Before it, both tables were read without that seat's card
// and mission.
func TestStretchedSeat(t *testing.T) {
	for _, tc := range []struct {
		file    string
		f       int // the reader's shrink for the whole frame
		players int
		seats   []scan.Marker // the tokens seen, in the crop's pixels
		want    int           // the missing seat
	}{
		{"testdata/rendered-22-seat1.jpg", 1, 4, []scan.Marker{tokenAt(2, 1369-150, 239, 37), tokenAt(3, 1291-150, 942, 51), tokenAt(4, 101-150, 887, 51)}, 1},
		{"testdata/rendered-200079-seat3.jpg", 3, 4, []scan.Marker{tokenAt(1, 2612-1650, 2509-400, 120), tokenAt(2, 708-1650, 2374-400, 97), tokenAt(4, 3051-1650, 759-400, 58)}, 3},
	} {
		img := gocv.IMRead(tc.file, gocv.IMReadColor)
		if img.Empty() {
			t.Fatalf("%s: not an image", tc.file)
		}
		defer img.Close()
		det := img
		if tc.f > 1 {
			det = gocv.NewMat()
			defer det.Close()
			gocv.Resize(img, &det, image.Pt(img.Cols()/tc.f, img.Rows()/tc.f), 0, 0, gocv.InterpolationLinear)
		}
		token := markers.SeatTokBase + tc.want - 1
		has := func(ms []scan.Marker) bool {
			for _, m := range ms {
				if m.ID == token {
					return true
				}
			}
			return false
		}
		for _, p := range []struct {
			name string
			at   gocv.Mat
			p    scan.DetectorParams
		}{
			{"one window, downscaled", img, fastParams},
			{"one window of 13", img, fullParams},
			{"three windows", img, wideParams},
			{"three windows, halved", img, halfWide},
			{"three windows, shrunk", det, wideParams},
		} {
			ms, err := scan.DetectMarkers(p.at, p.p)
			if err != nil {
				t.Fatal(err)
			}
			if has(ms) {
				t.Errorf("%s: %s decodes seat %d's token: the crop no longer shows the case", tc.file, p.name, tc.want)
			}
		}
		o := &Observation{Markers: tc.seats}
		for _, m := range tc.seats {
			_, n := markers.PieceKind(m.ID)
			o.Seats = append(o.Seats, Seat{Seat: n + 1, Center: center(m)})
		}
		ms, err := lookMissingSeats(img, det, tc.f, o, tc.players)
		if err != nil {
			t.Fatal(err)
		}
		if !has(ms) {
			t.Errorf("%s: the stretched seat look misses seat %d's token", tc.file, tc.want)
		}
		for _, m := range ms {
			if m.ID != token {
				t.Errorf("%s: the stretched seat look keeps marker %d, not a missing seat's token", tc.file, m.ID)
			}
		}
	}
}
