package scan

import (
	"image"
	"image/color"
	"math"
	"math/rand"
	"testing"

	"fieldkit/markers"

	"gocv.io/x/gocv"
)

// sheet is a flat top view of the table: a grid of white cards with one marker
// each, and where every marker's corners are.
type sheet struct {
	img   *image.Gray
	truth map[int][4]gocv.Point2f // marker corners, OpenCV pixel convention
}

// layout describes a sheet of cards.
type layout struct {
	rows, cols   int
	cardW, cardH int // pixels
	gap          int // pixels between cards and around the grid
	marker       int // marker side in pixels
	margin       int // card paper between the card's top-left edges and the marker
	table, card  uint8
}

// cardsLayout is 25 word cards (70 x 45 mm at about 3.7 px/mm) on a grey table,
// each with a 23 mm marker (12 px cells) in its top-left corner.
var cardsLayout = layout{rows: 5, cols: 5, cardW: 260, cardH: 168, gap: 30, marker: 84, margin: 20, table: 90, card: 235}

// drawSheet lays out len(ids) cards (row by row) and draws marker ids[i] on card i.
func drawSheet(t testing.TB, l layout, ids []int) sheet {
	t.Helper()
	w := l.cols*l.cardW + (l.cols+1)*l.gap
	h := l.rows*l.cardH + (l.rows+1)*l.gap
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = l.table
	}
	s := sheet{img: img, truth: make(map[int][4]gocv.Point2f)}
	for i, id := range ids {
		r, c := i/l.cols, i%l.cols
		x0 := l.gap + c*(l.cardW+l.gap)
		y0 := l.gap + r*(l.cardH+l.gap)
		card := image.Rect(x0, y0, x0+l.cardW, y0+l.cardH)
		for y := card.Min.Y; y < card.Max.Y; y++ {
			for x := card.Min.X; x < card.Max.X; x++ {
				img.SetGray(x, y, color.Gray{Y: l.card})
			}
		}
		m := image.Rect(x0+l.margin, y0+l.margin, x0+l.margin+l.marker, y0+l.margin+l.marker)
		if err := markers.Draw(img, id, m); err != nil {
			t.Fatalf("markers.Draw(%d): %v", id, err)
		}
		// Pixel x covers [x-0.5, x+0.5] in OpenCV's convention.
		a, b := float32(m.Min.X)-0.5, float32(m.Max.X)-0.5
		u, v := float32(m.Min.Y)-0.5, float32(m.Max.Y)-0.5
		s.truth[id] = [4]gocv.Point2f{{X: a, Y: u}, {X: b, Y: u}, {X: b, Y: v}, {X: a, Y: v}}
	}
	return s
}

// grayMat copies a Go gray image into a new CV_8UC1 Mat.
func grayMat(t testing.TB, img *image.Gray) gocv.Mat {
	t.Helper()
	w, h := img.Rect.Dx(), img.Rect.Dy()
	m := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8U)
	pix, err := m.DataPtrUint8()
	if err != nil {
		m.Close()
		t.Fatal(err)
	}
	for y := range h {
		copy(pix[y*w:(y+1)*w], img.Pix[y*img.Stride:y*img.Stride+w])
	}
	return m
}

// degradation is one way a camera frame differs from the printed sheet.
type degradation struct {
	name     string
	size     image.Point // frame size; zero means 1920x1080
	fill     float64     // sheet's bounding box / frame, 0 means 0.9
	rotate   float64     // in-plane rotation, degrees, uniform in ±rotate
	tilt     float64     // camera tilt from straight down, degrees
	blur     float64     // Gaussian blur sigma in pixels
	motion   int         // horizontal motion blur length in pixels
	noise    float64     // Gaussian noise sigma in grey levels
	light    float64     // brightness factor, 0 means 1
	gradient float64     // brightness at the far right relative to the left, 0 means none
	jpeg     int         // JPEG quality of a round trip, 0 means none
	bgr      bool        // hand the detector a 3-channel BGR frame
}

// scene is a synthetic camera frame and the true marker corners in it.
type scene struct {
	frame gocv.Mat
	truth map[int][4]gocv.Point2f
}

