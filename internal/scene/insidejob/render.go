package insidejob

import (
	"fmt"
	"image/color"
	"math"
	"math/rand"
	"slices"

	"fieldkit/internal/scene"
	"fieldkit/markers"
	pij "fieldkit/printgen/insidejob"

	"gocv.io/x/gocv"
)

// The play area: seat tokens on an oval of these half-axes (millimetres,
// each scene scales them by up to 10%), cards 55 to 90 mm from their token
// toward the middle.
const (
	ovalA, ovalB       = 220.0, 150.0
	reachMin, reachMax = 50.0, 80.0
)

// layout draws what lies on the table.
func (g *Generator) layout(rng *rand.Rand, p Params) ([]placed, error) {
	if p.Players < 2 || p.Players > 5 {
		return nil, fmt.Errorf("scene: %d players, want 2..5", p.Players)
	}
	face := func(id int) *pij.Face { return g.faces[id] }
	k := 0.9 + 0.2*rng.Float64()
	A, B := ovalA*k, ovalB*k
	seats := p.Players
	if p.Players == 2 {
		seats = 3 // Larry sits as a third player
	}
	larryAt := -1
	if p.Players == 2 {
		larryAt = rng.Intn(3)
	}
	base := 2 * math.Pi * rng.Float64()
	var out []placed
	var occupied [][4][2]float64
	free := func(pc placed, m float64) bool {
		q := pc.outline(m)
		for _, o := range occupied {
			if overlap(q, o) {
				return false
			}
		}
		return true
	}
	put := func(pc placed) {
		out = append(out, pc)
		occupied = append(occupied, pc.outline(0))
	}
	ms := rng.Perm(markers.Missions + markers.RiskyCards)
	mission := markers.MissionBase + ms[0]
	if ms[0] >= markers.Missions {
		mission = markers.RiskyBase + ms[0] - markers.Missions
	}
	tb := p.Table
	if tb != nil {
		mission = tb.Mission
	}
	mc := placed{cx: 30 * (rng.Float64() - 0.5), cy: 30 * (rng.Float64() - 0.5), angle: 2 * math.Pi * rng.Float64(), role: roleMission}
	if mission != 0 {
		mc.face = face(mission)
		put(mc)
	}
	cards := rng.Perm(markers.NumberCards)
	intel := rng.Perm(markers.IntelTokens)
	nextIntel := 0
	if tb != nil {
		// The wagered tokens are the table's; the others are drawn from the rest.
		var rest []int
		for _, k := range intel {
			if !slices.ContainsFunc(tb.Plays, func(pl TablePlay) bool { return pl.Token == k+1 }) {
				rest = append(rest, k)
			}
		}
		intel = rest
	}
	var tokens []placed // drawn last, on top
	// The rulebook's 2-player table: the lead and the second player
	// opposite, Larry in front of the second player at their right.
	var book [3][3]float64 // x, y, angle of the lead, Larry, the second player
	if p.Rulebook && p.Players == 2 {
		larryAt = 1
		a1, a2 := base, base+math.Pi+0.5*(rng.Float64()-0.5)
		book[0] = [3]float64{A * math.Cos(a1), B * math.Sin(a1), a1}
		x2, y2 := A*math.Cos(a2), B*math.Sin(a2)
		book[2] = [3]float64{x2, y2, a2}
		l := math.Hypot(x2, y2)
		ux, uy := -x2/l, -y2/l // the second player faces the middle
		rx, ry := -uy, ux      // their right, seen from above
		d, in := 110+60*rng.Float64(), 30*(rng.Float64()-0.3)
		book[1] = [3]float64{x2 + rx*d + ux*in, y2 + ry*d + uy*in, a2}
	}
	seatAt := map[int][2]float64{}
	n := 1
	for i := range seats {
		// Seats clockwise (on screen, y down) in seat order.
		var a, sx, sy float64
		if p.Rulebook && p.Players == 2 {
			sx, sy, a = book[i][0], book[i][1], book[i][2]
		} else {
			a = base + 2*math.Pi*float64(i)/float64(seats) + 0.25*(rng.Float64()-0.5)
			sx, sy = A*math.Cos(a), B*math.Sin(a)
		}
		seat := n
		var st placed
		if i == larryAt {
			seat = 0 // Larry
			st = placed{face: face(markers.LarryID), cx: sx * 1.05, cy: sy * 1.05, angle: a + math.Pi/2, role: roleSeat, seat: 0}
			if p.Rulebook {
				// Lying across in front of the second player, where
				// his card fits before it.
				st.cx, st.cy, st.angle = sx, sy, a
			}
			put(st)
		} else {
			st = placed{face: face(markers.SeatTokBase + n - 1), cx: sx, cy: sy, angle: 2 * math.Pi * rng.Float64(), round: true, role: roleSeat, seat: n}
			tokens = append(tokens, st)
			occupied = append(occupied, st.outline(0))
			n++
		}
		// Toward the middle, and sideways; Larry's card, beside the
		// second player, the way that player faces.
		l := math.Hypot(sx, sy)
		ux, uy := -sx/l, -sy/l
		if p.Rulebook && i == larryAt {
			l = math.Hypot(book[2][0], book[2][1])
			ux, uy = -book[2][0]/l, -book[2][1]/l
		}
		played, card, tries := rng.Float64() < 0.85, markers.NumberBase+cards[i], 30
		var tp TablePlay
		if tb != nil {
			tp, played = tb.play(seat)
			card, tries = tp.ID, 200
		}
		if played {
			for try := 0; try < tries; try++ {
				r := reachMin + (reachMax-reachMin)*rng.Float64()
				t := 20 * (rng.Float64() - 0.5)
				c := placed{face: face(card), cx: sx + ux*r - uy*t, cy: sy + uy*r + ux*t,
					angle: 2 * math.Pi * rng.Float64(), role: roleCard, seat: seat}
				if !free(c, 2) {
					continue
				}
				put(c)
				if tb != nil && tp.Token == 0 {
					break
				}
				if tb != nil || seat != 0 && rng.Float64() < 0.35 {
					id := markers.IntelBase + tp.Token - 1
					if tb == nil {
						id = markers.IntelBase + intel[nextIntel]
						nextIntel++
					}
					w := placed{face: face(id), cx: c.cx + 6*(rng.Float64()-0.5), cy: c.cy + 6*(rng.Float64()-0.5),
						angle: 2 * math.Pi * rng.Float64(), round: true, role: roleWager, seat: seat}
					tokens = append(tokens, w)
				}
				break
			}
		}
		// Intel held in front of the seat, behind its token.
		if seat != 0 {
			held := rng.Intn(3)
			if tb != nil {
				held = tb.Held[seat]
			}
			for range held {
				for try := 0; try < 20*tries/30; try++ {
					r := 32 + 30*rng.Float64()
					t := 70 * (rng.Float64() - 0.5)
					w := placed{face: face(markers.IntelBase + intel[nextIntel]), cx: sx - ux*r - uy*t, cy: sy - uy*r + ux*t,
						angle: 2 * math.Pi * rng.Float64(), round: true, role: roleHeld}
					if free(w, 1) {
						tokens = append(tokens, w)
						occupied = append(occupied, w.outline(0))
						nextIntel++
						break
					}
				}
			}
		}
	}
	for _, pc := range tokens {
		if pc.role == roleSeat {
			seatAt[pc.seat] = [2]float64{pc.cx, pc.cy}
		}
	}
	if p.Rulebook && p.Players == 2 {
		// Larry's deck, face down beyond his standee.
		x2, y2 := book[2][0], book[2][1]
		l := math.Hypot(x2, y2)
		rx, ry := y2/l, -x2/l
		for try := 0; try < 30; try++ {
			d := math.Hypot(book[1][0]-x2, book[1][1]-y2) + 70 + 60*rng.Float64()
			pc := placed{face: g.backs[markers.NumberCard], cx: x2 + rx*d, cy: y2 + ry*d, angle: book[2][2] + 0.6*(rng.Float64()-0.5)}
			if free(pc, 3) {
				put(pc)
				break
			}
		}
	}
	if p.Pawn && p.Players > 2 {
		// Larry's standee beside the lead's seat token, marking who leads.
		lead := 1 + rng.Intn(p.Players)
		sx, sy := seatAt[lead][0], seatAt[lead][1]
		l := math.Hypot(sx, sy)
		ux, uy := -sx/l, -sy/l
		for try := 0; try < 40; try++ {
			side := 45 + 35*rng.Float64()
			if rng.Intn(2) == 0 {
				side = -side
			}
			back := 35 * rng.Float64()
			pc := placed{face: face(markers.LarryID), cx: sx - uy*side - ux*back, cy: sy + ux*side - uy*back,
				angle: 2 * math.Pi * rng.Float64(), role: rolePawn}
			if free(pc, 1) {
				put(pc)
				break
			}
		}
	}
	if p.Extras || tb != nil {
		rejected := markers.MissionBase + ms[1]
		if ms[1] >= markers.Missions {
			rejected = markers.RiskyBase + ms[1] - markers.Missions
		}
		extras := []placed{
			{face: face(markers.RoleBase + rng.Intn(markers.RoleCards)), role: roleSecret},
			{face: face(rejected), role: roleSecret},
			{face: face(markers.AidBase + p.Players - 2), role: roleAid},
			{face: g.backs[markers.NumberCard]},
			{face: g.backs[markers.MissionCard]},
		}
		if tb != nil {
			extras = extras[3:]
			for _, id := range tb.Secret {
				extras = append(extras, placed{face: face(id), role: roleSecret})
			}
			if tb.Aid {
				extras = append(extras, placed{face: face(markers.AidBase + p.Players - 2), role: roleAid})
			}
		}
		for _, e := range extras {
			for try := 0; try < 100; try++ {
				a := 2 * math.Pi * rng.Float64()
				r := 0.7 + 0.6*rng.Float64()
				e.cx, e.cy, e.angle = A*r*math.Cos(a), B*r*math.Sin(a), 2*math.Pi*rng.Float64()
				if free(e, 4) {
					put(e)
					break
				}
			}
		}
	}
	return append(out, tokens...), nil
}

