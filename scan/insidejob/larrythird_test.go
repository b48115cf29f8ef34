package insidejob_test

import (
	"testing"

	"fieldkit/scan/insidejob"
)

// TestLarryAThirdAway: a 2-player table whose standee lies 0.67 of the
// players' distance from the nearer player, a third of the table away
// rather than beside a player (seed 1649034 of session 9's held-out slice
// 600,001-, read once, then fixed). An arm hides the active mission in the
// middle of the three places; the mission the lead rejected lies face up
// near the two players' midpoint, which at larryBeside 0.7 was taken for
// the middle too: the reader named the rejected mission, a wrong value and
// a secret told. At 0.62 (rulebook tables measure 0.20-0.61 on slice
// 500,001-, tables with the standee a third away 0.57-1.63) the players'
// midpoint is not the middle there, and the mission is unknown.
func TestLarryAThirdAway(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a 12 MP scene")
	}
	all, truth := readSeeds(t, 1649034)
	obs := &all[0]
	if obs.Mission >= 0 {
		t.Errorf("mission %s read under an arm's gap, the active one is %s (hidden)", obs.MissionName, insidejob.MissionName(truth[0].Mission))
	}
	if wrong, _ := judge(obs, &truth[0]); len(wrong) > 0 {
		t.Errorf("wrong values: %q", wrong)
	}
}
