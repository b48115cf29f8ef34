// Package insidejob makes synthetic camera frames of an Inside Job table,
// with their ground truth, to test and measure the trick reader
// (fieldkit/scan/insidejob): 2-5 seat tokens (and the Larry standee in a
// 2-player game) around an oval play area, the card each seat played lying
// next to its token at any angle, intel tokens wagered on cards and held in
// front of the seats, the active mission in the middle, and beside them the
// player aid, face-down piles, a peeked role card and the mission the lead
// rejected, in plain view. Every piece is rendered from the real printed
// faces (package printgen/insidejob) and the frame is degraded as the
// Codenames scenes are (scene.Degrade).
package insidejob

import (
	"fmt"
	"image"
	"math"
	"math/rand"

	"fieldkit/internal/scene"
	"fieldkit/markers"
	pj "fieldkit/printgen"
	pij "fieldkit/printgen/insidejob"

	"gocv.io/x/gocv"
)

// HeldOut is the first seed of the held-out set: tuning looks only at seeds
// below it; the accuracy test's -heldout flag runs seeds from it on.
const HeldOut = 1 << 20

// Params are every choice behind one scene.
type Params struct {
	Seed    int64
	Players int         // 2..5; a 2-player table has the Larry standee as a third seat
	Size    image.Point // frame size in pixels
	Fill    float64     // the trick area's bounding box over the frame, 0..1
	Rotate  float64     // in-plane rotation, degrees
	Tilt    float64     // camera tilt from straight down, degrees
	Dist    float64     // camera distance over the trick area's larger side
	Extras  bool        // a peeked role card, the rejected mission, the aid and piles lie in view (with a Table: its Secret and Aid, and the piles)
	Hands   int         // hands reaching over the trick (to play a card, to take the trick)
	Surface scene.Texture
	// Damage holds the degradations (Blur, Motion, Noise, Light,
	// Gradient, Glare, Tint, Lens, JPEG, Chroma), applied by
	// scene.Degrade; its other fields are not used.
	Damage scene.Params
	// Table, when set, says what lies on the table instead of drawing it:
	// one moment of a real game.
	Table *Table
	// Rulebook lays a 2-player table out as the rulebook does
	// (002:L457-461): the two players opposite each other (give or take 15
	// degrees), Larry's standee in front of the second player, 110 to 170
	// mm to their right, and Larry's deck beyond it.
	Rulebook bool
	// Pawn lays Larry's standee beside the seat token of the lead in a game
	// of 3 to 5 players, where it marks who leads (002:L286): no place.
	Pawn bool
	// Echo lays a phone on the table whose screen shows one of the intel
	// tokens held in front of a seat (the host page's photo): one token,
	// its marker seen twice.
	Echo bool
}

// Table is what lies on the table at one moment of a game: the active
// mission, the cards played so far with their wagers, the intel in front of
// each seat, and secrets in plain view. Everything else (where the pieces
// lie, the camera, the light) is still drawn from the seed.
type Table struct {
	Mission int         // the active mission's marker id; 0 for none
	Plays   []TablePlay // the cards played, at most one per seat
	Held    map[int]int // intel tokens in front of each seat (1..5)
	Secret  []int       // more ids lying in view, e.g. a peeked role card and the rejected mission
	Aid     bool        // the player aid lies in view
}

// TablePlay is a card played: its seat (1..5, 0 for Larry), its marker id
// and the number (1..14) of the intel token on it, 0 for none.
type TablePlay struct {
	Seat, ID, Token int
}

// play returns seat s's play, if any.
func (t *Table) play(s int) (TablePlay, bool) {
	for _, p := range t.Plays {
		if p.Seat == s {
			return p, true
		}
	}
	return TablePlay{}, false
}

