package insidejob

import (
	"testing"

	"fieldkit/scan"
)

// TestWholeTable: the middle of the seats is the table's only when the
// seats seen can be all of them; with one hidden, the middle moves toward
// the others, where the mission the lead rejected may lie (scene seed 134
// of the widened Inside Job tables read that mission before this rule).
func TestWholeTable(t *testing.T) {
	for _, tc := range []struct {
		name    string
		seats   []int
		players int // the player aid's count, 0 when not read
		want    bool
	}{
		{"Larry and one seat", []int{Larry, 1}, 0, false},
		{"two seats", []int{1, 2}, 0, false},
		{"Larry and both seats", []int{Larry, 1, 2}, 0, true},
		{"three seats", []int{1, 2, 3}, 0, true},
		{"a gap", []int{1, 2, 4}, 0, false},
		{"a gap at the start", []int{2, 3, 4}, 0, false},
		{"five seats", []int{1, 2, 3, 4, 5}, 0, true},
		{"the aid says five, four seen", []int{1, 2, 3, 4}, 5, false},
		{"the aid says four, four seen", []int{1, 2, 3, 4}, 4, true},
		{"the aid says two, Larry hidden", []int{1, 2, 3}, 2, false},
		{"the aid says two, Larry seen", []int{Larry, 1, 2}, 2, true},
	} {
		var ps []piece
		for _, s := range tc.seats {
			ps = append(ps, piece{id: s, c: scan.Point{X: float64(s)}})
		}
		if got := wholeTable(ps, tc.players); got != tc.want {
			t.Errorf("%s: wholeTable(%v, %d) = %v, want %v", tc.name, tc.seats, tc.players, got, tc.want)
		}
	}
}

// TestPaperWhite: the ring of a bare card is white under any light, an
// intel token's amber and a hand's skin are not, judged against the card's
// own paper (here under a warm lamp that makes white look amber-grey).
func TestPaperWhite(t *testing.T) {
	lamp := [3]float64{0.62, 0.86, 1} // B, G, R factors
	lit := func(b, g, r float64) [3]float64 { return [3]float64{b * lamp[0], g * lamp[1], r * lamp[2]} }
	paper := lit(230, 230, 230)
	for _, tc := range []struct {
		name string
		v    [3]float64
		want bool
	}{
		{"the paper", lit(226, 229, 231), true},
		{"the paper in a little shade", lit(170, 172, 175), true},
		{"an intel token", lit(40, 170, 235), false},
		{"light skin", lit(150, 175, 225), false},
		{"dark skin", lit(60, 85, 125), false},
		{"a black marker cell", lit(30, 30, 30), false},
	} {
		if got := looksWhite(tc.v, paper); got != tc.want {
			t.Errorf("%s %v against paper %v: looksWhite = %v, want %v", tc.name, tc.v, paper, got, tc.want)
		}
	}
}
