package insidejob

import (
	"errors"
	"strings"
	"testing"
)

func dealer(s Seat) func(*Setup) { return func(x *Setup) { x.Dealer = s } }

func partnerOf(a, p Seat) func(*Game) {
	return func(g *Game) {
		g.partner = p
		g.phase = MissionPhase
	}
}

// ruleCases are the rules of the rulebook, one named case each: a table, a state
// to start from (prep), a script of events (see run) and either the refusal of
// its last event (err) or checks on the state after it (want: key=value|...).
var ruleCases = []struct {
	name   string
	setup  Setup
	prep   []func(*Game)
	script string
	err    string
	want   string
}{
	// Setup and the order of play.
	{name: "first lead sits left of the dealer", setup: table("agent agent agent insider"), want: "lead=Ada|phase=mission|intel=1 1 1 1|supply=10"},
	{name: "first lead with another dealer", setup: table("agent agent agent insider", dealer(0)), want: "lead=Borys"},
	{name: "the trick's winner leads the next trick", setup: table("agent agent agent insider"), script: "M14: Y1 Y2 Y9 Y3", want: "lead=Cyryl|last=Cyryl completed|phase=mission|trick=1"},
	{name: "play goes clockwise from the lead", setup: table("agent agent agent insider"), script: "M14: Y1 Y2 Y9 Y3; mission M01; play Cyryl Y4", want: "next=Dorota"},
	{name: "a play out of turn", setup: table("agent agent agent insider"), script: "mission M01; play Borys Y7", err: `"by": Ada leads this trick and plays first`},
	{name: "a play out of turn, mid-trick", setup: table("agent agent agent insider"), script: "mission M01; play Ada Y7; play Cyryl Y8", err: `"by": Borys's turn; play goes clockwise from the lead, Ada`},
	{name: "play before the mission is kept", setup: table("agent agent agent insider"), script: "play Ada Y7", err: "keeps a mission first"},
	{name: "a card already played in this game", setup: table("agent agent agent insider"), script: "M01: Y7 Y8 Y9 Y10; mission M02; play Dorota Y7", err: `"card": Y7 was already played`},
	{name: "a fifth card in a 4-player trick", setup: table("agent agent agent insider"), script: "mission M01; play Ada Y7; play Borys Y8; play Cyryl Y9; play Dorota Y10; play Ada Y11", err: "the trick is complete"},
	{name: "resolve before the trick is complete", setup: table("agent agent agent insider"), script: "mission M01; play Ada Y7; resolve", err: "the trick has 1 of 4 cards"},
	{name: "the next mission resolves the trick", setup: table("agent agent agent insider"), script: "mission M01; play Ada Y7; play Borys Y8; play Cyryl Y9; play Dorota Y10; mission M02", want: "phase=trick|lead=Dorota|completed=1|next=Dorota|trick=1"},

	// Winning a trick, trump and wagers.
	{name: "a trump beats the led colour", setup: table("agent agent agent insider"), script: "M01: B13 B12 Y1 B11", want: "last=Cyryl failed|intel=1 1 2 1|supply=9"},
	{name: "without trump the highest card of the led colour wins", setup: table("agent agent agent insider"), script: "M14: Y5 G13 B13 Y6", want: "last=Dorota completed"},
	{name: "a wager makes a card trump for winning", setup: table("agent agent agent insider"), script: "M14: Y5 Y7+ Y2 Y3", want: "last=Borys failed|intel=1 2 1 1|supply=9"},
	{name: "a wager makes a card trump for the mission", setup: table("agent agent agent insider"), script: "M16: Y5 Y7+ Y2 Y3", want: "last=Borys completed|completed=1"},
	{name: "equal trumps: the later card wins", setup: table("agent agent agent insider"), script: "M01: G13 G5+ Y5 G4", want: "last=Cyryl failed|intel=1 0 3 1|supply=9"},
	{name: "a wager on a card already trump", setup: table("agent agent agent insider"), script: "M01: B2 Y10+ Y9 B1", want: "last=Borys failed|intel=1 2 1 1"},
	{name: "the winner takes 1 from the supply and every wagered token", setup: table("agent agent agent insider"), script: "M14: Y5 Y7+ Y9+ Y2", want: "last=Cyryl failed|intel=1 0 3 1|supply=9"},
	{name: "completed missions count, failed ones do not", setup: table("agent agent agent insider"), script: "M01: Y7 Y8 Y9 Y10; M02: B7 B8 B9 B10", want: "completed=1|last=Cyryl failed"},
	{name: "the lead may not wager", setup: table("agent agent agent insider"), script: "mission M01; play Ada Y7; wager Ada", err: "the lead may not raise the stakes"},
	{name: "one token per card", setup: table("agent agent agent insider"), script: "mission M01; play Ada Y7; play Borys Y8; wager Borys; wager Borys", err: "already carries a token"},
	{name: "a wager only right after your own card", setup: table("agent agent agent insider"), script: "mission M01; play Ada Y7; play Borys Y8; play Cyryl Y9; wager Borys", err: "right after you play it"},
	{name: "no intel, no wager", setup: table("agent agent agent insider"), prep: []func(*Game){give(1, 0)}, script: "mission M01; play Ada Y7; play Borys Y8; wager Borys", err: "holds no intel"},
	{name: "revealed players may not wager", setup: table("agent agent agent insider"), prep: []func(*Game){give(1, 5), reveal(1)}, script: "mission M01; play Ada Y7; play Borys Y8; wager Borys", err: "revealed players may not raise the stakes"},
	{name: "a wager after the last card, before the trick resolves", setup: table("agent agent agent insider"), script: "mission M01; play Ada Y7; play Borys Y8; play Cyryl Y9; play Dorota Y10; wager Dorota; resolve", want: "intel=1 1 1 2|supply=9"},
	{name: "wagers off: no wager", setup: table("agent agent agent insider", noWagers), script: "mission M01; play Ada Y7; play Borys Y8; wager Borys", err: "wagers are off"},

	// The mission deck.
	{name: "wagers off: M17 and M18 leave the deck", setup: table("agent agent agent insider", noWagers), script: "mission M18", err: `"id": M18 needs wagers`},
	{name: "a mission drawn twice", setup: table("agent agent agent insider"), script: "M01: Y7 Y8 Y9 Y10; mission M01", err: "already drawn"},
	{name: "the rejected card stays in the box", setup: table("agent agent agent insider"), script: "M01/M02: Y7 Y8 Y9 Y10; mission M02", err: "already drawn"},
	{name: "risky missions only when they are in", setup: table("agent agent agent insider"), script: "mission R1", err: "not in this game"},
	{name: "a drawn risky mission must be kept", setup: table("agent agent agent insider", risky), script: "mission M01 R1", err: "must keep it"},
	{name: "two risky missions drawn: either", setup: table("agent agent agent insider", risky), script: "mission R2 R1", want: "phase=trick|next=Ada"},
	{name: "deck order: only the two cards on top", setup: table("agent agent agent insider", deckInOrder), script: "mission M03", err: `"id": that card was not drawn`},
	{name: "deck order: the next trick draws the next two", setup: table("agent agent agent insider", deckInOrder), script: "M02: Y7 Y8 Y9 Y10; mission M01", err: "that card was not drawn"},
	{name: "deck order: the rejected card is the other one drawn", setup: table("agent agent agent insider", deckInOrder), script: "M02: Y7 Y8 Y9 Y10; mission M04 M01", err: "not the other card drawn"},
	{name: "deck order: a risky card on top is forced", setup: table("agent agent agent insider", risky, func(s *Setup) { s.Deck = append([]Mission{M05, R3}, without(Deck(true, true), M05, R3)...) }), script: "mission M05", err: "must keep it"},

	// Reveals and early wins.
	{name: "a reveal at the threshold; an Agent plays on", setup: table("agent agent agent insider"), prep: []func(*Game){give(1, 4)}, script: "M14: Y5 Y9 Y2 Y3", want: "revealed=Borys|phase=mission|lead=Borys|intel=1 5 1 1"},
	{name: "jumping past the threshold counts", setup: table("agent agent agent insider"), prep: []func(*Game){give(1, 3)}, script: "M01: B5 Y9 B2+ B3+", want: "revealed=Borys|intel=1 6 0 0"},
	{name: "the Insider revealed wins at once", setup: table("agent agent agent insider"), prep: []func(*Game){give(3, 4)}, script: "M14: Y5 Y2 Y3 Y9", want: "phase=over|reason=insider_intel|winners=Dorota|revealed=Dorota"},
	{name: "the Agents win at their mission target", setup: table("agent agent agent insider"), prep: []func(*Game){missionsDone(6)}, script: "M01: Y7 Y8 Y9 Y10", want: "phase=over|reason=missions|winners=Ada Borys Cyryl|completed=7"},
	{name: "both targets in the same trick: the Insider wins", setup: table("agent agent agent insider"), prep: []func(*Game){missionsDone(6), give(3, 4)}, script: "M01: Y7 Y8 Y9 Y10", want: "reason=insider_intel|winners=Dorota"},
	{name: "an event after the game is over", setup: table("agent agent agent insider"), prep: []func(*Game){give(3, 4)}, script: "M14: Y5 Y2 Y3 Y9; mission M01", err: "the game is over: insider_intel: no more events"},
	{name: "3 players: the reveal comes at 6, not 5", setup: table("agent agent insider"), prep: []func(*Game){give(1, 4)}, script: "M14: Y5 Y9 Y2", want: "revealed=|intel=1 5 1"},
	{name: "3 players: reveal at 6", setup: table("agent agent insider"), prep: []func(*Game){give(1, 5)}, script: "M14: Y5 Y9 Y2", want: "revealed=Borys"},
	{name: "3 players: 9 missions win", setup: table("agent agent insider"), prep: []func(*Game){missionsDone(8)}, script: "M01: Y7 Y8 Y9", want: "reason=missions|winners=Ada Borys"},
	{name: "5 players: reveal at 4", setup: table("agent agent agent agent insider"), prep: []func(*Game){give(1, 3)}, script: "M14: Y5 Y9 Y2 Y3 Y4", want: "revealed=Borys"},
	{name: "5 players: 6 missions win", setup: table("agent agent agent agent insider"), prep: []func(*Game){missionsDone(5)}, script: "M01: Y7 Y8 Y9 Y10 Y11", want: "reason=missions"},

	// The end of the tricks and the vote.
	{name: "after the last trick: the vote", setup: table("agent agent agent insider"), prep: []func(*Game){lastTrick}, script: "M01: Y7 Y8 Y9 Y10", want: "phase=vote|waiting=Ada Borys Cyryl Dorota|trick=10"},
	{name: "no mission after the last trick", setup: table("agent agent agent insider"), prep: []func(*Game){lastTrick}, script: "mission M01; play Ada Y7; play Borys Y8; play Cyryl Y9; play Dorota Y10; mission M02", err: "ends the tricks"},
	{name: "a vote resolves the last trick", setup: table("agent agent agent insider"), prep: []func(*Game){lastTrick}, script: "mission M01; play Ada Y7; play Borys Y8; play Cyryl Y9; play Dorota Y10; vote Ada Dorota", want: "phase=vote|waiting=Borys Cyryl Dorota|completed=1"},
	{name: "a vote before the end", setup: table("agent agent agent insider"), script: "vote Ada Borys", err: "the vote comes after"},
	{name: "no vote for yourself", setup: table("agent agent agent insider"), prep: []func(*Game){toVote}, script: "vote Ada Ada", err: `"for": Ada may not vote for themself`},
	{name: "no vote for a revealed player", setup: table("agent agent agent insider"), prep: []func(*Game){give(1, 5), reveal(1), toVote}, script: "vote Ada Borys", err: "Borys's role is revealed"},
	{name: "one vote each", setup: table("agent agent agent insider"), prep: []func(*Game){toVote}, script: "vote Ada Borys; vote Ada Cyryl", err: "already voted"},
	{name: "one name per vote", setup: table("agent agent agent insider"), prep: []func(*Game){toVote}, script: "vote Ada Borys Cyryl", err: "name exactly one player"},
	{name: "the vote waits for every voter", setup: table("agent agent agent insider"), prep: []func(*Game){toVote}, script: "vote Ada Dorota; vote Borys Dorota", want: "phase=vote|waiting=Cyryl Dorota"},
	{name: "revealed Agents still vote", setup: table("agent agent agent insider"), prep: []func(*Game){give(1, 5), reveal(1), toVote}, script: "vote Borys Dorota", want: "waiting=Ada Cyryl Dorota"},
	{name: "most votes on the Insider: the Agents win", setup: table("agent agent agent insider"), prep: []func(*Game){toVote}, script: "vote Ada Dorota; vote Borys Dorota; vote Cyryl Dorota; vote Dorota Ada", want: "phase=over|reason=vote|winners=Ada Borys Cyryl"},
	{name: "most votes, not a majority, decide", setup: table("agent agent agent agent insider"), prep: []func(*Game){toVote}, script: "vote Ada Edek; vote Borys Edek; vote Cyryl Ada; vote Dorota Borys; vote Edek Cyryl", want: "reason=vote|winners=Ada Borys Cyryl Dorota"},
	{name: "most votes on an Agent: the Insider wins", setup: table("agent agent agent insider"), prep: []func(*Game){toVote}, script: "vote Ada Borys; vote Borys Cyryl; vote Cyryl Borys; vote Dorota Borys", want: "reason=vote|winners=Dorota"},
	{name: "a tie on top: the Insider wins", setup: table("agent agent agent insider"), prep: []func(*Game){toVote}, script: "vote Ada Dorota; vote Borys Dorota; vote Cyryl Ada; vote Dorota Ada", want: "reason=vote|winners=Dorota"},

	// Two players and Larry.
	{name: "2 players: Larry holds 3 intel, the players 1 each", setup: table("agent insider agent!"), want: "intel=1 1 3|supply=9|lead=Ada|larry=Borys"},
	{name: "2 players: the lead, then Larry, then the other player", setup: table("agent insider agent!"), script: "mission M01; play Ada Y2; play Borys Y3", err: "Larry's turn"},
	{name: "2 players: Larry wins: his controller leads, the other takes Larry", setup: table("agent insider agent!"), script: "M14: Y2 Y9 Y3", want: "last=Larry completed|lead=Borys|larry=Ada|intel=1 1 4"},
	{name: "2 players: the controller wins: it leads, the other takes Larry", setup: table("agent insider agent!"), script: "M14: Y2 Y3 Y9", want: "last=Borys completed|lead=Borys|larry=Ada"},
	{name: "2 players: the lead wins: it leads again, the controller keeps Larry", setup: table("agent insider agent!"), script: "M14: Y9 Y2 Y3", want: "last=Ada completed|lead=Ada|larry=Borys"},
	{name: "2 players: Larry never raises the stakes", setup: table("agent insider agent!"), script: "mission M01; play Ada Y2; play Larry Y9; wager Larry", err: "Larry never raises the stakes"},
	{name: "2 players: the other player may raise the stakes", setup: table("agent insider agent!"), script: "mission M01; play Ada Y2; play Larry Y9; play Borys Y3; wager Borys; resolve", want: "last=Larry failed|intel=1 0 5"},
	{name: "2 players: Larry revealed at 6 as an Agent: play on", setup: table("agent insider agent!"), prep: []func(*Game){give(2, 5)}, script: "M14: Y2 Y9 Y3", want: "revealed=Larry|phase=mission"},
	{name: "2 players: Larry revealed as the Insider wins", setup: table("agent agent insider!"), prep: []func(*Game){give(2, 5)}, script: "M14: Y2 Y9 Y3", want: "reason=insider_intel|winners=Larry"},
	{name: "2 players: 7 missions win", setup: table("agent insider agent!"), prep: []func(*Game){missionsDone(6)}, script: "M14: Y2 Y9 Y3", want: "reason=missions|winners=Ada Larry"},
	{name: "2 players: 9 tricks, then the vote", setup: table("agent insider agent!"), prep: []func(*Game){lastTrick}, script: "M14: Y2 Y9 Y3", want: "phase=vote|trick=9|waiting=Ada Borys"},
	{name: "2 players: Larry does not vote", setup: table("agent insider agent!"), prep: []func(*Game){toVote}, script: "vote Larry Ada", err: "Larry does not vote"},
	{name: "2 players: an Agent votes for an Agent: the Insider wins", setup: table("agent insider agent!"), prep: []func(*Game){toVote}, script: "vote Ada Larry; vote Borys Ada", want: "reason=vote|winners=Borys"},
	{name: "2 players: no Agent votes for an Agent: the Agents win", setup: table("agent insider agent!"), prep: []func(*Game){toVote}, script: "vote Ada Borys; vote Borys Ada", want: "reason=vote|winners=Ada Larry"},
	{name: "2 players: ties do not favour the Insider", setup: table("insider agent agent!"), prep: []func(*Game){toVote}, script: "vote Ada Borys; vote Borys Ada", want: "reason=vote|winners=Borys Larry"},

	// Special roles.
	{name: "Wiretapped: revealed at the start", setup: table("agent wiretapped agent insider"), want: "revealed=Borys"},
	{name: "Wiretapped: may not wager", setup: table("agent wiretapped agent insider"), script: "mission M01; play Ada Y2; play Borys Y3; wager Borys", err: "revealed players may not raise the stakes"},
	{name: "Wiretapped: a second token hands the Insider the win", setup: table("agent wiretapped agent insider"), script: "M14: Y2 Y9 Y3 Y4", want: "reason=wiretapped|winners=Dorota"},
	{name: "Paranoid: names two players", setup: table("paranoid agent agent insider"), prep: []func(*Game){toVote}, script: "vote Ada Borys", err: "names two players"},
	{name: "Paranoid: two different players until revealed", setup: table("paranoid agent agent insider"), prep: []func(*Game){toVote}, script: "vote Ada Borys Borys", err: "two different players"},
	{name: "Paranoid: both votes count", setup: table("paranoid agent agent insider"), prep: []func(*Game){toVote}, script: "vote Ada Dorota Cyryl; vote Borys Dorota; vote Cyryl Borys; vote Dorota Cyryl", want: "reason=vote|winners=Dorota"},
	{name: "Paranoid revealed: both votes on one player", setup: table("paranoid agent agent insider"), prep: []func(*Game){give(0, 5), reveal(0), toVote}, script: "vote Ada Dorota Dorota; vote Borys Dorota; vote Cyryl Borys; vote Dorota Borys", want: "reason=vote|winners=Ada Borys Cyryl"},
	{name: "Risk-taking: the risky missions are in", setup: table("risk_taking agent agent insider"), script: "mission R1", want: "phase=trick"},
	{name: "Risk-taking revealed: the Agents win", setup: table("risk_taking agent agent insider"), prep: []func(*Game){give(0, 4)}, script: "M14: Y9 Y2 Y3 Y4", want: "reason=risk_taking_revealed|winners=Ada Borys Cyryl|revealed=Ada"},
	{name: "Decoy alone on top wins alone", setup: table("decoy agent agent insider"), prep: []func(*Game){toVote}, script: "vote Ada Borys; vote Borys Ada; vote Cyryl Ada; vote Dorota Ada", want: "reason=decoy|winners=Ada"},
	{name: "Decoy tied with the Insider: both win", setup: table("decoy agent agent insider"), prep: []func(*Game){toVote}, script: "vote Ada Dorota; vote Borys Ada; vote Cyryl Dorota; vote Dorota Ada", want: "reason=decoy|winners=Ada Dorota"},
	{name: "Decoy tied with an Agent: the Insider wins", setup: table("decoy agent agent insider"), prep: []func(*Game){toVote}, script: "vote Ada Borys; vote Borys Ada; vote Cyryl Borys; vote Dorota Ada", want: "reason=vote|winners=Dorota"},
	{name: "Decoy: an early end means no vote, the Decoy loses", setup: table("decoy agent agent insider"), prep: []func(*Game){missionsDone(6)}, script: "M01: Y7 Y8 Y9 Y10", want: "reason=missions|winners=Borys Cyryl"},
	{name: "Accomplice: revealed at the start, its token back to the supply", setup: table("accomplice agent agent insider"), want: "phase=partner|revealed=Ada|intel=0 1 1 1|supply=11"},
	{name: "Accomplice: the partner comes before the first mission", setup: table("accomplice agent agent insider"), script: "mission M01", err: "picks a partner before the first mission"},
	{name: "Accomplice: only the Accomplice picks", setup: table("accomplice agent agent insider"), script: "partner Borys Cyryl", err: "Borys is not the Accomplice"},
	{name: "Accomplice: not themself", setup: table("accomplice agent agent insider"), script: "partner Ada Ada", err: "another player"},
	{name: "Accomplice: a partner is chosen once", setup: table("accomplice agent agent insider"), script: "partner Ada Dorota; partner Ada Borys", err: "already chose Dorota"},
	{name: "Accomplice wins a trick: the partner loses 1, wagers go to the supply", setup: table("accomplice agent agent insider"), script: "partner Ada Dorota; M01: Y9 Y2+ B3 B4", want: "last=Ada failed|intel=0 0 1 0|supply=13|lead=Ada"},
	{name: "Accomplice cannot vote", setup: table("accomplice agent agent insider"), prep: []func(*Game){partnerOf(0, 3), toVote}, script: "vote Ada Borys", err: "the Accomplice cannot vote"},
	{name: "Accomplice wins when its partner wins", setup: table("accomplice agent agent insider"), prep: []func(*Game){partnerOf(0, 3), toVote}, script: "vote Borys Cyryl; vote Cyryl Borys; vote Dorota Borys", want: "reason=vote|winners=Ada Dorota"},
	{name: "Shady revealed: takes 1 intel from the player to its right", setup: table("agent shady agent insider"), prep: []func(*Game){give(1, 4)}, script: "M14: Y2 Y9 Y3 Y4", want: "revealed=Borys|intel=0 6 1 1"},
	{name: "Shady wins when the player to its right loses", setup: table("agent shady agent insider"), prep: []func(*Game){toVote}, script: "vote Ada Borys; vote Borys Cyryl; vote Cyryl Borys; vote Dorota Borys", want: "winners=Borys Dorota"},
	{name: "Shady loses when the player to its right wins", setup: table("agent shady agent insider"), prep: []func(*Game){missionsDone(6)}, script: "M01: Y7 Y8 Y9 Y10", want: "reason=missions|winners=Ada Cyryl"},
	{name: "Shady revealed cannot vote", setup: table("agent shady agent insider"), prep: []func(*Game){give(1, 5), reveal(1), toVote}, script: "vote Borys Ada", err: "a revealed shady cannot vote"},
	{name: "Sleeper unrevealed wins with the Agents", setup: table("agent sleeper agent insider"), prep: []func(*Game){missionsDone(6)}, script: "M01: Y7 Y8 Y9 Y10", want: "winners=Ada Borys Cyryl"},
	{name: "Sleeper revealed switches sides", setup: table("agent sleeper agent insider"), prep: []func(*Game){give(1, 5), reveal(1), missionsDone(6)}, script: "M01: Y7 Y8 Y9 Y10", want: "winners=Ada Cyryl"},
	{name: "Sleeper revealed wins with the Insider and does not vote", setup: table("agent sleeper agent insider"), prep: []func(*Game){give(1, 5), reveal(1), toVote}, script: "vote Ada Cyryl; vote Cyryl Ada; vote Dorota Ada", want: "reason=vote|winners=Borys Dorota"},
	{name: "Professor No: reveals at 4 intel with 4 players", setup: table("agent agent agent professor_no"), prep: []func(*Game){give(0, 3)}, script: "M14: Y9 Y2 Y3 Y4", want: "revealed=Ada|phase=mission"},
	{name: "Professor No revealed: the Agents win", setup: table("agent agent agent professor_no"), prep: []func(*Game){give(3, 3)}, script: "M14: Y2 Y3 Y4 Y9", want: "reason=professor_no_revealed|winners=Ada Borys Cyryl"},
	{name: "Professor No wins when everyone else is revealed", setup: table("agent agent agent professor_no"), prep: []func(*Game){give(0, 4), reveal(0), give(1, 4), reveal(1), give(2, 3)}, script: "M14: Y2 Y3 Y9 Y4", want: "reason=professor_no|winners=Dorota"},
	{name: "Professor No: revealed players cannot vote", setup: table("agent agent agent professor_no"), prep: []func(*Game){give(0, 4), reveal(0), toVote}, script: "vote Ada Borys", err: "revealed players cannot vote in a Professor No game"},
	{name: "Professor No: most votes on the Professor: the Agents win", setup: table("agent agent agent professor_no"), prep: []func(*Game){toVote}, script: "vote Ada Dorota; vote Borys Dorota; vote Cyryl Dorota; vote Dorota Ada", want: "reason=vote|winners=Ada Borys Cyryl"},
	{name: "Professor No: 3 intel with 5 players", setup: table("agent agent agent agent professor_no"), prep: []func(*Game){give(1, 2)}, script: "M14: Y2 Y9 Y3 Y4 Y5", want: "revealed=Borys"},
	{name: "Wiretapped and the mission target in the same trick: the Insider wins", setup: table("agent wiretapped agent insider"), prep: []func(*Game){missionsDone(6)}, script: "M01: Y7 Y13 Y8 Y9", want: "reason=wiretapped|winners=Dorota|completed=7"},
	{name: "Risk-taking revealed with the mission target: the Agents win", setup: table("risk_taking agent agent insider"), prep: []func(*Game){give(0, 4), missionsDone(6)}, script: "M01: Y13 Y7 Y8 Y9", want: "reason=risk_taking_revealed|winners=Ada Borys Cyryl"},
	{name: "Shady revealed: nothing to take from an empty right hand", setup: table("agent shady agent insider"), prep: []func(*Game){give(0, 0), give(1, 4)}, script: "M14: Y2 Y9 Y3 Y4", want: "revealed=Borys|intel=0 5 1 1"},
	{name: "Accomplice wins a trick: a partner without intel loses nothing", setup: table("accomplice agent agent insider"), prep: []func(*Game){partnerOf(0, 3), give(3, 0)}, script: "M14: Y9 Y2 Y3 Y4", want: "last=Ada completed|intel=0 1 1 0|supply=12"},
	{name: "Decoy revealed cannot be voted for", setup: table("decoy agent agent insider"), prep: []func(*Game){give(0, 5), reveal(0), toVote}, script: "vote Borys Ada", err: "Ada's role is revealed"},
	{name: "Professor No: roles revealed at the start count for everyone else", setup: table("accomplice agent agent professor_no"), prep: []func(*Game){partnerOf(0, 3), give(1, 3), reveal(1), give(2, 3)}, script: "M14: Y2 Y3 Y9 Y4", want: "reason=professor_no|winners=Ada Dorota"},
	{name: "a mission both kept and rejected", setup: table("agent agent agent insider"), script: "mission M01 M01", err: "cannot be both kept and rejected"},
	{name: "blank role: plays as an Agent", setup: table("blank agent agent insider"), prep: []func(*Game){missionsDone(6)}, script: "M01: Y7 Y8 Y9 Y10", want: "winners=Ada Borys Cyryl"},
}

