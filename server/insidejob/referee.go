package insidejob

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"time"

	"fieldkit/catalog"
	"fieldkit/engine"
	rules "fieldkit/engine/insidejob"
	"fieldkit/scan/insidejob/reading"
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
	Observation reading.Reading   `json:"observation"`
	Events      []json.RawMessage `json:"events"` // the events it caused, in their canonical JSON
	// Confirmed are the plays the referee had, seen as it has them:
	// messages "ij.scan.play" {name, card} ("Ada: yellow 10").
	Confirmed []catalog.Msg `json:"confirmed,omitempty"`
	Warnings  []catalog.Msg `json:"warnings,omitempty"`
	Refused   *catalog.Msg  `json:"refused,omitempty"` // why a play or wager it shows was not entered
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
	obs   reading.Reading
	order []int                             // the camera: seats in the order their cards first held (reading.Larry for Larry); nil for a photo
	photo func(mission bool) server.Picture // draws the photo (Scanner); nil from the camera
	// keptMission says whether the referee kept the mission read (it is
	// the active one), for the picture; set by Referee.
	keptMission bool
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
		Msg: catalog.M("ij.scan.unreadable", "reason", unreadable(s.obs)), Observation: s.obs}, true
}

// scanError is the body of a photo the reader refused: the English for
// tools and logs, the message for the pages.
type scanError struct {
	Error       string          `json:"error"`
	Msg         catalog.Msg     `json:"msg"`
	Observation reading.Reading `json:"observation"`
}

// unreadable is why the reader found no trick in obs, as a message.
func unreadable(obs reading.Reading) catalog.Msg {
	if obs.Refusal == reading.NoSeats {
		return catalog.M("ij.scan.no_seats")
	}
	return catalog.M("ij.scan.no_trick")
}

// cardWords is a card's code ("Y10") in words, for a message.
func cardWords(c rules.Card) rules.Phrase { return c.Words() }

// Referee implements server.Sight.
func (s *sight) Referee(sg server.Game, source, part string, at time.Time) (server.Game, server.Step, any, error) {
	x, ok := sg.(game)
	if !ok {
		return sg, server.Step{}, nil, engine.Refuse(rules.ErrEvent, "ij.refuse.photo_other_game", "the photo is of an Inside Job table, the game is not")
	}
	next, step, rep, kept := x.observe(s.obs, s.order, source, part, at)
	s.keptMission = kept.MissionName() != ""
	if s.onKeep != nil {
		s.onKeep(kept.MissionName())
	}
	return next, step, rep, nil
}

// Picture implements server.Sight: the photo with what the referee kept.
func (s *sight) Picture() server.Picture {
	if s.photo == nil {
		return nil
	}
	return s.photo(s.keptMission)
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
func (x game) observe(obs reading.Reading, order []int, source, part string, at time.Time) (game, server.Step, ScanReport, reading.Reading) {
	rep := ScanReport{Source: source, At: at, Trick: trickNumber(x.g), Events: []json.RawMessage{}}
	warn := func(id string, pairs ...any) { rep.Warnings = append(rep.Warnings, catalog.M(id, pairs...)) }
	if m := obs.MissionName(); m != "" && m != activeMission(x.g) {
		if x.g.Phase() == rules.TrickPhase {
			warn("ij.warn.mission_not_kept", "mission", x.g.Mission().String())
		}
		obs.DropMission()
	}
	// The reader's doubts first (two mission faces in the middle, a card
	// between two seats): they name no hidden piece.
	for _, n := range obs.Notes {
		rep.Warnings = append(rep.Warnings, n)
	}
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
			warn("ij.warn.intel_count", "n", obs.Intel, "held", held)
		}
		if obs.Players != nil && *obs.Players != len(x.setup.Players) {
			warn("ij.warn.aid_players", "n", *obs.Players, "players", len(x.setup.Players))
		}
	} else {
		warn("ij.warn.unreadable", "reason", unreadable(obs))
	}
	rep.Observation = obs
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
	by    rules.Seat
	card  rules.Card
	wager reading.Wager
}

