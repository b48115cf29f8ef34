// Package scan is what every game's scanner shares: it finds the fiducial
// markers printed on every piece (DetectMarkers), maps the image to a game's
// plane (Homography, FitHomography), loads photos safely (DecodeImage,
// ReadImage) and draws annotations (DrawText, Polyline, OutlineMarker). Each
// game family reads its own table in a subpackage: scan/codenames reads the
// Codenames 5x5 grid.
//
// It is the only package that uses cgo: gocv for imaging, and a small shim of our
// own to OpenCV's aruco module for the markers.
package scan

import "gocv.io/x/gocv"

// OpenCVVersion returns the version of the OpenCV library scan is linked against.
func OpenCVVersion() string { return gocv.OpenCVVersion() }
