package scan

import (
	"errors"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"fieldkit/markers"

	"gocv.io/x/gocv"
)

// TestDictionaryMatchesOpenCV checks package markers' pure-Go table against
// OpenCV for all 1000 ids, two ways: the dictionary's stored bits, and the
// 7x7 picture OpenCV's drawMarker paints (border and orientation included).
func TestDictionaryMatchesOpenCV(t *testing.T) {
	if n := DictionarySize(); n != markers.Count {
		t.Fatalf("DictionarySize() = %d, want markers.Count = %d", n, markers.Count)
	}
	bad := 0
	for id := range markers.Count {
		want, err := DictionaryBits(id)
		if err != nil {
			t.Fatalf("DictionaryBits(%d): %v", id, err)
		}
		got, err := markers.Bits(id)
		if err != nil {
			t.Fatalf("markers.Bits(%d): %v", id, err)
		}
		if got != want {
			t.Errorf("markers.Bits(%d) = %v, OpenCV says %v (run go generate ./markers)", id, got, want)
			bad++
		}

		cells, err := markers.Cells(id)
		if err != nil {
			t.Fatalf("markers.Cells(%d): %v", id, err)
		}
		pic, err := drawMarker(id, markers.GridCells)
		if err != nil {
			t.Fatal(err)
		}
		for r := range markers.GridCells {
			for c := range markers.GridCells {
				white := pic.GetUCharAt(r, c) > 127
				if white != cells[r][c] {
					t.Errorf("marker %d cell (%d,%d): markers.Cells says white=%v, OpenCV's drawMarker %v", id, r, c, cells[r][c], white)
					bad++
				}
			}
		}
		pic.Close()
		if bad > 20 {
			t.Fatal("too many differences")
		}
	}
	for _, id := range []int{-1, markers.Count} {
		if _, err := DictionaryBits(id); err == nil {
			t.Errorf("DictionaryBits(%d) = nil error, want out of range", id)
		}
	}
}

// degradations are the camera conditions every detector setting must survive.
// degradations are the camera conditions every detector setting must survive.
var degradations = []degradation{
	{name: "flat"},
	{name: "rotated", rotate: 180},
	{name: "tilt 35", rotate: 180, tilt: 35},
	{name: "tilt 50", rotate: 30, tilt: 50},
	{name: "small", rotate: 180, tilt: 20, fill: 0.6},
	{name: "tiny", rotate: 180, tilt: 20, fill: 0.4},
	{name: "blur", rotate: 180, tilt: 30, blur: 1.5},
	{name: "motion blur", rotate: 180, tilt: 20, motion: 7},
	{name: "noise", rotate: 180, tilt: 30, noise: 12},
	{name: "dim", rotate: 180, tilt: 30, light: 0.25, noise: 3},
	{name: "gradient", rotate: 180, tilt: 30, gradient: 0.3},
	{name: "jpeg 40", rotate: 180, tilt: 30, jpeg: 40},
	{name: "bgr", rotate: 180, tilt: 30, bgr: true},
	{name: "everything", rotate: 180, tilt: 40, blur: 1.2, noise: 6, light: 0.5, gradient: 0.5, jpeg: 60, bgr: true},
}

// detectorSettings are checked on every degradation. Markers whose shortest
// side is at least minSide pixels must be found, as the DetectorParams
// documentation promises: all of them, or for OpenCV's default parameters
// 99% (its 3-pixel window misses a few markers in JPEG-40 frames).
var detectorSettings = []struct {
	name     string
	p        DetectorParams
	minSide  float64
	minFound float64
}{
	{"default", DetectorParams{}, 28, 0.99},
	{"one window", DetectorParams{WindowMin: 13, WindowMax: 13, WindowStep: 1}, 28, 1},
	{"one window refined", DetectorParams{WindowMin: 13, WindowMax: 13, WindowStep: 1, RefineCorners: true}, 28, 1},
	{"tuned", TunedParams(), 40, 1},
	{"tuned, halved corners", func() DetectorParams { p := TunedParams(); p.HalvedCorners = true; return p }(), 40, 1},
}

// Corner accuracy in pixels, with and without RefineCorners: every corner,
// and the mean over all scenes. The worst unrefined corners are the acute ones
// of steeply tilted markers and corners in JPEG-40 frames.
const (
	maxRefinedError    = 4.0
	maxUnrefinedError  = 7.5
	meanRefinedError   = 0.6
	meanUnrefinedError = 1.5
)

// maxCornerError returns the largest corner error allowed with p.
func maxCornerError(p DetectorParams) float64 {
	if p.RefineCorners && !(p.Downscale && p.HalvedCorners) {
		return maxRefinedError
	}
	return maxUnrefinedError
}

// shortestSide returns the length of a quadrilateral's shortest side.
func shortestSide(c [4]gocv.Point2f) float64 {
	s := math.Inf(1)
	for k := range 4 {
		a, b := c[k], c[(k+1)%4]
		s = math.Min(s, math.Hypot(float64(a.X-b.X), float64(a.Y-b.Y)))
	}
	return s
}