// seen maps the reader's plays to the game's seats: seat token k is the k-th
// player, the Larry standee Larry. A card by a seat the game does not have,
// or with a name the referee does not know, is warned about.
func (x game) seen(obs reading.Reading, warn func(string, ...any)) map[rules.Seat]seenPlay {
	out := map[rules.Seat]seenPlay{}
	n := len(x.setup.Players)
	for _, s := range obs.Seats {
		if s > n {
			warn("ij.warn.seat_token", "seat", s, "players", n)
		}
	}
	for _, p := range obs.Plays {
		seat := p.SeatNumber()
		by := rules.Seat(seat - 1)
		switch {
		case seat == reading.Larry && n == 2:
			by = rules.LarrySeat
		case seat == reading.Larry, seat > n:
			continue // warned about above, or Larry at a table without him
		}
		c, err := rules.ParseCard(p.Card)
		if err != nil {
			continue // the reader names every number card it keeps
		}
		out[by] = seenPlay{by: by, card: c, wager: p.WagerState()}
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
				rep.Refused = ptr(catalog.M("ij.warn.photo_phone", "name", part, "why", msgOf(err)))
				return false
			}
		}
		var ng server.Game
		var st server.Step
		if err == nil {
			ng, st, err = next.Apply(b, part, at)
		}
		if err != nil {
			rep.Refused = ptr(msgOf(err))
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
			warn("ij.warn.other_card", "card", cardWords(sp.card), "name", name(p.By), "played", cardWords(p.Card))
		case p.Wager && sp.wager == reading.NoWager:
			warn("ij.warn.no_token", "name", name(p.By), "card", cardWords(p.Card))
		case !p.Wager && sp.wager == reading.Wagered && i == int(t.N)-1:
			rep.Confirmed = append(rep.Confirmed, catalog.M("ij.scan.play", "name", name(p.By), "card", cardWords(p.Card)))
			if !x.wager(p.By, part, apply, warn) {
				return next, step
			}
		case !p.Wager && sp.wager == reading.Wagered:
			warn("ij.warn.token_late", "name", name(p.By), "card", cardWords(p.Card))
		default:
			rep.Confirmed = append(rep.Confirmed, catalog.M("ij.scan.play", "name", name(p.By), "card", cardWords(p.Card)))
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
			warn("ij.warn.played_by_other", "card", cardWords(sp.card), "name", name(by), "by", name(who))
		} else {
			warn("ij.warn.played_before", "card", cardWords(sp.card), "name", name(by))
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
		if sp.wager == reading.WagerUnknown {
			warn("ij.warn.token_unknown", "name", name(by), "card", cardWords(sp.card))
			break
		}
		if sp.wager == reading.Wagered && !next.wager(by, part, apply, warn) {
			break
		}
	}
	// Cards by seats whose turn has not come.
	for _, by := range slices.Sorted(maps.Keys(seen)) {
		sp := seen[by]
		if next.inTrick(by) || old[by] {
			continue
		}
		if v := next.g.View(); v.Next != "" && v.Next != name(by) && rep.Refused == nil {
			warn("ij.warn.not_turn", "card", cardWords(sp.card), "name", name(by), "next", v.Next, "lead", v.Lead)
		}
	}
	return next, step
}

// wager enters by's wager on the card just played, or warns why the token
// can be no wager (the lead's card, a revealed player...): the card still
// counts. It returns false when the wager was refused to the photo's sender.
func (x game) wager(by rules.Seat, part string, apply func(rules.Event) bool, warn func(string, ...any)) bool {
	if !x.g.MayWager(by) {
		warn("ij.warn.no_wager", "name", x.setup.Name(by), "why", msgOf(x.g.Legal(rules.Wager(by))))
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

// msgOf is the message of a refusal: the engine's and the server's
// refusals all carry one.
func msgOf(err error) catalog.Msg {
	var say catalog.Sayable
	if errors.As(err, &say) {
		return catalog.Of(say)
	}
	if err == nil {
		return catalog.M("ij.warn.not_now")
	}
	return catalog.M("error.text", "text", err.Error())
}

func ptr[T any](v T) *T { return &v }

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
			warn("ij.warn.played_before", "card", cardWords(sp.card), "name", x.setup.Name(by))
		default:
			warn("ij.warn.no_trick", "card", cardWords(sp.card), "name", x.setup.Name(by))
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
		if s == reading.Larry {
			by = rules.LarrySeat
		}
		if _, ok := pos[by]; ok {
			seen = append(seen, by)
		}
	}
	for i := 1; i < len(seen); i++ {
		if a, b := seen[i-1], seen[i]; pos[a] > pos[b] {
			warn("ij.warn.order", "name", x.setup.Name(a), "other", x.setup.Name(b))
		}
	}
}
