package main

import (
	"slices"
	"testing"
)

// TestGamesAgree checks that each entry of games gives its two parts the same
// family: `fieldkit referee` (engine.Family) and `fieldkit serve`
// (server.Family) name it alike and start the same games, so a "new" event
// that one accepts the other does too. See docs/games.md.
func TestGamesAgree(t *testing.T) {
	seen := map[string]bool{}
	for i, g := range games {
		r := g.rules
		for _, name := range r.Games {
			if seen[name] {
				t.Errorf("games[%d] (%s): game %q is started by another family too", i, r.Name, name)
			}
			seen[name] = true
		}
		if g.table == nil {
			continue // not at the table server yet
		}
		s := g.table(false)
		if r.Name != s.Name() {
			t.Errorf("games[%d]: referee family %q, table server family %q; want one name", i, r.Name, s.Name())
		}
		if !slices.Equal(r.Games, s.Games()) {
			t.Errorf("games[%d] (%s): referee starts %q, table server %q; want the same games", i, r.Name, r.Games, s.Games())
		}
	}
}
