// Package missionmap is the Codenames Duet mission map: a campaign sheet of
// cities, each a mission "turns-mistakes", joined by paths that unlock as a team
// wins. It holds the map model, the rulebook's map, a generator of new maps whose
// missions never get easier along a path away from the start, short map codes,
// the estimated difficulty of every mission (a Monte Carlo over the rules engine
// with a model of a pair of players), and a team's campaign progress.
//
// The package is pure: no clock, no files, no global randomness. Seeds and dates
// are passed in.
package missionmap

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
)

// Limits of a mission's parameters (the rulebook's tokens: 9 standard, a 10th and
// 11th to make games easier; a mission map never asks for fewer than 5).
const (
	MinTurns = 5
	MaxTurns = 11
)

// StandardTurns and StandardMistakes are the standard game, the start of every campaign.
const (
	StandardTurns    = 9
	StandardMistakes = 9
)

// A Mission is one city on the map: play a game with Turns timer tokens in the
// bank, Mistakes of them bystander face up.
type Mission struct {
	ID       string `json:"id"`       // short, stable, ASCII: "praha", "sao-paulo"
	Name     string `json:"name"`     // the city as printed, diacritics kept
	Turns    int    `json:"turns"`    // timer tokens in the bank, MinTurns..MaxTurns
	Mistakes int    `json:"mistakes"` // of those, bystander face up, 0..Turns
	// Difficulty is the estimated probability that a pair of players wins the
	// mission (see Table); lower is harder.
	Difficulty float64 `json:"difficulty"`
	// X and Y place the centre of the mission's label on the sheet's map area,
	// each 0..1 (x to the right, y downwards); the area has the aspect Width:Height.
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Pair returns the mission's parameters as printed: "9-9".
func (m Mission) Pair() string { return fmt.Sprintf("%d-%d", m.Turns, m.Mistakes) }

// A Map is a campaign: missions, the start mission and undirected paths.
type Map struct {
	Code     string      `json:"code"`  // the map code (see ParseCode); "" if it has none
	Name     string      `json:"name"`  // a title for the sheet
	Start    string      `json:"start"` // the id of the start mission
	Missions []Mission   `json:"missions"`
	Paths    [][2]string `json:"paths"` // pairs of mission ids
	// Note is printed on the sheet under the title (e.g. that the paths are ours).
	Note string `json:"note,omitempty"`
}

// Mission returns the mission with the given id.
func (m *Map) Mission(id string) (Mission, bool) {
	for _, ms := range m.Missions {
		if ms.ID == id {
			return ms, true
		}
	}
	return Mission{}, false
}

// Neighbours returns the ids of the missions joined to id by a path, sorted.
func (m *Map) Neighbours(id string) []string {
	var ns []string
	for _, p := range m.Paths {
		switch id {
		case p[0]:
			ns = append(ns, p[1])
		case p[1]:
			ns = append(ns, p[0])
		}
	}
	sort.Strings(ns)
	return ns
}

// Distances returns how many paths each mission is from the start (by id);
// unreachable missions are missing.
func (m *Map) Distances() map[string]int {
	adj := map[string][]string{}
	for _, p := range m.Paths {
		adj[p[0]] = append(adj[p[0]], p[1])
		adj[p[1]] = append(adj[p[1]], p[0])
	}
	dist := map[string]int{m.Start: 0}
	queue := []string{m.Start}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, v := range adj[u] {
			if _, seen := dist[v]; !seen {
				dist[v] = dist[u] + 1
				queue = append(queue, v)
			}
		}
	}
	return dist
}

// ErrInvalidMap is wrapped by every error Validate returns.
var ErrInvalidMap = errors.New("invalid mission map")

