package missionmap

import (
	"errors"
	"fmt"
	"sort"
)

// Limits of generated maps.
const (
	MinMissions = 12
	MaxMissions = 40
	MaxBranchy  = 4
	// GeneratorVersion is the version of Generate; codes carry it. Generate must
	// give the same map for the same options forever: a change that alters any
	// generated map needs a new version, with the old one kept for old codes.
	GeneratorVersion = 1
)

// Options choose a generated map.
type Options struct {
	Seed     uint32 // the same seed and options always give the same map
	Missions int    // number of missions, MinMissions..MaxMissions, the start included
	// Hardest is the least estimated win chance, in percent (0..99), a mission
	// may have: the hardest missions of the map come close to it.
	Hardest int
	// Branchy is how branchy the map is: 0 long roads with few forks .. 4 a web
	// with many forks and extra paths between neighbours.
	Branchy int
}

// DefaultOptions returns the options `fieldkit map new` uses when none are given.
func DefaultOptions() Options { return Options{Missions: 26, Hardest: DefaultHardest, Branchy: 2} }

// DefaultHardest is the default Options.Hardest, in percent.
const DefaultHardest = 10

// ErrOptions is wrapped by the errors of invalid options.
var ErrOptions = errors.New("invalid map options")

// Validate names every option out of range.
func (o Options) Validate() error {
	switch {
	case o.Missions < MinMissions || o.Missions > MaxMissions:
		return fmt.Errorf("%w: %d missions, want %d..%d", ErrOptions, o.Missions, MinMissions, MaxMissions)
	case o.Hardest < 0 || o.Hardest > 99:
		return fmt.Errorf("%w: hardest %d%%, want a win chance of 0..99 percent", ErrOptions, o.Hardest)
	case o.Branchy < 0 || o.Branchy > MaxBranchy:
		return fmt.Errorf("%w: branchy %d, want 0..%d", ErrOptions, o.Branchy, MaxBranchy)
	}
	return nil
}

// The lattice: missions sit on rows of slots, odd rows shifted half a column
// (a hexagonal lattice), each slot jittered a little. Paths join neighbouring
// slots only, so they are short and never need to pass another label.
const (
	edgeMargin   = 8
	usableWidth  = Width - LabelWidth - 2*edgeMargin
	usableHeight = Height - LabelHeight - 2*edgeMargin
	maxCols      = 6
	maxRows      = 11
)

type lattice struct {
	cols, rows int
	pos        []point // by slot = r*cols + c
}

