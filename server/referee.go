package server

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"fieldkit/engine"
	"fieldkit/keycards"
)

// The camera referee: what the scanner sees becomes engine events only where
// the rules leave no doubt. A guess token put on a new cell is a guess. A new
// cover that matches the referee is confirmed. Anything else the camera sees
// that contradicts the referee is a warning for the host, never a change.

// observe is the change "the scanner saw obs"; it fills rep.
func (t *table) observe(obs Observation, source string, at time.Time, rep *ScanReport) change {
	return func(cur tableState) (tableState, func(context.Context, *Store) error, error) {
		*rep = ScanReport{Source: source, At: at, Observation: obs, Events: []json.RawMessage{}}
		var prev *Observation
		if cur.scan != nil {
			prev = &cur.scan.Observation
		}
		next := cur
		var events []engine.Event
		if obs.OK {
			if e, warn := guessFromToken(cur.sess, obs, prev); warn != "" {
				rep.Warnings = append(rep.Warnings, warn)
			} else if e != nil {
				if sess, err := cur.sess.Apply(*e); err != nil {
					rep.Refused = err.Error()
				} else {
					next.sess = sess
					events = append(events, *e)
					next.log = append(slices.Clip(cur.log), logEntry{e: *e, at: at, result: resultOf(sess, *e)})
					b, _ := json.Marshal(*e)
					rep.Events = append(rep.Events, b)
				}
			}
			confirmed, warns := checkCovers(next.sess, obs, prev)
			rep.Confirmed = confirmed
			rep.Warnings = append(rep.Warnings, warns...)
		} else {
			rep.Warnings = append(rep.Warnings, "the camera cannot read the grid: "+obs.Reason)
		}
		r := *rep
		next.scan = &r
		next.warnings = append(slices.Clip(cur.warnings), rep.Warnings...)
		if n := len(next.warnings); n > maxWarnings {
			next.warnings = next.warnings[n-maxWarnings:]
		}
		if len(events) == 0 {
			return next, nil, nil
		}
		first := len(cur.log) + 1
		done := t.finished(cur.sess, next.sess, at)
		return next, func(ctx context.Context, st *Store) error { return st.appendEvents(ctx, t.id, first, events, at, done) }, nil
	}
}

// observedCell returns the observation of table cell i (seen from seat A).
func observedCell(obs *Observation, i int) (ObservedCell, bool) {
	if obs == nil {
		return ObservedCell{}, false
	}
	for _, c := range obs.Cells {
		if c.Row*5+c.Col == i && c.Row >= 0 && c.Row < 5 && c.Col >= 0 && c.Col < 5 {
			return c, true
		}
	}
	return ObservedCell{}, false
}

func tokenCell(obs *Observation) int {
	if obs == nil || obs.Token == nil {
		return engine.NoCell
	}
	r, c := obs.Token[0], obs.Token[1]
	if r < 0 || r > 4 || c < 0 || c > 4 {
		return engine.NoCell
	}
	return r*5 + c
}

// guessFromToken returns the guess that a guess token on a new cell means, or
// a warning when the token lies where nobody may guess now.
func guessFromToken(s engine.Session, obs Observation, prev *Observation) (*engine.Event, string) {
	i := tokenCell(&obs)
	if i == engine.NoCell || i == tokenCell(prev) {
		return nil, ""
	}
	name := cellLabel(s, i)
	v := s.View()
	if v.Status != "playing" && v.Status != "sudden_death" {
		return nil, fmt.Sprintf("the guess token lies on %s, but the game is over", name)
	}
	if v.Phase != "guess" {
		return nil, fmt.Sprintf("the guess token lies on %s, but no clue has been given: give the clue first", name)
	}
	if s.Setup().Game == keycards.Duet && v.Status == "sudden_death" {
		return nil, fmt.Sprintf("the guess token lies on %s in sudden death: the guesser taps the word on their phone, so it is clear who guesses", name)
	}
	e := engine.Guess(i)
	return &e, ""
}

// checkCovers compares the covers in obs that were not in prev with the referee.
func checkCovers(s engine.Session, obs Observation, prev *Observation) (confirmed [][2]int, warnings []string) {
	v := s.View()
	for i := range 25 {
		seen, ok := observedCell(&obs, i)
		if !ok {
			continue
		}
		before, _ := observedCell(prev, i)
		if seen.Cover == before.Cover && prev != nil {
			continue
		}
		want := coverOf(v.Cells[i], s.Setup().Game)
		name := cellLabel(s, i)
		switch {
		case seen.Cover == "" && want != "" && seen.Card != 0:
			warnings = append(warnings, fmt.Sprintf("the camera sees %s uncovered, but the referee has %s on it", name, article(want)))
		case seen.Cover == "":
		case sameCover(seen.Cover, want, s):
			confirmed = append(confirmed, [2]int{i / 5, i % 5})
		case want == "":
			warnings = append(warnings, fmt.Sprintf("the camera sees %s on %s, but the referee has nothing there: was a guess missed? Guess it on the host page, or take the card off", article(seen.Cover), name))
		default:
			warnings = append(warnings, fmt.Sprintf("the camera sees %s on %s, but the referee has %s there", article(seen.Cover), name, article(want)))
		}
	}
	return confirmed, warnings
}

// coverOf returns what the referee has on a cell, in the scanner's words.
func coverOf(c engine.CellView, g keycards.Game) string {
	if g == keycards.Classic {
		return c.Revealed
	}
	switch {
	case c.AssassinFor != "":
		return "assassin"
	case c.AgentFor != "":
		return "agent"
	case len(c.BystanderFor) > 0:
		return "timer"
	}
	return ""
}

// sameCover reports whether the scanner's cover matches the referee's.
func sameCover(seen, want string, s engine.Session) bool {
	if seen == want {
		return true
	}
	switch {
	case s.Setup().Game == keycards.Duet:
		return seen == "bystander" && want == "timer"
	case seen == "double": // the double agent card counts for the starting team
		return want == s.Classic().Card().Start.String()
	}
	return false
}

func cellLabel(s engine.Session, i int) string {
	if w := s.Words()[i]; w != "" {
		return fmt.Sprintf("%s [%d,%d]", w, i/5, i%5)
	}
	return fmt.Sprintf("cell [%d,%d]", i/5, i%5)
}

func article(s string) string {
	if s != "" && (s[0] == 'a' || s[0] == 'e' || s[0] == 'i' || s[0] == 'o' || s[0] == 'u') {
		return "an " + s + " card"
	}
	if s == "timer" {
		return "a timer token"
	}
	return "a " + s + " card"
}
