package insidejob

import "fmt"

// mayVote reports whether s votes at the end (decision 6.9 and 002:L364, L374,
// L388, L409, L518): in a 2-player game the two players; else everyone but the
// Accomplice, a revealed Shady type or Sleeper, revealed players in a Professor
// No game, and anyone with nobody left to vote for.
func (g *Game) mayVote(s Seat) bool {
	if g.larry() {
		return s != LarrySeat && g.targets(s) > 0
	}
	r := g.roles[s]
	switch {
	case r == Accomplice:
		return false
	case g.revealed.has(s) && (r == Shady || r == Sleeper || g.professorGame()):
		return false
	}
	return g.targets(s) > 0
}

func (g *Game) professorGame() bool {
	for i := range g.rules.Seats {
		if g.roles[i] == ProfessorNo {
			return true
		}
	}
	return false
}

// targets returns how many players s may vote for: not s, not revealed.
func (g *Game) targets(s Seat) (n int) {
	for i := range Seat(g.rules.Seats) {
		if g.mayVoteFor(s, i) {
			n++
		}
	}
	return n
}

func (g *Game) mayVoteFor(s, t Seat) bool { return t != s && !g.revealed.has(t) }

// waiting returns the voters who have not voted yet.
func (g *Game) waiting() seatSet {
	var w seatSet
	if g.phase != VotePhase {
		return 0
	}
	for i := range Seat(g.rules.Seats) {
		if g.mayVote(i) && !g.voted.has(i) {
			w.add(i)
		}
	}
	return w
}

// Waiting lists who has not voted yet, in seat order, during the vote.
func (g Game) Waiting() []Seat {
	var out []Seat
	w := g.waiting()
	for i := range Seat(g.rules.Seats) {
		if w.has(i) {
			out = append(out, i)
		}
	}
	return out
}

// Votes returns whom s voted for (NoSeat when absent); it is public only once
// the vote is complete.
func (g Game) Votes(s Seat) [2]Seat { return g.votes[s] }

// votesWanted is how many names s gives: two for the Paranoid agent (002:L320),
// fewer only when fewer players may be named.
func (g *Game) votesWanted(s Seat) int {
	if g.roles[s] == Paranoid && !g.larry() {
		if g.revealed.has(s) {
			return 2
		}
		return min(2, g.targets(s))
	}
	return 1
}

func (g *Game) legalVote(e Event) error {
	if err := g.seat("by", e.By); err != nil {
		return err
	}
	if g.trickComplete() && int(g.trick)+1 == g.rules.Tricks {
		n := g.resolved()
		if n.phase != VotePhase {
			return refuse(ErrOrder, "ij.refuse.vote_game_over", fmt.Sprintf("the last trick ends the game (%s); send {\"type\":\"resolve\"} to see it", n.reason))
		}
		return n.legalVote(e)
	}
	if g.phase != VotePhase {
		return refuse(ErrOrder, "ij.refuse.vote_later", fmt.Sprintf("the vote comes after the last of %d tricks (%d played)", g.rules.Tricks, g.trick), "n", g.rules.Tricks, "played", int(g.trick))
	}
	who := g.names[e.By]
	switch {
	case g.voted.has(e.By):
		return refuse(ErrVote, "ij.refuse.voted", fmt.Sprintf("\"by\": %s has already voted; everyone votes once", who), "name", who)
	case g.larry() && e.By == LarrySeat:
		return refuse(ErrVote, "ij.refuse.vote_larry", fmt.Sprintf("\"by\": %s does not vote, but may be voted for (002:L518)", LarryName), "name", LarryName)
	case !g.mayVote(e.By):
		return g.noVote(e.By)
	}
	// The names given first (public facts), then how many the voter's
	// role wants (a secret but to the voter).
	for _, t := range e.For {
		if t == NoSeat {
			continue
		}
		if err := g.seat("for", t); err != nil {
			return err
		}
		switch {
		case t == e.By:
			return refuse(ErrVote, "ij.refuse.vote_self", fmt.Sprintf("\"for\": %s may not vote for themself (002:L214)", who), "name", who)
		case g.revealed.has(t):
			return refuse(ErrVote, "ij.refuse.vote_revealed", fmt.Sprintf("\"for\": %s's role is revealed; nobody votes for a revealed player (002:L214)", g.names[t]), "name", g.names[t])
		}
	}
	want, got := g.votesWanted(e.By), e.votes()
	if got != want || (want == 1 && e.For[1] != NoSeat) {
		if want == 2 {
			return refuse(ErrVote, "ij.refuse.vote_two", fmt.Sprintf("\"for\": the Paranoid agent names two players (002:L320); got %d", got), "role", Paranoid.Term(), "n", got)
		}
		return refuse(ErrVote, "ij.refuse.vote_one", fmt.Sprintf("\"for\": name exactly one player; got %d", got), "n", got)
	}
	if want == 2 && e.For[0] == e.For[1] && !g.revealed.has(e.By) {
		return refuse(ErrVote, "ij.refuse.vote_two_different", `"for": the Paranoid agent votes for two different players until revealed (002:L320)`, "role", Paranoid.Term())
	}
	return nil
}

