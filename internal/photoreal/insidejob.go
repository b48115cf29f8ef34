package photoreal

import (
	"fmt"
	"math"
	"math/rand"

	"fieldkit/internal/scene"
	ijscene "fieldkit/internal/scene/insidejob"
	"fieldkit/markers"
)

// ComposeInsideJob draws an Inside Job trick from seed: 2-5 seat tokens
// round an oval, the card each seat played toward the middle (some with an
// intel token wagered on it), intel held in front of the seats, the mission
// in the middle, and often the aid, a peeked role, the rejected mission and
// face-down piles. A 2-player table seats the players opposite each other
// with Larry's pawn (the standee, folded and standing) in front of the
// second player and Larry's deck face down at that player's right, as the
// rulebook sets it up; Larry's card lies before his pawn. At 3-5 players
// Larry's pawn sometimes stands beside the leading seat as the start
// marker.
func ComposeInsideJob(fs *Faces, seed int64, dev Device) (*Composed, error) {
	rng := rand.New(rand.NewSource(seed))
	c := &Composed{Game: "insidejob", Seed: seed}
	c.Shot = drawShot(rng, dev)
	sp := &c.Spec
	sp.W, sp.H = dev.Size()
	sp.Seed = seed
	c.players = []int{2, 2, 3, 4, 5}[rng.Intn(5)]
	var dk desk
	face := func(id int) (*Face, error) {
		f := fs.ByID[id]
		if f == nil {
			return nil, fmt.Errorf("photoreal: no Inside Job face carries marker %d", id)
		}
		return f, nil
	}
	mk := func(f *Face, x, y, angle float64, shape string, r role) Piece {
		p := Piece{Kind: "card", Shape: shape, Texture: f.File, Bleed: 3, W: f.W, H: f.H, Thick: 0.3,
			X: x, Y: y, Angle: angle, Markers: f.Markers, Rim: [3]float64{0.85, 0.83, 0.78}}
		switch shape {
		case "round":
			p.Kind, p.Thick = "token", 2
		case "tent":
			p.Kind, p.Lean = "tent", 60+15*rng.Float64()
		default:
			p.Bend = bend(rng)
		}
		return p
	}
	var roles []role
	put := func(p Piece, r role) {
		dk.put(&p)
		sp.Pieces = append(sp.Pieces, p)
		r.id = -1
		if len(p.Markers) > 0 {
			r.id = p.Markers[0].ID
		}
		roles = append(roles, r)
	}
	k := 0.9 + 0.2*rng.Float64()
	A, B := 220*k, 150*k
	// The mission in the middle.
	ms := rng.Perm(markers.Missions + markers.RiskyCards)
	mid := func(i int) int {
		if ms[i] >= markers.Missions {
			return markers.RiskyBase + ms[i] - markers.Missions
		}
		return markers.MissionBase + ms[i]
	}
	mf, err := face(mid(0))
	if err != nil {
		return nil, err
	}
	put(mk(mf, 30*(rng.Float64()-0.5), 30*(rng.Float64()-0.5), 2*math.Pi*rng.Float64(), "rect", role{what: "mission"}), role{what: "mission"})
	cards := rng.Perm(markers.NumberCards)
	intel := rng.Perm(markers.IntelTokens)
	nextIntel := 0
	type seatAt struct {
		seat   int
		x, y   float64
		larry  bool
		tangle float64
		aside  [2]float64 // Larry's pawn: the way it slides to stand clear of a card
	}
	var seats []seatAt
	base := 2 * math.Pi * rng.Float64()
	if c.players == 2 {
		// Opposite each other; Larry's pawn in front of the second player,
		// to one side.
		a1 := base
		a2 := base + math.Pi + 0.2*(rng.Float64()-0.5)
		seats = append(seats, seatAt{seat: 1, x: A * math.Cos(a1), y: B * math.Sin(a1)})
		x2, y2 := A*math.Cos(a2), B*math.Sin(a2)
		seats = append(seats, seatAt{seat: 2, x: x2, y: y2})
		l := math.Hypot(x2, y2)
		ux, uy := -x2/l, -y2/l // toward the middle
		rx, ry := -uy, ux      // the second player's right
		in := 45 + 30*rng.Float64()
		left := 25 + 45*rng.Float64()
		seats = append(seats, seatAt{seat: 0, larry: true, x: x2 + ux*in - rx*left, y: y2 + uy*in - ry*left, tangle: math.Atan2(uy, ux), aside: [2]float64{-rx, -ry}})
	} else {
		for i := range c.players {
			a := base + 2*math.Pi*float64(i)/float64(c.players) + 0.25*(rng.Float64()-0.5)
			seats = append(seats, seatAt{seat: i + 1, x: A * math.Cos(a), y: B * math.Sin(a)})
		}
	}
	var held []int
	var tokens []struct {
		p Piece
		r role
	}
	later := func(p Piece, r role) {
		tokens = append(tokens, struct {
			p Piece
			r role
		}{p, r})
		held = append(held, len(dk.feet)) // keep the place taken until the tokens are laid
		dk.feet = append(dk.feet, footprint(p))
		dk.tops = append(dk.tops, p.Thick)
	}
	for i, st := range seats {
		var sf *Face
		if st.larry {
			sf, err = face(markers.LarryID)
			if err != nil {
				return nil, err
			}
			// The pawn's panels face along the table's edge... or toward the middle.
			p := mk(sf, st.x, st.y, st.tangle+math.Pi/2+0.4*(rng.Float64()-0.5), "tent", role{what: "seat"})
			// It stands on the table, never on the second player's card:
			// the layout stood it at least partly on that card in 111 of
			// 143 two-player scenes of seeds 200000-200399 (rendered
			// 200315's wager leaned on it). It slides further to that
			// player's left until 2 mm clear of everything laid. No
			// draw of the random source moves, so a scene whose pawn stood
			// clear keeps its seed's layout.
			for try := 0; try < 30 && !dk.free(p, 2); try++ {
				p.X += 5 * st.aside[0]
				p.Y += 5 * st.aside[1]
			}
			put(p, role{what: "seat", seat: 0})
		} else {
			sf, err = face(markers.SeatTokBase + st.seat - 1)
			if err != nil {
				return nil, err
			}
			later(mk(sf, st.x, st.y, 2*math.Pi*rng.Float64(), "round", role{}), role{what: "seat", seat: st.seat})
		}
		l := math.Hypot(st.x, st.y)
		ux, uy := -st.x/l, -st.y/l
		if rng.Float64() < 0.85 {
			cf, err := face(markers.NumberBase + cards[i])
			if err != nil {
				return nil, err
			}
			for try := 0; try < 40; try++ {
				r := 50 + 30*rng.Float64()
				t := 20 * (rng.Float64() - 0.5)
				p := mk(cf, st.x+ux*r-uy*t, st.y+uy*r+ux*t, 2*math.Pi*rng.Float64(), "rect", role{})
				if !dk.free(p, 2) {
					continue
				}
				put(p, role{what: "card", seat: st.seat})
				if !st.larry && rng.Float64() < 0.35 {
					wf, err := face(markers.IntelBase + intel[nextIntel])
					if err != nil {
						return nil, err
					}
					nextIntel++
					tokens = append(tokens, struct {
						p Piece
						r role
					}{mk(wf, p.X+6*(rng.Float64()-0.5), p.Y+6*(rng.Float64()-0.5), 2*math.Pi*rng.Float64(), "round", role{}), role{what: "wager", seat: st.seat}})
				}
				break
			}
		}
		if st.larry {
			continue
		}
		for range rng.Intn(3) {
			for try := 0; try < 20; try++ {
				r := 32 + 30*rng.Float64()
				t := 70 * (rng.Float64() - 0.5)
				wf, err := face(markers.IntelBase + intel[nextIntel])
				if err != nil {
					return nil, err
				}
				p := mk(wf, st.x-ux*r-uy*t, st.y-uy*r+ux*t, 2*math.Pi*rng.Float64(), "round", role{})
				if dk.free(p, 1) {
					later(p, role{what: "other"})
					nextIntel++
					break
				}
			}
		}
	}
	// Larry's pawn as the start marker beside the leading seat.
	if c.players > 2 && rng.Float64() < 0.3 {
		lf, err := face(markers.LarryID)
		if err != nil {
			return nil, err
		}
		st := seats[rng.Intn(len(seats))]
		for try := 0; try < 40; try++ {
			a := 2 * math.Pi * rng.Float64()
			d := 50 + 40*rng.Float64()
			p := mk(lf, st.x+d*math.Cos(a), st.y+d*math.Sin(a), 2*math.Pi*rng.Float64(), "tent", role{})
			if dk.free(p, 3) {
				put(p, role{what: "other"})
				c.larryMark = true
				break
			}
		}
	}
	// Larry's deck at the second player's right (2 players), the extras.
	var extras []struct {
		f *Face
		r role
		n int
	}
	addExtra := func(f *Face, r role, n int) {
		extras = append(extras, struct {
			f *Face
			r role
			n int
		}{f, r, n})
	}
	if c.players == 2 {
		addExtra(fs.Backs[markers.NumberCard], role{what: "other"}, 3+rng.Intn(5))
	}
	if rng.Float64() < 0.75 {
		rf, err := face(markers.RoleBase + rng.Intn(markers.RoleCards))
		if err != nil {
			return nil, err
		}
		rj, err := face(mid(1))
		if err != nil {
			return nil, err
		}
		af, err := face(markers.AidBase + c.players - 2)
		if err != nil {
			return nil, err
		}
		addExtra(rf, role{what: "secret"}, 1)
		addExtra(rj, role{what: "secret"}, 1)
		addExtra(af, role{what: "aid"}, 1)
		addExtra(fs.Backs[markers.NumberCard], role{what: "other"}, 2+rng.Intn(6))
		addExtra(fs.Backs[markers.MissionCard], role{what: "other"}, 2+rng.Intn(6))
	}
	for ei, e := range extras {
		if e.f == nil {
			continue
		}
		for try := 0; try < 100; try++ {
			a := 2 * math.Pi * rng.Float64()
			r := 0.75 + 0.6*rng.Float64()
			x, y := A*r*math.Cos(a), B*r*math.Sin(a)
			if c.players == 2 && ei == 0 {
				// Larry's deck at the second player's right.
				s2 := seats[1]
				l := math.Hypot(s2.x, s2.y)
				ux, uy := -s2.x/l, -s2.y/l
				d := 70 + 60*rng.Float64()
				x, y = s2.x-uy*d+ux*20*(rng.Float64()-0.5), s2.y+ux*d+uy*20*(rng.Float64()-0.5)
			}
			p := mk(e.f, x, y, 2*math.Pi*rng.Float64(), "rect", role{})
			if !dk.free(p, 4) {
				continue
			}
			for j := range e.n {
				q := p
				q.X += 1.5 * (rng.Float64() - 0.5)
				q.Y += 1.5 * (rng.Float64() - 0.5)
				q.Angle += 0.04 * (rng.Float64() - 0.5)
				if j < e.n-1 {
					q.Bend = 0
				}
				put(q, e.r)
			}
			break
		}
	}
	// Tokens last, on top of what they lie on.
	for k := len(held) - 1; k >= 0; k-- {
		i := held[k]
		dk.feet = append(dk.feet[:i], dk.feet[i+1:]...)
		dk.tops = append(dk.tops[:i], dk.tops[i+1:]...)
	}
	for _, t := range tokens {
		put(t.p, t.r)
	}
	c.roles = roles
	// Hands.
	nh := 0
	switch r := rng.Float64(); {
	case r < 0.1:
		nh = 2
	case r < 0.35:
		nh = 1
	}
	sp.Hands = hands(rng, nh, func() [2]float64 {
		if rng.Float64() < 0.5 {
			p := sp.Pieces[rng.Intn(len(sp.Pieces))]
			return [2]float64{p.X, p.Y}
		}
		a, r := 2*math.Pi*rng.Float64(), 1.2+0.4*rng.Float64()
		return [2]float64{A * r * math.Cos(a), B * r * math.Sin(a)}
	})
	var outline [][3]float64
	for i, p := range sp.Pieces {
		if w := roles[i].what; w == "seat" || w == "card" || w == "mission" {
			q := p
			q.W += 20
			q.H += 20
			for _, f := range footprint(q) {
				outline = append(outline, [3]float64{f[0], f[1], 0})
			}
		}
	}
	room(rng, sp, dev, outline, func() [2]float64 { return [2]float64{A * 0.6 * (rng.Float64() - 0.5), B * 0.6 * (rng.Float64() - 0.5)} })
	if dev == Webcam {
		// A webcam on a stand at a seat, the oval's long side across the frame.
		sp.Camera.Azimuth = 90 + 180*float64(rng.Intn(2)) + 40*(rng.Float64()-0.5)
	}
	return c, nil
}