// detectionStats adds up one setting's results over many scenes.
type detectionStats struct {
	required, found  int      // markers at least minSide long; of those, found
	missed           []string // the required markers not found
	corners          int
	errSum, worstErr float64
}

// checkDetection compares what DetectMarkers found with the scene's truth:
// no id that is not in the scene, none twice, every corner within maxErr
// pixels. It counts in st the markers at least minSide pixels long and notes
// which of them were not found.
func checkDetection(t *testing.T, sc scene, got []Marker, minSide, maxErr float64, st *detectionStats) {
	t.Helper()
	seen := make(map[int]bool)
	for _, m := range got {
		want, ok := sc.truth[m.ID]
		if !ok {
			t.Errorf("found marker %d, which is not in the scene", m.ID)
			continue
		}
		if seen[m.ID] {
			t.Errorf("found marker %d twice", m.ID)
		}
		seen[m.ID] = true
		for k := range 4 {
			e := math.Hypot(float64(m.Corners[k].X-want[k].X), float64(m.Corners[k].Y-want[k].Y))
			st.corners++
			st.errSum += e
			st.worstErr = math.Max(st.worstErr, e)
			if e > maxErr {
				t.Errorf("marker %d corner %d at (%.1f,%.1f), want (%.1f,%.1f): %.2f px off, want at most %.1f",
					m.ID, k, m.Corners[k].X, m.Corners[k].Y, want[k].X, want[k].Y, e, maxErr)
			}
		}
	}
	for id, c := range sc.truth {
		if side := shortestSide(c); side >= minSide {
			st.required++
			if seen[id] {
				st.found++
			} else {
				st.missed = append(st.missed, fmt.Sprintf("%d (%.0f px)", id, side))
			}
		}
	}
}

func TestDetectMarkers(t *testing.T) {
	seeds := 3
	if testing.Short() {
		seeds = 1 // every degradation once
	}
	stats := make([]detectionStats, len(detectorSettings))
	total := 0
	for _, d := range degradations {
		for seed := range int64(seeds) {
			t.Run(fmt.Sprintf("%s/seed%d", d.name, seed), func(t *testing.T) {
				rng := rand.New(rand.NewSource(seed))
				ids := rng.Perm(markers.Count)[:25]
				sc := makeScene(t, rng, drawSheet(t, cardsLayout, ids), d)
				defer sc.frame.Close()
				total += len(sc.truth)
				for i, s := range detectorSettings {
					got, err := DetectMarkers(sc.frame, s.p)
					if err != nil {
						t.Fatalf("DetectMarkers(%s): %v", s.name, err)
					}
					missed := len(stats[i].missed)
					checkDetection(t, sc, got, s.minSide, maxCornerError(s.p), &stats[i])
					if s.minFound == 1 && len(stats[i].missed) > missed {
						t.Errorf("%s: markers not found: %v", s.name, stats[i].missed[missed:])
					}
				}
			})
		}
	}
	for i, s := range detectorSettings {
		st := stats[i]
		mean := st.errSum / float64(st.corners)
		t.Logf("%s: found %d of %d required markers (of %d), mean corner error %.2f px, worst %.2f px",
			s.name, st.found, st.required, total, mean, st.worstErr)
		if found := float64(st.found) / float64(st.required); found < s.minFound {
			t.Errorf("%s: found %.3f of the required markers, want at least %.2f; missed %v", s.name, found, s.minFound, st.missed)
		}
		// The size limits must not excuse most markers, or the test proves little.
		if st.required < total*3/4 {
			t.Errorf("%s: only %d of %d markers are at least %.0f px long; make the scenes larger", s.name, st.required, total, s.minSide)
		}
		want := meanUnrefinedError
		if s.p.RefineCorners && !(s.p.Downscale && s.p.HalvedCorners) {
			want = meanRefinedError
		}
		if mean > want {
			t.Errorf("%s: mean corner error %.2f px, want at most %.1f", s.name, mean, want)
		}
	}
}

// TestQuietZone backs the rule in package markers. Cards lie on a table as
// dark as the ink. A card is either a rectangle much wider than its marker
// (like a word card) or a square exactly around the marker, the hardest case:
// its edge is a second square outline next to the marker's.
func TestQuietZone(t *testing.T) {
	const cell = 12 // pixels per cell on the flat sheet
	for _, tc := range []struct {
		name     string
		quarters int  // white paper around the marker, in quarter cells
		square   bool // the card is a square exactly around the marker
		found    bool
	}{
		{"one cell", 4 * markers.QuietZone, false, true},
		{"one cell, square card", 4 * markers.QuietZone, true, true},
		{"quarter cell", 1, false, true},
		{"half cell, square card", 2, true, false},
		{"three quarters, square card", 3, true, false},
		{"none", 0, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			side := markers.GridCells * cell
			zone := tc.quarters * cell / 4
			l := layout{rows: 5, cols: 5, cardW: side + 2*zone + 100, cardH: side + 2*zone, gap: 40,
				marker: side, margin: zone, table: 0, card: 230}
			if tc.square {
				l.cardW = side + 2*zone
			}
			rng := rand.New(rand.NewSource(7))
			ids := rng.Perm(markers.Count)[:25]
			sc := makeScene(t, rng, drawSheet(t, l, ids), degradation{rotate: 180, tilt: 25, fill: 0.8, blur: 0.8, noise: 2})
			defer sc.frame.Close()
			for _, s := range detectorSettings {
				got, err := DetectMarkers(sc.frame, s.p)
				if err != nil {
					t.Fatal(err)
				}
				if tc.found {
					var st detectionStats
					// A card edge a cell away pulls refined corners: this
					// test is about finding markers, so allow unrefined error.
					checkDetection(t, sc, got, s.minSide, maxUnrefinedError, &st)
					if len(st.missed) > 0 {
						t.Errorf("%s: markers not found: %v", s.name, st.missed)
					}
					if st.required < len(ids) {
						t.Errorf("%s: only %d of %d markers are large enough to count", s.name, st.required, len(ids))
					}
				} else if len(got) != 0 {
					t.Errorf("%s: found %d markers, want 0", s.name, len(got))
				}
			}
		})
	}
}

