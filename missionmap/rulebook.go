package missionmap

import (
	"fmt"
	"sort"
)

// rulebookMissions are the 26 missions printed on the rulebook's mission map, by
// the names of the Czech rulebook, Praha (the standard game) first and then its
// three neighbours that the rulebook names.
var rulebookMissions = []struct {
	name            string
	turns, mistakes int
}{
	{"Praha", 9, 9},
	{"Berlín", 11, 2}, {"Káhira", 9, 5}, {"Moskva", 8, 8},
	{"Johannesburg", 10, 1}, {"Bagdád", 8, 5}, {"Dubaj", 7, 5}, {"Sydney", 9, 1},
	{"Singapur", 6, 6}, {"Bombaj", 6, 5}, {"Rio de Janeiro", 7, 3}, {"Jakutsk", 8, 4},
	{"Tokio", 8, 1}, {"Šanghaj", 7, 4}, {"Hongkong", 6, 4}, {"Bangkok", 7, 7},
	{"Madrid", 10, 0}, {"Paříž", 11, 0}, {"Monte Carlo", 9, 0}, {"Londýn", 10, 2},
	{"Montreal", 9, 2}, {"Los Alamos", 8, 2}, {"Washington", 7, 2}, {"Vatikán", 8, 0},
	{"Casablanca", 9, 3}, {"Bogota", 8, 3},
}

// rulebookNeighbours is how many missions after Praha the rulebook joins to it.
const rulebookNeighbours = 3

// RulebookNote is printed on the rulebook map's sheet.
const RulebookNote = "The 26 missions of the rulebook map. The rulebook names only Praha's paths " +
	"(Berlín, Káhira, Moskva); the other paths are laid out by fieldkit."

// rulebookDepth is how many paths the hardest rulebook missions lie from the start.
const rulebookDepth = 7

// rulebookSeed is the seed of the rulebook map's layout. Never change it.
const rulebookSeed = 0x52554c45 // "RULE"

// builtins are the built-in maps by their number in version 0 codes.
var builtins = []func() (*Map, error){Rulebook}

// Rulebook returns the rulebook's mission map: its 26 missions, Praha 9-9 as the
// start joined to Berlín, Káhira and Moskva as the rulebook says, and the other
// paths laid out by the generator's rules with a fixed seed: every later mission
// is joined to a mission at least as easy, so along the paths we lay out missions
// never get easier. Difficulties come from TableV1.
func Rulebook() (*Map, error) {
	t, err := TableV1()
	if err != nil {
		return nil, err
	}
	m, err := rulebookWith(t)
	if err != nil {
		return nil, err
	}
	m.Code = Code{Version: 0, Builtin: 0, Content: contentCheck(m)}.String()
	return m, nil
}

func rulebookWith(t *Table) (*Map, error) {
	n := len(rulebookMissions)
	wins := func(i int) int { return t.Wins(rulebookMissions[i].turns, rulebookMissions[i].mistakes) }
	// Praha's neighbours first, then the rest, easiest first.
	order := make([]int, 0, n)
	for i := 1; i <= rulebookNeighbours; i++ {
		order = append(order, i)
	}
	rest := make([]int, 0, n)
	for i := rulebookNeighbours + 1; i < n; i++ {
		rest = append(rest, i)
	}
	sort.SliceStable(rest, func(a, b int) bool { return wins(rest[a]) > wins(rest[b]) })
	order = append(order, rest...)

	r := newRNG(rulebookSeed, 0x72756c6531) // "rule1"
	var y *layout
	var mission []int // mission index by placed index
attempts:
	for attempt := 0; attempt < 200; attempt++ {
		l := newLattice(n, r)
		start := (l.rows/2+r.between(-1, 1))*l.cols + l.cols/2 - 1 + r.below(2)
		y = newLayout(l, start)
		mission = []int{0}
		level := []int{0}
		for k, v := range order {
			// Join v to a placed mission that is no easier, preferring one at
			// the level before v's target: easier missions near the start,
			// harder ones further out, rulebookDepth levels in all.
			var from []int
			if k < rulebookNeighbours {
				from = []int{0}
			} else {
				for u := range y.placed {
					if wins(mission[u]) >= wins(v) {
						from = append(from, u)
					}
				}
				target := 2 + (k-rulebookNeighbours)*(rulebookDepth-1)/(n-rulebookNeighbours)
				sort.SliceStable(from, func(a, b int) bool {
					return abs(level[from[a]]+1-target) < abs(level[from[b]]+1-target)
				})
			}
			var f [][2]int
			for i := 0; i < len(from) && len(f) == 0; i += 3 {
				f = y.frontier(from[i:min(i+3, len(from))])
			}
			if len(f) == 0 {
				continue attempts
			}
			c := f[r.below(len(f))]
			y.place(c[0], c[1])
			mission = append(mission, v)
			level = append(level, level[c[0]]+1)
		}
		break
	}
	if len(mission) != n {
		return nil, fmt.Errorf("missionmap: no layout found for the rulebook map")
	}
	lv := y.levels()
	y.addExtraPaths(r, 5, func(u, v int) bool {
		if lv[u] > lv[v] {
			u, v = v, u
		}
		return lv[u] > 0 && wins(mission[v]) <= wins(mission[u])
	})
	m := &Map{Name: rulebookName, Note: RulebookNote}
	for p, s := range y.placed {
		rm := rulebookMissions[mission[p]]
		x, yy := fraction(y.l.pos[s])
		m.Missions = append(m.Missions, Mission{
			ID: Slug(rm.name), Name: rm.name, Turns: rm.turns, Mistakes: rm.mistakes,
			Difficulty: t.Win(rm.turns, rm.mistakes), X: x, Y: yy,
		})
	}
	m.Start = m.Missions[0].ID
	for _, e := range y.edges {
		m.Paths = append(m.Paths, [2]string{m.Missions[e[0]].ID, m.Missions[e[1]].ID})
	}
	for _, check := range []func() error{m.Validate, m.CheckLayout} {
		if err := check(); err != nil {
			return nil, fmt.Errorf("missionmap: rulebook map: %w", err)
		}
	}
	return m, nil
}
