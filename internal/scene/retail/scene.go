// Package retail makes synthetic camera frames of a Codenames table laid
// out with the boxed game's own cards, which carry no markers: a 5×5 grid
// of word cards in the retail layout (the word in a pale band, the same
// word upside down above it, on a beige card with a frame), some covered by
// cover cards (red or blue agents, bystanders, the assassin, the double
// agent) and perhaps the guess token, on a table, seen by a 1080p webcam or
// a 12 MP phone (perspective, blur, noise, glare, JPEG), with the truth:
// each cell's word and cover, and whether its word is legible. It is
// test material for the retail reader (scan/codenames/retail).
package retail

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand"

	"fieldkit/wordlists"

	"gocv.io/x/gocv"
)

// Grid geometry on the table, in millimetres.
const (
	Gap    = 5.0  // between neighbouring cards
	Token  = 16.0 // the guess token's diameter
	minCap = 12.0 // a legible word's cap height in the frame, pixels
)

// Covers are the cover kinds a scene lays, as the reading names them.
var Covers = []string{"red", "blue", "bystander", "assassin", "double"}

// Params chooses a scene. Everything else (words, covers, the camera, the
// light, the table) follows from Seed.
type Params struct {
	Seed          int64
	Lang          string // a built-in list: pl, cs, pt or en
	Width, Height int    // the frame, e.g. 1920×1080 or 4000×3000
}

// Cell is the truth of one cell, in the frame's order: row 0 is the grid's
// row nearest the frame's top.
type Cell struct {
	Word    string // the word card's word
	Cover   string // the cover card on it (one of Covers), "" for none
	Token   bool   // the guess token lies on it
	Legible bool   // the word is uncovered, and big and sharp enough to read (cap height ≥ 12 px and ≥ 8 blur sigmas)
}

// Truth is a scene's truth.
type Truth struct {
	Cells    [25]Cell
	Readable bool    // the whole grid lies in the frame
	Flipped  bool    // the table is seen from the far side (rotated 180°)
	CapPx    float64 // the word's cap height at the grid's near edge, pixels
}

// Scene is one frame and its truth.
type Scene struct {
	Params Params
	Words  []string // the 25 words in table order
	Frame  gocv.Mat // BGR; Close releases it
	Truth  Truth
}

// Close releases the frame.
func (s *Scene) Close() { s.Frame.Close() }

// tables are the table colours (BGR) a scene is laid on.
var tables = [][3]float64{{40, 62, 96}, {58, 92, 132}, {112, 108, 104}, {62, 92, 44}, {82, 56, 50}, {70, 60, 52}}

// Generate makes the scene of p.
func Generate(p Params) (*Scene, error) {
	list, err := wordlists.Builtin(p.Lang)
	if err != nil {
		return nil, err
	}
	if p.Width < 320 || p.Height < 240 {
		return nil, fmt.Errorf("retail: frame %d×%d too small", p.Width, p.Height)
	}
	rng := rand.New(rand.NewSource(p.Seed))
	perm := rng.Perm(len(list.Words))
	words := make([]string, 25)
	for i := range words {
		words[i] = list.Words[perm[i]]
	}
	sc := &Scene{Params: p, Words: words}
	cam := newCamera(rng, p)
	sc.Truth.Flipped = cam.flipped

	frame := tableFrame(rng, p)
	sc.Frame = frame
	covers := make([]string, 25)
	for i := range rng.Intn(14) {
		covers[perm[i+25]%25] = Covers[rng.Intn(len(Covers))]
	}
	token := -1
	if rng.Intn(2) == 0 {
		token = rng.Intn(25)
	}
	pxmm := math.Min(20, math.Max(4, cam.scale*1.3))
	capPx := 6.0 * cam.scale * cam.k
	sc.Truth.CapPx = capPx
	readable := true
	for i := range 25 {
		r, c := i/5, i%5
		cx := (float64(c)-2)*(CardW+Gap) + rng.NormFloat64()*0.8
		cy := (float64(r)-2)*(CardH+Gap) + rng.NormFloat64()*0.8
		rot := rng.NormFloat64() * 1.2 * math.Pi / 180
		face, err := WordFace(words[i], pxmm)
		if err != nil {
			frame.Close()
			return nil, err
		}
		q := cardQuad(cx, cy, rot, CardW, CardH)
		if !cam.inside(q, 2) {
			readable = false
		}
		if err := drawOn(frame, face, cam, q); err != nil {
			frame.Close()
			return nil, err
		}
		if covers[i] != "" {
			cf, err := CoverFace(covers[i], pxmm)
			if err != nil {
				frame.Close()
				return nil, err
			}
			rot2 := rot + rng.NormFloat64()*2*math.Pi/180
			q2 := cardQuad(cx+rng.NormFloat64()*1.5, cy+rng.NormFloat64()*1.5, rot2, CardW, CardH)
			if err := drawOn(frame, cf, cam, q2); err != nil {
				frame.Close()
				return nil, err
			}
		}
		if i == token {
			// on the card's picture, clear of the word's band
			tx := cx - 20 + (rng.Float64()-0.5)*6
			ty := cy - 8 + (rng.Float64()-0.5)*6
			if err := drawOn(frame, TokenFace(Token, pxmm), cam, cardQuad(tx, ty, 0, Token, Token)); err != nil {
				frame.Close()
				return nil, err
			}
		}
		ri, ci := r, c
		if cam.flipped {
			ri, ci = 4-r, 4-c
		}
		cell := &sc.Truth.Cells[ri*5+ci]
		cell.Word, cell.Cover, cell.Token = words[i], covers[i], i == token
		cell.Legible = covers[i] == "" && capPx >= minCap
	}
	sc.Truth.Readable = readable
	light(frame, rng, p)
	sigma := degrade(frame, rng, p)
	for i := range 25 {
		c := &sc.Truth.Cells[i]
		if c.Legible && (capPx/math.Max(sigma, 0.5) < 8) {
			c.Legible = false
		}
	}
	return sc, nil
}