// Scene makes the scene of p. The caller closes it.
func (g *Generator) Scene(p Params) (*Scene, error) {
	if p.Size.X < 64 || p.Size.Y < 64 || p.Fill <= 0 || p.Fill > 1 {
		return nil, fmt.Errorf("scene: frame %v with fill %.2f is not a picture", p.Size, p.Fill)
	}
	rng := rand.New(rand.NewSource(p.Seed))
	pieces, err := g.layout(rng, p)
	if err != nil {
		return nil, err
	}
	// Frame the trick area: seats, played cards, wagers, the mission.
	var outline [][2]float64
	for _, pc := range pieces {
		if pc.role == roleSeat || pc.role == roleCard || pc.role == roleMission {
			for _, q := range pc.outline(10) {
				outline = append(outline, q)
			}
		}
	}
	cam := newCamera(rng, p, outline)
	W, H := p.Size.X, p.Size.Y
	tables := []color.RGBA{{92, 120, 150, 255}, {60, 90, 60, 255}, {120, 120, 120, 255}, {50, 60, 110, 255}, {150, 160, 170, 255}}
	tc := tables[rng.Intn(len(tables))]
	sc := &Scene{Params: p}
	sc.Frame = gocv.NewMatWithSizeFromScalar(gocv.NewScalar(float64(tc.B), float64(tc.G), float64(tc.R), 0), H, W, gocv.MatTypeCV8UC3)
	fail := func(err error) (*Scene, error) { sc.Frame.Close(); return nil, err }
	scene.Surface(sc.Frame, rng, p.Surface)

	x0, y0 := apply(cam, 0, 0)
	x1, y1 := apply(cam, 10, 0)
	pxmm := math.Hypot(x1-x0, y1-y0) / 10
	dpi := 300
	for _, d := range []int{100, 150, 200, 300} {
		if float64(d)/25.4 >= 1.3*pxmm {
			dpi = d
			break
		}
	}
	var quads [][4][2]float64
	var marks []scene.MarkerTruth
	var owners []int
	for i, pc := range pieces {
		src, err := g.render(pc.face, dpi)
		if err != nil {
			return fail(err)
		}
		toFrame := mul(cam, pc.toTable())
		sx, sy := pc.w()/float64(src.Cols()), pc.h()/float64(src.Rows())
		m := mul(toFrame, [9]float64{sx, 0, 0.5 * sx, 0, sy, 0.5 * sy, 0, 0, 1})
		var q [4][2]float64
		for k, c := range [4][2]float64{{0, 0}, {pc.w(), 0}, {pc.w(), pc.h()}, {0, pc.h()}} {
			q[k][0], q[k][1] = apply(toFrame, c[0], c[1])
		}
		if pc.round {
			err = scene.WarpRound(sc.Frame, src, m, q)
		} else {
			err = scene.Warp(sc.Frame, src, m, q)
		}
		if err != nil {
			return fail(err)
		}
		quads = append(quads, q)
		for _, mk := range pc.face.Marks {
			mt := scene.MarkerTruth{ID: mk.ID}
			for k, c := range mk.Corners() {
				mt.Corners[k][0], mt.Corners[k][1] = apply(toFrame, c.X, c.Y)
			}
			marks = append(marks, mt)
			owners = append(owners, i)
		}
	}
	var hands [][][2]float64
	if p.Echo {
		if q, ok := echo(sc.Frame, rng, pieces, quads, marks, owners); ok {
			hands = append(hands, q[:]) // the phone covers what lies below
			sc.Truth.Echo = true
		}
	}
	// Hands reach over the table: half of them for the trick (over a
	// played card, the mission or a seat token: that piece is then hidden),
	// half for something beyond it (the supply, a pile, a drink), their
	// fingertips past the seats, the arm over whatever lies on the way.
	if p.Hands > 0 {
		var targets []placed
		for _, pc := range pieces {
			if pc.role == roleCard || pc.role == roleMission || pc.role == roleSeat {
				targets = append(targets, pc)
			}
		}
		toFrame := func(x, y float64) (float64, float64) { return apply(cam, x, y) }
		for range p.Hands {
			x, y := 0.0, 0.0
			if rng.Float64() < 0.5 {
				t := targets[rng.Intn(len(targets))]
				x, y = t.cx, t.cy
			} else {
				a, r := 2*math.Pi*rng.Float64(), 1.2+0.4*rng.Float64()
				x, y = ovalA*r*math.Cos(a), ovalB*r*math.Sin(a)
			}
			hands = append(hands, scene.Hand(sc.Frame, rng, toFrame, x, y)...)
		}
	}
	dmg, err := scene.Degrade(&sc.Frame, rng, p.Damage)
	if err != nil {
		return fail(err)
	}
	defer dmg.Close()
	for k := range marks {
		mt := &marks[k]
		above := append([][][2]float64(nil), hands...)
		for j := owners[k] + 1; j < len(quads); j++ {
			above = append(above, quads[j][:])
		}
		mt.Why = dmg.Illegible(mt.Corners, W, H, above)
		mt.Legible = mt.Why == ""
		for c := range mt.Corners {
			mt.Corners[c] = dmg.Lens(mt.Corners[c])
		}
		mt.Side = side(mt.Corners)
	}
	echoed := sc.Truth.Echo
	sc.Truth = truth(pieces, marks, owners)
	sc.Truth.Echo = echoed
	return sc, nil
}

