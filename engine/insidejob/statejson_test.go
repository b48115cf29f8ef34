package insidejob

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestStateRoundTrip plays random games and checks that every state reads back
// from its JSON unchanged, and that the JSON is canonical.
func TestStateRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for n := range 100 {
		g, err := NewGame(randomSetup(r))
		if err != nil {
			t.Fatal(err)
		}
		for {
			b, err := g.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			var back Game
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatalf("game %d: Unmarshal(%s): %v", n, b, err)
			}
			if back != g {
				t.Fatalf("game %d: round trip of %s changed the state", n, b)
			}
			if again, _ := back.MarshalJSON(); !bytes.Equal(again, b) {
				t.Fatalf("game %d: not canonical:\n%s\n%s", n, b, again)
			}
			if g.Over() {
				break
			}
			if g, err = g.Apply(randomEvent(&g, r)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestStateErrors edits a valid state into impossible ones.
func TestStateErrors(t *testing.T) {
	s := table("agent agent agent insider")
	g, err := NewGame(s)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err = run(&s, g, "M14: Y5 Y7+ Y2 Y3; mission M01; play Borys Y9; play Cyryl Y10")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := g.MarshalJSON()
	valid := string(b)
	cases := []struct{ from, to, want string }{
		{`"supply":9`, `"supply":10`, "tokens held"},
		{`"phase":"trick"`, `"phase":"dance"`, `"phase" is "dance"`},
		{`"phase":"trick"`, `"phase":"mission"`, "phase mission with mission"},
		{`"lead":1`, `"lead":7`, "lead 7 is not a seat"},
		{`"lead":1`, `"lead":2`, "out of turn"},
		{`"Y9","Y10"]`, `"Y9","Y11"]`, "Y10 on the table but not played"},
		{`"played":["Y2",`, `"played":[`, "cards played"},
		{`"roles":["agent","agent","agent","insider"]`, `"roles":["agent","agent","agent","agent"]`, "0 insiders"},
		{`"completed":0`, `"completed":5`, "missions completed in"},
		{`"card":"Y9"`, `"card":"Y9","wager":true`, "tokens held"},
		{`"revealed":[]`, `"revealed":[9]`, "revealed 9 is not a seat"},
		{`"partner":-1`, `"partner":2`, "partner 2 for Accomplice -1"},
		{`"used":["M01","M14"]`, `"used":["M01","M01"]`, `used mission "M01"`},
		{`{"players"`, `{"extra":1,"players"`, `unknown field "extra"`},
	}
	g, _, err = run(&s, g, "play Dorota Y11; play Ada Y12; resolve")
	if err != nil {
		t.Fatal(err)
	}
	b, _ = g.MarshalJSON()
	resolved := string(b)
	cases = append(cases, []struct{ from, to, want string }{
		{`"winner":0`, `"winner":1`, "does not follow from its cards"},
		{`"completed":true`, `"completed":false`, "does not follow from its cards"},
	}...)
	for i, c := range cases {
		valid := valid
		if i >= len(cases)-2 {
			valid = resolved
		}
		if !strings.Contains(valid, c.from) {
			t.Fatalf("%q not in %s", c.from, valid)
		}
		if c.want == "" {
			continue
		}
		in := strings.Replace(valid, c.from, c.to, 1)
		var back Game
		err := json.Unmarshal([]byte(in), &back)
		if err == nil || !errors.Is(err, ErrSetup) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Unmarshal with %s -> %s = %v, want an error saying %q", c.from, c.to, err, c.want)
		}
	}
}
