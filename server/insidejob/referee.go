package insidejob

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	rules "fieldkit/engine/insidejob"
	ijscan "fieldkit/scan/insidejob"
	"fieldkit/server"
)

// The camera referee: a photo (or the camera's settled frames) of the trick
// becomes the events it shows where the rules leave no doubt: the cards
// played, by seat, in the referee's order (clockwise from the lead; the
// picture has no order), each followed by its wager. A photo from a seat's
// phone may cause only what that phone may send by hand. Everything else the
// camera sees that the referee does not agree with is a warning for the
// host, never a change: a card already played in an earlier trick, a card
// other than the one the referee has, a seat that played out of turn, a token
// the referee does not have, more intel than the players hold, a mission in
// the middle that is not the one kept.

// ScanReport is what one photo or settled camera view did. It is public (the
// host screen shows it), so it holds only what lies face up in the trick:
// the reader keeps no role card, no number card away from the seats and no
// mission face but the one in the middle, and the referee drops that one too
// when it is not the mission kept (the rejected one, laid there by mistake).
type ScanReport struct {
	Source      string            `json:"source"` // "upload" or "camera"
	At          time.Time         `json:"at"`
	Trick       int               `json:"trick"` // the trick it looked at, 1, 2, ...
	Observation ijscan.Reading    `json:"observation"`
	Events      []json.RawMessage `json:"events"`              // the events it caused, in their canonical JSON
	Confirmed   []string          `json:"confirmed,omitempty"` // plays the referee had, seen as it has them ("Ada Y10")
	Warnings    []string          `json:"warnings,omitempty"`
	Refused     string            `json:"refused,omitempty"` // why a play or wager it shows was not entered
}

// maxWarnings is how many camera warnings a game keeps for the host screen.
const maxWarnings = 8

// trickNumber is the trick the table shows now: the one under way, or the
// one just resolved while its cards still lie there.
func trickNumber(g rules.Game) int {
	if g.Phase() == rules.TrickPhase {
		return g.Tricks() + 1
	}
	return g.Tricks()
}

// sight is what one photo or the camera's settled frames showed.
type sight struct {
	obs   ijscan.Observation
	order []int  // the camera: seats in the order their cards first held; nil for a photo
	photo []byte // the photo, for the picture; nil from the camera
	// kept is what the referee kept of obs (the mission dropped when it is
	// not the one kept), for the picture; set by Referee.
	kept *ijscan.Observation
	// onKeep, when set, hears the mission the referee keeps ("" for none).
	onKeep func(mission string)
}

// Unreadable implements server.Sight: a photo without a seat token is a 422
// with the reader's reason.
func (s *sight) Unreadable() (any, bool) {
	if s.obs.OK {
		return nil, false
	}
	return scanError{Error: "the photo shows no trick to read: " + s.obs.Reason + "; take the photo from above with every seat token and the cards played in the frame",
		Observation: s.obs.Reading()}, true
}

// scanError is the body of a photo the reader refused.
type scanError struct {
	Error       string         `json:"error"`
	Observation ijscan.Reading `json:"observation"`
}

// Referee implements server.Sight.
func (s *sight) Referee(sg server.Game, source, part string, at time.Time) (server.Game, server.Step, any, error) {
	x, ok := sg.(game)
	if !ok {
		return sg, server.Step{}, nil, fmt.Errorf("%w: the photo is of an Inside Job table, the game is not", rules.ErrEvent)
	}
	next, step, rep, kept := x.observe(s.obs, s.order, source, part, at)
	s.kept = &kept
	if s.onKeep != nil {
		s.onKeep(kept.MissionName)
	}
	return next, step, rep, nil
}

// Picture implements server.Sight: the photo with what the referee kept.
func (s *sight) Picture() server.Picture {
	if s.photo == nil {
		return nil
	}
	obs := s.obs
	if s.kept != nil {
		obs = *s.kept
	} else {
		obs.DropMission()
	}
	return &photoPicture{photo: s.photo, obs: obs}
}

// activeMission is the mission whose face may lie in the middle now: the
// one kept for the trick under way, or the one of the trick just resolved.
func activeMission(g rules.Game) string {
	if g.Phase() == rules.TrickPhase {
		return g.Mission().String()
	}
	if l, ok := g.Last(); ok {
		return l.Mission.String()
	}
	return ""
}