// cardQuad is the corners (mm, clockwise from top left) of a w×h card
// centred at (cx, cy), turned by rot radians.
func cardQuad(cx, cy, rot, w, h float64) [4][2]float64 {
	s, c := math.Sin(rot), math.Cos(rot)
	var q [4][2]float64
	for i, d := range [4][2]float64{{-w / 2, -h / 2}, {w / 2, -h / 2}, {w / 2, h / 2}, {-w / 2, h / 2}} {
		q[i] = [2]float64{cx + c*d[0] - s*d[1], cy + s*d[0] + c*d[1]}
	}
	return q
}

// drawOn warps face onto frame where the table quad q (mm) lies.
func drawOn(frame gocv.Mat, face *image.RGBA, cam camera, q [4][2]float64) error {
	src, err := gocv.ImageToMatRGB(face)
	if err != nil {
		return fmt.Errorf("retail: %w", err)
	}
	defer src.Close()
	var img [4][2]float64
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i, p := range q {
		img[i] = cam.project(p)
		minX, maxX = math.Min(minX, img[i][0]), math.Max(maxX, img[i][0])
		minY, maxY = math.Min(minY, img[i][1]), math.Max(maxY, img[i][1])
	}
	r := image.Rect(int(minX)-1, int(minY)-1, int(maxX)+2, int(maxY)+2).Intersect(image.Rect(0, 0, frame.Cols(), frame.Rows()))
	if r.Empty() {
		return nil
	}
	w, h := float64(src.Cols()), float64(src.Rows())
	from := gocv.NewPoint2fVectorFromPoints([]gocv.Point2f{{X: 0, Y: 0}, {X: float32(w), Y: 0}, {X: float32(w), Y: float32(h)}, {X: 0, Y: float32(h)}})
	defer from.Close()
	pts := make([]gocv.Point2f, 4)
	for i, p := range img {
		pts[i] = gocv.Point2f{X: float32(p[0] - float64(r.Min.X)), Y: float32(p[1] - float64(r.Min.Y))}
	}
	to := gocv.NewPoint2fVectorFromPoints(pts)
	defer to.Close()
	hm := gocv.GetPerspectiveTransform2f(from, to)
	defer hm.Close()
	roi := frame.Region(r)
	defer roi.Close()
	// the face's alpha as a mask: a round token leaves the card under it
	alpha := make([]byte, src.Rows()*src.Cols())
	for i := range alpha {
		alpha[i] = face.Pix[i*4+3]
	}
	mask, err := gocv.NewMatFromBytes(src.Rows(), src.Cols(), gocv.MatTypeCV8UC1, alpha)
	if err != nil {
		return fmt.Errorf("retail: %w", err)
	}
	defer mask.Close()
	warped, wmask := gocv.NewMat(), gocv.NewMat()
	defer warped.Close()
	defer wmask.Close()
	gocv.WarpPerspectiveWithParams(src, &warped, hm, r.Size(), gocv.InterpolationLinear, gocv.BorderConstant, color.RGBA{})
	gocv.WarpPerspectiveWithParams(mask, &wmask, hm, r.Size(), gocv.InterpolationLinear, gocv.BorderConstant, color.RGBA{})
	gocv.Threshold(wmask, &wmask, 127, 255, gocv.ThresholdBinary)
	warped.CopyToWithMask(&roi, wmask)
	return nil
}
