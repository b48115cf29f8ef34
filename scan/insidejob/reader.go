package insidejob

import (
	"fmt"
	"image"
	"time"

	"fieldkit/markers"
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// The reader's passes: one fast detection, and a second look only where the
// first left doubt.

// Reader reads tricks from images.
type Reader struct{}

// Detector settings: one fast downscaled pass; a second one at full size
// (one window of 13) when the first leaves a card with one marker, a wager
// in doubt, a warning, no mission or a seat with no card. Small images are
// read at full size with one window, then with OpenCV's three; shrunk
// photos at full size with one window, then the photo downscaled by two.
var (
	fastParams = scan.DetectorParams{Downscale: true, WindowMin: 7, WindowMax: 7, WindowStep: 1, RefineCorners: true, MinSide: 20}
	fullParams = scan.DetectorParams{WindowMin: 13, WindowMax: 13, WindowStep: 1, RefineCorners: true, MinSide: 20}
	wideParams = scan.DetectorParams{RefineCorners: true, MinSide: 20}
)

// Read reads the trick in img, an 8-bit gray, BGR or BGRA image. An image
// with no seat token gives an Observation with OK false; only an unusable
// image gives an error.
//
// A photo of 2000 pixels or more on its short side (a 12 MP phone photo) is
// first shrunk by a whole factor to about 1000 pixels (linear
// interpolation, which reads a few pixels per output pixel where area
// interpolation reads them all: two to three times faster): its markers are
// large, and the detector then costs what a webcam frame does. Corners are mapped back to the photo; colour checks use the photo.
func (r *Reader) Read(img gocv.Mat) (Observation, error) {
	start := time.Now()
	if img.Ptr() == nil || img.Empty() {
		return Observation{}, fmt.Errorf("%w: the image is empty", scan.ErrImage)
	}
	det := img
	f := min(img.Rows(), img.Cols()) / 1000
	if f >= 2 {
		det = gocv.NewMat()
		defer det.Close()
		gocv.Resize(img, &det, image.Pt(img.Cols()/f, img.Rows()/f), 0, 0, gocv.InterpolationLinear)
	}
	detect := func(p scan.DetectorParams) ([]scan.Marker, error) {
		ms, err := scan.DetectMarkers(det, p)
		if err != nil {
			return nil, err
		}
		ms = keep(ms)
		if f >= 2 {
			// Pixel centres: x_full = f*x + (f-1)/2.
			for i := range ms {
				for k := range ms[i].Corners {
					ms[i].Corners[k].X = float32(f)*ms[i].Corners[k].X + float32(f-1)/2
					ms[i].Corners[k].Y = float32(f)*ms[i].Corners[k].Y + float32(f-1)/2
				}
			}
		}
		return ms, nil
	}
	small := min(img.Rows(), img.Cols()) < 900
	var ms []scan.Marker
	var err error
	switch {
	case f >= 2:
		ms, err = detect(fullParams)
	case small:
		ms, err = scan.DetectMarkers(img, fullParams)
		ms = keep(ms)
	default:
		ms, err = scan.DetectMarkers(img, fastParams)
		ms = keep(ms)
	}
	if err != nil {
		return Observation{}, err
	}
	obs := read(ms, img)
	if needsSecondPass(&obs) {
		// The shrunk photo at full size, downscaled by two only; a small
		// image with OpenCV's three windows; a frame at full size.
		var more []scan.Marker
		switch {
		case f >= 2:
			more, err = scan.DetectMarkers(img, fastParams)
		case small:
			more, err = scan.DetectMarkers(img, wideParams)
		default:
			rois := seatRegions(&obs, img.Cols(), img.Rows())
			if rois == nil {
				more, err = scan.DetectMarkers(img, fullParams)
				break
			}
			// Only seats without a card are in doubt: look again
			// around them only.
			for _, r := range rois {
				roi := img.Region(r)
				found, e := scan.DetectMarkers(roi, fullParams)
				roi.Close()
				if e != nil {
					err = e
					break
				}
				for _, m := range found {
					for k := range m.Corners {
						m.Corners[k].X += float32(r.Min.X)
						m.Corners[k].Y += float32(r.Min.Y)
					}
					more = append(more, m)
				}
			}
		}
		if err != nil {
			return Observation{}, err
		}
		obs = read(union(ms, keep(more)), img)
	}
	obs.Elapsed = time.Since(start)
	return obs, nil
}

// keep drops every marker the reader may not keep: it is the first thing
// done with a detection, so no other id reaches an observation, a reading,
// an annotation or a log.
func keep(ms []scan.Marker) []scan.Marker {
	out := ms[:0:0]
	for _, m := range ms {
		if public(m.ID) {
			out = append(out, m)
		}
	}
	return out
}

func needsSecondPass(o *Observation) bool {
	if !o.OK {
		// No seat token at the first pass's scale: a dim, blurred or
		// heavily compressed photo may still show them at full size.
		return o.Refusal == NoSeats
	}
	if len(o.Warnings) > 0 {
		return true
	}
	for _, p := range o.Plays {
		if !p.Both || p.Wager == WagerUnknown {
			return true
		}
	}
	// No mission in the middle, or a seat with no card: one may be missed.
	return o.Mission < 0 || len(o.Plays) < len(o.Seats) || o.far > 0 || o.Players > 0 && len(o.Seats) < o.Players
}

// seatRegions returns, when the only doubt left is seats without a card,
// the image rectangles around those seats (the reach of a card and a card's
// size, by the seat token's scale); nil when the whole image must be read
// again.
func seatRegions(o *Observation, w, h int) []image.Rectangle {
	if len(o.Warnings) > 0 || o.Mission < 0 || o.far > 0 || o.Players > 0 && len(o.Seats) < o.Players {
		return nil
	}
	for _, p := range o.Plays {
		if !p.Both || p.Wager == WagerUnknown {
			return nil
		}
	}
	var out []image.Rectangle
	for _, st := range o.Seats {
		if _, ok := o.Play(st.Seat); ok {
			continue
		}
		pxmm := 0.0
		for _, m := range o.Markers {
			if k, n := markers.PieceKind(m.ID); k == markers.SeatToken && n+1 == st.Seat {
				pxmm = side(m) / tokenMarker
			}
		}
		if pxmm == 0 {
			return nil // Larry: read it all
		}
		rad := int(1.1 * (maxReach + 55) * pxmm)
		x, y := st.Center.Round()
		r := image.Rect(x-rad, y-rad, x+rad, y+rad).Intersect(image.Rect(0, 0, w, h))
		if r.Dx() < 32 || r.Dy() < 32 {
			return nil
		}
		out = append(out, r)
	}
	return out
}

// union returns the markers of a and those of b not already in a (the same
// id with its centre within half a side).
func union(a, b []scan.Marker) []scan.Marker {
	out := append([]scan.Marker(nil), a...)
	for _, m := range b {
		dup := false
		for _, n := range a {
			if n.ID == m.ID && center(n).Dist(center(m)) < side(m)/2 {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, m)
		}
	}
	return out
}
