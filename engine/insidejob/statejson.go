package insidejob

import (
	"bytes"
	"fmt"
)

// The full state of a game, roles included, has a canonical JSON form for
// storage (a server that restarts, a test that starts mid-game): MarshalJSON
// writes it, UnmarshalJSON reads it back and checks that it is a state the rules
// can reach, so Apply never meets an impossible state. It holds every secret:
// never show it to the players; View is the public form.

type gameJSON struct {
	Players   []string   `json:"players"`
	Roles     []string   `json:"roles"` // seat order; Larry's last
	Dealer    int        `json:"dealer"`
	Wagers    bool       `json:"wagers"`
	Risky     bool       `json:"risky"`
	Deck      []string   `json:"deck,omitempty"`
	Phase     string     `json:"phase"`
	Reason    string     `json:"reason,omitempty"`
	Winners   []int      `json:"winners,omitempty"`
	Intel     []int      `json:"intel"`
	Supply    int        `json:"supply"`
	Revealed  []int      `json:"revealed"`
	Lead      int        `json:"lead"`
	Partner   int        `json:"partner"`
	Completed int        `json:"completed"`
	Trick     int        `json:"trick"`
	Mission   string     `json:"mission,omitempty"`
	Plays     []playJSON `json:"plays"`
	Last      *lastJSON  `json:"last,omitempty"`
	Played    []string   `json:"played"`
	Used      []string   `json:"used"`
	Votes     []voteJSON `json:"votes,omitempty"`
	ShowedOut [][]int    `json:"showed_out"` // [seat][colour] trick, 0 = never
	Revoked   [][]int    `json:"revoked"`
}

type playJSON struct {
	By    int    `json:"by"`
	Card  string `json:"card"`
	Wager bool   `json:"wager,omitempty"`
}

type lastJSON struct {
	Winner    int        `json:"winner"`
	Mission   string     `json:"mission"`
	Completed bool       `json:"completed"`
	Plays     []playJSON `json:"plays"`
}

type voteJSON struct {
	By  int   `json:"by"`
	For []int `json:"for"`
}

func playsJSON(t *Trick) []playJSON {
	out := make([]playJSON, t.N)
	for i := range out {
		p := t.Plays[i]
		out[i] = playJSON{By: int(p.By), Card: p.Card.String(), Wager: p.Wager}
	}
	return out
}

// MarshalJSON writes the canonical full state, secrets included.
func (g Game) MarshalJSON() ([]byte, error) {
	n := Seat(g.rules.Seats)
	j := gameJSON{
		Dealer: int(g.dealer), Wagers: g.wagersOn, Risky: g.risky, Phase: g.phase.String(), Reason: g.reason.String(),
		Supply: int(g.supply), Lead: int(g.lead), Partner: int(g.partner), Completed: int(g.completed), Trick: int(g.trick),
		Mission: g.mission.String(), Plays: playsJSON(&g.cur), Revealed: []int{}, Played: []string{}, Used: []string{},
	}
	for i := range n {
		j.Players = append(j.Players, g.names[i])
		j.Roles = append(j.Roles, g.roles[i].String())
		j.Intel = append(j.Intel, int(g.intel[i]))
		if g.revealed.has(i) {
			j.Revealed = append(j.Revealed, int(i))
		}
		if g.winners.has(i) {
			j.Winners = append(j.Winners, int(i))
		}
		if g.voted.has(i) {
			v := voteJSON{By: int(i), For: []int{}}
			for _, t := range g.votes[i] {
				if t != NoSeat {
					v.For = append(v.For, int(t))
				}
			}
			j.Votes = append(j.Votes, v)
		}
		so, rv := make([]int, Colours), make([]int, Colours)
		for c := range Colours {
			so[c], rv[c] = int(g.showedOut[i][c]), int(g.revoked[i][c])
		}
		j.ShowedOut = append(j.ShowedOut, so)
		j.Revoked = append(j.Revoked, rv)
	}
	if g.larry() {
		j.Players = j.Players[:2] // Larry is not a player name
	}
	for i := range g.deckLen {
		j.Deck = append(j.Deck, g.deck[i].String())
	}
	if g.hasLast {
		j.Last = &lastJSON{Winner: int(g.last.Winner), Mission: g.last.Mission.String(), Completed: g.last.Completed, Plays: playsJSON(&g.last.Trick)}
	}
	for c := Card(1); c <= Cards; c++ {
		if g.played.has(c) {
			j.Played = append(j.Played, c.String())
		}
	}
	for m := M01; m <= R4; m++ {
		if g.used[m] {
			j.Used = append(j.Used, m.String())
		}
	}
	var b bytes.Buffer
	writeJSON(&b, j)
	return b.Bytes(), nil
}

