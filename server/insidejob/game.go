package insidejob

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"fieldkit/catalog"
	"fieldkit/engine"
	rules "fieldkit/engine/insidejob"
	"fieldkit/server"
)

// game is one Inside Job game at a table: the engine's state and what the
// screens show of the tricks resolved. It is a value (server.Game): every
// method leaves the receiver as it was, and its slices are never modified in
// place.
type game struct {
	setup rules.Setup // secret: roles and the deck order
	g     rules.Game
	start [rules.MaxSeats]int // intel in front of each seat when the current trick's mission was kept
	// kept[k] is the mission the lead kept on the phone for trick k+1 (a
	// server deck only; NoMission where none was kept yet). It outlives an
	// undo (the stored setup carries it): the host may enter that card
	// again, never the other one drawn.
	kept   []rules.Mission
	replay []TrickRecord // every trick resolved; public once the game is over

	sc       Scanner                         // reads photos of the trick; nil for none
	track    func(hold, players int) Tracker // follows the trick through the camera; nil for none
	scan     *ScanReport                     // the last photo or camera view refereed
	warnings []catalog.Msg                   // from the camera: what it saw that the referee does not agree with
}

// TrickRecord is a trick resolved: its cards and wagers, its outcome, and
// what it changed.
type TrickRecord struct {
	Trick    int               `json:"trick"` // 1, 2, ...
	Lead     string            `json:"lead"`
	Mission  rules.MissionView `json:"mission"`
	Plays    []rules.PlayView  `json:"plays"`
	Winner   string            `json:"winner"`
	Result   string            `json:"result"`             // "completed" or "failed"
	Moved    []Moved           `json:"moved"`              // intel won or lost in the trick, per seat
	Revealed []string          `json:"revealed,omitempty"` // players (or Larry) revealed after it
}

// Moved is the intel a seat won (or lost) in one trick, wagers included.
type Moved struct {
	Name  string `json:"name"`
	Intel int    `json:"intel"`
}

func newGame(s rules.Setup) (game, error) {
	g, err := rules.NewGame(s)
	if err != nil {
		return game{}, err
	}
	x := game{setup: s, g: g}
	x.start = x.intel(g)
	return x, nil
}

func (x game) seats() int { return x.g.Rules().Seats }

func (x game) intel(g rules.Game) (out [rules.MaxSeats]int) {
	for i := range x.seats() {
		out[i] = g.Intel(rules.Seat(i))
	}
	return out
}

// complete reports whether the current trick has all its cards.
func complete(g rules.Game) bool {
	return g.Phase() == rules.TrickPhase && int(g.Trick().N) == g.Rules().Seats
}

// errDrawn is what the host hears when a mission it entered is refused in a
// game with the server's deck: the reason could tell which cards were drawn.
// The host may enter only the card the lead kept on the phone (again, after
// an undo); any other card, drawn or not, hears this.
var errDrawn = engine.Refuse(rules.ErrCard, "ij.refuse.drawn_on_phone", "the lead keeps one of the two missions drawn, on the lead's phone")

// errVoteOnPhone is what the host hears for any vote: the vote is sealed,
// and whether a vote fits its voter (the Paranoid agent names two players)
// would tell a hidden role.
var errVoteOnPhone = engine.Refuse(rules.ErrVote, "ij.refuse.vote_on_phone", "each player votes on their own phone: the vote is secret")

// Apply implements server.Game. A seat's phone sends what its player may do,
// for itself (and Larry's cards while it controls Larry); the host what
// depends on no secret: no vote, and in a game with the server's deck no
// mission but the one the lead kept on the phone. A mission or a vote after
// a complete trick scores the trick first, and the log records that as a
// resolve of its own. The logged mission event names the kept card only.
func (x game) Apply(line []byte, part string, at time.Time) (server.Game, server.Step, error) {
	return x.apply(line, part, at, false)
}