// Validate checks what every map must satisfy: unique ids and names, parameters
// in range, a start mission, paths between existing missions without repeats or
// loops, every mission reachable from the start, and positions on the sheet.
// It does not check the layout (see CheckLayout) or difficulty order (see CheckMonotone).
func (m *Map) Validate() error {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	ids := map[string]bool{}
	names := map[string]bool{}
	for i, ms := range m.Missions {
		where := fmt.Sprintf("mission %d (%q)", i+1, ms.ID)
		if ms.ID == "" {
			bad("mission %d has no id", i+1)
		} else if ids[ms.ID] {
			bad("%s: id used twice", where)
		}
		ids[ms.ID] = true
		if strings.TrimSpace(ms.Name) == "" {
			bad("%s has no name", where)
		} else if names[ms.Name] {
			bad("%s: name %q used twice", where, ms.Name)
		}
		names[ms.Name] = true
		if ms.Turns < MinTurns || ms.Turns > MaxTurns {
			bad("%s: turns %d, want %d..%d", where, ms.Turns, MinTurns, MaxTurns)
		}
		if ms.Mistakes < 0 || ms.Mistakes > ms.Turns {
			bad("%s: mistakes %d, want 0..turns (%d)", where, ms.Mistakes, ms.Turns)
		}
		if !(ms.X >= 0 && ms.X <= 1 && ms.Y >= 0 && ms.Y <= 1) {
			bad("%s: position (%g, %g) is off the sheet, want 0..1", where, ms.X, ms.Y)
		}
		if math.IsNaN(ms.Difficulty) || ms.Difficulty < 0 || ms.Difficulty > 1 {
			bad("%s: difficulty %g, want a probability 0..1", where, ms.Difficulty)
		}
	}
	if len(m.Missions) == 0 {
		bad("no missions")
	}
	if !ids[m.Start] {
		bad("start %q is not a mission", m.Start)
	}
	seen := map[[2]string]bool{}
	for i, p := range m.Paths {
		a, b := p[0], p[1]
		switch {
		case !ids[a] || !ids[b]:
			bad("path %d (%s-%s) names a mission that is not on the map", i+1, a, b)
		case a == b:
			bad("path %d joins %s to itself", i+1, a)
		}
		if a > b {
			a, b = b, a
		}
		if seen[[2]string{a, b}] {
			bad("path %d (%s-%s) is there twice", i+1, p[0], p[1])
		}
		seen[[2]string{a, b}] = true
	}
	if len(problems) == 0 {
		dist := m.Distances()
		for _, ms := range m.Missions {
			if _, ok := dist[ms.ID]; !ok {
				bad("mission %q cannot be reached from the start %q", ms.ID, m.Start)
			}
		}
	}
	if len(problems) > 0 {
		if len(problems) > 10 {
			problems = append(problems[:10], fmt.Sprintf("and %d more", len(problems)-10))
		}
		return fmt.Errorf("%w: %s", ErrInvalidMap, strings.Join(problems, "; "))
	}
	return nil
}

// CheckMonotone reports the first place where a mission gets easier along a path
// away from the start. A path leads away from the start when each step goes one
// path further from it; along such a path the estimated win probability must
// never rise. Two missions equally far from the start may be joined only if they
// are equally hard.
func (m *Map) CheckMonotone() error {
	dist := m.Distances()
	byID := map[string]Mission{}
	for _, ms := range m.Missions {
		byID[ms.ID] = ms
	}
	for _, p := range m.Paths {
		a, b := byID[p[0]], byID[p[1]]
		da, db := dist[a.ID], dist[b.ID]
		if da > db {
			a, b, da, db = b, a, db, da
		}
		switch {
		case da == db && a.Difficulty != b.Difficulty:
			return fmt.Errorf("%w: %s (%s) and %s (%s) are both %d paths from the start but not equally hard (%.3f, %.3f)",
				ErrInvalidMap, a.Name, a.Pair(), b.Name, b.Pair(), da, a.Difficulty, b.Difficulty)
		case b.Difficulty > a.Difficulty:
			return fmt.Errorf("%w: %s (%s, win %.3f) is easier than %s (%s, win %.3f) on the way to it",
				ErrInvalidMap, b.Name, b.Pair(), b.Difficulty, a.Name, a.Pair(), a.Difficulty)
		}
	}
	return nil
}
