package insidejob

import "bytes"

// View is the public state of a game: what everybody at the table may see.
// `fieldkit referee` writes one View per event as a JSON line. It never shows a
// hidden role, the rejected mission, the drawn missions, who voted for whom
// before the vote is complete, nor (during play) any earlier trick but the last.
type View struct {
	Error           string       `json:"error,omitempty"` // why the last event was refused; the state is unchanged
	Game            string       `json:"game"`            // "insidejob"
	Phase           string       `json:"phase"`           // partner, mission, trick, vote, over
	Status          string       `json:"status"`          // playing, over
	Players         []PlayerView `json:"players"`         // seat order; 2 players: the two, then Larry
	Dealer          string       `json:"dealer"`
	Wagers          bool         `json:"wagers"`
	Risky           bool         `json:"risky"`
	Supply          int          `json:"supply"`                     // intel tokens in the supply
	Completed       int          `json:"completed"`                  // missions completed
	Goal            int          `json:"goal"`                       // missions the Agents need
	Threshold       int          `json:"threshold"`                  // intel that forces a reveal
	Trick           int          `json:"trick"`                      // tricks resolved
	Tricks          int          `json:"tricks"`                     // tricks in the game
	Lead            string       `json:"lead"`                       // the lead of the current (or next) trick
	LarryController string       `json:"larry_controller,omitempty"` // 2 players: who plays Larry's cards
	Mission         *MissionView `json:"mission"`                    // the current trick's mission, or null
	Next            string       `json:"next,omitempty"`             // who plays the next card
	Plays           []PlayView   `json:"plays"`                      // the current trick
	Last            *LastView    `json:"last,omitempty"`             // the trick just resolved, until the next mission
	Partner         *PartnerView `json:"partner,omitempty"`          // the Accomplice's choice (public at the table)
	Waiting         []string     `json:"waiting,omitempty"`          // the vote: who has not voted yet
	Winners         []string     `json:"winners,omitempty"`          // once over
	Reason          string       `json:"reason,omitempty"`           // once over
	Votes           []VoteView   `json:"votes,omitempty"`            // once over: the complete vote
	Revokes         []RevokeView `json:"revokes,omitempty"`          // once over: the provable revokes
	OffColour       []RevokeView `json:"off_colour,omitempty"`       // once over: the same, by players who need not follow colour
}

// PlayerView is one seat as everybody sees it.
type PlayerView struct {
	Name     string  `json:"name"`
	Intel    int     `json:"intel"`
	Revealed *string `json:"revealed"` // the role once revealed (all roles once over), else null
}

// MissionView is a mission card face up: its id and trump. Its text is the
// catalog's, in each reader's language (Mission.Term).
type MissionView struct {
	ID    string `json:"id"`
	Trump string `json:"trump"`
}

// PlayView is one card of a trick.
type PlayView struct {
	By    string `json:"by"`
	Card  string `json:"card"`
	Wager bool   `json:"wager"`
}

// LastView is the outcome of the trick just resolved.
type LastView struct {
	Winner  string     `json:"winner"`
	Mission string     `json:"mission"` // "completed" or "failed"
	ID      string     `json:"id"`
	Plays   []PlayView `json:"plays"`
}

// PartnerView is the Accomplice's choice of partner.
type PartnerView struct {
	By      string `json:"by"`
	Partner string `json:"partner"`
}

// VoteView is one voter's vote, shown once the vote is complete.
type VoteView struct {
	By  string   `json:"by"`
	For []string `json:"for"`
}

// RevokeView is a provable revoke (or, in View.OffColour, the same pattern by a
// player who need not follow colour), shown once the game is over.
type RevokeView struct {
	Player    string `json:"player"`
	Colour    string `json:"colour"`
	ShowedOut int    `json:"showed_out"` // trick where the player did not follow the colour
	Played    int    `json:"played"`     // later trick where the player played it
}

// View returns the public state.
func (g Game) View() View {
	over := g.phase == OverPhase
	status := "playing"
	if over {
		status = "over"
	}
	v := View{
		Game: GameName, Phase: g.phase.String(), Status: status, Dealer: g.names[g.dealer],
		Wagers: g.wagersOn, Risky: g.risky, Supply: int(g.supply), Completed: int(g.completed),
		Goal: g.rules.Goal, Threshold: g.rules.Threshold, Trick: int(g.trick), Tricks: g.rules.Tricks,
		Lead: g.names[g.lead], Plays: plays(&g.cur, &g.names),
	}
	for i := range Seat(g.rules.Seats) {
		p := PlayerView{Name: g.names[i], Intel: int(g.intel[i])}
		if over || g.revealed.has(i) {
			r := g.roles[i].String()
			p.Revealed = &r
		}
		v.Players = append(v.Players, p)
	}
	if g.larry() {
		v.LarryController = g.names[g.LarryController()]
	}
	if g.mission != NoMission {
		v.Mission = &MissionView{ID: g.mission.String(), Trump: g.mission.Trump().String()}
	}
	if g.phase == TrickPhase && !g.trickComplete() {
		v.Next = g.names[g.next()]
	}
	if g.hasLast {
		res := "failed"
		if g.last.Completed {
			res = "completed"
		}
		v.Last = &LastView{Winner: g.names[g.last.Winner], Mission: res, ID: g.last.Mission.String(), Plays: plays(&g.last.Trick, &g.names)}
	}
	if g.partner != NoSeat {
		v.Partner = &PartnerView{By: g.names[g.accomplice], Partner: g.names[g.partner]}
	}
	for _, s := range g.Waiting() {
		v.Waiting = append(v.Waiting, g.names[s])
	}
	if over {
		v.Reason = g.reason.String()
		for i := range Seat(g.rules.Seats) {
			if g.winners.has(i) {
				v.Winners = append(v.Winners, g.names[i])
			}
		}
		for i := range Seat(g.rules.Seats) {
			if !g.voted.has(i) {
				continue
			}
			vv := VoteView{By: g.names[i]}
			for _, t := range g.votes[i] {
				if t != NoSeat {
					vv.For = append(vv.For, g.names[t])
				}
			}
			v.Votes = append(v.Votes, vv)
		}
		for _, r := range g.Revokes() {
			rv := RevokeView{Player: g.names[r.Player], Colour: r.Colour.String(), ShowedOut: r.ShowedOut, Played: r.Played}
			if r.Free {
				v.OffColour = append(v.OffColour, rv)
			} else {
				v.Revokes = append(v.Revokes, rv)
			}
		}
	}
	return v
}

func plays(t *Trick, names *[MaxSeats]string) []PlayView {
	out := make([]PlayView, t.N)
	for i := range out {
		p := t.Plays[i]
		out[i] = PlayView{By: names[p.By], Card: p.Card.String(), Wager: p.Wager}
	}
	return out
}

// JSON returns v as one line of canonical JSON (no trailing newline).
func (v View) JSON() []byte {
	var b bytes.Buffer
	writeJSON(&b, v)
	return b.Bytes()
}
