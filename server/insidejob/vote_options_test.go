package insidejob

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"fieldkit/engine"
	rules "fieldkit/engine/insidejob"
)

// voteState returns a game in the vote with the roles in seat order (Larry's
// last for 2 players) and the seats in revealed face up, through the
// engine's canonical state: every token in the supply, the cards and
// missions of the tricks played used up.
func voteState(t *testing.T, players []string, roles []rules.Role, revealed []int) game {
	t.Helper()
	prof := slices.Contains(roles, rules.ProfessorNo)
	r, err := rules.RulesFor(len(players), prof)
	if err != nil {
		t.Fatal(err)
	}
	j := map[string]any{
		"players": players, "dealer": 0, "wagers": true, "risky": slices.Contains(roles, rules.RiskTaking),
		"phase": "vote", "intel": make([]int, r.Seats), "supply": rules.Tokens, "revealed": revealed, "lead": 0,
		"partner": -1, "completed": 0, "trick": r.Tricks, "plays": []any{}, "played": []string{}, "used": []string{},
	}
	var rs []string
	var so [][]int
	for i, role := range roles {
		rs = append(rs, role.String())
		so = append(so, make([]int, rules.Colours))
		if role == rules.Accomplice {
			j["partner"] = (i + 1) % len(roles)
		}
	}
	j["roles"], j["showed_out"], j["revoked"] = rs, so, so
	var played, used []string
	for k := range r.Tricks * r.Seats {
		played = append(played, fmt.Sprintf("%c%d", "YPGB"[k/13], k%13+1))
	}
	for k := range r.Tricks {
		used = append(used, fmt.Sprintf("M%02d", k+1))
	}
	j["played"], j["used"] = played, used
	b, _ := json.Marshal(j)
	var g rules.Game
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatalf("state %s: %v", b, err)
	}
	return game{setup: rules.Setup{Players: players, Dealer: 0, Roles: roles, Wagers: true, Risky: j["risky"].(bool)}, g: g}
}

// voteKey is a vote as a set of names: the order of a Paranoid agent's two
// names does not matter.
func voteKey(names []string) string {
	s := slices.Clone(names)
	slices.Sort(s)
	return strings.Join(s, "+")
}

