package insidejob

import "fmt"

// Legal says whether e may happen now; the error names the field and the rule in
// words a player understands, and wraps one of the Err values.
func (g Game) Legal(e Event) error {
	if g.phase == OverPhase {
		return fmt.Errorf("%w (%s): no more events; start a new game", ErrOver, g.reason)
	}
	switch e.Type {
	case PartnerChosen:
		return g.legalPartner(e)
	case MissionChosen:
		return g.legalMission(e)
	case CardPlayed:
		return g.legalPlay(e)
	case Wagered:
		return g.legalWager(e)
	case TrickResolved:
		if !g.trickComplete() {
			return g.notTrickEnd("resolve")
		}
		return nil
	case VoteCast:
		return g.legalVote(e)
	case NewEvent:
		return fmt.Errorf("%w: a game is already running; the referee starts new games", ErrOrder)
	}
	return fmt.Errorf("%w: unknown event type %d", ErrEvent, e.Type)
}

// seat checks that s names a seat of this game.
func (g *Game) seat(field string, s Seat) error {
	if s < 0 || int(s) >= g.rules.Seats {
		return fmt.Errorf("%w: %q: want one of the players", ErrEvent, field)
	}
	return nil
}

func (g *Game) notTrickEnd(what string) error {
	switch g.phase {
	case TrickPhase:
		return fmt.Errorf("%w: cannot %s: the trick has %d of %d cards; %s plays next", ErrOrder, what, g.cur.N, g.rules.Seats, g.names[g.next()])
	case PartnerPhase:
		return fmt.Errorf("%w: cannot %s: the Accomplice (%s) picks a partner first (002:L354)", ErrOrder, what, g.names[g.accomplice])
	case VotePhase:
		return fmt.Errorf("%w: cannot %s: all %d tricks are played; the vote is on", ErrOrder, what, g.rules.Tricks)
	}
	return fmt.Errorf("%w: cannot %s: no trick is under way; %s keeps a mission first", ErrOrder, what, g.names[g.lead])
}

func (g *Game) legalPartner(e Event) error {
	if err := g.seat("by", e.By); err != nil {
		return err
	}
	if err := g.seat("partner", e.Partner); err != nil {
		return err
	}
	switch {
	case g.accomplice == NoSeat:
		return fmt.Errorf("%w: \"partner\": nobody is the Accomplice in this game", ErrOrder)
	case g.partner != NoSeat:
		return fmt.Errorf("%w: \"partner\": the Accomplice already chose %s; a partner is chosen once, at the start (002:L354)", ErrOrder, g.names[g.partner])
	case g.phase != PartnerPhase:
		return fmt.Errorf("%w: \"partner\": the partner is chosen before the first mission", ErrOrder)
	case e.By != g.accomplice:
		return fmt.Errorf("%w: \"by\": %s is not the Accomplice; %s picks the partner", ErrTurn, g.names[e.By], g.names[g.accomplice])
	case e.Partner == e.By:
		return fmt.Errorf("%w: \"partner\": the Accomplice picks another player, not themself", ErrEvent)
	}
	return nil
}

func (g *Game) legalMission(e Event) error {
	if g.phase == TrickPhase && g.trickComplete() {
		// The mission event resolves the complete trick first.
		n := g.resolved()
		if n.phase != MissionPhase {
			return fmt.Errorf("%w: the trick just played ends the tricks (%s); send {\"type\":\"resolve\"} (or the votes) instead of a mission", ErrOrder, n.phaseOrReason())
		}
		return n.legalMission(e)
	}
	if g.phase != MissionPhase {
		return g.notMissionTime()
	}
	m, r := e.Mission, e.Rejected
	if !m.Valid() {
		return fmt.Errorf("%w: \"id\": want a mission id, M01-M24 or R1-R4", ErrEvent)
	}
	if err := g.inThisDeck("id", m); err != nil {
		return err
	}
	if r != NoMission {
		if err := g.inThisDeck("rejected", r); err != nil {
			return err
		}
		if r == m {
			return fmt.Errorf("%w: \"rejected\": the lead draws two different missions; one card cannot be both kept and rejected", ErrEvent)
		}
	}
	if a, b, ok := g.Drawn(); ok {
		if m != a && m != b {
			return fmt.Errorf("%w: \"id\": that card was not drawn; the lead keeps one of the two cards on top of the deck", ErrCard)
		}
		other := a
		if m == a {
			other = b
		}
		if r != NoMission && r != other {
			return fmt.Errorf("%w: \"rejected\": that is not the other card drawn", ErrCard)
		}
		r = other
	} else {
		if g.used[m] {
			return fmt.Errorf("%w: \"id\": that card was already drawn in this game; every mission card is drawn once", ErrCard)
		}
		if r != NoMission && g.used[r] {
			return fmt.Errorf("%w: \"rejected\": that card was already drawn in this game", ErrCard)
		}
	}
	if r.Risky() && !m.Risky() {
		return fmt.Errorf("%w: \"id\": a risky mission was drawn, so the lead must keep it (002:L334, L447)", ErrCard)
	}
	return nil
}

