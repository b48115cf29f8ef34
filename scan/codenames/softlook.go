package codenames

import (
	"image"
	"math"

	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// A square the detector found but could not decode, where a plain look at
// full size decodes nothing either, is most often a marker softened by the
// camera: a far row out of the depth of field, a webcam's blur. Its square
// survives the blur, its 1-2 pixel modules run together. An unsharp mask
// (1 + sharpenAmount times the region minus sharpenAmount times its
// Gaussian blur of sharpenSigma pixels) gives the modules their edges back;
// the decoder's error check stays what it is, so a sharpened look claims no
// more than a sharp image would.
const (
	sharpenSigma  = 2.0 // pixels at full size: a webcam's blur
	sharpenAmount = 2.0
)

// detectSharpened detects markers with p in each region of img after an
// unsharp mask, in image coordinates; regions where found already holds a
// marker are skipped.
func detectSharpened(img gocv.Mat, regions []image.Rectangle, found []scan.Marker, p scan.DetectorParams) ([]scan.Marker, error) {
	var out []scan.Marker
	p = lookCap([]scan.DetectorParams{p}, img.Cols(), img.Rows())[0]
	for _, r := range regions {
		if holdsMarker(r, found) {
			continue
		}
		roi := img.Region(r)
		gray := greyOf(roi)
		roi.Close()
		soft := gocv.NewMat()
		gocv.GaussianBlur(gray, &soft, image.Pt(0, 0), sharpenSigma, sharpenSigma, gocv.BorderReplicate)
		sharp := gocv.NewMat()
		gocv.AddWeighted(gray, 1+sharpenAmount, soft, -sharpenAmount, 0, &sharp)
		ms, err := scan.DetectMarkers(sharp, p)
		gray.Close()
		soft.Close()
		sharp.Close()
		if err != nil {
			return nil, err
		}
		out = append(out, shifted(ms, r.Min)...)
	}
	return out, nil
}

// notOnReadCells returns the regions of rs whose centres do not lie on a
// cell of o whose cover, or whose word card by both its markers in ms, was
// read: what is left undecoded there is the card's print (its word, a
// cover's figures), and nothing a sharpened look could add. Without a grid
// every region is kept.
func (o *Observation) notOnReadCells(rs []image.Rectangle, ms []scan.Marker) []image.Rectangle {
	if !o.OK {
		return rs
	}
	seen := map[int]int{}
	for _, m := range ms {
		seen[m.ID]++
	}
	var out []image.Rectangle
	for _, r := range rs {
		mid := r.Min.Add(r.Max).Div(2)
		q, ok := o.toGrid.Apply(scan.Point{X: float64(mid.X), Y: float64(mid.Y)})
		if ok {
			c, row := q.Round()
			if c >= 0 && c < 5 && row >= 0 && row < 5 && offCell(q) <= 0.5 {
				if cell := o.Cells[row][c]; cell.Cover != NotInDeck || cell.Card >= 0 && seen[cell.Card] >= 2 {
					continue
				}
			}
		}
		out = append(out, r)
	}
	return out
}

// holdsMarker reports whether a marker of ms has its centre inside r.
func holdsMarker(r image.Rectangle, ms []scan.Marker) bool {
	for _, m := range ms {
		c := m.Center()
		if image.Pt(int(c.X), int(c.Y)).In(r) {
			return true
		}
	}
	return false
}

// coverWindow is the least full-size threshold window, relative to the
// median word marker's side, of the empty cells' full-size look: a cover's
// marker is 16/11 of a word marker's, up to 1.8 times on the near side of a
// tilted photo, and a window under about three of its modules sees the
// inside of its black border as paper when glare washes it out, so the
// border's outline breaks (TestCoverWindow).
const coverWindow = 0.8

// blurFor returns the empty cells' full-size look (blurParams) for a
// median word marker side of wordSide pixels: its window widened to
// coverWindow of wordSide where that is larger.
func blurFor(wordSide float64) scan.DetectorParams {
	p := blurParams
	if w := int(math.Ceil(coverWindow*wordSide)) | 1; w > p.WindowMin {
		p.WindowMin, p.WindowMax = w, w
	}
	return p
}

// photoCoverWindow is the window, as a share of the median word marker's
// side, of the halved look at a phone photo's cells that the empty cells'
// halved look (wideParams: windows of 3, 13 and 23 there, 6 to 46 at full
// size) left empty, when the word markers are of smallMarker pixels or
// more. Near a tilted photo's near edge a cover's marker is up to 1.8 word
// markers, 130 px and more, and glare greys its black: a window under about
// four of its modules then breaks its border's outline (rendered photo
// 200105, a cover of 131 px beside word markers of 77 px: read halved with
// windows of 29 to 45, not with 3 to 27). A word marker a finger touches
// (rendered photo 200021, 58 px beside 71 px) needs the window past the
// finger's edge: read halved with 33 and more, not with 23 to 31.
const photoCoverWindow = 1.0

// stillEmptyFor returns the looks at the cells of a w x h image that the
// empty cells' look left empty, for a median word marker side of wordSide
// pixels, and whether they get any: when the markers are small (under
// smallMarker), blurFor's full-size look, and in a phone photo whose empty
// cells were looked at full size (under photoHalved) also wideParams'
// halved one (rendered photo 100069: a dim cover of 66 px beside word
// markers of 47 px, read halved with windows of 13 and 23, not at full size
// with 13 or blurFor's 37); in a phone photo with larger word markers,
// halved with one window of photoCoverWindow of wordSide (at full size); a
// webcam frame with larger word markers gets none.
func stillEmptyFor(wordSide float64, w, h int) ([]scan.DetectorParams, bool) {
	photo := min(w, h) > webcamSide
	switch {
	case wordSide < smallMarker && photo && wordSide < photoHalved:
		return []scan.DetectorParams{blurFor(wordSide), wideParams}, true
	case wordSide < smallMarker:
		return []scan.DetectorParams{blurFor(wordSide)}, true
	case !photo:
		return nil, false
	}
	p := wideParams
	win := int(math.Ceil(photoCoverWindow*wordSide/2)) | 1
	p.WindowMin, p.WindowMax, p.WindowStep = win, win, 1
	return []scan.DetectorParams{p}, true
}

// halfSeenFor returns the look at a phone photo's half-seen cells (webcam
// frames get none: halfSeenCells) for a median word marker side of
// wordSide pixels: cellParams (full size, a window of 9), with the window
// widened to coverWindow of wordSide, as the empty cells' look does. What
// lies on such a cell may be a cover's or a timer's marker of 70-100 px,
// whose modules are about as wide as a window of 9 (a dim timer of 73 px
// over one marker of its card, beside word markers of 59 px, Wide seed 538,
// decodes with any window from 23 on and not with 9 or 13).
func halfSeenFor(wordSide float64) scan.DetectorParams {
	p := cellParams
	if win := int(math.Ceil(coverWindow*wordSide)) | 1; win > p.WindowMin {
		p.WindowMin, p.WindowMax = win, win
	}
	return p
}

// photoHalved is the median word marker side, in pixels, from which a phone
// photo's second pass is halved (wideParams) rather than at full size with
// one window of 13 (fullParams). The halved pass reads every marker of 40
// px or more (TestMarkerSizeLimits), and a photo's far markers are rarely
// under 0.8 of the median; a window of 13 at full size breaks the borders
// of 50-60 px markers in dim light (Cluttered seed 538, a 12 MP photo at a
// third of full light: 15 of 73 legible markers read at full size, 38
// halved, and no grid without them). Webcam frames keep smallMarker.
const photoHalved = 48.0

// secondPass returns the setting of the second pass over empty cells (or
// the whole frame) of a w x h image whose median word marker side is
// wordSide: at full size when markers are small (under smallMarker; under
// photoHalved in a phone photo), else halved.
func secondPass(wordSide float64, w, h int) scan.DetectorParams {
	small := smallMarker
	if min(w, h) > webcamSide {
		small = photoHalved
	}
	if wordSide < small {
		return fullParams
	}
	return wideParams
}

// A phone photo's cell that every look so far left empty may hold a marker
// whose black and white lie a few grey levels apart: a cover in a dim room
// (rendered photo 100037, a cover of 67 px at a sixth of full light),
// washed out by glare on glossy or satin stock, under sensor noise.
// Contrast-limited equalization over tiles of equalizeTile word markers
// spreads those levels out; the look halves the cells first (noise
// averaged, a quarter of the pixels) and uses one threshold window of
// equalizeWindow word markers. A steeper stretch (steepTile, steepClip) with OpenCV's
// three windows looks too: rendered 200401's red cover, washed pale by a lamp (67 px beside
// word markers of about 52), decoded in the first stretch only at some
// word sides (the test's crop: not at 46-58 px) and in the second at every side from
// 40 to 70 px, at full size and halved. A third look divides the region by its
// paper (detectFlattened; flatKernel, flatWindow): in a hand's shadow a
// marker's margin is as dark on one side as its ink on the other, and no
// window parts them (rendered 200493's card 376, tune 5's cover 838,
// read at every side from 40 to 70 px). The decoder's error check is what it is, so the
// look claims no more than a clear image would. It runs only on cells still
// empty after every other look (a hand over the grid, a cover in the dark),
// never on a table read whole, and not on webcam frames: there no tuning
// frame needs it, and it cost 0.7-2 ms a frame on average on the Wide
// 1080p benchmark frames.
const (
	equalizeClip   = 3.0 // CLAHE's clip limit
	equalizeTile   = 4.0 // CLAHE's tile side, in median word marker sides
	equalizeWindow = 0.5 // the threshold window, in median word marker sides (at the halved scale)
	steepClip      = 8.0 // the second stretch's clip limit
	steepTile      = 2.0 // the second stretch's tile side, in median word marker sides
	flatKernel     = 0.6 // the paper's closing, in median word marker sides (at the halved scale)
	flatWindow     = 0.4 // the flattened look's threshold window, likewise
	// equalizeMax is the most cells the look covers in one photo: a cover
	// in the dark is one cell; more cells left empty are most often a hand
	// over the grid, where the look read nothing on the rendered sets and
	// cost 3 ms a Wide 12 MP photo on average (merged regions of up to 3
	// Mpx). At 3, rendered photo 200309's cover 843 (65 px on satin under
	// noise, its cell one of 5 left empty by a hand) was never looked at;
	// its cell's region alone decodes it.
	equalizeMax = 5
)

// equalizeCells returns the image rectangles (as emptyCells makes them)
// of the cells of o that the equalized look covers in a w x h image: in a
// phone photo, those with no card or cover read and no marker of found,
// the markers the looks since found, centred on them, when there are at
// most equalizeMax; none in a webcam frame.
func (o *Observation) equalizeCells(found []scan.Marker, w, h int) []image.Rectangle {
	if min(w, h) <= webcamSide {
		return nil
	}
	var seen [5][5]bool
	for _, m := range found {
		c := m.Center()
		if q, ok := o.toGrid.Apply(scan.Point{X: float64(c.X), Y: float64(c.Y)}); ok {
			if col, row := q.Round(); row >= 0 && row < 5 && col >= 0 && col < 5 {
				seen[row][col] = true
			}
		}
	}
	var out []image.Rectangle
	for r := range 5 {
		for c := range 5 {
			if cell := o.Cells[r][c]; cell.Card >= 0 || cell.Cover != NotInDeck || seen[r][c] {
				continue
			}
			if rect, ok := o.cellRect(r, c, cellMargin, w, h); ok {
				out = append(out, rect)
			}
		}
	}
	if len(out) > equalizeMax {
		return nil
	}
	return out
}

// detectEqualized detects markers in each of the regions of img, halved
// (noise averaged, a quarter of the pixels) and then equalized, for a
// median word marker side of wordSide pixels at full size; in image
// coordinates (corners refined at the halved scale). All three stretches look
// at each region.
func detectEqualized(img gocv.Mat, regions []image.Rectangle, wordSide float64) ([]scan.Marker, error) {
	if wordSide <= 0 {
		return nil, nil
	}
	half := wordSide / 2
	w := max(3, int(math.Round(equalizeWindow*half))|1)
	first := scan.DetectorParams{WindowMin: w, WindowMax: w, WindowStep: 1, RefineCorners: true, MinSide: 10, Own: true}
	steep := scan.DetectorParams{RefineCorners: true, MinSide: 10, Own: true}
	fw := max(3, int(math.Round(flatWindow*half))|1)
	flat := scan.DetectorParams{WindowMin: fw, WindowMax: fw, WindowStep: 1, RefineCorners: true, MinSide: 10, Own: true}
	flatSide := max(3, int(math.Round(flatKernel*half))|1)
	var out []scan.Marker
	for _, r := range mergeRegions(regions) {
		roi := img.Region(r)
		gray := greyOf(roi)
		roi.Close()
		small := gocv.NewMat()
		gocv.Resize(gray, &small, image.Pt((r.Dx()+1)/2, (r.Dy()+1)/2), 0, 0, gocv.InterpolationArea)
		gray.Close()
		ms, err := detectStretched(small, equalizeClip, equalizeTile*half, first)
		if err == nil {
			var more []scan.Marker
			more, err = detectStretched(small, steepClip, steepTile*half, steep)
			ms = union(ms, more)
		}
		if err == nil {
			var more []scan.Marker
			more, err = detectFlattened(small, flatSide, flat)
			ms = union(ms, more)
		}
		sx := float32(r.Dx()) / float32(small.Cols())
		sy := float32(r.Dy()) / float32(small.Rows())
		small.Close()
		if err != nil {
			return nil, err
		}
		for i := range ms {
			for k := range ms[i].Corners {
				// Pixel centres: (x + 0.5) * scale - 0.5.
				ms[i].Corners[k].X = (ms[i].Corners[k].X+0.5)*sx - 0.5
				ms[i].Corners[k].Y = (ms[i].Corners[k].Y+0.5)*sy - 0.5
			}
		}
		out = append(out, shifted(ms, r.Min)...)
	}
	return out, nil
}

// detectStretched detects markers in gray with its contrast stretched
// locally (CLAHE at clip limit clip over tiles of about tile pixels).
func detectStretched(gray gocv.Mat, clip, tile float64, p scan.DetectorParams) ([]scan.Marker, error) {
	tx := max(1, int(math.Round(float64(gray.Cols())/tile)))
	ty := max(1, int(math.Round(float64(gray.Rows())/tile)))
	cl := gocv.NewCLAHEWithParams(clip, image.Pt(tx, ty))
	defer cl.Close()
	eq := gocv.NewMat()
	defer eq.Close()
	cl.Apply(gray, &eq)
	return scan.DetectMarkers(eq, p)
}

// detectFlattened detects markers in gray divided by its paper: the grey
// closing over a disc of side pixels, which closes a marker's ink over
// and keeps the light the paper gets, lit or in a hand's shadow; the
// quotient is scaled so that paper is white, in light and shadow alike.
func detectFlattened(gray gocv.Mat, side int, p scan.DetectorParams) ([]scan.Marker, error) {
	kern := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(side, side))
	defer kern.Close()
	paper := gocv.NewMat()
	defer paper.Close()
	gocv.MorphologyEx(gray, &paper, gocv.MorphClose, kern)
	num, den := gocv.NewMat(), gocv.NewMat()
	defer num.Close()
	defer den.Close()
	gray.ConvertTo(&num, gocv.MatTypeCV32F)
	paper.ConvertTo(&den, gocv.MatTypeCV32F)
	den.AddFloat(1) // no division by a black paper
	gocv.Divide(num, den, &num)
	flat := gocv.NewMat()
	defer flat.Close()
	num.ConvertToWithParams(&flat, gocv.MatTypeCV8U, 255, 0)
	return scan.DetectMarkers(flat, p)
}
