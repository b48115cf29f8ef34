package insidejob_test

import (
	"testing"

	"fieldkit/scan/insidejob"
)

// TestOneMarkerLook: a 12 MP photo is shrunk by 3 before detection, and a
// card's second marker may then be past reading (a very dim photo, a far
// tilted one): the card has two possible outlines, and its seat is in
// doubt where they disagree. The reader looks at full size where the
// other marker must lie. Seeds 1448846 (a very dim rulebook 2-player
// table: seat 2's card) and 1449023 (a far, tilted 5-player photo: seat
// 3's card) of the tuning slice 400,001- were left "between two seats"
// before the look.
func TestOneMarkerLook(t *testing.T) {
	if testing.Short() {
		t.Skip("renders two 12 MP scenes")
	}
	cases := []struct {
		seed int64
		seat int
	}{{1448846, 2}, {1449023, 3}}
	var seeds []int64
	for _, tc := range cases {
		seeds = append(seeds, tc.seed)
	}
	obs, truth := readSeeds(t, seeds...)
	for i, tc := range cases {
		var want int
		for _, pl := range truth[i].Plays {
			if pl.Seat == tc.seat {
				want = pl.ID
			}
		}
		if pl, ok := obs[i].Play(tc.seat); !ok || pl.ID != want || !pl.Both {
			t.Errorf("seed %d: seat %d's card %s not read by both markers: plays %+v, warnings %q", tc.seed, tc.seat, insidejob.CardName(want), obs[i].Plays, obs[i].Warnings)
		}
	}
}