// chooseLattice returns the columns and rows for n missions: at least 1.35 n
// slots, rows about two thirds as far apart as columns. Integer arithmetic only,
// so every platform chooses the same.
func chooseLattice(n int) (cols, rows int) {
	need := (135*n + 99) / 100
	best := -1
	for c := 3; c <= maxCols; c++ {
		for r := 3; r <= maxRows; r++ {
			if c*r < need {
				continue
			}
			dx := 2 * usableWidth / (2*c - 1)
			dy := usableHeight / (r - 1)
			ratio := 100 * dy / dx
			cost := 30*(c*r-need) + abs(ratio-65)
			if best < 0 || cost < best {
				best, cols, rows = cost, c, r
			}
		}
	}
	return cols, rows
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func clamp(x, lo, hi int) int { return max(lo, min(hi, x)) }

func newLattice(n int, r *rng) *lattice {
	cols, rows := chooseLattice(n)
	dx := 2 * usableWidth / (2*cols - 1)
	dy := usableHeight / (rows - 1)
	jx := clamp((dx-LabelWidth-LabelGap-4)/2, 0, 40)
	jy := clamp((dy-LabelHeight-LabelGap-4)/2, 0, 40)
	l := &lattice{cols: cols, rows: rows}
	for row := range rows {
		for c := range cols {
			x := edgeMargin + LabelWidth/2 + (2*c+row%2)*usableWidth/(2*cols-1) + r.between(-jx, jx)
			y := edgeMargin + LabelHeight/2 + row*usableHeight/(rows-1) + r.between(-jy, jy)
			x = clamp(x, LabelWidth/2, Width-LabelWidth/2)
			y = clamp(y, LabelHeight/2, Height-LabelHeight/2)
			l.pos = append(l.pos, point{int64(x), int64(y)})
		}
	}
	return l
}

// neighbours returns the slots next to slot s, in a fixed order.
func (l *lattice) neighbours(s int) []int {
	c, row := s%l.cols, s/l.cols
	shift := row % 2 // odd rows sit half a column to the right
	cand := [][2]int{{c - 1, row}, {c + 1, row},
		{c - 1 + shift, row - 1}, {c + shift, row - 1},
		{c - 1 + shift, row + 1}, {c + shift, row + 1}}
	var ns []int
	for _, cr := range cand {
		if cr[0] >= 0 && cr[0] < l.cols && cr[1] >= 0 && cr[1] < l.rows {
			ns = append(ns, cr[1]*l.cols+cr[0])
		}
	}
	return ns
}

// layout is a drawing in progress: missions on slots, paths between them.
type layout struct {
	l      *lattice
	placed []int       // slots in the order missions were placed
	at     map[int]int // slot -> index in placed
	edges  [][2]int    // pairs of indices into placed
}

func newLayout(l *lattice, start int) *layout {
	return &layout{l: l, placed: []int{start}, at: map[int]int{start: 0}}
}

// canJoin reports whether a path from placed mission u to slot s (placed or
// about to be) keeps the drawing clean: it crosses no path and passes no label,
// and a new label at s touches no path.
func (y *layout) canJoin(u, s int) bool {
	a, b := y.l.pos[y.placed[u]], y.l.pos[s]
	_, sPlaced := y.at[s]
	for _, e := range y.edges {
		c, d := y.l.pos[y.placed[e[0]]], y.l.pos[y.placed[e[1]]]
		if pathsCross(a, b, c, d) {
			return false
		}
		if !sPlaced && y.placed[e[0]] != s && y.placed[e[1]] != s && segmentHitsBox(c, d, labelBox(b, LabelGap/2)) {
			return false
		}
	}
	for i, t := range y.placed {
		if i != u && t != s && segmentHitsBox(a, b, labelBox(y.l.pos[t], LabelGap/2)) {
			return false
		}
	}
	return true
}

func (y *layout) place(u, s int) {
	y.at[s] = len(y.placed)
	y.placed = append(y.placed, s)
	y.edges = append(y.edges, [2]int{u, len(y.placed) - 1})
}

// frontier returns the (placed mission, free slot) pairs a new mission may take
// that keep the drawing clean, for the missions in from.
func (y *layout) frontier(from []int) [][2]int {
	var f [][2]int
	for _, u := range from {
		for _, s := range y.l.neighbours(y.placed[u]) {
			if _, taken := y.at[s]; !taken && y.canJoin(u, s) {
				f = append(f, [2]int{u, s})
			}
		}
	}
	return f
}

func (y *layout) levels() []int {
	adj := make([][]int, len(y.placed))
	for _, e := range y.edges {
		adj[e[0]] = append(adj[e[0]], e[1])
		adj[e[1]] = append(adj[e[1]], e[0])
	}
	lv := make([]int, len(y.placed))
	for i := range lv {
		lv[i] = -1
	}
	lv[0] = 0
	queue := []int{0}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, v := range adj[u] {
			if lv[v] < 0 {
				lv[v] = lv[u] + 1
				queue = append(queue, v)
			}
		}
	}
	return lv
}

func (y *layout) joined(u, v int) bool {
	for _, e := range y.edges {
		if e == [2]int{u, v} || e == [2]int{v, u} {
			return true
		}
	}
	return false
}

// addExtraPaths adds up to k paths between neighbouring missions one level
// apart for which ok says yes, keeping the drawing clean. Such paths shorten no
// way from the start, so every mission stays as far from the start as before.
func (y *layout) addExtraPaths(r *rng, k int, ok func(u, v int) bool) {
	lv := y.levels()
	var cand [][2]int
	for u, s := range y.placed {
		for _, t := range y.l.neighbours(s) {
			v, on := y.at[t]
			if on && u < v && !y.joined(u, v) && abs(lv[u]-lv[v]) == 1 {
				cand = append(cand, [2]int{u, v})
			}
		}
	}
	shuffle(r, cand)
	for _, c := range cand {
		if k == 0 {
			return
		}
		if ok(c[0], c[1]) && y.canJoin(c[0], y.placed[c[1]]) {
			y.edges = append(y.edges, c)
			k--
		}
	}
}

// branchiness settings: the chance that growth extends the newest mission
// (long roads) rather than any mission, and extra paths per 100 missions.
var (
	deepChance   = [MaxBranchy + 1]float64{0.92, 0.78, 0.6, 0.4, 0.2}
	extraPerCent = [MaxBranchy + 1]int{0, 6, 14, 24, 34}
)

// grow places n missions by a random tree from the start slot.
func grow(l *lattice, start, n int, r *rng, deep float64) (*layout, bool) {
	y := newLayout(l, start)
	for len(y.placed) < n {
		var f [][2]int
		if r.chance(deep) {
			for i := len(y.placed) - 1; i >= 0 && len(f) == 0; i-- {
				f = y.frontier([]int{i})
			}
		} else {
			all := make([]int, len(y.placed))
			for i := range all {
				all[i] = i
			}
			f = y.frontier(all)
		}
		if len(f) == 0 {
			return nil, false
		}
		c := f[r.below(len(f))]
		y.place(c[0], c[1])
	}
	return y, true
}