// insideJobTruth works out the Inside Job truth from the render, by the
// rule of package scene/insidejob.
func (c *Composed) insideJobTruth(rep *Report, legible []bool, why []string) ijscene.Truth {
	t := ijscene.Truth{SeatLegible: map[int]bool{}, Mission: -1}
	leg := make([]int, len(c.Spec.Pieces))
	for k, m := range rep.Markers {
		t.Markers = append(t.Markers, scene.MarkerTruth{ID: m.ID, Corners: m.Corners, Side: shortest(m.Corners), Legible: legible[k], Why: why[k]})
		if legible[k] {
			leg[m.Piece]++
		}
	}
	plays := map[int]*ijscene.PlayTruth{}
	var whys []string
	for i, r := range c.roles {
		switch r.what {
		case "seat":
			t.Seats = append(t.Seats, r.seat)
			t.SeatLegible[r.seat] = leg[i] > 0
			if leg[i] == 0 {
				whys = append(whys, fmt.Sprintf("seat %d illegible", r.seat))
			}
		case "card":
			plays[r.seat] = &ijscene.PlayTruth{Seat: r.seat, ID: r.id, Legible: leg[i]}
			if leg[i] < 2 {
				whys = append(whys, fmt.Sprintf("card of seat %d: %d markers legible", r.seat, leg[i]))
			}
		case "mission":
			t.Mission = r.id
			t.MissionLegible = leg[i] > 0
			if leg[i] == 0 {
				whys = append(whys, "mission illegible")
			}
		case "aid":
			if leg[i] > 0 {
				t.Players = r.id - markers.AidBase + 2
			}
		case "secret":
			t.Secret = append(t.Secret, r.id)
			t.SecretLegible += leg[i]
		}
	}
	for i, r := range c.roles {
		if r.what == "wager" {
			pl := plays[r.seat]
			pl.Token = r.id - markers.IntelBase + 1
			pl.TokenLegible = leg[i] > 0
			if leg[i] == 0 {
				whys = append(whys, fmt.Sprintf("wager of seat %d illegible", r.seat))
			}
		}
	}
	for _, s := range t.Seats {
		if pl, ok := plays[s]; ok {
			t.Plays = append(t.Plays, *pl)
		}
	}
	t.Readable = len(whys) == 0
	if !t.Readable {
		t.Why = whys[0]
	}
	return t
}