// UnmarshalJSON reads a full state written by MarshalJSON and checks it.
func (g *Game) UnmarshalJSON(data []byte) error {
	var j gameJSON
	if err := decodeStrict(data, &j); err != nil {
		return fmt.Errorf("%w: game state: %w", ErrSetup, err)
	}
	s := Setup{Players: j.Players, Dealer: Seat(j.Dealer), Wagers: j.Wagers, Risky: j.Risky}
	if j.Dealer < 0 || j.Dealer >= MaxSeats {
		return fmt.Errorf("%w: \"dealer\" %d", ErrSetup, j.Dealer)
	}
	for _, r := range j.Roles {
		role, err := ParseRole(r)
		if err != nil {
			return fmt.Errorf("%w: \"roles\": %v", ErrSetup, err)
		}
		s.Roles = append(s.Roles, role)
	}
	for _, id := range j.Deck {
		m, err := ParseMission(id)
		if err != nil {
			return fmt.Errorf("%w: \"deck\": %v", ErrSetup, err)
		}
		s.Deck = append(s.Deck, m)
	}
	n, err := NewGame(s)
	if err != nil {
		return err
	}
	seats := n.rules.Seats
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: impossible Inside Job state: %s", ErrSetup, fmt.Sprintf(format, args...))
	}
	seat := func(field string, i int, none bool) (Seat, error) {
		if (none && i == int(NoSeat)) || (i >= 0 && i < seats) {
			return Seat(i), nil
		}
		return NoSeat, bad("%s %d is not a seat", field, i)
	}
	if n.phase, err = parseName[Phase]("phase", j.Phase, phaseNames[:]); err != nil {
		return err
	}
	if n.reason, err = parseName[Reason]("reason", j.Reason, reasonNames[:]); err != nil {
		return err
	}
	if len(j.Intel) != seats || len(j.ShowedOut) != seats || len(j.Revoked) != seats {
		return bad("intel, showed_out and revoked need one entry per seat (%d)", seats)
	}
	for i := range seats {
		if j.Intel[i] < 0 || j.Intel[i] > Tokens {
			return bad("intel %d", j.Intel[i])
		}
		n.intel[i] = uint8(j.Intel[i])
		if len(j.ShowedOut[i]) != Colours || len(j.Revoked[i]) != Colours {
			return bad("showed_out and revoked need %d colours per seat", Colours)
		}
		for c := range Colours {
			so, rv := j.ShowedOut[i][c], j.Revoked[i][c]
			if so < 0 || so > j.Trick+1 || rv < 0 || rv > j.Trick+1 || (rv != 0 && (so == 0 || rv <= so)) {
				return bad("seat %d colour %s: showed out in trick %d, played in %d", i, Colour(c), so, rv)
			}
			n.showedOut[i][c], n.revoked[i][c] = uint8(so), uint8(rv)
		}
	}
	if j.Supply < 0 || j.Supply > Tokens {
		return bad("supply %d", j.Supply)
	}
	n.supply = uint8(j.Supply)
	n.revealed = 0
	for _, i := range j.Revealed {
		s, err := seat("revealed", i, false)
		if err != nil {
			return err
		}
		n.revealed.add(s)
	}
	for _, i := range j.Winners {
		s, err := seat("winner", i, false)
		if err != nil {
			return err
		}
		n.winners.add(s)
	}
	if n.lead, err = seat("lead", j.Lead, false); err != nil {
		return err
	}
	if n.partner, err = seat("partner", j.Partner, true); err != nil {
		return err
	}
	if j.Completed < 0 || j.Completed > n.rules.Tricks || j.Trick < 0 || j.Trick > n.rules.Tricks || j.Completed > j.Trick {
		return bad("%d missions completed in %d tricks", j.Completed, j.Trick)
	}
	n.completed, n.trick = uint8(j.Completed), uint8(j.Trick)
	if j.Mission != "" {
		if n.mission, err = ParseMission(j.Mission); err != nil {
			return bad("mission: %v", err)
		}
	}
	if n.cur, err = n.trickFromJSON(j.Plays, n.mission); err != nil {
		return err
	}
	if j.Last != nil {
		m, err := ParseMission(j.Last.Mission)
		if err != nil {
			return bad("last mission: %v", err)
		}
		t, err := n.trickFromJSON(j.Last.Plays, m)
		if err != nil {
			return err
		}
		w, err := seat("last winner", j.Last.Winner, false)
		if err != nil {
			return err
		}
		if int(t.N) != seats || t.Plays[t.Winner()].By != w || m.Completed(&t) != j.Last.Completed {
			return bad("the last trick's winner or result does not follow from its cards")
		}
		n.last, n.hasLast = Last{Trick: t, Mission: m, Winner: w, Completed: j.Last.Completed}, true
	}
	for _, cs := range j.Played {
		c, err := ParseCard(cs)
		if err != nil || n.played.has(c) {
			return bad("played card %q", cs)
		}
		n.played.add(c)
	}
	for _, id := range j.Used {
		m, err := ParseMission(id)
		if err != nil || n.used[m] || !inDeck(m, n.wagersOn, n.risky) {
			return bad("used mission %q", id)
		}
		n.used[m] = true
	}
	for _, v := range j.Votes {
		by, err := seat("vote by", v.By, false)
		if err != nil {
			return err
		}
		if n.voted.has(by) || len(v.For) < 1 || len(v.For) > 2 {
			return bad("votes of seat %d", v.By)
		}
		n.voted.add(by)
		for k, t := range v.For {
			if n.votes[by][k], err = seat("vote for", t, false); err != nil {
				return err
			}
		}
	}
	if err := n.check(); err != nil {
		return bad("%v", err)
	}
	*g = n
	return nil
}

