package insidejob

import (
	"fmt"
	"image"
	"math"
	"sort"
	"time"

	"fieldkit/markers"
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// The reader's passes: one fast detection, and a second look only where the
// first left doubt.

// Reader reads tricks from images.
type Reader struct {
	// Players is the table's player count (2 to 5) when the caller knows
	// it, as the referee knows its game's; 0 reads it from the player aid
	// alone. It stands in for the aid where none is seen: only a table
	// known to be of 2 has Larry's standee as a place (a table of 3 to 5
	// whose higher seat tokens are hidden may use it as the lead's
	// marker), and only a known count rules out seats that are not seen.
	// Observation.Players stays the aid's.
	Players int
}

// Detector settings: one fast downscaled pass; a second one at full size
// (one window of 13) when the first leaves a card with one marker, a wager
// in doubt, a warning, no mission or a seat with no card. Small images are
// read at full size with one window, then with OpenCV's three; shrunk
// photos at full size with one window, then the photo downscaled by two.
var (
	fastParams = scan.DetectorParams{Downscale: true, WindowMin: 7, WindowMax: 7, WindowStep: 1, RefineCorners: true, MinSide: 20, Own: true}
	fullParams = scan.DetectorParams{WindowMin: 13, WindowMax: 13, WindowStep: 1, RefineCorners: true, MinSide: 20, Own: true}
	wideParams = scan.DetectorParams{RefineCorners: true, MinSide: 20, Own: true}
	// halfWide: OpenCV's three windows on the region halved, for a seat
	// token missing from a 12 MP photo (missingSeats): its marker of 50
	// px or more is decoded at 25 or more, at a third of the full-size
	// look's cost (65 to 21 ms of CPU on 1548577).
	halfWide = scan.DetectorParams{Downscale: true, RefineCorners: true, MinSide: 20, Own: true}
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
	// seen is what the looks at full size detect in: a frame's grey
	// image, made once by its first pass (greying each region again cost
	// the bench's 1080p frames 0.3 ms a read, 3.5%), or a photo itself.
	seen := img
	gray := gocv.NewMat()
	defer gray.Close()
	switch {
	case f >= 2:
		ms, err = detect(fullParams)
	case small:
		ms, _, err = scan.DetectCandidatesGray(img, fullParams, &gray)
		ms = keep(ms)
	default:
		ms, _, err = scan.DetectCandidatesGray(img, fastParams, &gray)
		ms = keep(ms)
	}
	if err != nil {
		return Observation{}, err
	}
	if !gray.Empty() {
		seen = gray
	}
	obs := readTable(ms, img, r.Players)
	passes := 1
	if needsSecondPass(&obs) {
		passes = 2
		// A small image with OpenCV's three windows.
		var more []scan.Marker
		if small {
			more, err = scan.DetectMarkers(seen, wideParams)
		} else {
			// A shrunk photo again downscaled by two only, a frame at
			// full size: all of it, or only around the seats without a
			// card when they are the only doubt.
			p, sure := fullParams, 2*sureSide
			if f >= 2 {
				p, sure = fastParams, float64(f)*sureShrunk
			}
			rois, all := seatRegions(&obs, img.Cols(), img.Rows(), sure)
			if all {
				rois = []image.Rectangle{image.Rect(0, 0, img.Cols(), img.Rows())}
			}
			if len(rois) == 0 {
				passes = 1 // every seat without a card is seen large
			}
			for _, r := range rois {
				found, e := detectIn(seen, r, p)
				if e != nil {
					err = e
					break
				}
				more = append(more, found...)
			}
		}
		if err != nil {
			return Observation{}, err
		}
		ms = union(ms, keep(more))
		obs = readTable(ms, img, r.Players)
	}
	if f >= 2 {
		// A shrunk photo's number card seen by one marker near a seat
		// (a dim photo: its other marker past reading when shrunk):
		// look at full size where the other must lie.
		if rois := oneMarker(ms, obs.Seats); len(rois) > 0 {
			passes = 3
			more, err := lookIn(img, rois, wideParams)
			if err != nil {
				return Observation{}, err
			}
			ms = union(ms, more)
			obs = readTable(ms, img, r.Players)
		}
		// A shrunk photo whose seats are not all found (a phone far
		// above the table and tilted: seat markers of 30 to 45 px, 10 to
		// 15 after shrinking), or with a card near no seat: look at full
		// size where the seats must lie, around the pieces found.
		if area, ok := seatArea(&obs, ms, img.Cols(), img.Rows()); ok {
			passes = 3
			more, err := detectIn(img, area, fullParams)
			if err != nil {
				return Observation{}, err
			}
			ms = union(ms, keep(more))
			obs = readTable(ms, img, r.Players)
		}
		// A seat token still missing (a very dim photo: one window of
		// 13 does not decode it, OpenCV's three do): look between the
		// seats seen next to it in number, halved.
		if rois := missingSeats(&obs, r.Players); len(rois) > 0 {
			passes = 3
			more, err := lookIn(img, rois, halfWide)
			if err != nil {
				return Observation{}, err
			}
			ms = union(ms, more)
			obs = readTable(ms, img, r.Players)
		}
	}
	// again takes what one of the looks below found: the table is read
	// again only when it found something.
	again := func(more []scan.Marker, err error) error {
		if err != nil {
			return err
		}
		passes++
		if len(more) > 0 {
			ms = union(ms, more)
			obs = readTable(ms, img, r.Players)
		}
		return nil
	}
	// A seat token still missing: its marker grey on grey, which no
	// window decodes (seatlook.go): look between its neighbours with the
	// contrast stretched.
	if len(missingSeatNumbers(&obs, r.Players)) > 0 {
		if err := again(lookMissingSeats(img, det, f, &obs, r.Players)); err != nil {
			return Observation{}, err
		}
	}
	// No mission face in the middle of a whole table: a glossy face under
	// a lamp may show its marker grey on light grey, which no window
	// decodes (rendered 200331): look at the middle again with its
	// contrast stretched.
	if !obs.middle.Empty() {
		if err := again(lookStretched(det, f, obs.middle, obs.middleSide)); err != nil {
			return Observation{}, err
		}
	}
	// A very dark photo or frame (darklook.go): its markers in the dark
	// decode only with the contrast stretched; look at all of it so.
	if dark(det) {
		if err := again(lookDark(img, det, f, &obs)); err != nil {
			return Observation{}, err
		}
	}
	// A play whose wager is in doubt, its middle not seen bare: an intel
	// token whose marker the passes above missed (OpenCV's three windows
	// read low-contrast markers one window does not) may lie on it.
	if rois := unknownWagers(&obs); len(rois) > 0 {
		passes++
		more, err := lookIn(seen, rois, wideParams)
		if err != nil {
			return Observation{}, err
		}
		obs = readTable(union(ms, more), img, r.Players)
	}
	obs.Elapsed = time.Since(start)
	obs.Passes = passes
	return obs, nil
}

// oneMarker returns the image rectangles where the other marker of each
// number card seen by one marker must lie, for the cards whose marker lies
// within a card's reach of a seat: around that marker, a card's diagonal
// and a margin out, by the marker's scale.
func oneMarker(ms []scan.Marker, seats []Seat) []image.Rectangle {
	n := map[int]int{}
	for _, m := range ms {
		n[m.ID]++
	}
	var out []image.Rectangle
	for _, m := range ms {
		if k, _ := markers.PieceKind(m.ID); k != markers.NumberCard || n[m.ID] != 1 {
			continue
		}
		pxmm := side(m) / cardMarker
		c := center(m)
		near := false
		for _, s := range seats {
			near = near || s.Center.Dist(c) < (maxReach+cardH)*pxmm
		}
		if !near {
			continue
		}
		g := (math.Hypot(cardW, cardH) + 20) * pxmm
		out = append(out, image.Rect(int(c.X-g), int(c.Y-g), int(c.X+g), int(c.Y+g)))
	}
	return out
}

// unknownWagers returns the image rectangles around the plays whose wager
// is in doubt, grown by a token's radius.
func unknownWagers(o *Observation) []image.Rectangle {
	var out []image.Rectangle
	for _, p := range o.Plays {
		if p.Wager != WagerUnknown {
			continue
		}
		lo := scan.Point{X: math.Inf(1), Y: math.Inf(1)}
		hi := scan.Point{X: math.Inf(-1), Y: math.Inf(-1)}
		for _, q := range p.Outline {
			lo = scan.Point{X: math.Min(lo.X, q.X), Y: math.Min(lo.Y, q.Y)}
			hi = scan.Point{X: math.Max(hi.X, q.X), Y: math.Max(hi.Y, q.Y)}
		}
		g := (tokenD / 2) * hi.Sub(lo).Norm() / math.Hypot(cardW, cardH)
		out = append(out, image.Rect(int(lo.X-g), int(lo.Y-g), int(hi.X+g), int(hi.Y+g)))
	}
	return out
}

// lookIn detects the markers in each rectangle of img with p (OpenCV's
// three windows, at full size or halved), and keeps those the reader may
// keep.
func lookIn(img gocv.Mat, rois []image.Rectangle, p scan.DetectorParams) ([]scan.Marker, error) {
	var more []scan.Marker
	for _, roi := range rois {
		roi = roi.Intersect(image.Rect(0, 0, img.Cols(), img.Rows()))
		if roi.Dx() < 32 || roi.Dy() < 32 {
			continue
		}
		found, err := detectIn(img, roi, p)
		if err != nil {
			return nil, err
		}
		more = append(more, keep(found)...)
	}
	return more, nil
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
// size, by the seat token's scale); all is true when the whole image must
// be read again. A seat whose token's marker is sure pixels or more needs
// no second look: a card's marker beside it is as large, and the first
// pass saw markers of that size.
func seatRegions(o *Observation, w, h int, sure float64) (rois []image.Rectangle, all bool) {
	if len(o.Warnings) > 0 || o.Mission < 0 || o.far > 0 || o.Players > 0 && len(o.Seats) < o.Players {
		return nil, true
	}
	for _, p := range o.Plays {
		if !p.Both || p.Wager == WagerUnknown {
			return nil, true
		}
	}
	var out []image.Rectangle
	for _, st := range o.Seats {
		if _, ok := o.Play(st.Seat); ok {
			continue
		}
		pxmm, big := 0.0, false
		for _, m := range o.Markers {
			switch k, n := markers.PieceKind(m.ID); {
			case k == markers.SeatToken && n+1 == st.Seat:
				pxmm, big = side(m)/tokenMarker, side(m) >= sure
			case k == markers.Larry && st.Seat == Larry:
				pxmm, big = side(m)/larryMarker, side(m)*tokenMarker/larryMarker >= sure
			}
		}
		if pxmm == 0 {
			return nil, true
		}
		if big {
			continue
		}
		rad := int(1.1 * (maxReach + 55) * pxmm)
		x, y := st.Center.Round()
		r := image.Rect(x-rad, y-rad, x+rad, y+rad).Intersect(image.Rect(0, 0, w, h))
		if r.Dx() < 32 || r.Dy() < 32 {
			return nil, true
		}
		out = append(out, r)
	}
	return out, false
}

// A seat token's marker seen at sureSide pixels or more by the first pass
// of a frame (downscaled by two, one window of 7), or sureShrunk by that of
// a shrunk photo (one window of 13), needs no second look around it
// (seatRegions). A dim 12 MP photo whose seat token was seen at 27 px and
// its card beside it not at all set the second higher.
const (
	sureSide   = 24.0
	sureShrunk = 32.0
)

// detectIn detects markers in the rectangle r of img (all of it without a
// copy), their corners in img's pixels.
func detectIn(img gocv.Mat, r image.Rectangle, p scan.DetectorParams) ([]scan.Marker, error) {
	if r == image.Rect(0, 0, img.Cols(), img.Rows()) {
		return scan.DetectMarkers(img, p)
	}
	roi := img.Region(r)
	defer roi.Close()
	ms, err := scan.DetectMarkers(roi, p)
	for i := range ms {
		for k := range ms[i].Corners {
			ms[i].Corners[k].X += float32(r.Min.X)
			ms[i].Corners[k].Y += float32(r.Min.Y)
		}
	}
	return ms, err
}

// seatArea returns, when seats may be missing (a card near no seat, a
// table whose seats cannot be all of them, fewer seats than the aid
// says), the image rectangle where they must lie: around every piece
// found, by the reach of a card, at the scale of the markers found.
func seatArea(o *Observation, ms []scan.Marker, w, h int) (image.Rectangle, bool) {
	if len(ms) == 0 {
		return image.Rectangle{}, false
	}
	var seats []piece
	for _, s := range o.Seats {
		seats = append(seats, piece{id: s.Seat, c: s.Center})
	}
	if o.OK && o.far == 0 && wholeTable(seats, o.Players) {
		return image.Rectangle{}, false
	}
	var sides []float64
	lo := scan.Point{X: math.Inf(1), Y: math.Inf(1)}
	hi := scan.Point{X: math.Inf(-1), Y: math.Inf(-1)}
	for _, m := range ms {
		c := center(m)
		lo = scan.Point{X: math.Min(lo.X, c.X), Y: math.Min(lo.Y, c.Y)}
		hi = scan.Point{X: math.Max(hi.X, c.X), Y: math.Max(hi.Y, c.Y)}
		sides = append(sides, side(m))
	}
	sort.Float64s(sides)
	pxmm := sides[len(sides)/2] / cardMarker
	g := (maxReach + 30) * pxmm
	r := image.Rect(int(lo.X-g), int(lo.Y-g), int(hi.X+g), int(hi.Y+g)).Intersect(image.Rect(0, 0, w, h))
	return r, r.Dx() >= 32 && r.Dy() >= 32
}

// union returns the markers of a and those of b not already in a nor
// earlier in b (the same id with its centre within half a side): regions
// looked at again may overlap.
func union(a, b []scan.Marker) []scan.Marker {
	out := append([]scan.Marker(nil), a...)
	for _, m := range b {
		dup := false
		for _, n := range out {
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

// missingSeats returns, for each seat token missing from the numbers the
// table must have (1 to the count told, else the aid's, else the highest
// seat seen), the image rectangle spanning the seats seen nearest it in
// number on either side round the table (all places seen when that is one
// seat), grown by a card's reach at their tokens' scale.
func missingSeats(o *Observation, players int) []image.Rectangle {
	n := players
	if n == 0 {
		n = o.Players
	}
	at := map[int]scan.Point{}
	for _, s := range o.Seats {
		at[s.Seat] = s.Center
		if s.Seat != Larry {
			n = max(n, s.Seat)
		}
	}
	pxmm := map[int]float64{}
	for _, m := range o.Markers {
		switch k, i := markers.PieceKind(m.ID); k {
		case markers.SeatToken:
			pxmm[i+1] = side(m) / tokenMarker
		case markers.Larry:
			pxmm[Larry] = side(m) / larryMarker
		}
	}
	var out []image.Rectangle
	for k := 1; k <= n; k++ {
		if _, ok := at[k]; ok {
			continue
		}
		var near []int
		for _, step := range []int{-1, 1} {
			for i, j := 0, k; i < n; i++ {
				j = (j+step+n-1)%n + 1
				if _, ok := at[j]; ok {
					near = append(near, j)
					break
				}
			}
		}
		if len(near) < 2 || near[0] == near[1] {
			near = near[:0]
			for j := range at {
				near = append(near, j)
			}
		}
		lo := scan.Point{X: math.Inf(1), Y: math.Inf(1)}
		hi := scan.Point{X: math.Inf(-1), Y: math.Inf(-1)}
		scale := 0.0
		for _, j := range near {
			c := at[j]
			lo = scan.Point{X: math.Min(lo.X, c.X), Y: math.Min(lo.Y, c.Y)}
			hi = scan.Point{X: math.Max(hi.X, c.X), Y: math.Max(hi.Y, c.Y)}
			scale = max(scale, pxmm[j])
		}
		if scale == 0 {
			continue
		}
		g := maxReach * scale
		out = append(out, image.Rect(int(lo.X-g), int(lo.Y-g), int(hi.X+g), int(hi.Y+g)))
	}
	return out
}

// stretches are lookStretched's local contrast stretches (CLAHE): the
// side of a tile in markers, and the clip limit (times a tile's mean
// count). On rendered 200331 (a grey mission marker of 142 px in a 12 MP
// photo) the two together decode it in each of 11 regions of the middle's
// size, shifted and shrunk around it, at full size and at a third; tiles of
// 1.5 to 4 markers alone, at clip limits of 2, 4 or 8, decoded it in 1 to
// 11 of them, and one histogram over the region (equalizeHist) in 3 of 15.
var stretches = []struct{ tile, clip float64 }{{2, 8}, {3, 4}}

// lookStretched detects the markers in rectangle roi of the full-size image
// (det is it shrunk by f) with its contrast stretched locally, with
// OpenCV's three windows, and keeps those the reader may keep. side is a
// marker's side in pixels of the full-size image there.
func lookStretched(det gocv.Mat, f int, roi image.Rectangle, side float64) ([]scan.Marker, error) {
	r := image.Rect(roi.Min.X/f, roi.Min.Y/f, roi.Max.X/f, roi.Max.Y/f).Intersect(image.Rect(0, 0, det.Cols(), det.Rows()))
	if r.Dx() < 32 || r.Dy() < 32 || side <= 0 {
		return nil, nil
	}
	region := det.Region(r)
	defer region.Close()
	gray := gocv.NewMat()
	defer gray.Close()
	if region.Channels() == 1 {
		region.CopyTo(&gray)
	} else {
		gocv.CvtColor(region, &gray, gocv.ColorBGRToGray)
	}
	var ms []scan.Marker
	for _, st := range stretches {
		tile := st.tile * side / float64(f)
		grid := image.Pt(max(1, int(float64(r.Dx())/tile+0.5)), max(1, int(float64(r.Dy())/tile+0.5)))
		clahe := gocv.NewCLAHEWithParams(st.clip, grid)
		out := gocv.NewMat()
		clahe.Apply(gray, &out)
		clahe.Close()
		found, err := scan.DetectMarkers(out, wideParams)
		out.Close()
		if err != nil {
			return nil, err
		}
		for _, m := range keep(found) {
			for k := range m.Corners {
				m.Corners[k].X = float32(f)*(m.Corners[k].X+float32(r.Min.X)) + float32(f-1)/2
				m.Corners[k].Y = float32(f)*(m.Corners[k].Y+float32(r.Min.Y)) + float32(f-1)/2
			}
			ms = union(ms, []scan.Marker{m})
		}
	}
	return ms, nil
}
