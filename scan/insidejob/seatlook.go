package insidejob

import (
	"image"
	"math"

	"fieldkit/markers"
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// A seat token whose grey marker no detector window decodes (a dim glossy
// webcam frame: rendered tuning 22-webcam, seat 1's token at 33 px; a
// blurred token grey on a blue table: 200015, seat 5's at 81 px; 200079,
// seat 3's at 47 px) leaves its seat's card unread and, the table not
// whole, the mission too. OpenCV's stock detectMarkers does not decode
// them either; with the contrast stretched locally (lookStretched, the
// middle's look) each of the three is decoded in regions of 2 to 5 token
// markers around it, at full size and shrunk. The look covers the region
// where a missing seat must lie (missingSeats: between the seats seen next
// to it in number) and keeps only the tokens of the seats missing there:
// a stretched texture that happens to decode elsewhere says nothing here.

// stretchedTokenPx is the least side, in pixels of the image looked at, a
// token's marker keeps in the stretched seat look: a photo is shrunk by
// less (or not at all) where its tokens are small. 200079's 47 px token is
// decoded at full size and halved, not shrunk by three (16 px).
const stretchedTokenPx = 24.0

// lookMissingSeats looks, on a table with a seat token missing, at each
// missing seat's region (missingSeats) with the contrast stretched, in img
// shrunk by at most f (det is img shrunk by f), and returns the missing
// seats' tokens found.
func lookMissingSeats(img, det gocv.Mat, f int, o *Observation, players int) ([]scan.Marker, error) {
	want := map[int]bool{}
	for _, k := range missingSeatNumbers(o, players) {
		want[markers.SeatTokBase+k-1] = true
	}
	if len(want) == 0 {
		return nil, nil
	}
	side := tokenSide(o)
	if side <= 0 {
		return nil, nil
	}
	at, g, done := stretchScale(img, det, f, side)
	defer done()
	var out []scan.Marker
	for _, roi := range missingSeats(o, players) {
		found, err := lookStretched(at, g, roi, side)
		if err != nil {
			return nil, err
		}
		for _, m := range found {
			if want[m.ID] {
				out = union(out, []scan.Marker{m})
			}
		}
	}
	return out, nil
}

// stretchScale returns the image a stretched look detects in, where a token
// marker of side pixels (in img) keeps at least stretchedTokenPx: img shrunk
// by g, at most f (det is img shrunk by f), g, and what frees it once the
// look is done.
func stretchScale(img, det gocv.Mat, f int, side float64) (gocv.Mat, int, func()) {
	g := max(1, min(f, int(side/stretchedTokenPx)))
	switch {
	case g == 1:
		return img, 1, func() {}
	case g == f:
		return det, f, func() {}
	}
	at := gocv.NewMat()
	gocv.Resize(img, &at, image.Pt(img.Cols()/g, img.Rows()/g), 0, 0, gocv.InterpolationArea)
	return at, g, func() { at.Close() }
}

// missingSeatNumbers returns the seat numbers missingSeats looks for: 1 to
// the count told, else the aid's, else the highest seat seen, less the
// seats seen.
func missingSeatNumbers(o *Observation, players int) []int {
	n := players
	if n == 0 {
		n = o.Players
	}
	at := map[int]bool{}
	for _, s := range o.Seats {
		at[s.Seat] = true
		if s.Seat != Larry {
			n = max(n, s.Seat)
		}
	}
	var out []int
	for k := 1; k <= min(n, markers.SeatTokens); k++ {
		if !at[k] {
			out = append(out, k)
		}
	}
	return out
}

// tokenSide returns the smallest seat token's marker side seen (Larry's
// standee's scaled to a token's), in pixels of the full-size image; 0 when
// none is seen. A missing seat is most often a far one, and the look's
// scale and tiles are set by it: on 200079 the tokens seen are 58 to 120
// px, the missing one 47 px, and the largest's tiles did not decode it.
func tokenSide(o *Observation) float64 {
	s := math.Inf(1)
	for _, m := range o.Markers {
		switch k, _ := markers.PieceKind(m.ID); k {
		case markers.SeatToken:
			s = math.Min(s, side(m))
		case markers.Larry:
			s = math.Min(s, side(m)*tokenMarker/larryMarker)
		}
	}
	if math.IsInf(s, 1) {
		return 0
	}
	return s
}