// Random draws the parameters of one scene: a 1080p webcam frame or a 12 MP
// phone photo of a table of 2 to 5 players, mostly square to the camera,
// with the degradations of the Codenames widened tables (scene.Wide): dim
// and coloured light, heavy JPEG with subsampled chroma, lens distortion,
// wood, cloth or glass, phones held at an angle, hands over the trick.
func Random(seed int64) Params {
	rng := rand.New(rand.NewSource(seed))
	p := Params{Seed: seed, Players: 2 + rng.Intn(4), Size: scene.Size1080p, Extras: rng.Float64() < 0.8}
	if rng.Float64() < 0.5 {
		p.Size = scene.Size12MP
	}
	p.Fill = 0.85 + 0.13*rng.Float64()
	if p.Size == scene.Size1080p {
		// A webcam on a stand at one end of the table, the play area's
		// long side across the frame, turned up to 15 degrees.
		p.Rotate = 180*float64(rng.Intn(2)) + 30*(rng.Float64()-0.5)
	} else {
		// A phone held over the table: mostly square to it, sometimes
		// any way.
		p.Rotate = 90*float64(rng.Intn(4)) + 30*(rng.Float64()-0.5)
		if rng.Float64() < 0.3 {
			p.Rotate = 360 * rng.Float64()
		}
	}
	p.Tilt = 35 * math.Sqrt(rng.Float64())
	p.Dist = 1.5 + 1.5*rng.Float64()
	d := &p.Damage
	px := math.Max(float64(p.Size.X)/1920, 1)
	if rng.Float64() < 0.4 {
		d.Blur = (0.3 + 0.7*rng.Float64()) * px
	}
	if rng.Float64() < 0.1 {
		d.Motion = int((2 + 3*rng.Float64()) * px)
	}
	d.Noise = 5 * rng.Float64()
	d.Light = 0.5 + 0.5*rng.Float64()
	if rng.Float64() < 0.2 {
		d.Gradient = 0.6 + 0.3*rng.Float64()
	}
	if rng.Float64() < 0.15 {
		d.Glare = 1
	}
	d.JPEG = 70 + rng.Intn(26)
	// The widened table, drawn after the rest so that every earlier
	// choice of a seed stays as it was.
	if p.Size == scene.Size12MP && rng.Float64() < 0.3 {
		p.Tilt = 30 + 15*rng.Float64() // a phone held at an angle
	}
	if rng.Float64() < 0.25 {
		d.Light = 0.3 + 0.2*rng.Float64() // a dim room
	}
	if rng.Float64() < 0.35 {
		for c := range d.Tint {
			d.Tint[c] = 0.55 + 0.45*rng.Float64()
		}
	}
	if rng.Float64() < 0.3 {
		d.JPEG = 30 + rng.Intn(31)
	}
	if rng.Float64() < 0.5 {
		d.Chroma = max(d.JPEG-20, 15)
	}
	if rng.Float64() < 0.35 {
		d.Lens = 0.08 * (2*rng.Float64() - 1)
	}
	switch r := rng.Float64(); {
	case r < 0.1:
		p.Hands = 2
	case r < 0.35:
		p.Hands = 1
	}
	p.Surface = scene.Texture(rng.Intn(4))
	// Issue 25's tables, drawn after the rest again: 2-player tables laid
	// out by the rulebook, Larry's standee as the lead's marker, a token
	// seen twice, a phone far above the table and tilted (seat markers of
	// 30 to 45 px), and a dimmer room still.
	switch {
	case p.Players == 2 && rng.Float64() < 0.6:
		p.Rulebook = true
	case p.Players > 2 && rng.Float64() < 0.3:
		p.Pawn = true
	}
	p.Echo = rng.Float64() < 0.15
	if p.Size == scene.Size12MP && rng.Float64() < 0.15 {
		p.Fill = 0.4 + 0.15*rng.Float64()
		p.Tilt = 38 + 7*rng.Float64()
	}
	if rng.Float64() < 0.1 {
		d.Light = 0.2 + 0.1*rng.Float64()
	}
	return p
}

// Scene is one synthetic frame and its ground truth.
type Scene struct {
	Params Params
	Frame  gocv.Mat // BGR; the caller closes it
	Truth  Truth
}

// Close releases the frame.
func (s *Scene) Close() { s.Frame.Close() }

// Truth is what lies on the table and what a camera could read of it.
type Truth struct {
	// Seats are the seat numbers on the table (1..Players, and 0 for the
	// Larry standee); SeatLegible says, by seat, whether its marker can be read.
	Seats       []int
	SeatLegible map[int]bool
	// Plays are the cards played, one per seat at most.
	Plays []PlayTruth
	// Mission is the active mission's marker id; MissionLegible whether
	// its marker can be read.
	Mission        int
	MissionLegible bool
	// Players is the player aid's count when an aid lies legible in view, else 0.
	Players int
	// Secret lists the ids that lie in view but that the reader must never
	// keep (the peeked role, the rejected mission); SecretLegible counts
	// their markers that can be read.
	Secret        []int
	SecretLegible int
	// Readable says whether every seat token, both markers of every played
	// card, every wagered token and the mission can be read: a trick a
	// reader must read fully. Why says why not.
	Readable bool
	Why      string
	// Intel counts the intel tokens on the table that lie on no card;
	// Counted says it was counted (a truth from another source, e.g. a
	// rendered scene's, may not count them).
	Intel   int
	Counted bool
	// Pawn says Larry's standee lies on a table of 3 to 5 players, as the
	// lead's marker; Echo that a phone's screen shows an intel token again.
	Pawn, Echo bool
	// Markers lists every marker in the frame with its legibility.
	Markers []scene.MarkerTruth
}