func TestDetectMarkersBadInput(t *testing.T) {
	closed := gocv.NewMatWithSize(10, 10, gocv.MatTypeCV8U)
	closed.Close()
	for _, tc := range []struct {
		name string
		mat  func() gocv.Mat
		p    DetectorParams
		img  bool // the error wraps ErrImage
	}{
		{"empty", gocv.NewMat, DetectorParams{}, true},
		{"zero Mat", func() gocv.Mat { return gocv.Mat{} }, DetectorParams{}, true},
		{"closed", func() gocv.Mat { return closed }, DetectorParams{}, true},
		{"float", func() gocv.Mat { return gocv.NewMatWithSize(64, 64, gocv.MatTypeCV32F) }, DetectorParams{}, true},
		{"16-bit", func() gocv.Mat { return gocv.NewMatWithSize(64, 64, gocv.MatTypeCV16U) }, DetectorParams{}, true},
		{"two channels", func() gocv.Mat { return gocv.NewMatWithSize(64, 64, gocv.MatTypeCV8UC2) }, DetectorParams{}, true},
		{"one pixel downscaled", func() gocv.Mat { return gocv.NewMatWithSize(1, 1, gocv.MatTypeCV8U) }, DetectorParams{Downscale: true}, true},
		{"one row downscaled", func() gocv.Mat { return gocv.NewMatWithSize(1, 500, gocv.MatTypeCV8U) }, DetectorParams{Downscale: true}, true},
		{"negative window", func() gocv.Mat { return gocv.NewMatWithSize(64, 64, gocv.MatTypeCV8U) }, DetectorParams{WindowMin: -3}, false},
		{"negative MaxSide", func() gocv.Mat { return gocv.NewMatWithSize(64, 64, gocv.MatTypeCV8U) }, DetectorParams{MaxSide: -1}, false},
		{"MaxSide below MinSide", func() gocv.Mat { return gocv.NewMatWithSize(64, 64, gocv.MatTypeCV8U) }, DetectorParams{MinSide: 20, MaxSide: 10}, false},
		{"window too small", func() gocv.Mat { return gocv.NewMatWithSize(64, 64, gocv.MatTypeCV8U) }, DetectorParams{WindowMin: 2, WindowMax: 2}, false},
		{"min above max", func() gocv.Mat { return gocv.NewMatWithSize(64, 64, gocv.MatTypeCV8U) }, DetectorParams{WindowMin: 15, WindowMax: 9}, false},
		{"min above default max", func() gocv.Mat { return gocv.NewMatWithSize(64, 64, gocv.MatTypeCV8U) }, DetectorParams{WindowMin: 31}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.mat()
			defer m.Close()
			got, err := DetectMarkers(m, tc.p)
			if err == nil {
				t.Fatalf("DetectMarkers = %v, nil; want an error", got)
			}
			if errors.Is(err, ErrImage) != tc.img {
				t.Errorf("DetectMarkers = %v; errors.Is(err, ErrImage) = %v, want %v", err, !tc.img, tc.img)
			}
		})
	}
}

// TestDetectMarkersTinyAndBlank: images with nothing to find are not errors.
func TestDetectMarkersTinyAndBlank(t *testing.T) {
	for _, tc := range []struct {
		rows, cols int
		typ        gocv.MatType
		p          DetectorParams
	}{
		{1, 1, gocv.MatTypeCV8U, DetectorParams{}},
		{2, 2, gocv.MatTypeCV8U, TunedParams()},
		{3, 1000, gocv.MatTypeCV8UC3, DetectorParams{}},
		{480, 640, gocv.MatTypeCV8UC4, TunedParams()},
	} {
		m := gocv.NewMatWithSize(tc.rows, tc.cols, tc.typ)
		got, err := DetectMarkers(m, tc.p)
		m.Close()
		if err != nil || len(got) != 0 {
			t.Errorf("DetectMarkers(%dx%d blank) = %v, %v; want none, nil", tc.cols, tc.rows, got, err)
		}
	}
}
