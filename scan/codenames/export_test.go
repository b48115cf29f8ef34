package codenames

import (
	"image"
	"time"

	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// ReadMarkersIn is ReadMarkers with the image the markers were seen in, as
// Scan reads them after detection: for tests that lay markers by hand and
// draw what the camera sees around them.
func (s *Scanner) ReadMarkersIn(ms []scan.Marker, img gocv.Mat) Observation {
	return s.read(ms, nil, newTableImage(img))
}

// FirstPass and FullSize are the scanner's first detection and its look at
// full size.
var FirstPass, FullSize = webcamFirst, cellParams

// FullFrame is the second pass's setting for a webcam frame's small
// markers (secondPass).
var FullFrame = fullParams

// UndecodedRegions returns the regions around the undecoded squares cands
// that Scan looks at again, after a first pass that found ms in img.
func (s *Scanner) UndecodedRegions(img gocv.Mat, ms []scan.Marker, cands []scan.Candidate) []image.Rectangle {
	obs := s.read(ms, nil, nil)
	return obs.undecoded(cands, ms, medianWordSide(ms, s.deck()), img.Cols(), img.Rows())
}

// DetectIn is the look in regions: a detection with each of ps in each.
var DetectIn = detectIn

// ScanTrace is what one Scan's trace recorded (trace.go).
type ScanTrace = scanTrace

// Traced returns a scanner like s that records each Scan into t.
func (s *Scanner) Traced(t *ScanTrace) *Scanner {
	c := *s
	c.trace = t
	return &c
}

// Fields of a trace, for benchmarks in package codenames_test.
func (t *ScanTrace) Parts() (first, read, look float64, cands, cells, squares, pixels int, whole bool) {
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	return ms(t.first), ms(t.read), ms(t.look), t.cands, t.cellRegions, t.squareRegions, t.regionPixels, t.wholeFrame
}

// HalfSeenCells returns the cells Scan looks at again because their word
// card showed one marker of ms and no cover, in a w x h image.
func (s *Scanner) HalfSeenCells(ms []scan.Marker, w, h int) []image.Rectangle {
	obs := s.read(ms, nil, nil)
	return obs.halfSeenCells(ms, w, h)
}

// Stages returns the milliseconds of each kind of look again: the empty
// cells' (or whole frame's) second pass, its wider window, half-seen cells,
// undecoded squares plain and sharpened, the seat strips, the expected
// look (after the last read, counted in the looks' time too).
func (t *ScanTrace) Stages() [lookStages]float64 {
	var out [lookStages]float64
	for i, d := range t.stages {
		out[i] = float64(d.Microseconds()) / 1000
	}
	return out
}

// NoGridShare returns the share of the frame the second pass looked at when
// the first pass read no grid (piecesRect), 0 when it read one.
func (t *ScanTrace) NoGridShare() float64 { return t.noGridShare }

// PiecesBox is the part of img a no-grid webcam frame's second pass looks
// at, after a first pass that found ms and the undecoded squares cands.
func (s *Scanner) PiecesBox(img gocv.Mat, ms []scan.Marker, cands []scan.Candidate) image.Rectangle {
	return piecesRect(ms, cands, medianWordSide(ms, s.deck()), img.Cols(), img.Rows())
}