// PlayTruth is one played card.
type PlayTruth struct {
	Seat  int // 1..5, 0 for Larry
	ID    int // the card's marker id
	Token int // the wagered intel token's number, 0 for none
	// Legible counts the card's legible markers (0..2); TokenLegible says
	// whether the wagered token's marker can be read.
	Legible      int
	TokenLegible bool
}

// Generator makes scenes from a printed Inside Job set. It caches rendered
// faces; Close releases them. It is not safe for concurrent use.
type Generator struct {
	faces map[int]*pij.Face          // by marker id
	backs map[markers.Kind]*pij.Face // card backs by kind
	cache map[faceKey]gocv.Mat
}

type faceKey struct {
	name string
	dpi  int
}

// NewGenerator returns a generator of the English printed set.
func NewGenerator() (*Generator, error) {
	set, err := pij.New("en", pj.Options{})
	if err != nil {
		return nil, err
	}
	g := &Generator{faces: map[int]*pij.Face{}, backs: map[markers.Kind]*pij.Face{}, cache: map[faceKey]gocv.Mat{}}
	for _, sec := range set.Sections() {
		for _, f := range sec.Faces() {
			if f.Back {
				g.backs[f.Kind] = f
				continue
			}
			for _, m := range f.Marks {
				g.faces[m.ID] = f
			}
		}
	}
	return g, nil
}

// Close releases the cached faces.
func (g *Generator) Close() {
	for k, m := range g.cache {
		m.Close()
		delete(g.cache, k)
	}
}

func (g *Generator) render(f *pij.Face, dpi int) (gocv.Mat, error) {
	k := faceKey{f.Name, dpi}
	if m, ok := g.cache[k]; ok {
		return m, nil
	}
	img, err := pj.RenderFace(f.Face, dpi, 0, false)
	if err != nil {
		return gocv.Mat{}, err
	}
	m, err := gocv.ImageToMatRGB(img)
	if err != nil {
		return gocv.Mat{}, fmt.Errorf("scene: %s: %w", f.Name, err)
	}
	g.cache[k] = m
	return m, nil
}

// placed is a face on the table: its centre and turn in table millimetres.
type placed struct {
	face   *pij.Face
	cx, cy float64
	angle  float64
	round  bool // a round token
	role   int  // what it is for the truth
	seat   int  // roleCard, roleSeat: whose
}

const (
	roleOther = iota
	roleSeat
	roleCard
	roleWager
	roleMission
	roleAid
	roleSecret
	roleHeld // an intel token in front of a seat
	rolePawn // Larry's standee as the lead's marker
)

func (pc placed) w() float64 { return pc.face.W }
func (pc placed) h() float64 { return pc.face.H }

// toTable maps face millimetres to table millimetres.
func (pc placed) toTable() [9]float64 {
	c, s := math.Cos(pc.angle), math.Sin(pc.angle)
	w, h := pc.w(), pc.h()
	return [9]float64{c, -s, pc.cx - c*w/2 + s*h/2, s, c, pc.cy - s*w/2 - c*h/2, 0, 0, 1}
}

// outline returns the piece's corners on the table, grown by m millimetres.
func (pc placed) outline(m float64) [4][2]float64 {
	t := pc.toTable()
	var out [4][2]float64
	for k, c := range [4][2]float64{{-m, -m}, {pc.w() + m, -m}, {pc.w() + m, pc.h() + m}, {-m, pc.h() + m}} {
		out[k][0], out[k][1] = apply(t, c[0], c[1])
	}
	return out
}

func apply(h [9]float64, x, y float64) (float64, float64) {
	w := h[6]*x + h[7]*y + h[8]
	return (h[0]*x + h[1]*y + h[2]) / w, (h[3]*x + h[4]*y + h[5]) / w
}

func mul(h, g [9]float64) [9]float64 {
	var r [9]float64
	for i := range 3 {
		for j := range 3 {
			for k := range 3 {
				r[3*i+j] += h[3*i+k] * g[3*k+j]
			}
		}
	}
	return r
}

// overlap reports whether two convex quads overlap (separating axes).
func overlap(a, b [4][2]float64) bool {
	for _, q := range [][4][2]float64{a, b} {
		for i := range 4 {
			j := (i + 1) % 4
			nx, ny := q[j][1]-q[i][1], q[i][0]-q[j][0]
			amin, amax := math.Inf(1), math.Inf(-1)
			bmin, bmax := math.Inf(1), math.Inf(-1)
			for k := range 4 {
				va := a[k][0]*nx + a[k][1]*ny
				vb := b[k][0]*nx + b[k][1]*ny
				amin, amax = math.Min(amin, va), math.Max(amax, va)
				bmin, bmax = math.Min(bmin, vb), math.Max(bmax, vb)
			}
			if amax < bmin || bmax < amin {
				return false
			}
		}
	}
	return true
}
