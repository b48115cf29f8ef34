package scene

import (
	"fieldkit/markers"
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand"

	"gocv.io/x/gocv"
)

// Scene makes the scene of p. The caller closes it.
func (g *Generator) Scene(p Params) (*Scene, error) {
	if p.Size.X < 64 || p.Size.Y < 64 || p.Fill <= 0 || p.Fill > 1 {
		return nil, fmt.Errorf("scene: frame %v with fill %.2f is not a picture", p.Size, p.Fill)
	}
	rng := rand.New(rand.NewSource(p.Seed))
	pieces, pitch, seatSide, err := g.tableLayout(rng, p)
	if err != nil {
		return nil, err
	}
	// Frame what lies on the table, tokens and seat marker included.
	var outline [][2]float64
	for _, pc := range pieces {
		w, h := cardW, cardH
		if !pc.card && (pc.row < 0 || pc.id >= markers.MaxFaces && !isCover(g.kind(pc.id))) {
			w, h = token, token
		}
		m := pieceMap(pc, w, h)
		for _, c := range [4][2]float64{{0, 0}, {w, 0}, {w, h}, {0, h}} {
			x, y := m.apply(c[0], c[1])
			outline = append(outline, [2]float64{x, y})
		}
	}
	// The default seat A side must be clearly the lowest in the frame
	// (also with a seat marker, which may be hidden): turn the camera again
	// while two sides are about as low.
	var cam camera
	for try := 0; ; try++ {
		rot := p.Rotate*math.Pi/180 + float64(try)*0.13
		cam = newCamera(rng, p, rot, outline)
		if try > 20 || lowestMargin(cam, pitch) > 0.04*float64(p.Size.Y) {
			break
		}
	}
	sc := &Scene{Params: p}
	sc.Truth, err = g.draw(sc, rng, cam, pieces, pitch, seatSide)
	if err != nil {
		sc.Frame.Close()
		return nil, err
	}
	return sc, nil
}

// lowestMargin returns how much lower in the frame the lowest side's middle
// lies than the next lowest.
func lowestMargin(cam camera, pitch [2]float64) float64 {
	var ys []float64
	for _, n := range sideNormals {
		_, y := cam.apply(n[0]*2.5*pitch[0], n[1]*2.5*pitch[1])
		ys = append(ys, y)
	}
	a, b := math.Inf(-1), math.Inf(-1)
	for _, y := range ys {
		if y > a {
			a, b = y, a
		} else if y > b {
			b = y
		}
	}
	return a - b
}

