// Package scan reads a photographed Codenames table: which word card lies in which
// cell of the 5x5 grid, what covers each cell, and where the guess token lies.
//
// It is the only package that uses cgo: gocv for imaging, and a small shim of our
// own to OpenCV's aruco module for the fiducial markers printed on every card.
package scan

import "gocv.io/x/gocv"

// OpenCVVersion returns the version of the OpenCV library scan is linked against.
func OpenCVVersion() string { return gocv.OpenCVVersion() }