// Replay implements server.Replayer: an event the game accepted before is
// applied again whoever sent it (the host's undo rebuilds the game from its
// log, and the lead's choice was the lead's phone's).
func (x game) Replay(line []byte, at time.Time) (server.Game, server.Step, error) {
	return x.apply(line, "", at, true)
}

func (x game) apply(line []byte, part string, at time.Time, replay bool) (server.Game, server.Step, error) {
	e, err := x.setup.DecodeEvent(line)
	if err != nil {
		return x, server.Step{}, err
	}
	e.Rejected = rules.NoMission // implied by the deck order, or in the box unsaid
	if part != "" {
		if err := x.seatMay(part, &e); err != nil {
			return x, server.Step{}, err
		}
	} else if !replay && e.Type == rules.VoteCast {
		return x, server.Step{}, errVoteOnPhone
	}
	hostMission := !replay && part == "" && e.Type == rules.MissionChosen && x.setup.Deck != nil
	if err := x.g.Legal(e); err != nil {
		if hostMission && errors.Is(err, rules.ErrCard) {
			return x, server.Step{}, errDrawn
		}
		return x, server.Step{}, err
	}
	k := x.draw()
	if hostMission && (k >= len(x.kept) || x.kept[k] != e.Mission) {
		return x, server.Step{}, errDrawn
	}
	evs := []rules.Event{e}
	if (e.Type == rules.MissionChosen || e.Type == rules.VoteCast) && complete(x.g) {
		evs = []rules.Event{rules.Resolve(), e}
	}
	next, step := x, server.Step{}
	if part != "" && e.Type == rules.MissionChosen && x.setup.Deck != nil && (k >= len(x.kept) || x.kept[k] != e.Mission) {
		// The lead's choice: remembered in the stored setup, which an
		// undo does not take back.
		next.kept = slices.Clone(x.kept)
		for len(next.kept) <= k {
			next.kept = append(next.kept, rules.NoMission)
		}
		next.kept[k] = e.Mission
		b, err := storedSetup(x.setup, next.kept)
		if err != nil {
			return x, server.Step{}, err
		}
		step.Replace = b
	}
	for _, ev := range evs {
		ng, err := next.g.Apply(ev)
		if err != nil {
			return x, server.Step{}, err
		}
		var result string
		next, result = next.after(ng, ev)
		b, err := x.setup.EncodeEvent(ev)
		if err != nil {
			return x, server.Step{}, err
		}
		step.Events = append(step.Events, server.LoggedEvent{Event: b, Result: result})
	}
	return next, step, nil
}

// draw is the number of the next mission choice, 0 for the first trick's:
// the tricks resolved, and the complete trick a mission would score first.
func (x game) draw() int {
	if complete(x.g) {
		return x.g.Tricks() + 1
	}
	return x.g.Tricks()
}

// after moves x to the engine state ng that e led to, records a trick just
// resolved, and returns what e led to in words for the history.
func (x game) after(ng rules.Game, e rules.Event) (game, string) {
	before := x.g
	x.g = ng
	if e.Type == rules.MissionChosen {
		x.start = x.intel(ng)
	}
	result := ""
	if ng.Tricks() > before.Tricks() {
		l, _ := ng.Last()
		rec := TrickRecord{Trick: ng.Tricks(), Lead: x.setup.Name(before.Lead()), Winner: x.setup.Name(l.Winner),
			Mission: missionView(l.Mission), Result: "failed"}
		if l.Completed {
			rec.Result = "completed"
		}
		for i := range int(l.Trick.N) {
			p := l.Trick.Plays[i]
			rec.Plays = append(rec.Plays, rules.PlayView{By: x.setup.Name(p.By), Card: p.Card.String(), Wager: p.Wager})
		}
		now := x.intel(ng)
		for i := range x.seats() {
			s := rules.Seat(i)
			rec.Moved = append(rec.Moved, Moved{Name: x.setup.Name(s), Intel: now[i] - x.start[i]})
			if ng.Revealed(s) && !before.Revealed(s) {
				rec.Revealed = append(rec.Revealed, x.setup.Name(s))
			}
		}
		x.replay = append(slices.Clip(x.replay), rec)
		result = fmt.Sprintf("trick %d: %s wins, mission %s %s", rec.Trick, rec.Winner, rec.Mission.ID, rec.Result)
	}
	if ng.Over() {
		result = joinResult(result, "game over: "+ng.Reason().String())
	}
	return x, result
}

