package insidejob

import "fmt"

// Legal says whether e may happen now; the error names the field and the rule in
// words a player understands, and wraps one of the Err values.
func (g Game) Legal(e Event) error {
	if g.phase == OverPhase {
		return refuse(ErrOver, "ij.refuse.over", fmt.Sprintf("%s: no more events; start a new game", g.reason))
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
		return refuse(ErrOrder, "ij.refuse.running", "a game is already running; the referee starts new games")
	}
	return refuse(ErrEvent, "ij.refuse.bad_event", fmt.Sprintf("unknown event type %d", e.Type))
}

// seat checks that s names a seat of this game.
func (g *Game) seat(field string, s Seat) error {
	if s < 0 || int(s) >= g.rules.Seats {
		return refuse(ErrEvent, "ij.refuse.no_seat", fmt.Sprintf("%q: want one of the players", field))
	}
	return nil
}

func (g *Game) notTrickEnd(what string) error {
	act := map[string]Phrase{"play": phrase("ij.refuse.cannot_play"), "resolve": phrase("ij.refuse.cannot_resolve")}[what]
	switch g.phase {
	case TrickPhase:
		return refuse(ErrOrder, "ij.refuse.act_trick_on", fmt.Sprintf("cannot %s: the trick has %d of %d cards; %s plays next", what, g.cur.N, g.rules.Seats, g.names[g.next()]),
			"act", act, "n", int(g.cur.N), "of", g.rules.Seats, "name", g.names[g.next()])
	case PartnerPhase:
		return refuse(ErrOrder, "ij.refuse.act_partner_first", fmt.Sprintf("cannot %s: the Accomplice (%s) picks a partner first (002:L354)", what, g.names[g.accomplice]),
			"act", act, "name", g.names[g.accomplice])
	case VotePhase:
		return refuse(ErrOrder, "ij.refuse.act_vote_on", fmt.Sprintf("cannot %s: all %d tricks are played; the vote is on", what, g.rules.Tricks),
			"act", act, "n", g.rules.Tricks)
	}
	return refuse(ErrOrder, "ij.refuse.act_no_trick", fmt.Sprintf("cannot %s: no trick is under way; %s keeps a mission first", what, g.names[g.lead]),
		"act", act, "name", g.names[g.lead])
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
		return refuse(ErrOrder, "ij.refuse.no_accomplice", `"partner": nobody is the Accomplice in this game`)
	case g.partner != NoSeat:
		return refuse(ErrOrder, "ij.refuse.partner_chosen", fmt.Sprintf("\"partner\": the Accomplice already chose %s; a partner is chosen once, at the start (002:L354)", g.names[g.partner]), "name", g.names[g.partner])
	case g.phase != PartnerPhase:
		return refuse(ErrOrder, "ij.refuse.partner_late", `"partner": the partner is chosen before the first mission`)
	case e.By != g.accomplice:
		return refuse(ErrTurn, "ij.refuse.not_accomplice", fmt.Sprintf("\"by\": %s is not the Accomplice; %s picks the partner", g.names[e.By], g.names[g.accomplice]), "name", g.names[e.By], "accomplice", g.names[g.accomplice])
	case e.Partner == e.By:
		return refuse(ErrEvent, "ij.refuse.partner_self", `"partner": the Accomplice picks another player, not themself`)
	}
	return nil
}

func (g *Game) legalMission(e Event) error {
	if g.phase == TrickPhase && g.trickComplete() {
		// The mission event resolves the complete trick first.
		n := g.resolved()
		if n.phase != MissionPhase {
			english := fmt.Sprintf("the trick just played ends the tricks (%s); send {\"type\":\"resolve\"} (or the votes) instead of a mission", n.phaseOrReason())
			if n.phase == OverPhase {
				return refuse(ErrOrder, "ij.refuse.mission_game_over", english)
			}
			return refuse(ErrOrder, "ij.refuse.mission_vote_next", english)
		}
		return n.legalMission(e)
	}
	if g.phase != MissionPhase {
		return g.notMissionTime()
	}
	m, r := e.Mission, e.Rejected
	if !m.Valid() {
		return refuse(ErrEvent, "ij.refuse.mission_id", `"id": want a mission id, M01-M24 or R1-R4`)
	}
	if err := g.inThisDeck("id", m); err != nil {
		return err
	}
	if r != NoMission {
		if err := g.inThisDeck("rejected", r); err != nil {
			return err
		}
		if r == m {
			return refuse(ErrEvent, "ij.refuse.mission_same", `"rejected": the lead draws two different missions; one card cannot be both kept and rejected`)
		}
	}
	if a, b, ok := g.Drawn(); ok {
		if m != a && m != b {
			return refuse(ErrCard, "ij.refuse.mission_not_drawn", `"id": that card was not drawn; the lead keeps one of the two cards on top of the deck`)
		}
		other := a
		if m == a {
			other = b
		}
		if r != NoMission && r != other {
			return refuse(ErrCard, "ij.refuse.mission_not_other", `"rejected": that is not the other card drawn`)
		}
		r = other
	} else {
		if g.used[m] {
			return refuse(ErrCard, "ij.refuse.mission_used", `"id": that card was already drawn in this game; every mission card is drawn once`)
		}
		if r != NoMission && g.used[r] {
			return refuse(ErrCard, "ij.refuse.rejected_used", `"rejected": that card was already drawn in this game`)
		}
	}
	if r.Risky() && !m.Risky() {
		return refuse(ErrCard, "ij.refuse.risky_keep", `"id": a risky mission was drawn, so the lead must keep it (002:L334, L447)`)
	}
	return nil
}

