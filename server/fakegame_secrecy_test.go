package server_test

import (
	"strings"
	"testing"

	"fieldkit/internal/testkit"
)

// TestFakeGame plays a third game family, registered through the same
// interfaces as Codenames, through the HTTP API, the pages and the streams,
// with a rematch at the same table; and checks its secrecy: the public
// transcript does not depend on the seats' secrets, and each seat's
// transcript depends only on its own.
func TestFakeGame(t *testing.T) {
	pub1, x1, o1 := tttTranscript(t, [2]string{"ALPHA-SECRET-X", "ALPHA-SECRET-O"})
	pub2, x2, o2 := tttTranscript(t, [2]string{"BRAVO-SECRET-X", "BRAVO-SECRET-O"})
	for _, s := range []string{"ALPHA", "BRAVO"} {
		if strings.Contains(pub1, s) || strings.Contains(pub2, s) {
			t.Errorf("a secret (%s) reached the public transcript", s)
		}
	}
	if pub1 != pub2 {
		t.Errorf("the public transcripts differ with different secrets:\n%s", testkit.FirstDiff(pub1, pub2))
	}
	for _, tc := range []struct {
		name, a, b, own, other string
	}{
		{"x", x1, x2, "SECRET-X", "SECRET-O"},
		{"o", o1, o2, "SECRET-O", "SECRET-X"},
	} {
		if !strings.Contains(tc.a, "ALPHA-"+tc.own) || !strings.Contains(tc.b, "BRAVO-"+tc.own) {
			t.Errorf("seat %s never saw its own secret", tc.name)
		}
		if strings.Contains(tc.a, tc.other) || strings.Contains(tc.b, tc.other) {
			t.Errorf("seat %s saw the other seat's secret", tc.name)
		}
		if a, b := strings.ReplaceAll(tc.a, "ALPHA-"+tc.own, "OWN"), strings.ReplaceAll(tc.b, "BRAVO-"+tc.own, "OWN"); a != b {
			t.Errorf("seat %s's transcripts differ beyond its own secret:\n%s", tc.name, testkit.FirstDiff(a, b))
		}
	}
	// The transcripts are not empty shells: the game was played.
	for _, want := range []string{`"board":"oxxxxooox"`, `"seq":9`, `-> 409 {"error":"not your turn: o plays next"`, `-> 401`} {
		if !strings.Contains(pub1+x1+o1, want) {
			t.Errorf("no %q in the transcripts", want)
		}
	}
}