// makeScene photographs the sheet: perspective, then the degradations.
// The caller closes scene.frame.
func makeScene(t testing.TB, rng *rand.Rand, s sheet, d degradation) scene {
	t.Helper()
	size := d.size
	if size == (image.Point{}) {
		size = image.Pt(1920, 1080)
	}
	W, H := float64(s.img.Rect.Dx()), float64(s.img.Rect.Dy())
	src := []gocv.Point2f{{X: -0.5, Y: -0.5}, {X: float32(W) - 0.5, Y: -0.5}, {X: float32(W) - 0.5, Y: float32(H) - 0.5}, {X: -0.5, Y: float32(H) - 0.5}}

	// A pinhole camera looks at the sheet tilted by phi about its x axis, then
	// the picture turns by theta; the result is scaled into the frame.
	phi := d.tilt * math.Pi / 180
	theta := (2*rng.Float64() - 1) * d.rotate * math.Pi / 180
	dist := 1.5 * math.Max(W, H)
	dst := make([]gocv.Point2f, 4)
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	px := make([][2]float64, 4)
	for i, p := range src {
		X, Y := float64(p.X)-W/2, float64(p.Y)-H/2
		z := dist + Y*math.Sin(phi)
		u, v := dist*X/z, dist*Y*math.Cos(phi)/z
		u, v = u*math.Cos(theta)-v*math.Sin(theta), u*math.Sin(theta)+v*math.Cos(theta)
		px[i] = [2]float64{u, v}
		minX, maxX = math.Min(minX, u), math.Max(maxX, u)
		minY, maxY = math.Min(minY, v), math.Max(maxY, v)
	}
	fill := d.fill
	if fill == 0 {
		fill = 0.9
	}
	k := fill * math.Min(float64(size.X)/(maxX-minX), float64(size.Y)/(maxY-minY))
	ox := float64(size.X)/2 - k*(minX+maxX)/2 + (2*rng.Float64()-1)*0.02*float64(size.X)
	oy := float64(size.Y)/2 - k*(minY+maxY)/2 + (2*rng.Float64()-1)*0.02*float64(size.Y)
	for i, p := range px {
		dst[i] = gocv.Point2f{X: float32(ox + k*p[0]), Y: float32(oy + k*p[1])}
	}
	sv, dv := gocv.NewPoint2fVectorFromPoints(src), gocv.NewPoint2fVectorFromPoints(dst)
	defer sv.Close()
	defer dv.Close()
	hm := gocv.GetPerspectiveTransform2f(sv, dv)
	defer hm.Close()
	var h [3][3]float64
	for r := range 3 {
		for c := range 3 {
			h[r][c] = hm.GetDoubleAt(r, c)
		}
	}
	truth := make(map[int][4]gocv.Point2f, len(s.truth))
	for id, cs := range s.truth {
		var out [4]gocv.Point2f
		for i, p := range cs {
			x, y := float64(p.X), float64(p.Y)
			w := h[2][0]*x + h[2][1]*y + h[2][2]
			out[i] = gocv.Point2f{X: float32((h[0][0]*x + h[0][1]*y + h[0][2]) / w), Y: float32((h[1][0]*x + h[1][1]*y + h[1][2]) / w)}
		}
		truth[id] = out
	}

	flat := grayMat(t, s.img)
	defer flat.Close()
	frame := gocv.NewMat()
	tv := s.img.Pix[0] // the table colour is in the corner
	gocv.WarpPerspectiveWithParams(flat, &frame, hm, size, gocv.InterpolationLinear, gocv.BorderConstant, color.RGBA{tv, tv, tv, 255})

	if d.blur > 0 {
		gocv.GaussianBlur(frame, &frame, image.Point{}, d.blur, d.blur, gocv.BorderReplicate)
	}
	if d.motion > 1 {
		kernel := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(1/float64(d.motion), 0, 0, 0), 1, d.motion, gocv.MatTypeCV32F)
		gocv.Filter2D(frame, &frame, -1, kernel, image.Pt(-1, -1), 0, gocv.BorderReplicate)
		kernel.Close()
	}
	if d.light != 0 || d.gradient != 0 || d.noise != 0 {
		pix, err := frame.DataPtrUint8()
		if err != nil {
			frame.Close()
			t.Fatal(err)
		}
		light := d.light
		if light == 0 {
			light = 1
		}
		for y := range size.Y {
			for x := range size.X {
				v := float64(pix[y*size.X+x]) * light
				if d.gradient != 0 {
					v *= 1 - (1-d.gradient)*float64(x)/float64(size.X)
				}
				v += rng.NormFloat64() * d.noise
				pix[y*size.X+x] = uint8(math.Max(0, math.Min(255, math.Round(v))))
			}
		}
	}
	if d.jpeg > 0 {
		buf, err := gocv.IMEncodeWithParams(gocv.JPEGFileExt, frame, []int{gocv.IMWriteJpegQuality, d.jpeg})
		if err != nil {
			frame.Close()
			t.Fatal(err)
		}
		decoded, err := gocv.IMDecode(buf.GetBytes(), gocv.IMReadGrayScale)
		buf.Close()
		frame.Close()
		if err != nil {
			t.Fatal(err)
		}
		frame = decoded
	}
	if d.bgr {
		bgr := gocv.NewMat()
		gocv.CvtColor(frame, &bgr, gocv.ColorGrayToBGR)
		frame.Close()
		frame = bgr
	}
	return scene{frame: frame, truth: truth}
}