// observe referees what the reader saw; it returns the next game, the step,
// the report and the observation as kept. part is the player whose phone
// sent the photo ("" for the host and the camera).
func (x game) observe(obs ijscan.Observation, order []int, source, part string, at time.Time) (game, server.Step, ScanReport, ijscan.Observation) {
	rep := ScanReport{Source: source, At: at, Trick: trickNumber(x.g), Events: []json.RawMessage{}}
	warn := func(format string, args ...any) { rep.Warnings = append(rep.Warnings, fmt.Sprintf(format, args...)) }
	if obs.Mission >= 0 && obs.MissionName != activeMission(x.g) {
		if x.g.Phase() == rules.TrickPhase {
			warn("the mission in the middle is not the one kept (%s): lay the kept mission face up in the middle", x.g.Mission())
		}
		obs.DropMission()
	}
	// The reader's doubts first (two mission faces in the middle, a card
	// between two seats): they name no hidden piece.
	rep.Warnings = append(rep.Warnings, obs.Warnings...)
	next, step := x, server.Step{}
	if obs.OK {
		seen := x.seen(obs, warn)
		if x.g.Phase() == rules.TrickPhase {
			next, step = x.playsFrom(seen, part, at, &rep, warn)
		} else {
			x.notInATrick(seen, warn)
		}
		if order != nil {
			next.checkOrder(order, warn)
		}
		held := 0
		for i := range next.seats() {
			held += next.g.Intel(rules.Seat(i))
		}
		if obs.Intel > held {
			warn("the camera sees %d intel tokens off the cards, but the players hold %d: was a won token or a wager missed, or does the supply lie in view?", obs.Intel, held)
		}
		if obs.Players > 0 && obs.Players != len(x.setup.Players) {
			warn("the player aid shows %d players; this game has %d", obs.Players, len(x.setup.Players))
		}
	} else {
		warn("the camera cannot read the trick: %s", obs.Reason)
	}
	rep.Observation = obs.Reading()
	r := rep
	next.scan = &r
	next.warnings = append(slices.Clip(x.warnings), rep.Warnings...)
	if x.scan == nil || x.scan.Trick != rep.Trick {
		next.warnings = slices.Clone(rep.Warnings) // a new trick: the old warnings named its cards
	}
	if n := len(next.warnings); n > maxWarnings {
		next.warnings = next.warnings[n-maxWarnings:]
	}
	return next, step, rep, obs
}

// seenPlay is a card the camera read by a seat of the game.
type seenPlay struct {
	by   rules.Seat
	card rules.Card
	read ijscan.Play
}

// seen maps the reader's plays to the game's seats: seat token k is the k-th
// player, the Larry standee Larry. A card by a seat the game does not have,
// or with a name the referee does not know, is warned about.
func (x game) seen(obs ijscan.Observation, warn func(string, ...any)) map[rules.Seat]seenPlay {
	out := map[rules.Seat]seenPlay{}
	n := len(x.setup.Players)
	for _, s := range obs.Seats {
		if s.Seat != ijscan.Larry && s.Seat > n {
			warn("seat token %d lies on the table, but this game has %d players", s.Seat, n)
		}
	}
	for _, p := range obs.Plays {
		by := rules.Seat(p.Seat - 1)
		switch {
		case p.Seat == ijscan.Larry && n == 2:
			by = rules.LarrySeat
		case p.Seat == ijscan.Larry, p.Seat > n:
			continue // warned about above, or Larry at a table without him
		}
		c, err := rules.ParseCard(p.Card)
		if err != nil {
			continue // the reader names every number card it keeps
		}
		out[by] = seenPlay{by: by, card: c, read: p}
	}
	return out
}

// playsFrom enters the cards the trick shows that the referee does not have
// yet, in play order, each with its wager; it stops at the first seat whose
// card is missing, in doubt or refused. Cards the referee has are compared.
func (x game) playsFrom(seen map[rules.Seat]seenPlay, part string, at time.Time, rep *ScanReport, warn func(string, ...any)) (game, server.Step) {
	name := x.setup.Name
	next, step := x, server.Step{}
	apply := func(e rules.Event) bool {
		b, err := x.setup.EncodeEvent(e)
		if err == nil && part != "" {
			if err = next.seatMay(part, &e); err != nil {
				rep.Refused = fmt.Sprintf("a photo from %s's phone may do only what that phone may do by hand: %v", part, err)
				return false
			}
		}
		var ng server.Game
		var st server.Step
		if err == nil {
			ng, st, err = next.Apply(b, part, at)
		}
		if err != nil {
			rep.Refused = err.Error()
			return false
		}
		next = ng.(game)
		step.Events = append(step.Events, st.Events...)
		for _, le := range st.Events {
			rep.Events = append(rep.Events, le.Event)
		}
		return true
	}
	// The cards the referee has.
	t := x.g.Trick()
	for i := range int(t.N) {
		p := t.Plays[i]
		sp, ok := seen[p.By]
		if !ok {
			continue
		}
		switch {
		case sp.card != p.Card:
			warn("the camera sees %s by %s, but the referee has %s played there", sp.card, name(p.By), p.Card)
		case p.Wager && sp.read.Wager == ijscan.NoWager:
			warn("the referee has a wager on %s's %s, but the camera sees no token on it", name(p.By), p.Card)
		case !p.Wager && sp.read.Wager == ijscan.Wagered && i == int(t.N)-1:
			rep.Confirmed = append(rep.Confirmed, name(p.By)+" "+p.Card.String())
			if !x.wager(p.By, part, apply, warn) {
				return next, step
			}
		case !p.Wager && sp.read.Wager == ijscan.Wagered:
			warn("a token lies on %s's %s, but the referee has no wager there: a token goes on a card right after it is played, before the next card", name(p.By), p.Card)
		default:
			rep.Confirmed = append(rep.Confirmed, name(p.By)+" "+p.Card.String())
		}
	}
	// Cards that were played before, by other seats or in earlier tricks.
	old := map[rules.Seat]bool{}
	for _, by := range slices.Sorted(maps.Keys(seen)) {
		sp := seen[by]
		if x.inTrick(by) || !x.g.Played(sp.card) {
			continue
		}
		old[by] = true
		if who, ok := x.playedBy(sp.card); ok {
			warn("the camera sees %s by %s, but the referee has it played by %s", sp.card, name(by), name(who))
		} else {
			warn("the camera sees %s by %s, but %s was already played in an earlier trick: every card exists once", sp.card, name(by), sp.card)
		}
	}
	// The cards it does not have, in play order.
	for !complete(next.g) {
		by, _ := x.setup.Seat(next.g.View().Next)
		sp, ok := seen[by]
		if !ok || old[by] {
			break
		}
		if !apply(rules.PlayCard(by, sp.card)) {
			break
		}
		if sp.read.Wager == ijscan.WagerUnknown {
			warn("the camera cannot tell whether a token lies on %s's %s: take another photo before the next card", name(by), sp.card)
			break
		}
		if sp.read.Wager == ijscan.Wagered && !next.wager(by, part, apply, warn) {
			break
		}
	}
	// Cards by seats whose turn has not come.
	for _, by := range slices.Sorted(maps.Keys(seen)) {
		sp := seen[by]
		if next.inTrick(by) || old[by] {
			continue
		}
		if v := next.g.View(); v.Next != "" && v.Next != name(by) && rep.Refused == "" {
			warn("the camera sees %s by %s, but %s plays next: play goes clockwise from the lead, %s", sp.card, name(by), v.Next, v.Lead)
		}
	}
	return next, step
}

