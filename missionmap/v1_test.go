package missionmap

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"fieldkit/internal/golden"
)

// goldenMap compares m's JSON with testdata/NAME.json (or writes it with -update).
func goldenMap(t *testing.T, name string, m *Map) {
	t.Helper()
	got, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", name+".json")
	if golden.Update() {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to make it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("%s changed: maps of a released version must stay the same (diff against %s; -update only before release)", name, path)
	}
}

func TestRulebook(t *testing.T) {
	m, err := Rulebook()
	if err != nil {
		t.Fatal(err)
	}
	goldenMap(t, "rulebook", m)
	for _, check := range []func() error{m.Validate, m.CheckLayout, m.CheckMonotone} {
		if err := check(); err != nil {
			t.Error(err)
		}
	}
	if len(m.Missions) != 26 {
		t.Errorf("%d missions, want 26", len(m.Missions))
	}
	for _, rm := range rulebookMissions {
		ms, ok := m.Mission(Slug(rm.name))
		if !ok || ms.Name != rm.name || ms.Turns != rm.turns || ms.Mistakes != rm.mistakes {
			t.Errorf("mission %s %d-%d: got %+v", rm.name, rm.turns, rm.mistakes, ms)
		}
	}
	start, _ := m.Mission(m.Start)
	if start.Name != "Praha" || start.Pair() != "9-9" {
		t.Errorf("start %s %s, want Praha 9-9", start.Name, start.Pair())
	}
	if got, want := m.Neighbours(m.Start), []string{"berlin", "kahira", "moskva"}; !slices.Equal(got, want) {
		t.Errorf("Praha leads to %q, the rulebook says %q", got, want)
	}
	if m.Note == "" {
		t.Errorf("the rulebook map must say that its paths are ours")
	}
}

// TestGeneratedGolden freezes generator version 1: these maps must never change.
func TestGeneratedGolden(t *testing.T) {
	for _, o := range []Options{
		{Seed: 1, Missions: 26, Hardest: DefaultHardest, Branchy: 2},
		{Seed: 2026, Missions: 12, Hardest: 30, Branchy: 0},
		{Seed: 4294967295, Missions: 40, Hardest: 5, Branchy: 4},
	} {
		m, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		goldenMap(t, fmt.Sprintf("v1/seed%d-n%d-h%d-b%d", o.Seed, o.Missions, o.Hardest, o.Branchy), m)
	}
}

// TestNewV1Properties checks every property of a generated map over many seeds
// and options, with the real difficulty table.
func TestNewV1Properties(t *testing.T) {
	tb, err := TableV1()
	if err != nil {
		t.Fatal(err)
	}
	seeds := 25
	if testing.Short() {
		seeds = 3
	}
	for n := MinMissions; n <= MaxMissions; n += 4 {
		for b := 0; b <= MaxBranchy; b++ {
			for s := range seeds {
				o := Options{Seed: uint32(s*104729 + n*31 + b), Missions: n, Hardest: []int{0, 5, 10, 20}[s%4], Branchy: b}
				m, err := New(o)
				if err != nil {
					t.Fatalf("New(%+v) = %v", o, err)
				}
				checkGenerated(t, o, tb, m)
			}
		}
	}
}

func TestLoadRoundTrip(t *testing.T) {
	rb, err := Rulebook()
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range []string{"rulebook", " RULEBOOK ", rb.Code} {
		m, err := Load(code)
		if err != nil || !reflect.DeepEqual(m, rb) {
			t.Errorf("Load(%q) = %v, want the rulebook map", code, err)
		}
	}
	for s := range uint32(20) {
		o := Options{Seed: s * 7777, Missions: MinMissions + int(s)%29, Hardest: int(s) % 25, Branchy: int(s) % 5}
		m, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Load(m.Code)
		if err != nil || !reflect.DeepEqual(back, m) {
			t.Errorf("Load(New(%+v).Code = %q) = %v, want the same map", o, m.Code, err)
		}
	}
}

func BenchmarkNew26(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		if _, err := New(Options{Seed: uint32(i), Missions: 26, Hardest: DefaultHardest, Branchy: 2}); err != nil {
			b.Fatal(err)
		}
	}
}