func parseName[T ~uint8](field, s string, names []string) (T, error) {
	for i, n := range names {
		if n == s {
			return T(i), nil
		}
	}
	return 0, fmt.Errorf("%w: %q is %q; want one of %q", ErrSetup, field, s, names)
}

// trickFromJSON reads the plays of a trick and checks their order and wagers.
func (g *Game) trickFromJSON(ps []playJSON, m Mission) (Trick, error) {
	t := Trick{Trump: m.Trump()}
	if len(ps) > g.rules.Seats || (len(ps) > 0 && !m.Valid()) {
		return t, fmt.Errorf("%w: impossible Inside Job state: %d plays under mission %q", ErrSetup, len(ps), m)
	}
	for _, p := range ps {
		c, err := ParseCard(p.Card)
		if err != nil || p.By < 0 || p.By >= g.rules.Seats {
			return t, fmt.Errorf("%w: impossible Inside Job state: play %+v", ErrSetup, p)
		}
		t.Add(Play{By: Seat(p.By), Card: c, Wager: p.Wager})
	}
	return t, nil
}

// check verifies the invariants of a state read from storage (decision 5.7 and
// what Apply relies on).
func (g *Game) check() error {
	held := 0
	for i := range g.rules.Seats {
		held += int(g.intel[i])
	}
	if held+int(g.supply)+g.cur.wagers() != Tokens {
		return fmt.Errorf("%d tokens held + %d in the supply + %d on cards, want %d", held, g.supply, g.cur.wagers(), Tokens)
	}
	if g.accomplice != NoSeat && g.intel[g.accomplice] != 0 {
		return fmt.Errorf("the Accomplice holds intel")
	}
	for i := range Seat(g.rules.Seats) {
		if g.roles[i].RevealedAtStart() && !g.revealed.has(i) {
			return fmt.Errorf("a %s is always revealed", g.roles[i])
		}
	}
	if g.partner != NoSeat && (g.accomplice == NoSeat || g.partner == g.accomplice) {
		return fmt.Errorf("partner %d for Accomplice %d", g.partner, g.accomplice)
	}
	if g.larry() && g.lead == LarrySeat {
		return fmt.Errorf("Larry never leads")
	}
	over := g.phase == OverPhase
	switch {
	case over != (g.reason != NoReason), over != (g.winners != 0):
		return fmt.Errorf("phase %s with reason %q and winners %b", g.phase, g.reason, g.winners)
	case g.phase == PartnerPhase && (g.accomplice == NoSeat || g.partner != NoSeat || g.trick != 0),
		g.phase != PartnerPhase && g.accomplice != NoSeat && g.partner == NoSeat:
		return fmt.Errorf("phase %s with the partner unset", g.phase)
	case (g.phase == TrickPhase) != (g.mission != NoMission):
		return fmt.Errorf("phase %s with mission %q", g.phase, g.mission)
	case g.phase != TrickPhase && g.cur.N != 0:
		return fmt.Errorf("cards on the table in phase %s", g.phase)
	case g.phase == VotePhase && int(g.trick) != g.rules.Tricks,
		g.phase != VotePhase && !over && int(g.trick) >= g.rules.Tricks:
		return fmt.Errorf("phase %s after %d of %d tricks", g.phase, g.trick, g.rules.Tricks)
	case g.phase != VotePhase && !over && g.voted != 0:
		return fmt.Errorf("votes before the vote")
	case int(g.completed) >= g.rules.Goal && !over:
		return fmt.Errorf("%d missions completed and the game goes on", g.completed)
	}
	if g.played.count() != int(g.trick)*g.rules.Seats+int(g.cur.N) {
		return fmt.Errorf("%d cards played after %d tricks and %d cards", g.played.count(), g.trick, g.cur.N)
	}
	for i := range int(g.cur.N) {
		p := g.cur.Plays[i]
		switch {
		case p.By != g.order(i):
			return fmt.Errorf("play %d by seat %d out of turn", i+1, p.By)
		case !g.played.has(p.Card):
			return fmt.Errorf("%s on the table but not played", p.Card)
		case p.Wager && (i == 0 || (g.larry() && p.By == LarrySeat)):
			return fmt.Errorf("a wager by the lead or by Larry")
		}
	}
	used := 0
	for _, u := range g.used {
		if u {
			used++
		}
	}
	if g.deckLen > 0 {
		if want := 2 * (int(g.trick) + b2i(g.phase == TrickPhase)); used != want {
			return fmt.Errorf("%d missions drawn after %d tricks with a deck order", used, g.trick)
		}
	} else if used > 2*(int(g.trick)+1) || used < int(g.trick)+b2i(g.phase == TrickPhase) {
		return fmt.Errorf("%d missions drawn after %d tricks", used, g.trick)
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
