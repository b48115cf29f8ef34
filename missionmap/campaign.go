package missionmap

import (
	"errors"
	"fmt"
	"time"
)

// A Result is one game of a mission.
type Result struct {
	Mission string    `json:"mission"` // the mission's id
	Won     bool      `json:"won"`
	Date    time.Time `json:"date"`            // when it was played, as the caller says
	Score   int       `json:"score,omitempty"` // the score of a win
}

// A Campaign is a team's progress on one map: every game played, in order.
// The rules of the sheet: a won mission is ticked; the start and every mission
// joined to a ticked one are playable until they are ticked themselves.
type Campaign struct {
	Team    string   `json:"team"`
	Results []Result `json:"results"`
}

// ErrNotPlayable is wrapped when a result is recorded for a mission the team may not play.
var ErrNotPlayable = errors.New("mission not playable")

// Ticked reports which missions of m the team has won.
func (c Campaign) Ticked(m *Map) map[string]bool {
	t := map[string]bool{}
	for _, r := range c.Results {
		if r.Won {
			t[r.Mission] = true
		}
	}
	return t
}

// Playable returns the ids of the missions the team can play now, in map order.
func (c Campaign) Playable(m *Map) []string {
	ticked := c.Ticked(m)
	open := map[string]bool{m.Start: true}
	for _, p := range m.Paths {
		if ticked[p[0]] {
			open[p[1]] = true
		}
		if ticked[p[1]] {
			open[p[0]] = true
		}
	}
	var ids []string
	for _, ms := range m.Missions {
		if open[ms.ID] && !ticked[ms.ID] {
			ids = append(ids, ms.ID)
		}
	}
	return ids
}

// Record returns the campaign with r added, or an error if r's mission is not
// playable now on m or r is not a possible result.
func (c Campaign) Record(m *Map, r Result) (Campaign, error) {
	ms, ok := m.Mission(r.Mission)
	if !ok {
		return c, fmt.Errorf("%w: %q is not a mission of %s", ErrNotPlayable, r.Mission, m.Name)
	}
	playable := false
	for _, id := range c.Playable(m) {
		playable = playable || id == r.Mission
	}
	if !playable {
		if c.Ticked(m)[r.Mission] {
			return c, fmt.Errorf("%w: %s is already ticked", ErrNotPlayable, ms.Name)
		}
		return c, fmt.Errorf("%w: %s is not joined to a ticked mission yet", ErrNotPlayable, ms.Name)
	}
	switch {
	case r.Date.IsZero():
		return c, fmt.Errorf("missionmap: result for %s has no date", ms.Name)
	case !r.Won && r.Score != 0:
		return c, fmt.Errorf("missionmap: a lost game of %s has score %d; only wins score", ms.Name, r.Score)
	case r.Score < -1 || r.Score > 3*ms.Turns:
		return c, fmt.Errorf("missionmap: score %d for %s is impossible with %d tokens (want -1..%d)", r.Score, ms.Name, ms.Turns, 3*ms.Turns)
	}
	out := Campaign{Team: c.Team, Results: append(append([]Result(nil), c.Results...), r)}
	return out, nil
}