// candidate is a mission a generated map may use.
type candidate struct{ turns, mistakes, wins int }

// candidates returns the missions at least one percentage point harder than
// the standard game (a mission should feel different from it) and no harder than
// hardest percent, easiest first.
func candidates(t *Table, hardest int) []candidate {
	std := t.Wins(StandardTurns, StandardMistakes)
	var cs []candidate
	for _, p := range Pairs() {
		w := t.Wins(p[0], p[1])
		if 100*w > 100*std-t.Games || 100*w < hardest*t.Games {
			continue
		}
		cs = append(cs, candidate{p[0], p[1], w})
	}
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := cs[i], cs[j]
		if a.wins != b.wins {
			return a.wins > b.wins
		}
		if a.turns != b.turns {
			return a.turns > b.turns
		}
		return a.mistakes > b.mistakes
	})
	return cs
}

// Generate makes a new map from opts, with the difficulties of table. The same
// options and table always give the same map. Use New for maps with codes.
func Generate(opts Options, table *Table) (*Map, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	cs := candidates(table, opts.Hardest)
	if len(cs) < 3 {
		return nil, fmt.Errorf("%w: only %d missions are between %d%% and the standard game's %.0f%% win chance; lower the hardest",
			ErrOptions, len(cs), opts.Hardest, 100*table.Win(StandardTurns, StandardMistakes))
	}
	r := newRNG(uint64(opts.Seed), 0x6d61707631) // "mapv1"
	n := opts.Missions
	var y *layout
	for attempt := 0; y == nil; attempt++ {
		if attempt == 50 {
			return nil, fmt.Errorf("missionmap: no layout found for %d missions (seed %d)", n, opts.Seed)
		}
		l := newLattice(n, r)
		start := (l.rows/2+r.between(-1, 1))*l.cols + r.below((l.cols+2)/3)
		y, _ = grow(l, start, n, r, deepChance[opts.Branchy])
	}
	y.addExtraPaths(r, (n*extraPerCent[opts.Branchy]+50)/100, func(u, v int) bool { return true })

	// Missions: harder the further from the start, never easier than a
	// neighbour one step nearer the start.
	lv := y.levels()
	maxLevel := 0
	for _, v := range lv {
		maxLevel = max(maxLevel, v)
	}
	adj := make([][]int, n)
	for _, e := range y.edges {
		adj[e[0]] = append(adj[e[0]], e[1])
		adj[e[1]] = append(adj[e[1]], e[0])
	}
	order := make([]int, 0, n)
	for L := 1; L <= maxLevel; L++ {
		for v := range n {
			if lv[v] == L {
				order = append(order, v)
			}
		}
	}
	pick := make([]candidate, n)
	pick[0] = candidate{StandardTurns, StandardMistakes, table.Wins(StandardTurns, StandardMistakes)}
	used := make([]bool, len(cs))
	K := len(cs)
	for _, v := range order {
		limit := pick[0].wins
		for _, u := range adj[v] {
			if lv[u] == lv[v]-1 {
				limit = min(limit, pick[u].wins)
			}
		}
		first := sort.Search(K, func(i int) bool { return cs[i].wins <= limit })
		target := max(first, ((lv[v]-1)*K+r.below(K))/maxLevel)
		choice := -1
		for d := 0; d < K && choice < 0; d++ {
			for _, i := range []int{target + d, target - d} {
				if i >= first && i < K && !used[i] && choice < 0 {
					choice = i
				}
			}
		}
		if choice < 0 { // every allowed mission is used: repeat one
			choice = min(target, K-1)
		}
		used[choice] = true
		pick[v] = cs[choice]
	}

	cities := make([]int, citiesV1)
	for i := range cities {
		cities[i] = i
	}
	shuffle(r, cities)
	m := &Map{Name: Cities[cities[0]] + campaignSuffix}
	for v := range n {
		name := Cities[cities[v]]
		x, yy := fraction(y.l.pos[y.placed[v]])
		m.Missions = append(m.Missions, Mission{
			ID: Slug(name), Name: name, Turns: pick[v].turns, Mistakes: pick[v].mistakes,
			Difficulty: table.Win(pick[v].turns, pick[v].mistakes), X: x, Y: yy,
		})
	}
	m.Start = m.Missions[0].ID
	for _, e := range y.edges {
		m.Paths = append(m.Paths, [2]string{m.Missions[e[0]].ID, m.Missions[e[1]].ID})
	}
	for _, check := range []func() error{m.Validate, m.CheckLayout, m.CheckMonotone} {
		if err := check(); err != nil {
			return nil, fmt.Errorf("missionmap: generator bug (seed %d): %w", opts.Seed, err)
		}
	}
	return m, nil
}