// TestDrawn: with a deck order the lead's two cards are the next two on the
// deck, also while a complete trick waits to be resolved.
func TestDrawn(t *testing.T) {
	s := table("agent agent agent insider", deckInOrder)
	g, err := NewGame(s)
	if err != nil {
		t.Fatal(err)
	}
	check := func(when string, a, b Mission, ok bool) {
		t.Helper()
		x, y, got := g.Drawn()
		if x != a || y != b || got != ok {
			t.Errorf("%s: Drawn() = %s, %s, %v; want %s, %s, %v", when, x, y, got, a, b, ok)
		}
	}
	check("at the start", M01, M02, true)
	g, _, err = run(&s, g, "mission M02; play Ada Y7")
	if err != nil {
		t.Fatal(err)
	}
	check("during a trick", NoMission, NoMission, false)
	g, _, err = run(&s, g, "play Borys Y8; play Cyryl Y9; play Dorota Y10")
	if err != nil {
		t.Fatal(err)
	}
	check("after the last card", M03, M04, true)
	g, _, _ = run(&s, g, "resolve")
	check("after resolve", M03, M04, true)
	if !g.Used(M01) || !g.Used(M02) || g.Used(M03) {
		t.Errorf("used: M01 %v, M02 %v, M03 %v; want the first two drawn", g.Used(M01), g.Used(M02), g.Used(M03))
	}
}