// wager enters by's wager on the card just played, or warns why the token
// can be no wager (the lead's card, a revealed player...): the card still
// counts. It returns false when the wager was refused to the photo's sender.
func (x game) wager(by rules.Seat, part string, apply func(rules.Event) bool, warn func(string, ...any)) bool {
	if !x.g.MayWager(by) {
		err := x.g.Legal(rules.Wager(by))
		warn("a token lies on %s's card, but the referee takes no wager there: %s", x.setup.Name(by), trimKind(err))
		return true
	}
	return apply(rules.Wager(by))
}

// playedBy returns who played c in the trick under way.
func (x game) playedBy(c rules.Card) (rules.Seat, bool) {
	t := x.g.Trick()
	for i := range int(t.N) {
		if t.Plays[i].Card == c {
			return t.Plays[i].By, true
		}
	}
	return rules.NoSeat, false
}

// trimKind drops the refusal kind ("card refused: ...") from an engine error.
func trimKind(err error) string {
	if err == nil {
		return "not now"
	}
	s := err.Error()
	for _, k := range []error{rules.ErrWager, rules.ErrTurn, rules.ErrOrder, rules.ErrCard} {
		if errors.Is(err, k) {
			s = strings.TrimPrefix(s, k.Error()+": ")
		}
	}
	return strings.TrimPrefix(s, `"by": `)
}

// inTrick reports whether by has played in the trick under way.
func (x game) inTrick(by rules.Seat) bool {
	t := x.g.Trick()
	for i := range int(t.N) {
		if t.Plays[i].By == by {
			return true
		}
	}
	return false
}

// notInATrick warns about cards seen while no trick is under way: the
// trick just resolved may still lie there; any other card is out of place.
func (x game) notInATrick(seen map[rules.Seat]seenPlay, warn func(string, ...any)) {
	last, hasLast := x.g.Last()
	for _, by := range slices.Sorted(maps.Keys(seen)) {
		sp := seen[by]
		inLast := false
		for i := range int(last.Trick.N) {
			inLast = inLast || hasLast && last.Trick.Plays[i].Card == sp.card
		}
		switch {
		case inLast:
		case x.g.Played(sp.card):
			warn("the camera sees %s by %s, but %s was already played in an earlier trick: every card exists once", sp.card, x.setup.Name(by), sp.card)
		default:
			warn("the camera sees %s by %s, but no trick is under way (%s)", sp.card, x.setup.Name(by), x.g.Phase())
		}
	}
}

// checkOrder compares the order in which the camera first saw the cards of
// the trick under way with the referee's play order.
func (x game) checkOrder(order []int, warn func(string, ...any)) {
	if x.g.Phase() != rules.TrickPhase {
		return
	}
	t := x.g.Trick()
	pos := map[rules.Seat]int{}
	for i := range int(t.N) {
		pos[t.Plays[i].By] = i
	}
	var seen []rules.Seat
	for _, s := range order {
		by := rules.Seat(s - 1)
		if s == ijscan.Larry {
			by = rules.LarrySeat
		}
		if _, ok := pos[by]; ok {
			seen = append(seen, by)
		}
	}
	for i := 1; i < len(seen); i++ {
		if a, b := seen[i-1], seen[i]; pos[a] > pos[b] {
			warn("the camera saw %s's card before %s's, but %s plays first", x.setup.Name(a), x.setup.Name(b), x.setup.Name(b))
		}
	}
}