// draw renders the pieces through cam, degrades the frame, and works out the truth.
func (g *Generator) draw(sc *Scene, rng *rand.Rand, cam camera, pieces []placed, pitch [2]float64, seatSide int) (Truth, error) {
	p := sc.Params
	W, H := p.Size.X, p.Size.Y
	// The table: a colour of wood, cloth or laminate.
	tables := []color.RGBA{{92, 120, 150, 255}, {60, 90, 60, 255}, {120, 120, 120, 255}, {50, 60, 110, 255}, {150, 160, 170, 255}}
	tc := tables[rng.Intn(len(tables))]
	sc.Frame = gocv.NewMatWithSizeFromScalar(gocv.NewScalar(float64(tc.B), float64(tc.G), float64(tc.R), 0), H, W, gocv.MatTypeCV8UC3)
	if p.Texture != Plain {
		texture(sc.Frame, rng, p.Texture)
	}

	// Face resolution: the lowest at least 1.3 times the frame's pixels per
	// millimetre at the grid's middle.
	x0, y0 := cam.apply(0, 0)
	x1, y1 := cam.apply(10, 0)
	pxmm := math.Hypot(x1-x0, y1-y0) / 10
	dpi := faceDPIs[len(faceDPIs)-1]
	for _, d := range faceDPIs {
		if float64(d)/25.4 >= 1.3*pxmm {
			dpi = d
			break
		}
	}

	type outline struct{ quad [4][2]float64 }
	var outlines []outline // every piece drawn so far, for occlusion
	var truths []MarkerTruth
	var owners []int // index of the piece each marker is printed on
	for i, pc := range pieces {
		f, err := g.faceFor(pc.id, dpi)
		if pc.back {
			f, err = g.backFace(dpi)
		}
		if err != nil {
			return Truth{}, err
		}
		toTable := pieceMap(pc, f.w, f.h)
		toFrame := cam.mul(toTable)
		// Face pixel (i, j) is centred on millimetre ((i+0.5)w/cols, (j+0.5)h/rows).
		sx, sy := f.w/float64(f.mat.Cols()), f.h/float64(f.mat.Rows())
		fromPix := camera{sx, 0, 0.5 * sx, 0, sy, 0.5 * sy, 0, 0, 1}
		var q [4][2]float64
		for k, c := range [4][2]float64{{0, 0}, {f.w, 0}, {f.w, f.h}, {0, f.h}} {
			q[k][0], q[k][1] = toFrame.apply(c[0], c[1])
		}
		if err := warpInto(sc.Frame, f.mat, toFrame.mul(fromPix), q); err != nil {
			return Truth{}, err
		}
		outlines = append(outlines, outline{q})
		for _, m := range f.markers {
			var mt MarkerTruth
			mt.ID = m.id
			for k, c := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
				mt.Corners[k][0], mt.Corners[k][1] = toFrame.apply(m.x+c[0]*m.s/2, m.y+c[1]*m.s/2)
			}
			truths = append(truths, mt)
			owners = append(owners, i)
		}
	}

	// Occluders and light, then the camera's own faults.
	var hand [][][2]float64
	if p.Hand {
		hand = drawHand(sc.Frame, rng, cam, pieces)
	}
	for range p.Hands {
		hand = append(hand, drawHand(sc.Frame, rng, cam, pieces)...)
	}
	glare := gocv.NewMat()
	defer glare.Close()
	if err := light(sc.Frame, rng, p, &glare); err != nil {
		return Truth{}, err
	}
	glints(sc.Frame, rng, p, cam, pitch, &glare)
	tint(sc.Frame, p.Tint)
	var lens func([2]float64) [2]float64
	if p.Lens != 0 {
		lens = distort(&sc.Frame, p.Lens)
	}
	blurEff := degrade(sc.Frame, rng, p)
	if p.JPEG > 0 {
		opts := []int{gocv.IMWriteJpegQuality, p.JPEG}
		if p.Chroma > 0 {
			opts = append(opts, gocv.IMWriteJpegChromaQuality, p.Chroma)
		}
		buf, err := gocv.IMEncodeWithParams(gocv.JPEGFileExt, sc.Frame, opts)
		if err != nil {
			return Truth{}, fmt.Errorf("scene: JPEG encoding: %w", err)
		}
		dec, err := gocv.IMDecode(buf.GetBytes(), gocv.IMReadColor)
		buf.Close()
		if err != nil {
			return Truth{}, fmt.Errorf("scene: JPEG decoding: %w", err)
		}
		sc.Frame.Close()
		sc.Frame = dec
	}

	// Legibility of every marker. Dim light and sensor noise ask for
	// larger markers: the size limits grow with the noise over the
	// black-to-white contrast at the darkest corner.
	contrast := 200.0
	if p.Light != 0 {
		contrast *= p.Light
	}
	if p.Gradient != 0 {
		contrast *= p.Gradient
	}
	need := math.Max(minLegibleSide, 16*blurEff) * (1 + 2*math.Max(p.Noise, 1)/contrast)
	for k := range truths {
		mt := &truths[k]
		samples := markerSamples(mt.Corners)
		if lens != nil {
			// Occluders and glare are known before the lens; where the
			// marker lands and how large it is, after.
			for c := range mt.Corners {
				mt.Corners[c] = lens(mt.Corners[c])
			}
		}
		mt.Side = shortestSide(mt.Corners)
		switch {
		case !insideFrame(mt.Corners, W, H, 3):
			mt.Why = "outside the frame"
		case mt.Side < need:
			mt.Why = fmt.Sprintf("%.0f px, below %.0f px for blur %.1f and noise %.0f over contrast %.0f", mt.Side, need, blurEff, p.Noise, contrast)
		case anyInside(samples, hand):
			mt.Why = "under a hand"
		case glareAt(&glare, samples, W, H) > maxGlare:
			mt.Why = "under glare"
		default:
			mt.Legible = true
		}
		if mt.Legible {
			for j := owners[k] + 1; j < len(outlines); j++ {
				if anyInside(samples, [][][2]float64{outlines[j].quad[:]}) {
					mt.Legible, mt.Why = false, "under another piece"
					break
				}
			}
		}
	}
	t := g.truth(p, cam, pieces, truths, owners, pitch, seatSide)
	if lens != nil {
		for _, v := range []*View{&t.View, &t.Default, t.BySeatMarker} {
			if v == nil {
				continue
			}
			for c := range v.Corners {
				v.Corners[c] = lens(v.Corners[c])
			}
		}
	}
	return t, nil
}

// minLegibleSide is the shortest marker side, in pixels, that the truth
// counts as legible (package scan's full-size detector finds every marker of
// 28 pixels). A blurred marker must also be at least 16 times the blur's
// standard deviation (a marker cell at least 2.3 sigma wide); both limits
// grow by a factor 1 + 2 noise/contrast in dim, noisy frames.
const minLegibleSide = 30

// maxGlare is the glare, in grey levels added, beyond which a marker counts
// as washed out.
const maxGlare = 60