func without(d []Mission, drop ...Mission) []Mission {
	var out []Mission
	for _, m := range d {
		keep := true
		for _, x := range drop {
			keep = keep && m != x
		}
		if keep {
			out = append(out, m)
		}
	}
	return out
}

func TestRules(t *testing.T) {
	for _, c := range ruleCases {
		t.Run(c.name, func(t *testing.T) {
			s := c.setup
			g, err := NewGame(s)
			if err != nil {
				t.Fatalf("NewGame: %v", err)
			}
			for _, p := range c.prep {
				p(&g)
			}
			g, line, err := run(&s, g, c.script)
			lines := len(strings.Split(c.script, ";"))
			switch {
			case c.err == "" && err != nil:
				t.Fatalf("line %d refused: %v", line, err)
			case c.err != "" && err == nil:
				t.Fatalf("script accepted; want the last line refused with %q", c.err)
			case c.err != "" && line != lines:
				t.Fatalf("line %d of %d refused (%v); want the last one refused with %q", line, lines, err, c.err)
			case c.err != "" && !strings.Contains(err.Error(), c.err):
				t.Fatalf("refused with %q; want %q", err, c.err)
			case err != nil && !isRuleError(err):
				t.Fatalf("error %v wraps none of the Err values", err)
			}
			if c.want != "" {
				checkSummary(t, g, c.want)
			}
		})
	}
}

func isRuleError(err error) bool {
	for _, e := range []error{ErrSetup, ErrEvent, ErrOver, ErrOrder, ErrTurn, ErrCard, ErrWager, ErrVote} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}
