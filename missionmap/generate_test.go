package missionmap

import (
	"errors"
	"reflect"
	"slices"
	"testing"
)

// checkGenerated checks every property a generated map must have.
func checkGenerated(t *testing.T, opts Options, tb *Table, m *Map) {
	t.Helper()
	if len(m.Missions) != opts.Missions {
		t.Errorf("%+v: %d missions, want %d", opts, len(m.Missions), opts.Missions)
	}
	for _, check := range []func() error{m.Validate, m.CheckLayout, m.CheckMonotone} {
		if err := check(); err != nil {
			t.Errorf("%+v: %v", opts, err)
		}
	}
	start, _ := m.Mission(m.Start)
	if start.Turns != StandardTurns || start.Mistakes != StandardMistakes {
		t.Errorf("%+v: start %s is %s, want the standard game 9-9", opts, start.Name, start.Pair())
	}
	for _, ms := range m.Missions {
		if !slices.Contains(Cities[:citiesV1], ms.Name) {
			t.Errorf("%+v: %q is not a built-in city", opts, ms.Name)
		}
		if ms.ID != Slug(ms.Name) {
			t.Errorf("%+v: id %q, want %q", opts, ms.ID, Slug(ms.Name))
		}
		if ms.Difficulty != tb.Win(ms.Turns, ms.Mistakes) {
			t.Errorf("%+v: %s difficulty %v, table says %v", opts, ms.Name, ms.Difficulty, tb.Win(ms.Turns, ms.Mistakes))
		}
		if ms.ID != m.Start && 100*ms.Difficulty < float64(opts.Hardest) {
			t.Errorf("%+v: %s %s wins %.3f, below the hardest allowed %d%%", opts, ms.Name, ms.Pair(), ms.Difficulty, opts.Hardest)
		}
	}
}

func TestGenerateProperties(t *testing.T) {
	tb := formulaTable(t)
	seeds := 40
	if testing.Short() {
		seeds = 5
	}
	for _, n := range []int{MinMissions, 19, 26, 33, MaxMissions} {
		for b := 0; b <= MaxBranchy; b++ {
			for seed := range seeds {
				opts := Options{Seed: uint32(seed*7919 + n), Missions: n, Hardest: 5 + seed%20, Branchy: b}
				m, err := Generate(opts, tb)
				if err != nil {
					t.Fatalf("Generate(%+v) = %v", opts, err)
				}
				checkGenerated(t, opts, tb, m)
			}
		}
	}
}

func TestGenerateSameSeedSameMap(t *testing.T) {
	tb := formulaTable(t)
	opts := Options{Seed: 42, Missions: 30, Hardest: 10, Branchy: 3}
	a, err := Generate(opts, tb)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Generate(opts, tb)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("Generate(%+v) twice gave two maps", opts)
	}
	opts.Seed++
	c, _ := Generate(opts, tb)
	if reflect.DeepEqual(a.Missions, c.Missions) {
		t.Errorf("seeds 42 and 43 gave the same map")
	}
}

// TestGenerateBranchy: branchier maps have more forks and extra paths.
func TestGenerateBranchy(t *testing.T) {
	tb := formulaTable(t)
	paths := func(b int) (total int) {
		for seed := range 20 {
			m, err := Generate(Options{Seed: uint32(seed), Missions: 26, Hardest: 10, Branchy: b}, tb)
			if err != nil {
				t.Fatal(err)
			}
			total += len(m.Paths)
		}
		return total
	}
	if p0, p4 := paths(0), paths(MaxBranchy); p0 != 20*25 || p4 <= p0 {
		t.Errorf("paths over 20 maps: branchy 0 %d (want 500: a tree), branchy 4 %d (want more)", p0, p4)
	}
}

func TestGenerateInvalidOptions(t *testing.T) {
	tb := formulaTable(t)
	for _, o := range []Options{
		{Missions: 300, Hardest: 10, Branchy: 2},
		{Missions: 11, Hardest: 10, Branchy: 2},
		{Missions: 41, Hardest: 10, Branchy: 2},
		{Missions: 26, Hardest: -1, Branchy: 2},
		{Missions: 26, Hardest: 100, Branchy: 2},
		{Missions: 26, Hardest: 10, Branchy: 5},
		{Missions: 26, Hardest: 10, Branchy: -1},
		{Missions: 26, Hardest: 95, Branchy: 2}, // nothing that hard is easy enough
	} {
		if m, err := Generate(o, tb); !errors.Is(err, ErrOptions) {
			t.Errorf("Generate(%+v) = %v, %v; want ErrOptions", o, m != nil, err)
		}
	}
}

func BenchmarkGenerate26(b *testing.B) {
	tb := formulaTable(b)
	for i := 0; b.Loop(); i++ {
		if _, err := Generate(Options{Seed: uint32(i), Missions: 26, Hardest: 10, Branchy: 2}, tb); err != nil {
			b.Fatal(err)
		}
	}
}
