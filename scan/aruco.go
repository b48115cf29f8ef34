package scan

/*
#cgo pkg-config: opencv4
#cgo CXXFLAGS: --std=c++11
#include <stdlib.h>
#include "aruco.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"unsafe"

	"gocv.io/x/gocv"
)

// Marker is one fiducial marker found in an image.
type Marker struct {
	// ID is the marker's id in OpenCV's aruco dictionary DICT_5X5_1000 (0..999).
	ID int
	// Corners are the outer corners of the marker's black border in the input
	// image's pixel coordinates (OpenCV's convention: the centre of the top-left
	// pixel is (0, 0)), clockwise from the marker's own top-left corner.
	Corners [4]gocv.Point2f
}

// Center returns the mean of the marker's four corners.
func (m Marker) Center() gocv.Point2f {
	var x, y float32
	for _, c := range m.Corners {
		x += c.X
		y += c.Y
	}
	return gocv.Point2f{X: x / 4, Y: y / 4}
}

// DetectorParams tunes DetectMarkers. The zero value is OpenCV's default
// detector.
//
// Measured on synthetic 1080p frames (any rotation, tilt up to 50 degrees,
// blur, noise, dim light, JPEG quality 40): at full size with one window of 13
// every marker whose shortest side is at least 28 pixels is found; with
// Downscale every marker of at least 40 pixels. Smaller markers are found less
// and less often (at 20-23 pixels about 90% at full size, half or fewer
// downscaled). TestDetectMarkers and TestMarkerSizeLimits hold these limits.
type DetectorParams struct {
	// Downscale halves the image with area interpolation (INTER_AREA) before
	// detecting; corners are mapped back to full-size coordinates. For markers
	// of 40 pixels or more: a 1080p frame then takes about 2 ms instead of 4 to
	// 19 ms (one window at full size) on one core, and sensor noise matters
	// far less (BenchmarkDetect1080p).
	Downscale bool
	// WindowMin, WindowMax and WindowStep choose the adaptive-threshold window
	// sizes, in pixels of the image the detector sees (after Downscale): every
	// size from WindowMin to WindowMax in steps of WindowStep is tried, each one a
	// full thresholding and contour pass. Zero keeps OpenCV's default (3, 23, 10:
	// three windows). One window (WindowMin == WindowMax) is fastest; 13 finds
	// as many markers at full size as the default, 7 is best downscaled for
	// markers of all sizes. For a webcam frame's markers (30-70 pixels) 5
	// downscaled finds as many and keeps more of those whose black border a
	// specular glint breaks (scan/codenames' first pass, TestGlintOnBorder).
	WindowMin, WindowMax, WindowStep int
	// RefineCorners refines each corner in two steps: OpenCV's
	// CORNER_REFINE_CONTOUR (lines fitted to the marker's edges) on the image
	// the detector sees, then cornerSubPix on the full-size image. Without it
	// corners lie on whole pixels of the image the detector sees. On synthetic
	// 1080p frames the mean corner error drops from 0.8 to 0.3 pixels (1.3 to
	// 0.3 with Downscale) and the worst from about 7 pixels (acute corners of
	// steeply tilted markers, JPEG artefacts) to about 3.5. It costs well
	// under a millisecond per frame.
	RefineCorners bool
	// HalvedCorners, with Downscale and RefineCorners, keeps the corners
	// CORNER_REFINE_CONTOUR fitted on the halved image and leaves out
	// cornerSubPix on the full-size image: about half a millisecond of a
	// 1080p frame's first pass. On TestDetectMarkers' scenes the mean
	// corner error is then 1.4 px (0.3 refined, as unrefined ones), the
	// worst 2.8 (3.3 refined). For finding where pieces lie, not for
	// measuring them.
	HalvedCorners bool
	// MinSide is the shortest marker side, in pixels of the full-size image,
	// the detector looks for (roughly: OpenCV bounds the perimeter). Zero
	// keeps OpenCV's default, a perimeter of 3% of the image's larger side:
	// in a 12-megapixel photo that drops markers of up to 30 pixels.
	MinSide int
	// MaxSide is the longest marker side, in pixels of the full-size image,
	// the detector looks for (as MinSide, OpenCV bounds the perimeter: a
	// contour longer than 4*MaxSide is no candidate). Zero keeps OpenCV's
	// default, a perimeter of 4 times the image's larger side. Every contour
	// the detector keeps is fitted with a polygon and, if a square, sampled
	// and looked up in the dictionary: on a webcam frame the cards' and the
	// table's long outlines cost that for nothing (scan/codenames' first
	// pass).
	MaxSide int
	// Aruco3 turns on OpenCV's fast mode (useAruco3Detection: candidates
	// are searched in an image shrunk to a canonical size, then refined at
	// full size), with OpenCV's defaults for its other settings. Benchmarks
	// compare against it; fieldkit's readers do not use it.
	Aruco3 bool
	// Own runs fieldkit's own run of detectMarkers' steps (candidates.cpp)
	// instead of OpenCV's: the same markers, corners and undecoded squares
	// (TestOwnDetectorSame), in less time: a square's code is looked up
	// among the dictionary's sorted codes, where OpenCV calls a Hamming
	// function for each of its 4,000 (about 30 us a square that is no
	// marker), and only the contours the size bounds keep are copied out
	// of OpenCV's tracer (cv::findContours copies every speck of noise).
	// Ignored with Aruco3. The zero value, as the benchmarks' stock
	// detector, is OpenCV's own.
	Own bool
}

// TunedParams returns the parameters fieldkit uses for camera frames with
// markers of 40 pixels or more: downscale by two, one adaptive-threshold window,
// refined corners. BenchmarkDetect1080p measures it against the default.
func TunedParams() DetectorParams {
	return DetectorParams{Downscale: true, WindowMin: 7, WindowMax: 7, WindowStep: 1, RefineCorners: true}
}

// ErrImage reports an image DetectMarkers cannot read: empty, closed, or not
// 8-bit gray, BGR or BGRA.
var ErrImage = errors.New("scan: unusable image")

func (p DetectorParams) validate() error {
	if p.WindowMin < 0 || p.WindowMax < 0 || p.WindowStep < 0 {
		return fmt.Errorf("scan: detector window sizes must not be negative (min %d, max %d, step %d)", p.WindowMin, p.WindowMax, p.WindowStep)
	}
	lo, hi := p.WindowMin, p.WindowMax
	if lo == 0 {
		lo = 3
	}
	if hi == 0 {
		hi = 23
	}
	if lo < 3 || hi < 3 {
		return fmt.Errorf("scan: detector window sizes must be at least 3 pixels (min %d, max %d)", p.WindowMin, p.WindowMax)
	}
	if p.MinSide < 0 {
		return fmt.Errorf("scan: detector MinSide %d is negative", p.MinSide)
	}
	if p.MaxSide < 0 || p.MaxSide > 0 && p.MaxSide < p.MinSide {
		return fmt.Errorf("scan: detector MaxSide %d is negative or below MinSide %d", p.MaxSide, p.MinSide)
	}
	if lo > hi {
		return fmt.Errorf("scan: detector WindowMin %d is larger than WindowMax %d", lo, hi)
	}
	return nil
}

// DetectMarkers finds every DICT_5X5_1000 marker in img, an 8-bit grayscale,
// BGR or BGRA image (as gocv.IMRead gives). It does not take ownership of img.
// Markers are returned in OpenCV's order; a marker printed twice is reported
// twice. An empty or closed Mat or another pixel type gives an error wrapping
// ErrImage.
func DetectMarkers(img gocv.Mat, p DetectorParams) ([]Marker, error) {
	ms, _, err := detect(img, p, false)
	return ms, err
}

// Candidate is a square outline the detector found but could not decode as
// a marker (too small, blurred or damaged at the scale it looked): its four
// corners in full-size image coordinates.
type Candidate [4]gocv.Point2f

// DetectCandidates is DetectMarkers that also returns the candidates whose
// bits did not decode: the places worth a second look at a finer scale.
func DetectCandidates(img gocv.Mat, p DetectorParams) ([]Marker, []Candidate, error) {
	return detect(img, p, true)
}

// DetectCandidatesGray is DetectCandidates that also gives the full-size
// grey image the detector made from img, for later looks at parts of it
// that then need not grey them again: gray receives it (sharing its pixels
// with img when img is grey), or is left as it is when the detector made
// none (a colour photo of over 4 megapixels with Downscale is greyed and
// halved in one pass). The caller closes gray.
func DetectCandidatesGray(img gocv.Mat, p DetectorParams, gray *gocv.Mat) ([]Marker, []Candidate, error) {
	return detectGray(img, p, true, gray, nil)
}

// DetectCandidatesHalf is DetectCandidatesGray that also gives the
// half-size grey image of a colour photo the detector greyed and halved in
// one pass: half receives it (pixel (i, j) the mean of the 2 x 2 pixels
// from (2i, 2j), greyed with cvtColor's weights), or is left as it is when
// the detector made none. A look over large parts of the photo at a coarse
// scale can start from it instead of reading the full-size pixels again.
// The caller closes gray and half.
func DetectCandidatesHalf(img gocv.Mat, p DetectorParams, gray, half *gocv.Mat) ([]Marker, []Candidate, error) {
	return detectGray(img, p, true, gray, half)
}

func detect(img gocv.Mat, p DetectorParams, keepRejected bool) ([]Marker, []Candidate, error) {
	return detectGray(img, p, keepRejected, nil, nil)
}

func detectGray(img gocv.Mat, p DetectorParams, keepRejected bool, gray, half *gocv.Mat) ([]Marker, []Candidate, error) {
	if err := p.validate(); err != nil {
		return nil, nil, err
	}
	if img.Ptr() == nil || img.Empty() {
		return nil, nil, fmt.Errorf("%w: the image is empty", ErrImage)
	}
	switch t := img.Type(); t {
	case gocv.MatTypeCV8UC1, gocv.MatTypeCV8UC3, gocv.MatTypeCV8UC4:
	default:
		return nil, nil, fmt.Errorf("%w: pixel type %v, want 8-bit gray, BGR or BGRA", ErrImage, t)
	}
	if p.Downscale && (img.Rows() < 2 || img.Cols() < 2) {
		return nil, nil, fmt.Errorf("%w: %dx%d pixels is too small to downscale", ErrImage, img.Cols(), img.Rows())
	}
	cp := C.fk_params{
		win_min:  C.int(p.WindowMin),
		win_max:  C.int(p.WindowMax),
		win_step: C.int(p.WindowStep),
	}
	if p.Downscale {
		cp.downscale = 1
	}
	if p.RefineCorners {
		cp.refine_corners = 1
	}
	if keepRejected {
		cp.keep_rejected = 1
	}
	cp.min_side = C.int(p.MinSide)
	cp.max_side = C.int(p.MaxSide)
	if p.Aruco3 {
		cp.aruco3 = 1
	}
	if p.HalvedCorners {
		cp.halved_corners = 1
	}
	if p.Own {
		cp.own = 1
	}
	var grayOut unsafe.Pointer
	if gray != nil {
		grayOut = unsafe.Pointer(gray.Ptr())
	}
	var halfOut unsafe.Pointer
	if half != nil {
		halfOut = unsafe.Pointer(half.Ptr())
	}
	d := C.fk_detect(unsafe.Pointer(img.Ptr()), cp, grayOut, halfOut)
	defer C.fk_detection_free(d)
	if d.err != nil {
		return nil, nil, fmt.Errorf("scan: OpenCV marker detection failed: %s", C.GoString(d.err))
	}
	found := unsafe.Slice(d.markers, int(d.count))
	out := make([]Marker, len(found))
	for i, m := range found {
		out[i].ID = int(m.id)
		for k := range 4 {
			out[i].Corners[k] = gocv.Point2f{X: float32(m.xy[2*k]), Y: float32(m.xy[2*k+1])}
		}
	}
	var cands []Candidate
	if d.rejected_count > 0 {
		xy := unsafe.Slice(d.rejected, 8*int(d.rejected_count))
		cands = make([]Candidate, d.rejected_count)
		for i := range cands {
			for k := range 4 {
				cands[i][k] = gocv.Point2f{X: float32(xy[8*i+2*k]), Y: float32(xy[8*i+2*k+1])}
			}
		}
	}
	return out, cands, nil
}

// DictionarySize returns the number of markers in OpenCV's DICT_5X5_1000.
func DictionarySize() int { return int(C.fk_dict_size()) }

// DictionaryBits returns the 5x5 data bits of marker id as OpenCV's
// DICT_5X5_1000 stores them (its bytesList), row by row from the top-left,
// true for a white cell. Package markers holds the same table in pure Go;
// its generator calls this function.
func DictionaryBits(id int) ([5][5]bool, error) {
	var bits [5][5]bool
	if id < 0 || id >= DictionarySize() {
		return bits, fmt.Errorf("scan: marker id %d is outside DICT_5X5_1000 (0..%d)", id, DictionarySize()-1)
	}
	var raw [25]C.uchar
	if msg := C.fk_dict_bits(C.int(id), &raw[0]); msg != nil {
		defer C.free(unsafe.Pointer(msg))
		return bits, fmt.Errorf("scan: reading marker %d from OpenCV: %s", id, C.GoString(msg))
	}
	for i, b := range raw {
		bits[i/5][i%5] = b != 0
	}
	return bits, nil
}

// drawMarker renders marker id with OpenCV's drawMarker: a side x side CV_8UC1
// Mat, black border one cell wide. The caller closes the Mat.
func drawMarker(id, side int) (gocv.Mat, error) {
	m := gocv.NewMat()
	if msg := C.fk_draw_marker(C.int(id), C.int(side), unsafe.Pointer(m.Ptr())); msg != nil {
		defer C.free(unsafe.Pointer(msg))
		m.Close()
		return gocv.Mat{}, fmt.Errorf("scan: drawing marker %d with OpenCV: %s", id, C.GoString(msg))
	}
	return m, nil
}

// SetNumThreads limits the threads OpenCV uses (cv::setNumThreads), -1 for
// OpenCV's default; benchmarks use it to measure one core.
func SetNumThreads(n int) { C.fk_set_num_threads(C.int(n)) }
