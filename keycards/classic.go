package keycards

import "fmt"

// ClassicCard is a classic Codenames key card: the start team has 9 agents, the
// other team 8, with 7 bystanders and 1 assassin. Its lights show the start team.
type ClassicCard struct {
	Start Role        // Red or Blue
	Cells [Cells]Role // row-major; the card may stand in any orientation
}

// Classic card counts.
const (
	ClassicStartAgents = 9
	ClassicOtherAgents = 8
	ClassicBystanders  = 7
	ClassicAssassins   = 1
)

// classicCats orders a classic card's roles for ranking, by the start team.
func classicCats(start Role) [4]Role {
	if start == Blue {
		return [4]Role{Blue, Red, Bystander, Assassin}
	}
	return [4]Role{Red, Blue, Bystander, Assassin}
}

var classicCounts = []int{ClassicStartAgents, ClassicOtherAgents, ClassicBystanders, ClassicAssassins}

var classicPerStart = layoutCount(classicCounts)

// ClassicLayouts is the number of valid classic key cards, both start teams counted.
var ClassicLayouts = 2 * classicPerStart

// Other returns the team that is not t.
func Other(t Role) Role {
	if t == Red {
		return Blue
	}
	return Red
}

// Validate checks the start team and the counts, and names everything that is wrong.
func (c ClassicCard) Validate() error {
	var problems []string
	if c.Start != Red && c.Start != Blue {
		problems = append(problems, fmt.Sprintf("start team is %s, want red or blue", c.Start))
	}
	var n [5]int
	for i, r := range c.Cells {
		if r != Red && r != Blue && r != Bystander && r != Assassin {
			problems = append(problems, fmt.Sprintf("cell (%d,%d) is %s, not red, blue, bystander or assassin", i/5, i%5, r))
			continue
		}
		n[r]++
	}
	if len(problems) == 0 {
		cats := classicCats(c.Start)
		for k, r := range cats {
			if n[r] != classicCounts[k] {
				what := fmt.Sprintf("%d %ss", n[r], r)
				if r == Red || r == Blue {
					what = fmt.Sprintf("%d %s agents", n[r], r)
				}
				problems = append(problems, fmt.Sprintf("%s, want %d (%s starts)", what, classicCounts[k], c.Start))
			}
		}
	}
	if len(problems) > 0 {
		return &LayoutError{Game: Classic, Problems: problems}
	}
	return nil
}

// Rank returns the card's number among all ClassicLayouts valid cards.
// The card must be valid.
func (c ClassicCard) Rank() uint64 {
	cats := classicCats(c.Start)
	var idx [Cells]uint8
	for i, r := range c.Cells {
		for k, cr := range cats {
			if cr == r {
				idx[i] = uint8(k)
			}
		}
	}
	r := rankLayout(&idx, classicCounts, classicPerStart)
	if c.Start == Blue {
		r += classicPerStart
	}
	return r
}

// ClassicFromRank returns the card with the given rank; r must be below ClassicLayouts.
func ClassicFromRank(r uint64) ClassicCard {
	c := ClassicCard{Start: Red}
	if r >= classicPerStart {
		c.Start = Blue
		r -= classicPerStart
	}
	cats := classicCats(c.Start)
	var idx [Cells]uint8
	unrankLayout(r, classicCounts, classicPerStart, &idx)
	for i, k := range idx {
		c.Cells[i] = cats[k]
	}
	return c
}

// NewClassic draws a classic key card uniformly from all valid ones, both start teams included.
func NewClassic(src *Source) ClassicCard { return ClassicFromRank(src.below(ClassicLayouts)) }
