package codenames

import (
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// ReadMarkersIn is ReadMarkers with the image the markers were seen in, as
// Scan reads them after detection: for tests that lay markers by hand and
// draw what the camera sees around them.
func (s *Scanner) ReadMarkersIn(ms []scan.Marker, img gocv.Mat) Observation {
	return s.read(ms, nil, newTableImage(img))
}