func (g *Game) inThisDeck(field string, m Mission) error {
	// Never echo a rejected card: no state line may name it.
	switch {
	case !m.Valid():
		return refuse(ErrEvent, "ij.refuse.mission_id", fmt.Sprintf("%q: want a mission id, M01-M24 or R1-R4", field))
	case m.Risky() && !g.risky && field == "id":
		return refuse(ErrCard, "ij.refuse.mission_risky_out", fmt.Sprintf("%q: %s is a risky mission, and the risky missions are not in this game", field, m), "mission", m.String())
	case m.Risky() && !g.risky:
		return refuse(ErrCard, "ij.refuse.rejected_risky_out", fmt.Sprintf("%q: that card is a risky mission, and the risky missions are not in this game", field))
	case m.NeedsWagers() && !g.wagersOn && field == "id":
		return refuse(ErrCard, "ij.refuse.mission_needs_wagers", fmt.Sprintf("%q: %s needs wagers; it leaves the deck when wagers are off", field, m), "mission", m.String())
	case m.NeedsWagers() && !g.wagersOn:
		return refuse(ErrCard, "ij.refuse.rejected_needs_wagers", fmt.Sprintf("%q: that card needs wagers; it leaves the deck when wagers are off", field))
	}
	return nil
}

func (g *Game) notMissionTime() error {
	switch g.phase {
	case PartnerPhase:
		return refuse(ErrOrder, "ij.refuse.partner_before_mission", fmt.Sprintf("the Accomplice (%s) picks a partner before the first mission (002:L354)", g.names[g.accomplice]), "name", g.names[g.accomplice])
	case TrickPhase:
		return refuse(ErrOrder, "ij.refuse.mission_trick_on", fmt.Sprintf("the trick has %d of %d cards; the next mission comes after it", g.cur.N, g.rules.Seats), "n", int(g.cur.N), "of", g.rules.Seats)
	case VotePhase:
		return refuse(ErrOrder, "ij.refuse.vote_on", fmt.Sprintf("all %d tricks are played; the vote is on", g.rules.Tricks), "n", g.rules.Tricks)
	}
	return refuse(ErrOrder, "ij.refuse.no_mission_now", "no mission now")
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
		return refuse(ErrEvent, "ij.refuse.card_code", `"card": want a colour letter and a value 1-13, like "P8"`)
	}
	if g.phase != TrickPhase {
		if g.phase == MissionPhase {
			return refuse(ErrOrder, "ij.refuse.mission_first", fmt.Sprintf("play: %s keeps a mission first (it sets the trump)", g.names[g.lead]), "name", g.names[g.lead])
		}
		return g.notTrickEnd("play")
	}
	if g.trickComplete() {
		return refuse(ErrOrder, "ij.refuse.trick_complete", "play: the trick is complete; resolve it (or choose the next mission) first")
	}
	if want := g.next(); e.By != want {
		if want == g.lead {
			return refuse(ErrTurn, "ij.refuse.lead_first", fmt.Sprintf("\"by\": %s leads this trick and plays first", g.names[want]), "name", g.names[want])
		}
		if g.larry() {
			return refuse(ErrTurn, "ij.refuse.turn_two", fmt.Sprintf("\"by\": %s's turn; a 2-player trick goes lead (%s), %s, then %s (002:L481-485)", g.names[want], g.names[g.lead], LarryName, g.names[1-g.lead]),
				"name", g.names[want], "lead", g.names[g.lead], "larry", LarryName, "other", g.names[1-g.lead])
		}
		return refuse(ErrTurn, "ij.refuse.turn", fmt.Sprintf("\"by\": %s's turn; play goes clockwise from the lead, %s", g.names[want], g.names[g.lead]), "name", g.names[want], "lead", g.names[g.lead])
	}
	if g.played.has(e.Card) {
		return refuse(ErrCard, "ij.refuse.card_played", fmt.Sprintf("\"card\": %s was already played in this game; every card exists once", e.Card), "card", e.Card.Words())
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
		return refuse(ErrWager, "ij.refuse.wagers_off", "wagers are off in this game (002:L239)")
	case g.larry() && e.By == LarrySeat:
		return refuse(ErrWager, "ij.refuse.wager_larry", fmt.Sprintf("\"by\": %s never raises the stakes (002:L489)", LarryName), "name", LarryName)
	case g.phase != TrickPhase || g.cur.N == 0 || g.cur.Plays[g.cur.N-1].By != e.By:
		return refuse(ErrWager, "ij.refuse.wager_not_just", fmt.Sprintf("\"by\": a token goes on your own card right after you play it, before the next card (%s has not just played)", who), "name", who)
	case g.cur.N == 1:
		return refuse(ErrWager, "ij.refuse.wager_lead", fmt.Sprintf("\"by\": %s leads this trick, and the lead may not raise the stakes (002:L245)", who), "name", who)
	case g.cur.Plays[g.cur.N-1].Wager:
		return refuse(ErrWager, "ij.refuse.wager_twice", fmt.Sprintf("\"by\": %s's card already carries a token; one token per card", who), "name", who)
	case g.revealed.has(e.By):
		return refuse(ErrWager, "ij.refuse.wager_revealed", fmt.Sprintf("\"by\": %s's role is revealed, and revealed players may not raise the stakes (002:L245, L271)", who), "name", who)
	case g.intel[e.By] == 0:
		return refuse(ErrWager, "ij.refuse.wager_no_intel", fmt.Sprintf("\"by\": %s holds no intel token", who), "name", who)
	}
	return refuse(ErrWager, "ij.refuse.wager_now", fmt.Sprintf("\"by\": %s may not raise the stakes now", who), "name", who)
}