// noVote is the refusal of a vote by s, who may not vote.
func (g *Game) noVote(s Seat) error {
	who := g.names[s]
	english := func(why string) string { return fmt.Sprintf("\"by\": %s may not vote: %s", who, why) }
	switch r := g.roles[s]; {
	case r == Accomplice:
		return refuse(ErrVote, "ij.refuse.no_vote_accomplice", english("the Accomplice cannot vote (002:L364)"), "name", who, "role", r.Term())
	case g.targets(s) == 0:
		return refuse(ErrVote, "ij.refuse.no_vote_nobody", english("every other player is revealed, so there is nobody to vote for"), "name", who)
	case g.professorGame():
		return refuse(ErrVote, "ij.refuse.no_vote_professor", english("revealed players cannot vote in a Professor No game (002:L409)"), "name", who, "role", ProfessorNo.Term())
	}
	return refuse(ErrVote, "ij.refuse.no_vote_revealed", english("a revealed "+g.roles[s].String()+" cannot vote (002:L374, L388)"), "name", who, "role", g.roles[s].Term())
}

// count settles the vote once every voter has voted (002:L210-221, L516-522).
func (g *Game) count() {
	if g.larry() {
		// An Agent voting for an Agent hands the Insider the win; ties do not matter.
		for i := range Seat(2) {
			if t := g.votes[i][0]; g.roles[i] == Agent && t != NoSeat && g.roles[t] == Agent {
				g.finish(sideMole, ByVote)
				return
			}
		}
		g.finish(sideAgents, ByVote)
		return
	}
	var tally [MaxSeats]int
	for i := range Seat(g.rules.Seats) {
		for _, t := range g.votes[i] {
			if t != NoSeat {
				tally[t]++
			}
		}
	}
	top := 0
	for _, n := range tally {
		top = max(top, n)
	}
	var atTop seatSet
	only, n := NoSeat, 0
	for i := range Seat(g.rules.Seats) {
		if tally[i] == top {
			atTop.add(i)
			only = i
			n++
		}
	}
	if n == 1 {
		switch r := g.roles[only]; {
		case r.Mole():
			g.finish(sideAgents, ByVote)
		case r == Decoy:
			g.finish(sideDecoy, DecoyVoted)
		default:
			g.finish(sideMole, ByVote)
		}
		return
	}
	decoy, mole := false, false
	for i := range Seat(g.rules.Seats) {
		if atTop.has(i) {
			decoy = decoy || g.roles[i] == Decoy
			mole = mole || g.roles[i].Mole()
		}
	}
	if decoy && mole {
		g.finish(sideDecoyMole, DecoyVoted) // 002:L348
		return
	}
	g.finish(sideMole, ByVote) // a tie: the Insider wins (002:L221)
}

// VoteOptions lists every vote s may cast now, in seat order: each holds the
// one or two players named, the second NoSeat for a single name. A Paranoid
// agent names two different players (002:L320); once revealed it may also
// name one player twice, so with a single player left to name it names that
// one twice, and the vote event says so: "for": [name, name]. An unrevealed
// Paranoid agent with a single player left names that one once. It is empty
// when s may not vote now (see NoVote) or has voted. A phone offers exactly
// these: Legal accepts a vote by s iff its names are one of them, in either
// order.
func (g Game) VoteOptions(s Seat) [][2]Seat {
	if int(s) >= g.rules.Seats || !g.waiting().has(s) {
		return nil
	}
	var ts []Seat
	for t := range Seat(g.rules.Seats) {
		if g.mayVoteFor(s, t) {
			ts = append(ts, t)
		}
	}
	var out [][2]Seat
	if g.votesWanted(s) == 1 {
		for _, t := range ts {
			out = append(out, [2]Seat{t, NoSeat})
		}
		return out
	}
	for i, a := range ts {
		if g.revealed.has(s) {
			out = append(out, [2]Seat{a, a})
		}
		for _, b := range ts[i+1:] {
			out = append(out, [2]Seat{a, b})
		}
	}
	return out
}

// NoVote says why s may not vote in this vote (the refusal a vote by s gets),
// or nil when s votes or has voted, or when it is not the vote.
func (g Game) NoVote(s Seat) error {
	if g.phase != VotePhase || int(s) >= g.rules.Seats || g.voted.has(s) || g.mayVote(s) {
		return nil
	}
	if g.larry() && s == LarrySeat {
		return refuse(ErrVote, "ij.refuse.vote_larry", fmt.Sprintf("\"by\": %s does not vote, but may be voted for (002:L518)", LarryName), "name", LarryName)
	}
	return g.noVote(s)
}
