package codenames_test

import (
	"image"
	"math"
	"testing"

	"fieldkit/internal/scene"
	"fieldkit/markers"
	"fieldkit/scan/codenames"

	"gocv.io/x/gocv"
)

// TestSeatLookRead: the default scanner, and one that needs the seat
// (RequireSeat), read a phone photo's seat marker that only the seat look
// (seatlook.go) decodes: a synthetic 12 MP grid whose seat marker is faded
// to a few grey levels under noise, as rendered photos 200489 (a glossy
// blue token), 100065 and tune 17 show theirs. The look needs the grid the
// first read found; a first read that refused the photo for its missing
// seat marker left the look no strips to search, and every such photo was
// refused (seen: it fails so when the first read refuses). Until session
// 13 the look ran only for RequireSeat (seen: the default scanner's half
// fails then, the grid read without its seat marker).
func TestSeatLookRead(t *testing.T) {
	d := testDeck(t)
	g := scene.NewGenerator(d)
	defer g.Close()
	for _, seed := range []int64{1, 2, 3} {
		p := scene.Params{Seed: seed, Layout: scene.Grid, Size: scene.Size12MP, Fill: 0.7, Dist: 2, Gap: 5, Covers: 6, Seat: true, Rotate: 90 * float64(seed)}
		sc, err := g.Scene(p)
		if err != nil {
			t.Fatal(err)
		}
		if !fadeSeat(sc) {
			t.Fatalf("seed %d: no legible seat marker laid", seed)
		}
		plain, err := (&codenames.Scanner{Deck: codenames.FromDeck(d)}).Scan(sc.Frame)
		if err != nil {
			t.Fatal(err)
		}
		if !plain.OK || !plain.SeatMarker {
			t.Errorf("seed %d: the default scanner reads ok %v (%s), seat marker %v: want the seat look's seat marker", seed, plain.OK, plain.Reason, plain.SeatMarker)
		}
		obs, err := (&codenames.Scanner{Deck: codenames.FromDeck(d), RequireSeat: true}).Scan(sc.Frame)
		if err != nil {
			t.Fatal(err)
		}
		if !obs.OK || !obs.SeatMarker {
			t.Errorf("seed %d: RequireSeat reads ok %v (%s), seat marker %v: want the seat look's seat marker", seed, obs.OK, obs.Reason, obs.SeatMarker)
		}
		sc.Close()
	}
}

// fadeSeat fades the seat marker's token in sc's frame to a few grey
// levels about its mean, under noise, and reports whether it found one.
func fadeSeat(sc *scene.Scene) bool {
	for _, m := range sc.Truth.Markers {
		if m.ID != markers.SeatID || !m.Legible {
			continue
		}
		minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, c := range m.Corners {
			minX, maxX = math.Min(minX, c[0]), math.Max(maxX, c[0])
			minY, maxY = math.Min(minY, c[1]), math.Max(maxY, c[1])
		}
		pad := (maxX - minX) * 0.6
		r := image.Rect(int(minX-pad), int(minY-pad), int(maxX+pad), int(maxY+pad)).Intersect(image.Rect(0, 0, sc.Frame.Cols(), sc.Frame.Rows()))
		roi := sc.Frame.Region(r)
		mean := roi.Mean()
		faded := gocv.NewMat()
		roi.ConvertToWithParams(&faded, gocv.MatTypeCV8UC3, seatFade, 0)
		lift := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(mean.Val1*(1-seatFade), mean.Val2*(1-seatFade), mean.Val3*(1-seatFade), 0), faded.Rows(), faded.Cols(), gocv.MatTypeCV8UC3)
		gocv.Add(faded, lift, &faded)
		noise := gocv.NewMatWithSize(faded.Rows(), faded.Cols(), gocv.MatTypeCV16SC3)
		gocv.RandN(&noise, gocv.NewScalar(0, 0, 0, 0), gocv.NewScalar(seatNoise, seatNoise, seatNoise, 0))
		wide := gocv.NewMat()
		faded.ConvertTo(&wide, gocv.MatTypeCV16SC3)
		gocv.Add(wide, noise, &wide)
		wide.ConvertTo(&roi, gocv.MatTypeCV8UC3)
		for _, m := range []gocv.Mat{faded, lift, noise, wide, roi} {
			m.Close()
		}
		return true
	}
	return false
}

// seatFade is the share of its contrast the faded seat marker keeps, and
// seatNoise the noise over it (grey levels).
const (
	seatFade  = 0.06
	seatNoise = 5
)
