package insidejob_test

import (
	"testing"

	"fieldkit/scan/insidejob"
)

// TestVeryDim: two very dim 12 MP photos (light 0.22) of slice 500,001-
// (session 8's held-out slice, read once, then tuned on). In 1548577 seat
// 3's token (58 px) is decoded by OpenCV's three windows and not by one
// window of 13, even at full size: the reader looks between the seats seen
// next to it (missingSeats). In 1548943 seat 1's bare card lies under a
// purple lamp, its paper white B 37, G 24, R 33: no reference under the
// old floor of 25 on every channel, its wager was in doubt (darkPaper,
// darkChannel). In 1949287 (slice 900,001-, session 12's held-out, mean
// grey 10.9) the one card played lies in the dark half, its markers a few
// grey levels from its paper: the whole photo is looked at again with the
// contrast stretched (darklook.go).
func TestVeryDim(t *testing.T) {
	if testing.Short() {
		t.Skip("renders two 12 MP scenes")
	}
	cases := []struct {
		name  string
		seed  int64
		seat  int
		wager insidejob.Wager
	}{
		{"a seat token one window does not decode", 1548577, 3, insidejob.Wagered},
		{"a bare card's paper dim under a purple lamp", 1548943, 1, insidejob.NoWager},
		{"a card in the dark half of a dark photo", 1949287, 2, insidejob.NoWager},
	}
	var seeds []int64
	for _, tc := range cases {
		seeds = append(seeds, tc.seed)
	}
	all, truth := readSeeds(t, seeds...)
	for i, tc := range cases {
		obs := &all[i]
		var want int
		for _, pl := range truth[i].Plays {
			if pl.Seat == tc.seat {
				want = pl.ID
			}
		}
		pl, ok := obs.Play(tc.seat)
		switch {
		case !ok || pl.ID != want:
			t.Errorf("%s (seed %d): seat %d's card %s not read: plays %+v, seats %v", tc.name, tc.seed, tc.seat, insidejob.CardName(want), obs.Plays, obs.Seats)
		case pl.Wager != tc.wager:
			t.Errorf("%s (seed %d): seat %d's wager %v, want %v", tc.name, tc.seed, tc.seat, pl.Wager, tc.wager)
		}
		if wrong, full := judge(obs, &truth[i]); !full || len(wrong) > 0 {
			t.Errorf("%s (seed %d): not read fully (wrong %q): %+v", tc.name, tc.seed, wrong, obs.Reading())
		}
	}
}
