package insidejob

// Apply returns the state after e, or the unchanged state and the error from Legal.
func (g Game) Apply(e Event) (Game, error) {
	if err := g.Legal(e); err != nil {
		return g, err
	}
	switch e.Type {
	case PartnerChosen:
		g.partner = e.Partner
		g.phase = MissionPhase
	case MissionChosen:
		if g.trickComplete() {
			g.resolve()
		}
		g.choose(e)
	case CardPlayed:
		g.play(e)
	case Wagered:
		g.intel[e.By]--
		g.cur.Plays[g.cur.N-1].Wager = true
	case TrickResolved:
		g.resolve()
	case VoteCast:
		if g.trickComplete() {
			g.resolve()
		}
		g.votes[e.By] = e.For
		g.voted.add(e.By)
		if g.waiting() == 0 {
			g.count()
		}
	}
	return g, nil
}

// resolved returns the state after the complete trick is scored.
func (g Game) resolved() Game {
	g.resolve()
	return g
}

func (g *Game) choose(e Event) {
	m := e.Mission
	if a, b, ok := g.Drawn(); ok {
		g.used[a], g.used[b] = true, true
	} else {
		g.used[m] = true
		if e.Rejected != NoMission {
			g.used[e.Rejected] = true
		}
	}
	g.mission = m
	g.cur = Trick{Trump: m.Trump()}
	g.last, g.hasLast = Last{}, false
	g.phase = TrickPhase
}

func (g *Game) play(e Event) {
	c := e.Card
	col := c.Colour()
	t := g.trick + 1 // 1-based number of this trick
	if !(g.larry() && e.By == LarrySeat) {
		// Larry follows suit among the 3 cards just drawn (002:L487-489): his
		// colours prove nothing.
		if out := g.showedOut[e.By][col]; out != 0 && out < t && g.revoked[e.By][col] == 0 {
			g.revoked[e.By][col] = t
		}
		if g.cur.N > 0 {
			if led := g.cur.Led(); col != led && g.showedOut[e.By][led] == 0 {
				g.showedOut[e.By][led] = t
			}
		}
	}
	g.played.add(c)
	g.cur.Add(Play{By: e.By, Card: c})
}

// resolve scores the complete trick: winner, tokens, mission, reveals, win checks
// (002:L146-168 and our decisions 6.7-6.8).
func (g *Game) resolve() {
	t := &g.cur
	w := t.Plays[t.Winner()].By
	pot := uint8(t.wagers())
	if g.roles[w] == Accomplice {
		// 002:L362: the partner loses 1 token, the wagers go back to the supply.
		g.supply += pot
		if p := g.partner; p != NoSeat && g.intel[p] > 0 {
			g.intel[p]--
			g.supply++
		}
	} else {
		take := min(g.supply, 1)
		g.supply -= take
		g.intel[w] += take + pot
	}
	done := g.mission.Completed(t)
	if done {
		g.completed++
	}
	g.last = Last{Trick: *t, Mission: g.mission, Winner: w, Completed: done}
	g.hasLast = true
	g.trick++
	g.mission = NoMission
	g.cur = Trick{}
	if g.larry() {
		// 002:L495-508: the winner leads, or Larry's controller when Larry won.
		if w == LarrySeat {
			g.lead = 1 - g.lead
		} else {
			g.lead = w
		}
	} else {
		g.lead = w
	}
	newly := g.reveal()
	if g.checkWin(newly) {
		return
	}
	if int(g.trick) == g.rules.Tricks {
		g.phase = VotePhase
		if g.waiting() == 0 {
			g.count()
		}
		return
	}
	g.phase = MissionPhase
}

// reveal turns face up every role at or above the threshold (jumping past it
// counts) and applies the Shady type's reveal; it returns who was revealed now.
func (g *Game) reveal() seatSet {
	var newly seatSet
	for i := range Seat(g.rules.Seats) {
		if !g.revealed.has(i) && int(g.intel[i]) >= g.rules.Threshold {
			newly.add(i)
		}
	}
	g.revealed |= newly
	for i := range Seat(g.rules.Seats) {
		if newly.has(i) && g.roles[i] == Shady {
			// 002:L372: takes 1 token from the player to the right.
			if r := g.rightOf(i); g.intel[r] > 0 {
				g.intel[r]--
				g.intel[i]++
			}
		}
	}
	return newly
}

// checkWin applies the early wins after a trick, in the order of decision 6.8;
// Insider-side conditions beat Agent-side ones (002:L168). It reports whether
// the game ended.
func (g *Game) checkWin(newly seatSet) bool {
	var mole, agents Reason
	prof := false
	for i := range Seat(g.rules.Seats) {
		switch g.roles[i] {
		case Insider:
			if newly.has(i) && mole == NoReason {
				mole = InsiderIntel
			}
		case Wiretapped:
			if g.intel[i] > 1 && mole == NoReason {
				mole = WiretappedIntel
			}
		case RiskTaking:
			if newly.has(i) && agents == NoReason {
				agents = RiskTakingRevealed
			}
		case ProfessorNo:
			prof = true
			if g.revealed.has(i) && agents == NoReason {
				agents = ProfessorRevealed
			}
		}
	}
	if mole == InsiderIntel {
		// keep: the first in the order
	} else if prof && mole == NoReason {
		others := true
		for i := range Seat(g.rules.Seats) {
			if g.roles[i] != ProfessorNo && !g.revealed.has(i) {
				others = false
			}
		}
		if others {
			mole = ProfessorWins
		}
	}
	if agents == NoReason && int(g.completed) >= g.rules.Goal {
		agents = MissionsDone
	}
	switch {
	case mole != NoReason:
		g.finish(sideMole, mole)
	case agents != NoReason:
		g.finish(sideAgents, agents)
	default:
		return false
	}
	return true
}

// side is who won a game.
type side uint8

const (
	sideMole      side = iota + 1 // the Insider (or Professor No)
	sideAgents                    // the Agents
	sideDecoy                     // the Decoy alone
	sideDecoyMole                 // the Decoy and the Insider, tied on top of the vote
)

// finish ends the game and works out every seat's result.
func (g *Game) finish(s side, r Reason) {
	g.phase, g.reason = OverPhase, r
	g.mission, g.cur = NoMission, Trick{}
	var won seatSet
	n := Seat(g.rules.Seats)
	for i := range n {
		role := g.roles[i]
		var w bool
		switch {
		case role.Mole():
			w = s == sideMole || s == sideDecoyMole
		case role == Decoy:
			w = s == sideDecoy || s == sideDecoyMole
		case role == Sleeper && g.revealed.has(i):
			w = s == sideMole // 002:L386: unmasked, it switches sides
		case role.agentSide():
			w = s == sideAgents
		}
		if w {
			won.add(i)
		}
	}
	// Neutrals that depend on others: never two neutrals in a game, so the
	// partner and the right-hand neighbour are settled above.
	for i := range n {
		switch g.roles[i] {
		case Accomplice:
			if g.partner != NoSeat && won.has(g.partner) {
				won.add(i)
			}
		case Shady:
			if !won.has(g.rightOf(i)) {
				won.add(i)
			}
		}
	}
	g.winners = won
}
