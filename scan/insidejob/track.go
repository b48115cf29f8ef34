package insidejob

import (
	"maps"
	"slices"

	"gocv.io/x/gocv"
)

// Tracker follows a trick over camera frames. A seat's card (with what lies
// on it) and the mission count only once every one of Hold consecutive
// frames that shows the seat (or the middle) reads them the same: a hand
// passing over the table, a card being laid, a frame that misses a marker
// change nothing. It also keeps the order in which the cards first held,
// which the referee compares with the seat order.
type Tracker struct {
	Reader Reader
	// Hold is how many consecutive frames a change must hold; 0 means 3.
	Hold int

	plays   map[int]Play // settled, by seat
	cand    map[int]candidate
	mission int // settled mission id, -1 for none
	mcand   candidate
	order   []int // seats in the order their cards first held
	last    Observation
	have    bool
}

// candidate is a reading of one seat (or the middle) and how many frames in
// a row showed it.
type candidate struct {
	key  playKey
	play Play
	n    int
}

// playKey is what a seat shows: a card (0 for none) and its wager.
type playKey struct {
	id, token int
	wager     Wager
}

func keyOf(p Play, ok bool) playKey {
	if !ok {
		return playKey{}
	}
	return playKey{id: p.ID, token: p.Token, wager: p.Wager}
}

// NewTracker returns a tracker that needs hold frames (0 means 3).
func NewTracker(hold int) *Tracker {
	return &Tracker{Hold: hold, plays: map[int]Play{}, cand: map[int]candidate{}, mission: -1}
}

func (t *Tracker) hold() int {
	if t.Hold <= 0 {
		return 3
	}
	return t.Hold
}

// Observe reads one frame; changed reports whether a card, a wager or the
// mission changed and held. The observation is the frame's own.
func (t *Tracker) Observe(img gocv.Mat) (obs Observation, changed bool, err error) {
	obs, err = t.Reader.Read(img)
	if err != nil {
		return obs, false, err
	}
	return obs, t.see(obs), nil
}

// see updates the tracker with one frame's observation.
func (t *Tracker) see(obs Observation) bool {
	if t.plays == nil {
		t.plays, t.cand, t.mission = map[int]Play{}, map[int]candidate{}, -1
	}
	if !obs.OK {
		return false
	}
	t.last, t.have = obs, true
	changed := false
	for _, s := range obs.Seats {
		p, ok := obs.Play(s.Seat)
		k := keyOf(p, ok)
		settled, had := t.plays[s.Seat]
		c := t.cand[s.Seat]
		if ok && p.Wager == WagerUnknown && (had && settled.ID == p.ID && settled.Wager != WagerUnknown ||
			c.key.id == p.ID && c.key.wager != WagerUnknown) {
			// The card again, its middle unseen (a hand laying a
			// token): no news.
			continue
		}
		if c.key == k {
			c.n++
		} else {
			c = candidate{key: k, play: p, n: 1}
		}
		t.cand[s.Seat] = c
		if c.n < t.hold() || c.key == keyOf(settled, had) {
			continue
		}
		changed = true
		if c.key.id == 0 {
			delete(t.plays, s.Seat)
			t.order = slices.DeleteFunc(t.order, func(x int) bool { return x == s.Seat })
			continue
		}
		if !had || settled.ID != c.key.id {
			t.order = append(slices.DeleteFunc(t.order, func(x int) bool { return x == s.Seat }), s.Seat)
		}
		t.plays[s.Seat] = c.play
	}
	k := playKey{id: obs.Mission}
	if t.mcand.key == k {
		t.mcand.n++
	} else {
		t.mcand = candidate{key: k, n: 1}
	}
	if t.mcand.n >= t.hold() && k.id != t.mission {
		t.mission, changed = k.id, true
	}
	return changed
}

// Observation returns what held: the last frame's seats, intel and
// warnings, with the plays and the mission that held. It is false when no
// frame was readable yet.
func (t *Tracker) Observation() (Observation, bool) {
	if !t.have {
		return Observation{}, false
	}
	o := t.last
	o.Plays = nil
	for _, s := range slices.Sorted(maps.Keys(t.plays)) {
		o.Plays = append(o.Plays, t.plays[s])
	}
	o.Mission, o.MissionName = t.mission, MissionName(t.mission)
	if t.mission < 0 {
		o.MissionName = ""
	}
	o.Markers = used(&o) // the last frame's, of what held
	o.areas = areas(&o)
	return o, true
}

// Order returns the seats whose cards held, in the order they first held.
func (t *Tracker) Order() []int { return slices.Clone(t.order) }

// DropMission forgets the mission read: the caller knows it is not the
// active mission (the referee has another), so the face in the middle may be
// a secret, the mission the lead rejected laid there by mistake. Its name,
// its markers and its place in the annotation go.
func (o *Observation) DropMission() {
	if o.Mission < 0 {
		return
	}
	o.Mission, o.MissionName = -1, ""
	o.Markers = used(o)
	o.areas = areas(o)
}
