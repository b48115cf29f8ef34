package insidejob_test

import (
	"testing"

	ijscene "fieldkit/internal/scene/insidejob"
	"fieldkit/scan/insidejob"
)

// readSeeds draws the scene of each seed and reads it told the table's
// player count, as the referee does: the tests of single scenes of the
// accuracy slices (TestVeryDim, TestOneMarkerLook, TestLarryAThirdAway).
func readSeeds(t *testing.T, seeds ...int64) ([]insidejob.Observation, []ijscene.Truth) {
	t.Helper()
	g, err := ijscene.NewGenerator()
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	var obs []insidejob.Observation
	var truth []ijscene.Truth
	for _, seed := range seeds {
		p := ijscene.Random(seed)
		sc, err := g.Scene(p)
		if err != nil {
			t.Fatal(err)
		}
		r := insidejob.Reader{Players: p.Players}
		o, err := r.Read(sc.Frame)
		sc.Close()
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		obs, truth = append(obs, o), append(truth, sc.Truth)
	}
	return obs, truth
}
