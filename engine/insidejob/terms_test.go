package insidejob

import (
	"fmt"
	"strings"
	"testing"
)

// TestTerms: every mission, role and colour names its message, each a
// different one.
func TestTerms(t *testing.T) {
	seen := map[string]bool{}
	check := func(what fmt.Stringer, id string, prefix string) {
		t.Helper()
		if !strings.HasPrefix(id, prefix) || seen[id] {
			t.Errorf("%v: term %q, want a new id starting %q", what, id, prefix)
		}
		seen[id] = true
	}
	for m := M01; m <= R4; m++ {
		check(m, string(m.Term()), "ij.mission.")
	}
	for r := Agent; r <= Blank; r++ {
		check(r, string(r.Term()), "ij.role.")
		if got := string(r.Term()); got != "ij.role."+r.String() {
			t.Errorf("%v.Term() = %q, want ij.role.%s", r, got, r)
		}
	}
	for c := range Colour(Colours) {
		check(c, string(c.Term()), "ij.colour.")
	}
	if NoMission.Term() != "" || NoRole.Term() != "" || Colour(Colours).Term() != "" {
		t.Error("no mission, no role or no colour has a term")
	}
}
