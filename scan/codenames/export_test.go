package codenames

import (
	"image"

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
var FirstPass, FullSize = fastParams, fullParams

// UndecodedRegions returns the regions around the undecoded squares cands
// that Scan looks at again, after a first pass that found ms in img.
func (s *Scanner) UndecodedRegions(img gocv.Mat, ms []scan.Marker, cands []scan.Candidate) []image.Rectangle {
	obs := s.read(ms, nil, nil)
	return obs.undecoded(cands, ms, medianWordSide(ms, s.deck()), img.Cols(), img.Rows())
}

// DetectIn is the look in regions: a detection with each of ps in each.
var DetectIn = detectIn
