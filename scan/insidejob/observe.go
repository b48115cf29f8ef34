package insidejob

import (
	"fmt"
	"image"
	"math"
	"sort"
	"time"

	"fieldkit/catalog"
	"fieldkit/markers"
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

// Printed geometry in millimetres (package printgen/insidejob prints it).
const (
	cardW, cardH = 63.0, 88.0
	cardMarker   = 14.0 // number and mission card markers
	cardInset    = 3.0
	tokenMarker  = 14.0 // seat and intel tokens: the marker in the middle
	larryMarker  = 18.0
	aidMarker    = 16.0
	aidW, aidH   = 88.0, 126.0
	tokenD       = 30.0
)

// Reading limits, in millimetres of the table.
const (
	// maxReach is the farthest a played card's centre may lie from its
	// seat token: a number card farther from every seat is not a play (a
	// hand held low, a discard) and is dropped.
	maxReach = 130.0
	// seatMargin: the nearest seat must be this many times nearer than the
	// next one, or the card's seat is in doubt.
	seatMargin = 1.5
	// larryApart: Larry's standee nearer a seat token than this is in
	// front of that player, and a card by them may be either's (a doubt).
	larryApart = 100.0
	// edgeDoubt: an intel token whose centre lies this close to a card's
	// outline, inside or out, leaves the wager in doubt.
	edgeDoubt = 5.0
	// middle: the active mission's centre lies within this fraction of the
	// mean seat distance from the seats' centroid.
	middle = 0.3
	// middlePair: at 2 players, the mission's centre may also lie within
	// this fraction of half the two players' distance from their midpoint.
	middlePair = 0.4
	// larryNear: Larry's standee within this of a player's token, on the
	// table, stands in front of that player (standeeInFront). On 2-player
	// tables of the synthetic slice HeldOut+500,001- (session 11), by the
	// table metric from 6 flat markers or more: 106-175 mm at 119
	// rulebook tables, 231 mm and more at 82 with the standee a third of
	// the table away (the generator's layouts: at most 171 mm, at least
	// 221 mm).
	larryNear = 210.0
	// larryBeside: without a table metric, the standee must also lie
	// nearer one player than this times the players' distance, in the
	// image (standeeInFront): 0.20-0.72 at the rulebook's tables,
	// 0.57-1.71 a third away (session 10).
	larryBeside = 0.62
	// missionMargin: of two mission faces in the middle, the nearer is
	// read when the other lies this many times farther (by the middle's
	// radius); else neither is.
	missionMargin = 3.0
	// twoMarkers: seen from one marker of a number card, the other must lie
	// within this of where it is printed (the wrong way round it would lie
	// 160 mm off).
	twoMarkers = 25.0
)

// Refusal says why an image shows no trick to read.
type Refusal uint8

// Reasons to refuse an image. Append only.
const (
	Readable Refusal = iota // not refused
	NoSeats                 // no seat token (nor Larry) is seen
)

var refusalNames = [...]string{"readable", "no-seats"}

// String returns the refusal's name, e.g. "no-seats".
func (r Refusal) String() string {
	if int(r) < len(refusalNames) {
		return refusalNames[r]
	}
	return fmt.Sprintf("Refusal(%d)", r)
}

// Larry is the seat number of the Larry standee (seat tokens are 1..5).
const Larry = 0

// Seat is a seat token (or the Larry standee) seen on the table.
type Seat struct {
	Seat   int        // 1..5, or Larry
	Center scan.Point // in the image
}

// Wager says whether an intel token lies on a played card.
type Wager uint8

// Wager states. Append only.
const (
	WagerUnknown Wager = iota // a token may lie on the card, or may not: in doubt
	NoWager                   // the card's middle is seen bare
	Wagered                   // an intel token's centre lies on the card
)

var wagerNames = [...]string{"unknown", "none", "wager"}

// String returns "unknown", "none" or "wager".
func (w Wager) String() string {
	if int(w) < len(wagerNames) {
		return wagerNames[w]
	}
	return fmt.Sprintf("Wager(%d)", w)
}

// Play is a number card face up next to a seat token: the card that seat
// played in the current trick.
type Play struct {
	Seat  int    // the seat token's number, or Larry
	ID    int    // the card's marker id
	Card  string // as the referee writes it: "Y1".."B13"
	Wager Wager
	Token int // the wagered intel token's number (1..14) when Wager is Wagered
	// Outline is the card's outline in the image (its printed corners,
	// clockwise from the top-left); Both says whether both of the card's
	// markers were seen (else the outline is the likelier of two).
	Outline [4]scan.Point
	Both    bool
}

// Observation is what the reader kept of one image: the trick and the
// public pieces, never any other marker.
type Observation struct {
	// OK is true when a trick was read; otherwise Refusal, Reason and Why
	// say why: Reason in English (logs, the command line, the scan JSON),
	// Why as a message of the catalog ("ij.scan.*") that a page says in
	// the table's language.
	OK      bool
	Refusal Refusal
	Reason  string
	Why     catalog.Msg
	// Seats are the seat tokens and the Larry standee seen, by seat number.
	Seats []Seat
	// Plays are the cards played, by seat number; a seat with no play has
	// none (or one in doubt: see Warnings).
	Plays []Play
	// Mission is the marker id of the mission face up in the middle, -1
	// when none is seen or two lie there; MissionName is "M01".."M24" or
	// "R1".."R4".
	Mission     int
	MissionName string
	// Players is the player count the player aid shows, 0 when no aid (or
	// two) is seen.
	Players int
	// Larry is true when the Larry standee is seen as a place: at a table
	// known to be of 2 players (the aid, or Reader.Players; Larry plays
	// only there). At a table of 3 to 5 (a seat token 3 to 5 seen, or the
	// count) the standee marks who leads (002:L286): it is no place, and
	// no card is his. Where the count is not known, it is neither: no
	// seat, and a card by it is a doubt.
	Larry bool
	// Intel counts the intel tokens seen that lie on no card: each number
	// once, however often its marker is seen, and none of a number seen on
	// a card too.
	Intel int
	// Warnings say what the reader doubted or found odd; they never
	// change the reading. Notes are the same warnings, one for one, as
	// messages of the catalog ("ij.scan.*"), for the players (Warnings,
	// in English, are for logs and the command line).
	Warnings []string
	Notes    []Note
	// Markers are the markers kept: those of the pieces above only.
	Markers []scan.Marker
	// Elapsed is the time the observation took, detection included.
	Elapsed time.Duration
	// Passes counts the detection passes the reader took: 1; 2 when the
	// first left doubt and it looked again (a part of the image, or all);
	// 3 when a shrunk photo's seats were then sought at full size.
	Passes int

	// middle is, at a whole table where no mission face lies in the
	// middle, the image rectangle where its marker would lie (empty
	// otherwise), and the side in pixels a mission marker would have
	// there (the seat markers' largest).
	middle     image.Rectangle
	middleSide float64
	// far counts the number cards next to no seat (a hand, or a seat
	// token missed).
	far int
	// areas are the outlines of the kept pieces in the image: all an
	// annotation shows of the photo.
	areas [][]scan.Point
}

// Play returns the play of seat s, if one was read.
func (o *Observation) Play(s int) (Play, bool) {
	for _, p := range o.Plays {
		if p.Seat == s {
			return p, true
		}
	}
	return Play{}, false
}

// CardName returns the referee's name of number card marker id ("P8"), or
// "" when id is not a number card.
func CardName(id int) string {
	k := id - markers.NumberBase
	if k < 0 || k >= markers.NumberCards {
		return ""
	}
	return fmt.Sprintf("%c%d", "YPGB"[k/13], k%13+1)
}

// MissionName returns the name of mission marker id ("M07", "R2"), or "".
func MissionName(id int) string {
	switch {
	case id >= markers.MissionBase && id < markers.MissionBase+markers.Missions:
		return fmt.Sprintf("M%02d", id-markers.MissionBase+1)
	case id >= markers.RiskyBase && id < markers.RiskyBase+markers.RiskyCards:
		return fmt.Sprintf("R%d", id-markers.RiskyBase+1)
	}
	return ""
}

// public reports whether a marker id may ever be kept by the reader: number
// cards, missions, intel, Larry, seat tokens and aids. Role cards, reserved
// ids and other games' pieces never are.
func public(id int) bool {
	switch k, _ := markers.PieceKind(id); k {
	case markers.NumberCard, markers.MissionCard, markers.RiskyMission, markers.IntelToken,
		markers.Larry, markers.SeatToken, markers.PlayerAid:
		return true
	}
	return false
}

// piece is a token or a card seen by one marker: its centre in the image.
type piece struct {
	id int
	m  scan.Marker
	c  scan.Point
}

// read turns the kept markers into an observation, the player count read
// from the aid only.
func read(ms []scan.Marker, img gocv.Mat) Observation { return readTable(ms, img, 0) }

// readTable turns the kept markers into an observation; players is the
// table's player count when the caller knows it (Reader.Players), else 0.
func readTable(ms []scan.Marker, img gocv.Mat, players int) Observation {
	obs := Observation{Markers: ms, Mission: -1}
	byID := map[int][]scan.Marker{}
	var ids []int
	for _, m := range ms {
		if _, seen := byID[m.ID]; !seen {
			ids = append(ids, m.ID)
		}
		byID[m.ID] = append(byID[m.ID], m)
	}
	sort.Ints(ids)
	var seats, intel, missions, aids []piece
	var cards []card
	for _, id := range ids {
		group := byID[id]
		k, n := markers.PieceKind(id)
		switch k {
		case markers.SeatToken, markers.Larry:
			s := n + 1
			if k == markers.Larry {
				s = Larry
			}
			if k == markers.SeatToken && len(group) > 1 || k == markers.Larry && len(group) > 2 {
				obs.warn(fmt.Sprintf("%s is seen %d times: not used", seatName(s), len(group)), "ij.scan.seat_twice", "seat", seatWords(s), "n", len(group))
				continue
			}
			// Larry's two panels: the mean of their centres.
			var c scan.Point
			for _, m := range group {
				c = c.Add(center(m).Scale(1 / float64(len(group))))
			}
			seats = append(seats, piece{s, group[0], c})
		case markers.IntelToken:
			// One token exists of each number: seen twice (on a phone's
			// screen, in a reflection) it is one piece or a doubt.
			if len(group) > 1 {
				obs.warn(fmt.Sprintf("intel token %d is seen %d times", n+1, len(group)), "ij.scan.intel_twice", "token", n+1, "n", len(group))
			}
			for _, m := range group {
				intel = append(intel, piece{id, m, center(m)})
			}
		case markers.MissionCard, markers.RiskyMission:
			for _, m := range group {
				missions = append(missions, piece{id, m, center(m)})
			}
		case markers.PlayerAid:
			for _, m := range group {
				aids = append(aids, piece{id, m, center(m)})
			}
		case markers.NumberCard:
			cards = append(cards, numberCard(id, group))
		}
	}
	if len(aids) == 1 {
		obs.Players = aids[0].id - markers.AidBase + 2
	} else if len(aids) > 1 {
		obs.warn("two player-aid faces are seen: the player count is not read", "ij.scan.two_aids")
	}
	// The count the reading reasons with: the caller's, else the aid's.
	count := obs.Players
	if players >= 2 && players <= 5 {
		count = players
	}
	seats = larryPlace(seats, count)
	proven := count == 2
	scales := make([]float64, len(seats))
	var middle []piece // the places whose middle is the table's
	for i, s := range seats {
		scales[i] = side(s.m) / tokenMarker
		if s.id == Larry {
			scales[i] = side(s.m) / larryMarker
		}
	}
	for i, s := range seats {
		if s.id != Larry || proven || !besideToken(seats, i, scales) {
			middle = append(middle, s)
		}
	}
	for _, s := range seats {
		if s.id == Larry && !proven {
			// Only the 2-player aid proves Larry's place (the rulebook
			// lays it beside the mission deck, 002:L452): a table of 3
			// to 5 whose higher seat tokens are unseen may use the
			// standee as the lead's marker (002:L286), beside a seen
			// token or an unseen one. It is no seat of the reading; a
			// card by it stays a doubt (nearestSeat).
			continue
		}
		obs.Seats = append(obs.Seats, Seat{Seat: s.id, Center: s.c})
		if s.id == Larry {
			obs.Larry = true
		}
	}
	sort.Slice(obs.Seats, func(i, j int) bool { return obs.Seats[i].Seat < obs.Seats[j].Seat })
	if len(seats) == 0 {
		obs.Refusal, obs.Reason, obs.Why = NoSeats, "no seat token is seen", catalog.M("ij.scan.no_seats")
		obs.Markers = used(&obs)
		obs.areas = areas(&obs)
		return obs
	}
	obs.OK = true
	readMission(&obs, middle, missions, count, newTableMetric(ms))
	hid := hiddenSeats(seats, count, scales)

	// Each card to its nearest seat; cards near no seat are dropped.
	onCard := make([]bool, len(intel))
	// A token on a card that is no play (far from the seats, in doubt)
	// lies on a card all the same: it is not counted off the cards.
	for _, c := range cards {
		for i, t := range intel {
			for _, h := range c.maps {
				if q, ok := h.Apply(t.c); ok && math.Min(math.Min(q.X, cardW-q.X), math.Min(q.Y, cardH-q.Y)) > -edgeDoubt {
					onCard[i] = true
				}
			}
		}
	}
	bySeat := map[int][]Play{}
	for _, c := range cards {
		if !c.ok {
			obs.warn("a number card's two markers disagree: it is not used", "ij.scan.markers_disagree")
			continue
		}
		s, doubt, near := nearestSeat(c, seats, proven)
		if !near {
			obs.far++ // not next to a seat: not a play, and not kept
			continue
		}
		for _, h := range c.maps {
			if inv, ok := h.Inverse(); ok {
				if ctr, ok := inv.Apply(cardMid); !ok || hid.mayOwn(ctr, s) {
					doubt = true // a seat not seen may own it
				}
			}
		}
		if doubt {
			obs.warn("a number card lies between two seats: it is not read", "ij.scan.between_seats")
			continue
		}
		pl := Play{Seat: s, ID: c.id, Card: CardName(c.id), Both: len(c.maps) == 1}
		toImage, _ := likelier(c, s, seats).Inverse()
		for i, q := range []scan.Point{{X: 0, Y: 0}, {X: cardW, Y: 0}, {X: cardW, Y: cardH}, {X: 0, Y: cardH}} {
			pl.Outline[i], _ = toImage.Apply(q)
		}
		pl.Wager, pl.Token = wager(c, intel, onCard, img)
		bySeat[s] = append(bySeat[s], pl)
	}
	for s, ps := range bySeat {
		if len(ps) > 1 {
			obs.warn(fmt.Sprintf("%d number cards lie by %s: none is read", len(ps), seatName(s)), "ij.scan.cards_by_seat", "n", len(ps), "seat", seatWords(s))
			continue
		}
		obs.Plays = append(obs.Plays, ps[0])
	}
	sort.Slice(obs.Plays, func(i, j int) bool { return obs.Plays[i].Seat < obs.Plays[j].Seat })
	obs.Intel = offCards(intel, onCard)
	obs.sortWarnings()
	obs.Markers = used(&obs)
	obs.areas = areas(&obs)
	return obs
}

// larryPlace returns the seats without the Larry standee when the table
// cannot be of 2 players: a seat token numbered 3 or more is seen, or the
// player aid says 3 to 5. There the standee marks who leads.
func larryPlace(seats []piece, players int) []piece {
	more := players > 2
	for _, s := range seats {
		if s.id > 2 {
			more = true
		}
	}
	if !more {
		return seats
	}
	out := seats[:0:0]
	for _, s := range seats {
		if s.id != Larry {
			out = append(out, s)
		}
	}
	return out
}

// offCards counts the intel tokens that lie on no card: each number once,
// and a number seen on a card (even where it is seen again off it) not at
// all.
func offCards(intel []piece, onCard []bool) int {
	on := map[int]bool{}
	for i, t := range intel {
		if onCard[i] {
			on[t.id] = true
		}
	}
	seen := map[int]bool{}
	for _, t := range intel {
		if !on[t.id] {
			seen[t.id] = true
		}
	}
	return len(seen)
}

// areas returns the outlines of the kept pieces: each play's card, the
// mission and the aid from their markers, tokens and Larry around theirs.
func areas(o *Observation) [][]scan.Point {
	var out [][]scan.Point
	for _, p := range o.Plays {
		out = append(out, p.Outline[:])
	}
	outline := func(m scan.Marker, sq []scan.Point, w, h float64) {
		if toFace, ok := faceMap([]scan.Marker{m}, [][]scan.Point{sq}); ok {
			if toImage, ok := toFace.Inverse(); ok {
				var q []scan.Point
				for _, c := range []scan.Point{{X: 0, Y: 0}, {X: w, Y: 0}, {X: w, Y: h}, {X: 0, Y: h}} {
					p, _ := toImage.Apply(c)
					q = append(q, p)
				}
				out = append(out, q)
			}
		}
	}
	grown := func(m scan.Marker, k float64) {
		c := center(m)
		var q []scan.Point
		for _, p := range corners(m) {
			q = append(q, c.Add(p.Sub(c).Scale(k)))
		}
		out = append(out, q)
	}
	for _, m := range o.Markers {
		switch k, _ := markers.PieceKind(m.ID); k {
		case markers.MissionCard, markers.RiskyMission:
			outline(m, square(cardInset, cardInset, cardMarker), cardW, cardH)
		case markers.PlayerAid:
			outline(m, square(4, 4, aidMarker), aidW, aidH)
		case markers.SeatToken, markers.IntelToken:
			grown(m, 1.1*tokenD/tokenMarker)
		case markers.Larry:
			grown(m, 2.5)
		}
	}
	return out
}

// used returns the observation's markers that belong to what it read: no
// number card but the plays, no mission face but the active one.
func used(o *Observation) []scan.Marker {
	var out []scan.Marker
	for _, m := range o.Markers {
		switch k, _ := markers.PieceKind(m.ID); k {
		case markers.NumberCard:
			if _, ok := o.playOf(m.ID); !ok {
				continue
			}
		case markers.MissionCard, markers.RiskyMission:
			if m.ID != o.Mission {
				continue
			}
		}
		out = append(out, m)
	}
	return out
}

func (o *Observation) playOf(id int) (Play, bool) {
	for _, p := range o.Plays {
		if p.ID == id {
			return p, true
		}
	}
	return Play{}, false
}

// Note is a warning of the reader as a message of the catalog: its id
// ("ij.scan.*") and its named arguments; it crosses the wire as
// {"id": ..., "args": {...}}.
type Note = catalog.Msg

// warn adds a warning: its English text, and its message id with its
// arguments as name, value pairs.
func (o *Observation) warn(english, id string, pairs ...any) {
	o.Warnings = append(o.Warnings, english)
	o.Notes = append(o.Notes, catalog.M(id, pairs...))
}

// sortWarnings sorts the warnings by their English text, their messages
// along (an observation made by hand may have no messages).
func (o *Observation) sortWarnings() {
	if len(o.Notes) != len(o.Warnings) {
		sort.Strings(o.Warnings)
		return
	}
	idx := make([]int, len(o.Warnings))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return o.Warnings[idx[a]] < o.Warnings[idx[b]] })
	ws, ns := make([]string, len(idx)), make([]Note, len(idx))
	for i, j := range idx {
		ws[i], ns[i] = o.Warnings[j], o.Notes[j]
	}
	o.Warnings, o.Notes = ws, ns
}

// seatWords is a seat token (or Larry) as an argument of a message.
func seatWords(s int) any {
	if s == Larry {
		return "Larry"
	}
	return catalog.M("ij.scan.seat", "n", s)
}

func seatName(s int) string {
	if s == Larry {
		return "Larry"
	}
	return fmt.Sprintf("seat %d", s)
}
