package insidejob

import (
	"image"
	"math"
	"math/rand"

	"fieldkit/internal/scene"

	"gocv.io/x/gocv"
)

// echo lays a phone on the table whose screen shows one of the intel tokens
// held in front of a seat, as the host page shows the photo it read: the
// token's patch of the frame, scaled by 0.8 to 1, on a screen with a black
// rim, where it covers no piece of the trick. It returns the phone's outline
// in the frame; ok is false when no held token, or no free place, was found
// (then nothing is drawn). The patch holds no other marker.
func echo(frame gocv.Mat, rng *rand.Rand, pieces []placed, quads [][4][2]float64, marks []scene.MarkerTruth, owners []int) (q [4][2]float64, ok bool) {
	var held []int
	for i, pc := range pieces {
		if pc.role == roleHeld {
			held = append(held, i)
		}
	}
	if len(held) == 0 {
		return q, false
	}
	i := held[rng.Intn(len(held))]
	lo, hi := bounds(quads[i][:])
	cx, cy := (lo[0]+hi[0])/2, (lo[1]+hi[1])/2
	r := 0.75 * math.Max(hi[0]-lo[0], hi[1]-lo[1])
	src := image.Rect(int(cx-r), int(cy-r), int(cx+r), int(cy+r))
	W, H := frame.Cols(), frame.Rows()
	if !src.In(image.Rect(0, 0, W, H)) || src.Dx() < 16 {
		return q, false
	}
	for k, m := range marks {
		if owners[k] == i {
			continue
		}
		for _, c := range m.Corners {
			if image.Pt(int(c[0]), int(c[1])).In(src) {
				return q, false // another marker would be seen twice too
			}
		}
	}
	k := 0.8 + 0.2*rng.Float64()
	sw := int(k * float64(src.Dx()))
	rim := max(sw/8, 3)
	pw, ph := sw+2*rim, sw*2+2*rim // a phone's shape, the token in its upper half
	var keep [][4][2]float64
	for j, pc := range pieces {
		switch pc.role {
		case roleSeat, roleCard, roleWager, roleMission, roleHeld, rolePawn, roleAid:
			keep = append(keep, quads[j])
		}
	}
	for try := 0; try < 60; try++ {
		x, y := rng.Intn(max(W-pw, 1)), rng.Intn(max(H-ph, 1))
		if x+pw > W || y+ph > H {
			continue
		}
		q = [4][2]float64{{float64(x), float64(y)}, {float64(x + pw), float64(y)}, {float64(x + pw), float64(y + ph)}, {float64(x), float64(y + ph)}}
		clear := true
		for _, o := range keep {
			if overlap(q, o) {
				clear = false
				break
			}
		}
		if !clear {
			continue
		}
		patch := frame.Region(src)
		shown := gocv.NewMat()
		gocv.Resize(patch, &shown, image.Pt(sw, sw), 0, 0, gocv.InterpolationLinear)
		patch.Close()
		body := frame.Region(image.Rect(x, y, x+pw, y+ph))
		body.SetTo(gocv.NewScalar(18, 18, 20, 0))
		body.Close()
		screen := frame.Region(image.Rect(x+rim, y+rim, x+rim+sw, y+rim+sw))
		shown.CopyTo(&screen)
		screen.Close()
		shown.Close()
		return q, true
	}
	return q, false
}

// bounds returns the bounding box of points.
func bounds(ps [][2]float64) (lo, hi [2]float64) {
	lo = [2]float64{math.Inf(1), math.Inf(1)}
	hi = [2]float64{math.Inf(-1), math.Inf(-1)}
	for _, p := range ps {
		for c := range 2 {
			lo[c], hi[c] = math.Min(lo[c], p[c]), math.Max(hi[c], p[c])
		}
	}
	return lo, hi
}