// TestVoteOptions: in every vote state (player counts and roles x revealed
// seats x votes already cast, so x players left to name), the votes a phone
// offers (its seat view's vote_options, what seat.js shows: a name to tap
// for each player an option names, the seal for an option, one tap for a
// name twice) are exactly the votes the server accepts from that phone; a
// player who waits to vote always has one to cast, and one who may not vote
// is told why in the catalog's words. The vote always ends.
func TestVoteOptions(t *testing.T) {
	A, I, P, C := rules.Agent, rules.Insider, rules.Paranoid, rules.Accomplice
	deals := []struct {
		players []string
		roles   []rules.Role
	}{
		{[]string{"Ola", "Piotr"}, []rules.Role{A, I, A}},
		{[]string{"Ola", "Piotr"}, []rules.Role{I, A, A}},
		{[]string{"Ada", "Bob", "Cy"}, []rules.Role{A, I, A}},
		{players4, []rules.Role{A, I, P, C}},
		{players4, []rules.Role{P, I, A, A}},
		{players4, []rules.Role{rules.Shady, I, rules.Sleeper, A}},
		{players4, []rules.Role{rules.Decoy, I, P, A}},
		{players4, []rules.Role{rules.Wiretapped, I, P, A}},
		{players4, []rules.Role{rules.ProfessorNo, A, P, A}},
		{players4, []rules.Role{rules.RiskTaking, I, rules.Blank, A}},
		{[]string{"Ada", "Bob", "Cy", "Dee", "Eve"}, []rules.Role{P, I, A, C, A}},
		{[]string{"Ada", "Bob", "Cy", "Dee", "Eve"}, []rules.Role{P, rules.ProfessorNo, A, A, A}},
		{[]string{"Ada", "Bob", "Cy", "Dee", "Eve"}, []rules.Role{rules.Shady, I, A, A, P}},
		{[]string{"Ada", "Bob", "Cy", "Dee", "Eve"}, []rules.Role{rules.Decoy, I, rules.Sleeper, A, A}},
	}
	states, seen := 0, map[string]int{}
	for _, d := range deals {
		n := len(d.roles)
		names := slices.Clone(d.players)
		if len(d.players) == 2 {
			names = append(names, rules.LarryName)
		}
	subsets:
		for mask := range 1 << n {
			revealed := []int{}
			others := 0 // players other than Professor No face down
			for i, r := range d.roles {
				up := mask&(1<<i) != 0
				switch {
				case r.RevealedAtStart() && !up:
					continue subsets
				case up && (r == I || r == rules.ProfessorNo || r == rules.RiskTaking):
					continue subsets // the game ends at once
				case up:
					revealed = append(revealed, i)
				case r != rules.ProfessorNo && i < len(d.players):
					others++
				}
			}
			if slices.Contains(d.roles, rules.ProfessorNo) && others == 0 {
				continue // Professor No has won
			}
			x := voteState(t, d.players, d.roles, revealed)
			for step := 0; ; step++ {
				states++
				what := fmt.Sprintf("%v revealed %v, %d votes cast", d.roles, revealed, step)
				waiting := x.g.Waiting()
				for i, part := range d.players {
					s := rules.Seat(i)
					sec := x.Secret(part).(Secret)
					offered := map[string]bool{}
					for _, o := range sec.VoteOptions {
						offered[voteKey(o)] = true
					}
					accepted := map[string]bool{}
					votes := [][]string{}
					for _, a := range names {
						votes = append(votes, []string{a})
						for _, b := range names {
							votes = append(votes, []string{a, b})
						}
					}
					for _, v := range votes {
						ev, _ := json.Marshal(map[string]any{"type": "vote", "by": part, "for": v})
						_, _, err := x.Apply(ev, part, time.Time{})
						if err == nil {
							accepted[voteKey(v)] = true
							continue
						}
						if r := (*engine.Refusal)(nil); !errors.As(err, &r) || !strings.HasPrefix(r.ID, "ij.") {
							t.Errorf("%s: %s's vote %s refused without a catalog id: %v", what, part, ev, err)
						}
					}
					if !mapsEqual(offered, accepted) {
						t.Errorf("%s: %s (%s) is offered %v; the server accepts %v", what, part, d.roles[i], keys(offered), keys(accepted))
					}
					wait := slices.Contains(waiting, s)
					switch {
					case wait && (len(sec.VoteOptions) == 0 || !slices.Contains(sec.May, "vote")):
						t.Errorf("%s: %s waits to vote and the phone offers no vote", what, part)
					case !wait && (len(sec.VoteOptions) > 0 || slices.Contains(sec.May, "vote")):
						t.Errorf("%s: %s does not wait to vote and is offered %v", what, part, sec.VoteOptions)
					case !wait && x.g.Phase() == rules.VotePhase && sec.Vote == nil && sec.NoVote == nil:
						t.Errorf("%s: %s may not vote and the phone does not say why", what, part)
					case wait && sec.NoVote != nil:
						t.Errorf("%s: %s waits to vote and is told %v", what, part, sec.NoVote)
					}
					if sec.NoVote != nil {
						seen[sec.NoVote.ID]++
					}
					for _, o := range sec.VoteOptions {
						if len(o) == 2 && o[0] == o[1] {
							seen["twice"]++
						}
					}
				}
				if len(waiting) == 0 {
					if x.g.Phase() == rules.VotePhase {
						t.Errorf("%s: the vote waits for nobody and goes on", what)
					}
					break
				}
				// The first waiting voter casts the phone's first option.
				part := x.setup.Name(waiting[0])
				o := x.Secret(part).(Secret).VoteOptions
				if len(o) == 0 {
					break // reported above
				}
				ev, _ := json.Marshal(map[string]any{"type": "vote", "by": part, "for": o[0]})
				ng, _, err := x.Apply(ev, part, time.Time{})
				if err != nil {
					t.Fatalf("%s: %s's vote %s: %v", what, part, ev, err)
				}
				x = ng.(game)
			}
		}
	}
	t.Logf("%d states; %v", states, seen)
	for _, id := range []string{"twice", "ij.refuse.no_vote_accomplice", "ij.refuse.no_vote_nobody", "ij.refuse.no_vote_professor", "ij.refuse.no_vote_revealed"} {
		if seen[id] == 0 {
			t.Errorf("no state had %s", id)
		}
	}
}

func mapsEqual(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