// warpBox returns the part of dst that quad (a piece's outline in dst)
// covers, and the homography (as a Mat; the caller closes it) from src
// pixels to that part's pixels; ok is false when quad lies outside dst.
func warpBox(dst gocv.Mat, m camera, quad [4][2]float64) (r image.Rectangle, hm gocv.Mat, ok bool) {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range quad {
		minX, maxX = math.Min(minX, q[0]), math.Max(maxX, q[0])
		minY, maxY = math.Min(minY, q[1]), math.Max(maxY, q[1])
	}
	r = image.Rect(int(math.Floor(minX))-1, int(math.Floor(minY))-1, int(math.Ceil(maxX))+2, int(math.Ceil(maxY))+2)
	r = r.Intersect(image.Rect(0, 0, dst.Cols(), dst.Rows()))
	if r.Empty() {
		return r, gocv.Mat{}, false
	}
	shifted := camera{1, 0, -float64(r.Min.X), 0, 1, -float64(r.Min.Y), 0, 0, 1}.mul(m)
	hm = gocv.NewMatWithSize(3, 3, gocv.MatTypeCV64F)
	for i, v := range shifted {
		hm.SetDoubleAt(i/3, i%3, v)
	}
	return r, hm, true
}

// warpInto draws src into the part of dst that quad (src's outline in dst)
// covers, mapping src pixels by m.
func warpInto(dst, src gocv.Mat, m camera, quad [4][2]float64) error {
	r, hm, ok := warpBox(dst, m, quad)
	if !ok {
		return nil
	}
	defer hm.Close()
	roi := dst.Region(r)
	defer roi.Close()
	gocv.WarpPerspectiveWithParams(src, &roi, hm, r.Size(), gocv.InterpolationLinear, gocv.BorderTransparent, color.RGBA{})
	return nil
}

// warpRound draws a round token: src through m, only inside its circle.
func warpRound(dst, src gocv.Mat, m camera, quad [4][2]float64) error {
	r, hm, ok := warpBox(dst, m, quad)
	if !ok {
		return nil
	}
	defer hm.Close()
	mask := gocv.NewMatWithSize(src.Rows(), src.Cols(), gocv.MatTypeCV8UC1)
	defer mask.Close()
	mask.SetTo(gocv.NewScalar(0, 0, 0, 0))
	gocv.Circle(&mask, image.Pt(src.Cols()/2, src.Rows()/2), min(src.Cols(), src.Rows())/2, color.RGBA{255, 255, 255, 0}, -1)
	warped, wmask := gocv.NewMat(), gocv.NewMat()
	defer warped.Close()
	defer wmask.Close()
	gocv.WarpPerspective(src, &warped, hm, r.Size())
	gocv.WarpPerspectiveWithParams(mask, &wmask, hm, r.Size(), gocv.InterpolationNearestNeighbor, gocv.BorderConstant, color.RGBA{})
	roi := dst.Region(r)
	defer roi.Close()
	warped.CopyToWithMask(&roi, wmask)
	return nil
}

func shortestSide(c [4][2]float64) float64 {
	s := math.Inf(1)
	for i := range 4 {
		j := (i + 1) % 4
		s = math.Min(s, math.Hypot(c[j][0]-c[i][0], c[j][1]-c[i][1]))
	}
	return s
}

func insideFrame(c [4][2]float64, w, h int, margin float64) bool {
	for _, p := range c {
		if p[0] < margin || p[1] < margin || p[0] > float64(w)-1-margin || p[1] > float64(h)-1-margin {
			return false
		}
	}
	return true
}

// markerSamples returns a 9x9 grid of points over a marker and its quiet
// zone (one cell around the 7x7 marker), by bilinear interpolation of its
// corners.
func markerSamples(c [4][2]float64) [][2]float64 {
	var out [][2]float64
	for i := range 9 {
		for j := range 9 {
			// -1/7 .. 8/7 of the marker's side: one cell beyond each edge.
			u, v := float64(j)/8*9/7-1.0/7, float64(i)/8*9/7-1.0/7
			top := [2]float64{c[0][0] + (c[1][0]-c[0][0])*u, c[0][1] + (c[1][1]-c[0][1])*u}
			bot := [2]float64{c[3][0] + (c[2][0]-c[3][0])*u, c[3][1] + (c[2][1]-c[3][1])*u}
			out = append(out, [2]float64{top[0] + (bot[0]-top[0])*v, top[1] + (bot[1]-top[1])*v})
		}
	}
	return out
}

// anyInside reports whether any point lies inside any of the polygons.
func anyInside(pts [][2]float64, polys [][][2]float64) bool {
	for _, poly := range polys {
		for _, p := range pts {
			if inPolygon(p, poly) {
				return true
			}
		}
	}
	return false
}

func inPolygon(p [2]float64, poly [][2]float64) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a[1] > p[1]) != (b[1] > p[1]) && p[0] < (b[0]-a[0])*(p[1]-a[1])/(b[1]-a[1])+a[0] {
			in = !in
		}
	}
	return in
}
