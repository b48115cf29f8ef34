package keycards

import (
	"errors"
	"fmt"
	"strings"
)

// DuetCard is a two-sided Duet key card. Each side is stored as seen from its own
// seat: cell i of side A lies on the same table cell as cell Turn(i) of side B.
type DuetCard struct {
	A [Cells]Role // side A, as seen from seat A, row-major
	B [Cells]Role // side B, as seen from seat B, row-major
}

// Per side: 9 agents, 3 assassins, 13 bystanders.
const (
	DuetAgents     = 9
	DuetAssassins  = 3
	DuetBystanders = 13
)

// duetPair is one of the nine kinds of table cell: side A's role and side B's.
type duetPair struct{ a, b Role }

// duetPairs lists the kinds of table cell in the order codes rank them, with the
// number of cells of each kind that every Duet key card has (rules/duet.md).
var duetPairs = [9]duetPair{
	{Agent, Agent}, {Agent, Assassin}, {Agent, Bystander},
	{Assassin, Agent}, {Assassin, Assassin}, {Assassin, Bystander},
	{Bystander, Agent}, {Bystander, Assassin}, {Bystander, Bystander},
}

var duetCounts = []int{3, 1, 5, 1, 1, 1, 5, 1, 7}

// DuetLayouts is the number of valid Duet key cards: 25!/(3! 5! 5! 7!).
var DuetLayouts = layoutCount(duetCounts)

// Side returns one side of the card as seen from its own seat.
func (d DuetCard) Side(s Side) [Cells]Role {
	if s == SideB {
		return d.B
	}
	return d.A
}

// At returns both sides' roles of table cell i, where i is given as seen from seat A.
func (d DuetCard) At(i int) (a, b Role) { return d.A[i], d.B[Turn(i)] }

// Green reports whether table cell i (seen from seat A) is green on either side:
// one of the 15 agents the players must find together.
func (d DuetCard) Green(i int) bool {
	a, b := d.At(i)
	return a == Agent || b == Agent
}

func pairIndex(a, b Role) int {
	for k, p := range duetPairs {
		if p.a == a && p.b == b {
			return k
		}
	}
	return -1
}

// Validate checks the counts on each side and the cross-table split, and names
// everything that is wrong.
func (d DuetCard) Validate() error {
	var problems []string
	for _, s := range []Side{SideA, SideB} {
		side, name := d.Side(s), strings.ToUpper(s.String())
		var n [5]int
		for i, r := range side {
			if r != Agent && r != Assassin && r != Bystander {
				problems = append(problems, fmt.Sprintf("side %s cell (%d,%d) is %s, not agent, assassin or bystander", name, i/5, i%5, r))
				continue
			}
			n[r]++
		}
		for _, want := range []struct {
			r Role
			n int
		}{{Agent, DuetAgents}, {Assassin, DuetAssassins}, {Bystander, DuetBystanders}} {
			if n[want.r] != want.n {
				problems = append(problems, fmt.Sprintf("side %s has %d %ss, want %d", name, n[want.r], want.r, want.n))
			}
		}
	}
	if len(problems) == 0 {
		var n [9]int
		for i := range Cells {
			n[pairIndex(d.At(i))]++
		}
		for k, p := range duetPairs {
			if n[k] != duetCounts[k] {
				problems = append(problems, fmt.Sprintf("%d table cells are %s on side A and %s on side B, want %d", n[k], p.a, p.b, duetCounts[k]))
			}
		}
	}
	if len(problems) > 0 {
		return &LayoutError{Game: Duet, Problems: problems}
	}
	return nil
}

// LayoutError lists what makes a key card layout invalid.
type LayoutError struct {
	Game     Game
	Problems []string
}

func (e *LayoutError) Error() string {
	return fmt.Sprintf("invalid %s key card: %s", e.Game, strings.Join(e.Problems, "; "))
}

// ErrInvalidLayout is matched by every *LayoutError with errors.Is.
var ErrInvalidLayout = errors.New("invalid key card layout")

// Is makes errors.Is(err, ErrInvalidLayout) true for layout errors.
func (e *LayoutError) Is(target error) bool { return target == ErrInvalidLayout }

// Rank returns the card's number among all DuetLayouts valid cards.
// The card must be valid.
func (d DuetCard) Rank() uint64 {
	var cats [Cells]uint8
	for i := range Cells {
		cats[i] = uint8(pairIndex(d.At(i)))
	}
	return rankLayout(&cats, duetCounts, DuetLayouts)
}

// DuetFromRank returns the card with the given rank; r must be below DuetLayouts.
func DuetFromRank(r uint64) DuetCard {
	var cats [Cells]uint8
	unrankLayout(r, duetCounts, DuetLayouts, &cats)
	var d DuetCard
	for i, k := range cats {
		d.A[i] = duetPairs[k].a
		d.B[Turn(i)] = duetPairs[k].b
	}
	return d
}

// NewDuet draws a Duet key card uniformly from all valid ones.
func NewDuet(src *Source) DuetCard { return DuetFromRank(src.below(DuetLayouts)) }
