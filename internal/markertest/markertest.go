// Package markertest reads the markers on printed pieces in tests the way the
// camera does, with our own detector (package scan, OpenCV's aruco). It is
// apart from pdftest so that only the tests that read markers link OpenCV;
// they live in external test packages (package x_test), because the scene
// generator (internal/scene) imports the printing packages. It is test code,
// so it lives in internal beside the other test kits, above package scan.
package markertest

import (
	"image"
	"maps"
	"slices"
	"testing"

	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// DetectFile returns the markers found in an image file (a rendered page).
func DetectFile(t testing.TB, path string) []scan.Marker {
	t.Helper()
	img := gocv.IMRead(path, gocv.IMReadGrayScale)
	defer img.Close()
	found, err := scan.DetectMarkers(img, scan.DetectorParams{})
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return found
}

// Detect returns the markers found in img (a rendered face).
func Detect(t testing.TB, img image.Image) []scan.Marker {
	t.Helper()
	m, err := gocv.ImageToMatRGBA(img)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	found, err := scan.DetectMarkers(m, scan.DetectorParams{})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// Count returns how often each marker id was found in the image files.
func Count(t testing.TB, paths ...string) map[int]int {
	t.Helper()
	got := map[int]int{}
	for _, p := range paths {
		for _, m := range DetectFile(t, p) {
			got[m.ID]++
		}
	}
	return got
}

// CompareIDs fails the test unless got, how often each marker id was found,
// is want, how often each was printed, and something was printed. It names
// at most 20 ids found too seldom or too often.
func CompareIDs(t testing.TB, what string, got, want map[int]int) {
	t.Helper()
	if len(want) == 0 {
		t.Errorf("%s: no markers printed", what)
	}
	bad := 0
	for _, id := range slices.Sorted(maps.Keys(want)) {
		if got[id] != want[id] && bad < 20 {
			t.Errorf("%s: marker %d found %d times, printed %d times", what, id, got[id], want[id])
			bad++
		}
	}
	for _, id := range slices.Sorted(maps.Keys(got)) {
		if want[id] == 0 {
			t.Errorf("%s: marker %d found %d times but never printed", what, id, got[id])
		}
	}
}
