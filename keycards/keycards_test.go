package keycards

import (
	"errors"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestLayoutCounts(t *testing.T) {
	fact := func(n int64) *big.Int { return new(big.Int).MulRange(1, n) }
	div := func(num *big.Int, ds ...int64) *big.Int {
		q := new(big.Int).Set(num)
		for _, d := range ds {
			q.Quo(q, fact(d))
		}
		return q
	}
	wantDuet := div(fact(25), 3, 5, 5, 7)
	if got := new(big.Int).SetUint64(DuetLayouts); got.Cmp(wantDuet) != 0 {
		t.Errorf("DuetLayouts = %v, want 25!/(3!5!5!7!) = %v", got, wantDuet)
	}
	wantClassic := new(big.Int).Mul(big.NewInt(2), div(fact(25), 9, 8, 7))
	if got := new(big.Int).SetUint64(ClassicLayouts); got.Cmp(wantClassic) != 0 {
		t.Errorf("ClassicLayouts = %v, want 2*25!/(9!8!7!) = %v", got, wantClassic)
	}
}

// countDuet counts a card's roles per side and its table cells per (a, b) pair
// without using the package's own tables.
func countDuet(d DuetCard) (sides [2]map[Role]int, pairs map[[2]Role]int) {
	sides = [2]map[Role]int{{}, {}}
	pairs = map[[2]Role]int{}
	for r := range 5 {
		for c := range 5 {
			a := d.A[r*5+c]
			b := d.B[(4-r)*5+(4-c)] // the same table cell, seen from the other seat
			sides[0][a]++
			sides[1][b]++
			pairs[[2]Role{a, b}]++
		}
	}
	return sides, pairs
}

func TestNewDuetIsValid(t *testing.T) {
	wantPairs := map[[2]Role]int{
		{Agent, Agent}: 3, {Agent, Assassin}: 1, {Agent, Bystander}: 5,
		{Assassin, Agent}: 1, {Assassin, Assassin}: 1, {Assassin, Bystander}: 1,
		{Bystander, Agent}: 5, {Bystander, Assassin}: 1, {Bystander, Bystander}: 7,
	}
	src := SeededSource("valid")
	for i := range 2000 {
		d := NewDuet(src)
		if err := d.Validate(); err != nil {
			t.Fatalf("card %d: %v", i, err)
		}
		sides, pairs := countDuet(d)
		for s, n := range sides {
			if n[Agent] != 9 || n[Assassin] != 3 || n[Bystander] != 13 {
				t.Fatalf("card %d (%s) side %d counts %v, want 9 agents, 3 assassins, 13 bystanders", i, d.Code(), s, n)
			}
		}
		for p, want := range wantPairs {
			if pairs[p] != want {
				t.Fatalf("card %d (%s): %d cells %s/%s, want %d", i, d.Code(), pairs[p], p[0], p[1], want)
			}
		}
		green := 0
		for c := range Cells {
			if d.Green(c) {
				green++
			}
		}
		if green != 15 {
			t.Fatalf("card %d: %d green table cells, want 15", i, green)
		}
	}
}

func TestNewClassicIsValid(t *testing.T) {
	src := SeededSource("classic")
	starts := map[Role]int{}
	for i := range 2000 {
		c := NewClassic(src)
		if err := c.Validate(); err != nil {
			t.Fatalf("card %d: %v", i, err)
		}
		n := map[Role]int{}
		for _, r := range c.Cells {
			n[r]++
		}
		if n[c.Start] != 9 || n[Other(c.Start)] != 8 || n[Bystander] != 7 || n[Assassin] != 1 {
			t.Fatalf("card %d (%s) counts %v with %s starting", i, c.Code(), n, c.Start)
		}
		starts[c.Start]++
	}
	if starts[Red] < 900 || starts[Blue] < 900 {
		t.Errorf("start teams %v in 2000 cards, want both near 1000", starts)
	}
}

// TestOrientation pins the seat convention on a card built by hand: side B is
// side A's table turned half round.
func TestOrientation(t *testing.T) {
	d := DuetFromRank(0)
	for r := range 5 {
		for c := range 5 {
			a, b := d.At(r*5 + c)
			if a != d.A[r*5+c] || b != d.B[(4-r)*5+4-c] {
				t.Fatalf("At(%d,%d) = %s,%s; want side A (%d,%d) and side B (%d,%d)", r, c, a, b, r, c, 4-r, 4-c)
			}
		}
	}
	// Rank 0 puts the first pair kind (agent/agent) in the first three cells seen from
	// seat A: those are the last three cells of side B as seen from seat B.
	for i := range 3 {
		if d.A[i] != Agent || d.B[24-i] != Agent {
			t.Errorf("rank 0: A[%d]=%s B[%d]=%s, want agent/agent", i, d.A[i], 24-i, d.B[24-i])
		}
	}
	if d.B[0] != Bystander || d.A[24] != Bystander {
		t.Errorf("rank 0: the last table cell should be bystander on both sides, got A[24]=%s B[0]=%s", d.A[24], d.B[0])
	}
}

func TestValidateRejects(t *testing.T) {
	good := DuetFromRank(12345678901)
	var sideA DuetCard = good
	for i := range Cells {
		if sideA.A[i] == Bystander {
			sideA.A[i] = Agent
			break
		}
	}
	var badRole DuetCard = good
	badRole.B[7] = Red
	// Keep both sides' counts but break the split: swap two cells of side A whose
	// partners on side B differ.
	split := good
	for i := range Cells {
		for j := range Cells {
			ai, bi := split.At(i)
			aj, bj := split.At(j)
			if ai == Agent && aj == Bystander && bi == Agent && bj == Bystander {
				split.A[i], split.A[j] = aj, ai
				goto swapped
			}
		}
	}
swapped:
	classic := NewClassic(SeededSource("v"))
	noStart := classic
	noStart.Start = Bystander
	twoAssassins := classic
	for i, r := range twoAssassins.Cells {
		if r == Bystander {
			twoAssassins.Cells[i] = Assassin
			break
		}
	}
	tests := []struct {
		name string
		card Card
		want []string // substrings of the error; none: valid
	}{
		{"duet valid", good, nil},
		{"duet side A extra agent", sideA, []string{"side A has 10 agents, want 9", "side A has 12 bystanders, want 13"}},
		{"duet classic role", badRole, []string{"side b cell (1,2) is red"}},
		{"duet split", split, []string{"2 table cells are agent on side A and agent on side B, want 3", "6 table cells are bystander on side A and bystander on side B, want 7"}},
		{"duet all bystanders", DuetCard{}, []string{"side A has 0 agents, want 9", "side B has 25 bystanders, want 13"}},
		{"classic valid", classic, nil},
		{"classic no start", noStart, []string{"start team is bystander, want red or blue"}},
		{"classic two assassins", twoAssassins, []string{"2 assassins, want 1", "6 bystanders, want 7"}},
		{"classic empty", ClassicCard{Start: Red}, []string{"0 red agents, want 9 (red starts)", "25 bystanders, want 7"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.card.Validate()
			if len(tt.want) == 0 {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("Validate() = nil, want an error with %q", tt.want)
			}
			if !errors.Is(err, ErrInvalidLayout) {
				t.Errorf("errors.Is(%v, ErrInvalidLayout) = false", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(strings.ToLower(err.Error()), strings.ToLower(w)) {
					t.Errorf("Validate() = %q, want it to say %q", err, w)
				}
			}
		})
	}
}

func TestRankRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	ranks := []uint64{0, 1, 2, DuetLayouts / 2, DuetLayouts - 2, DuetLayouts - 1}
	for range 20000 {
		ranks = append(ranks, rng.Uint64N(DuetLayouts))
	}
	for _, r := range ranks {
		d := DuetFromRank(r)
		if err := d.Validate(); err != nil {
			t.Fatalf("DuetFromRank(%d) invalid: %v", r, err)
		}
		if got := d.Rank(); got != r {
			t.Fatalf("DuetFromRank(%d).Rank() = %d", r, got)
		}
	}
	cranks := []uint64{0, 1, classicPerStart - 1, classicPerStart, ClassicLayouts - 1}
	for range 20000 {
		cranks = append(cranks, rng.Uint64N(ClassicLayouts))
	}
	for _, r := range cranks {
		c := ClassicFromRank(r)
		if err := c.Validate(); err != nil {
			t.Fatalf("ClassicFromRank(%d) invalid: %v", r, err)
		}
		if got := c.Rank(); got != r {
			t.Fatalf("ClassicFromRank(%d).Rank() = %d", r, got)
		}
	}
}

// TestRankOrder checks that ranks follow the lexicographic order of the layouts,
// which with the round trip makes ranking a bijection onto 0..N-1.
func TestRankOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	less := func(a, b DuetCard) bool {
		for i := range Cells {
			ka, kb := pairIndex(a.At(i)), pairIndex(b.At(i))
			if ka != kb {
				return ka < kb
			}
		}
		return false
	}
	for range 5000 {
		r := rng.Uint64N(DuetLayouts - 1)
		if a, b := DuetFromRank(r), DuetFromRank(r+1); !less(a, b) {
			t.Fatalf("layout %d is not before layout %d", r, r+1)
		}
	}
}