func joinResult(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

func missionView(m rules.Mission) rules.MissionView {
	return rules.MissionView{ID: m.String(), Trump: m.Trump().String()}
}

// seatMay checks an event sent from the phone of the player part and names
// that player as its actor where the event has one.
func (x game) seatMay(part string, e *rules.Event) error {
	s, ok := x.setup.Seat(part)
	if !ok || int(s) >= len(x.setup.Players) {
		return engine.Refuse(rules.ErrEvent, "ij.refuse.no_player", fmt.Sprintf("no player %q at this table", part), "name", part)
	}
	name := x.setup.Name
	switch e.Type {
	case rules.PartnerChosen, rules.Wagered, rules.VoteCast:
		if e.By != s {
			return engine.Refuse(rules.ErrTurn, "ij.refuse.phone_other", fmt.Sprintf("\"by\": this is %s's phone; it cannot act for %s", part, name(e.By)), "phone", part, "name", name(e.By))
		}
	case rules.CardPlayed:
		switch {
		case e.By == s:
		case len(x.setup.Players) == 2 && e.By == rules.LarrySeat:
			if c := x.g.LarryController(); c != s {
				return engine.Refuse(rules.ErrTurn, "ij.refuse.larry_controller", fmt.Sprintf("\"by\": %s plays %s's cards in this trick, not %s", name(c), rules.LarryName, part), "name", name(c), "larry", rules.LarryName, "phone", part)
			}
		default:
			return engine.Refuse(rules.ErrTurn, "ij.refuse.phone_card", fmt.Sprintf("\"by\": this is %s's phone; it cannot enter %s's card (%s enters it, or the host)", part, name(e.By), name(e.By)), "phone", part, "name", name(e.By))
		}
	case rules.MissionChosen:
		if lead := x.nextLead(); lead != s {
			return engine.Refuse(rules.ErrTurn, "ij.refuse.lead_keeps", fmt.Sprintf("only the lead, %s, keeps a mission", name(lead)), "name", name(lead))
		}
	case rules.TrickResolved:
	default:
		return engine.Refuse(rules.ErrEvent, "ij.refuse.phone_event", fmt.Sprintf("a phone cannot send a %s event", e.Type))
	}
	return nil
}

// nextLead returns who keeps the next mission: the lead, or the winner of a
// complete trick.
func (x game) nextLead() rules.Seat {
	if complete(x.g) {
		if r, err := x.g.Apply(rules.Resolve()); err == nil {
			return r.Lead()
		}
	}
	return x.g.Lead()
}

// Public is the family's part of the public state of a game: what the host
// screen and every phone show. During play it holds the current trick only;
// the trick just resolved shows until the next mission is kept.
type Public struct {
	State     rules.View    `json:"state"`                // the referee's public view
	Specials  []string      `json:"specials"`             // the special roles in the game (the role set is shown, 002:L298)
	Printed   bool          `json:"printed_missions"`     // the lead enters the kept mission's id
	LastTrick *TrickRecord  `json:"last_trick,omitempty"` // the trick just resolved, while state.last shows
	Replay    []TrickRecord `json:"replay,omitempty"`     // once over: every trick and wager
	// Scan is the last photo or camera view refereed, while its trick
	// lies on the table; Warnings are the camera's last warnings.
	Scan     *ScanReport   `json:"scan,omitempty"`
	Warnings []catalog.Msg `json:"warnings,omitempty"`
}

// Public implements server.Game.
func (x game) Public() any {
	p := Public{State: x.g.View(), Specials: x.specials(), Printed: x.setup.Deck == nil}
	if _, ok := x.g.Last(); ok && len(x.replay) > 0 {
		p.LastTrick = &x.replay[len(x.replay)-1]
	}
	if x.g.Over() {
		p.Replay = x.replay
	}
	if x.scan != nil && x.scan.Trick == trickNumber(x.g) {
		// Nobody may look back at the cards of an earlier trick (002:L280).
		p.Scan, p.Warnings = x.scan, x.warnings
	}
	if p.Specials == nil {
		p.Specials = []string{}
	}
	return p
}

// specials lists the special roles dealt, in the role cards' order.
func (x game) specials() []string {
	var out []string
	for r := rules.Wiretapped; r <= rules.Blank; r++ {
		if slices.Contains(x.setup.Roles, r) {
			out = append(out, r.String())
		}
	}
	return out
}

// Secret is what one player's phone sees beyond the public state.
type Secret struct {
	Role        string              `json:"role"`
	May         []string            `json:"may"`                    // what the player may do now: partner, choose, play, play_larry, wager, resolve, vote
	PartnerRole string              `json:"partner_role,omitempty"` // the Accomplice: its partner's role
	Drawn       []rules.MissionView `json:"drawn,omitempty"`        // the lead, during the choice: the two missions drawn
	Votes       int                 `json:"votes,omitempty"`        // during the vote: how many names the vote takes
	// VoteOptions are, during the vote, every vote the player may cast
	// (rules.Game.VoteOptions): the names each sends, one or two, the
	// same name twice for a revealed Paranoid agent putting both votes on
	// one player. The phone offers these and nothing else.
	VoteOptions [][]string   `json:"vote_options,omitempty"`
	NoVote      *catalog.Msg `json:"no_vote,omitempty"` // during the vote: why the player may not vote
	Vote        []string     `json:"vote,omitempty"`    // the player's own vote, once cast
}

// Secret implements server.Game.
func (x game) Secret(part string) any {
	s, ok := x.setup.Seat(part)
	if part == "" || !ok || int(s) >= len(x.setup.Players) {
		return nil
	}
	g := x.g
	sec := Secret{Role: g.Role(s).String(), May: []string{}}
	may := func(what string) { sec.May = append(sec.May, what) }
	if acc, partner := g.Partner(); acc == s && partner != rules.NoSeat {
		sec.PartnerRole = g.Role(partner).String()
	}
	switch g.Phase() {
	case rules.PartnerPhase:
		if acc, _ := g.Partner(); acc == s {
			may("partner")
		}
	case rules.MissionPhase:
		if g.Lead() == s {
			may("choose")
			if a, b, ok := g.Drawn(); ok {
				sec.Drawn = []rules.MissionView{missionView(a), missionView(b)}
			}
		}
	case rules.TrickPhase:
		if complete(g) {
			may("resolve")
		} else if next := g.View().Next; next == part {
			may("play")
		} else if next == rules.LarryName && g.LarryController() == s {
			may("play_larry")
		}
		if g.MayWager(s) {
			may("wager")
		}
	case rules.VotePhase:
		for _, o := range g.VoteOptions(s) {
			names := []string{x.setup.Name(o[0])}
			if o[1] != rules.NoSeat {
				names = append(names, x.setup.Name(o[1]))
			}
			sec.VoteOptions = append(sec.VoteOptions, names)
			sec.Votes = max(sec.Votes, len(names))
		}
		if sec.VoteOptions != nil {
			may("vote")
		} else if r := (*engine.Refusal)(nil); errors.As(g.NoVote(s), &r) {
			m := catalog.Of(r)
			sec.NoVote = &m
		}
	}
	if v := g.Votes(s); v[0] != rules.NoSeat {
		for _, t := range v {
			if t != rules.NoSeat {
				sec.Vote = append(sec.Vote, x.setup.Name(t))
			}
		}
	}
	return sec
}

// Playing implements server.Game.
func (x game) Playing() bool { return !x.g.Over() }

// HistorySealed implements server.SealedLog: nobody may look back at played
// cards (002:L280) and votes stay sealed, so the history shows once the game
// is over.
func (x game) HistorySealed() bool { return !x.g.Over() }