func side(c [4][2]float64) float64 {
	s := math.Inf(1)
	for i := range 4 {
		j := (i + 1) % 4
		s = math.Min(s, math.Hypot(c[j][0]-c[i][0], c[j][1]-c[i][1]))
	}
	return s
}

// truth works out the ground truth.
func truth(pieces []placed, marks []scene.MarkerTruth, owners []int) Truth {
	t := Truth{Markers: marks, SeatLegible: map[int]bool{}, Mission: -1, Counted: true}
	legible := make([]int, len(pieces))
	for k, m := range marks {
		if m.Legible {
			legible[owners[k]]++
		}
	}
	plays := map[int]*PlayTruth{}
	var why []string
	for i, pc := range pieces {
		switch pc.role {
		case roleSeat:
			t.Seats = append(t.Seats, pc.seat)
			t.SeatLegible[pc.seat] = legible[i] > 0
			if legible[i] == 0 {
				why = append(why, fmt.Sprintf("seat %d illegible", pc.seat))
			}
		case roleCard:
			id := pc.face.Marks[0].ID
			plays[pc.seat] = &PlayTruth{Seat: pc.seat, ID: id, Legible: legible[i]}
			if legible[i] < 2 {
				why = append(why, fmt.Sprintf("card of seat %d: %d markers legible", pc.seat, legible[i]))
			}
		case roleMission:
			t.Mission = pc.face.Marks[0].ID
			t.MissionLegible = legible[i] > 0
			if legible[i] == 0 {
				why = append(why, "mission illegible")
			}
		case roleAid:
			if legible[i] > 0 {
				t.Players = pc.face.Marks[0].ID - markers.AidBase + 2
			}
		case roleSecret:
			t.Secret = append(t.Secret, pc.face.Marks[0].ID)
			t.SecretLegible += legible[i]
		case roleHeld:
			t.Intel++
		case rolePawn:
			t.Pawn = true
		}
	}
	for i, pc := range pieces {
		if pc.role == roleWager {
			pl := plays[pc.seat]
			pl.Token = pc.face.Marks[0].ID - markers.IntelBase + 1
			pl.TokenLegible = legible[i] > 0
			if legible[i] == 0 {
				why = append(why, fmt.Sprintf("wager of seat %d illegible", pc.seat))
			}
		}
	}
	for _, s := range t.Seats {
		if pl, ok := plays[s]; ok {
			t.Plays = append(t.Plays, *pl)
		}
	}
	t.Readable = len(why) == 0
	if !t.Readable {
		t.Why = why[0]
	}
	return t
}

// newCamera returns a pinhole camera tilted by p.Tilt, turned by p.Rotate,
// framing the outline points (table millimetres) so that their bounding box
// fills p.Fill of the frame.
func newCamera(rng *rand.Rand, p Params, outline [][2]float64) [9]float64 {
	return scene.Pinhole(rng, p.Size, p.Fill, p.Tilt, math.Max(p.Dist, 1), p.Rotate*math.Pi/180, outline)
}