func (g *Game) inThisDeck(field string, m Mission) error {
	// Never echo a rejected card: no state line may name it.
	card := func() string {
		if field == "id" {
			return m.String()
		}
		return "that card"
	}
	switch {
	case !m.Valid():
		return fmt.Errorf("%w: %q: want a mission id, M01-M24 or R1-R4", ErrEvent, field)
	case m.Risky() && !g.risky:
		return fmt.Errorf("%w: %q: %s is a risky mission, and the risky missions are not in this game", ErrCard, field, card())
	case m.NeedsWagers() && !g.wagersOn:
		return fmt.Errorf("%w: %q: %s needs wagers; it leaves the deck when wagers are off", ErrCard, field, card())
	}
	return nil
}

func (g *Game) notMissionTime() error {
	switch g.phase {
	case PartnerPhase:
		return fmt.Errorf("%w: the Accomplice (%s) picks a partner before the first mission (002:L354)", ErrOrder, g.names[g.accomplice])
	case TrickPhase:
		return fmt.Errorf("%w: the trick has %d of %d cards; the next mission comes after it", ErrOrder, g.cur.N, g.rules.Seats)
	case VotePhase:
		return fmt.Errorf("%w: all %d tricks are played; the vote is on", ErrOrder, g.rules.Tricks)
	}
	return fmt.Errorf("%w: no mission now", ErrOrder)
}

func (g *Game) phaseOrReason() string {
	if g.phase == OverPhase {
		return "the game is over: " + g.reason.String()
	}
	return "next: the " + g.phase.String()
}

func (g *Game) legalPlay(e Event) error {
	if err := g.seat("by", e.By); err != nil {
		return err
	}
	if !e.Card.Valid() {
		return fmt.Errorf("%w: \"card\": want a colour letter and a value 1-13, like \"P8\"", ErrEvent)
	}
	if g.phase != TrickPhase {
		if g.phase == MissionPhase {
			return fmt.Errorf("%w: play: %s keeps a mission first (it sets the trump)", ErrOrder, g.names[g.lead])
		}
		return g.notTrickEnd("play")
	}
	if g.trickComplete() {
		return fmt.Errorf("%w: play: the trick is complete; resolve it (or choose the next mission) first", ErrOrder)
	}
	if want := g.next(); e.By != want {
		if want == g.lead {
			return fmt.Errorf("%w: \"by\": %s leads this trick and plays first", ErrTurn, g.names[want])
		}
		if g.larry() {
			return fmt.Errorf("%w: \"by\": %s's turn; a 2-player trick goes lead (%s), %s, then %s (002:L481-485)", ErrTurn, g.names[want], g.names[g.lead], LarryName, g.names[1-g.lead])
		}
		return fmt.Errorf("%w: \"by\": %s's turn; play goes clockwise from the lead, %s", ErrTurn, g.names[want], g.names[g.lead])
	}
	if g.played.has(e.Card) {
		return fmt.Errorf("%w: \"card\": %s was already played in this game; every card exists once", ErrCard, e.Card)
	}
	return nil
}

// MayWager reports whether s may put an intel token on the card it just played.
func (g Game) MayWager(s Seat) bool {
	n := g.cur.N
	return s >= 0 && int(s) < g.rules.Seats && g.wagersOn && !(g.larry() && s == LarrySeat) &&
		g.phase == TrickPhase && n > 1 && g.cur.Plays[n-1].By == s && !g.cur.Plays[n-1].Wager &&
		!g.revealed.has(s) && g.intel[s] > 0
}

func (g *Game) legalWager(e Event) error {
	if err := g.seat("by", e.By); err != nil {
		return err
	}
	if g.MayWager(e.By) {
		return nil
	}
	who := g.names[e.By]
	switch {
	case !g.wagersOn:
		return fmt.Errorf("%w: wagers are off in this game (002:L239)", ErrWager)
	case g.larry() && e.By == LarrySeat:
		return fmt.Errorf("%w: \"by\": %s never raises the stakes (002:L489)", ErrWager, LarryName)
	case g.phase != TrickPhase || g.cur.N == 0 || g.cur.Plays[g.cur.N-1].By != e.By:
		return fmt.Errorf("%w: \"by\": a token goes on your own card right after you play it, before the next card (%s has not just played)", ErrWager, who)
	case g.cur.N == 1:
		return fmt.Errorf("%w: \"by\": %s leads this trick, and the lead may not raise the stakes (002:L245)", ErrWager, who)
	case g.cur.Plays[g.cur.N-1].Wager:
		return fmt.Errorf("%w: \"by\": %s's card already carries a token; one token per card", ErrWager, who)
	case g.revealed.has(e.By):
		return fmt.Errorf("%w: \"by\": %s's role is revealed, and revealed players may not raise the stakes (002:L245, L271)", ErrWager, who)
	case g.intel[e.By] == 0:
		return fmt.Errorf("%w: \"by\": %s holds no intel token", ErrWager, who)
	}
	return fmt.Errorf("%w: \"by\": %s may not raise the stakes now", ErrWager, who)
}
