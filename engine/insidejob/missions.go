package insidejob

import "fmt"

// Mission is a mission card: fieldkit's own deck of 24 missions (M01-M24) and 4
// risky missions (R1-R4), each a condition on one trick and a trump colour. The
// zero Mission is no mission. Values appear in JSON as "M01".."M24", "R1".."R4".
type Mission uint8

// NoMission is the zero Mission.
const NoMission Mission = 0

// Mission ids.
const (
	M01 Mission = iota + 1
	M02
	M03
	M04
	M05
	M06
	M07
	M08
	M09
	M10
	M11
	M12
	M13
	M14
	M15
	M16
	M17
	M18
	M19
	M20
	M21
	M22
	M23
	M24
	R1
	R2
	R3
	R4
)

// Missions is the number of mission cards, risky ones included.
const Missions = 28

// BaseMissions is the number of normal (not risky) mission cards.
const BaseMissions = 24

type missionCard struct {
	name, text string
	trump      Colour
}

var missionCards = [Missions + 1]missionCard{
	{},
	{"Seven up", "Every card is 7 or higher.", Yellow},
	{"Low profile", "Every card is 7 or lower.", Pink},
	{"Odd job", "Every card is odd.", Green},
	{"Even keel", "Every card is even.", Blue},
	{"Odd middle", "The middle card is odd (4 cards: both middle cards).", Yellow},
	{"Staircase up", "Each card is higher than the one before.", Pink},
	{"Staircase down", "Each card is lower than the one before.", Green},
	{"Lead holds", "The first card wins.", Blue},
	{"Last word", "The last card wins.", Yellow},
	{"Second in", "The second card wins.", Pink},
	{"Underdog", "The winning card is not the highest number.", Green},
	{"Small fry", "The winning card is 6 or lower.", Blue},
	{"One colour", "All cards are one colour.", Yellow},
	{"Trumpless", "No trump.", Pink},
	{"Two colours", "Exactly two colours.", Green},
	{"Lone trump", "Exactly one trump.", Blue},
	{"Clean hands", "Nobody raises the stakes.", Yellow},
	{"Raise", "Someone raises the stakes.", Pink},
	{"Twins", "Two cards share a number.", Green},
	{"Odd total", "The total is odd.", Blue},
	{"Heavy", "The total is at least 8 per card.", Yellow},
	{"Light", "The total is at most 6 per card.", Pink},
	{"Bookends", "The first and last cards share a colour.", Green},
	{"Trump it", "A trump wins.", Blue},
	{"High wire", "Every card is 9 or higher.", Green},
	{"Pure colour", "All cards in the led colour, which is not trump; no raises.", Blue},
	{"Tiny winner", "The winning card is 3 or lower; no raises.", Yellow},
	{"Close call", "Every card within 2 of the first card.", Pink},
}

// Valid reports whether m is one of the 28 mission cards.
func (m Mission) Valid() bool { return m >= M01 && m <= R4 }

// Risky reports whether m is one of the 4 risky missions.
func (m Mission) Risky() bool { return m >= R1 && m <= R4 }

// NeedsWagers reports whether m only makes sense when players may raise the
// stakes (M17, M18): such cards leave the deck when wagers are off.
func (m Mission) NeedsWagers() bool { return m == M17 || m == M18 }

// Trump returns the mission's trump colour.
func (m Mission) Trump() Colour { return missionCards[m.safe()].trump }

// Name returns the mission's short name, e.g. "Seven up".
func (m Mission) Name() string { return missionCards[m.safe()].name }

// Text returns the mission's card text, e.g. "Every card is 7 or higher."
func (m Mission) Text() string { return missionCards[m.safe()].text }

func (m Mission) safe() Mission {
	if m.Valid() {
		return m
	}
	return NoMission
}

// String returns the mission's id, e.g. "M07" or "R2"; "" for NoMission.
func (m Mission) String() string {
	switch {
	case m == NoMission:
		return ""
	case m.Risky():
		return fmt.Sprintf("R%d", m-R1+1)
	case m.Valid():
		return fmt.Sprintf("M%02d", int(m))
	}
	return fmt.Sprintf("Mission(%d)", m)
}

// ParseMission reads a mission id: "M01".."M24" or "R1".."R4".
func ParseMission(s string) (Mission, error) {
	for m := M01; m <= R4; m++ {
		if m.String() == s {
			return m, nil
		}
	}
	return NoMission, fmt.Errorf("mission %q: want M01-M24 or R1-R4", s)
}

// Deck returns the mission cards of a game: M01-M24, without M17 and M18 when
// wagers are off, and R1-R4 when risky missions are in.
func Deck(wagers, risky bool) []Mission {
	var d []Mission
	for m := M01; m <= R4; m++ {
		if inDeck(m, wagers, risky) {
			d = append(d, m)
		}
	}
	return d
}

func inDeck(m Mission, wagers, risky bool) bool {
	return m.Valid() && (wagers || !m.NeedsWagers()) && (risky || !m.Risky())
}

// Completed reports whether the complete trick t fulfils mission m. t.Trump
// must be m's trump.
func (m Mission) Completed(t *Trick) bool {
	n := int(t.N)
	if n == 0 {
		return false
	}
	p := &t.Plays
	all := func(f func(v int) bool) bool {
		for i := range n {
			if !f(p[i].Card.Value()) {
				return false
			}
		}
		return true
	}
	switch m {
	case M01:
		return all(func(v int) bool { return v >= 7 })
	case M02:
		return all(func(v int) bool { return v <= 7 })
	case M03:
		return all(func(v int) bool { return v%2 == 1 })
	case M04:
		return all(func(v int) bool { return v%2 == 0 })
	case M05:
		if n%2 == 1 {
			return p[n/2].Card.Value()%2 == 1
		}
		return p[n/2-1].Card.Value()%2 == 1 && p[n/2].Card.Value()%2 == 1
	case M06, M07:
		for i := 1; i < n; i++ {
			a, b := p[i-1].Card.Value(), p[i].Card.Value()
			if (m == M06 && b <= a) || (m == M07 && b >= a) {
				return false
			}
		}
		return true
	case M08:
		return t.Winner() == 0
	case M09:
		return t.Winner() == n-1
	case M10:
		return t.Winner() == 1
	case M11:
		vk := p[t.Winner()].Card.Value()
		return !all(func(v int) bool { return v <= vk })
	case M12:
		return p[t.Winner()].Card.Value() <= 6
	case M13:
		e := t.Effective(0)
		for i := 1; i < n; i++ {
			if t.Effective(i) != e {
				return false
			}
		}
		return true
	case M14:
		return t.trumps() == 0
	case M15:
		var seen [Colours]bool
		k := 0
		for i := range n {
			if e := t.Effective(i); !seen[e] {
				seen[e] = true
				k++
			}
		}
		return k == 2
	case M16:
		return t.trumps() == 1
	case M17:
		return t.wagers() == 0
	case M18:
		return t.wagers() > 0
	case M19:
		var seen [MaxValue + 1]bool
		for i := range n {
			v := p[i].Card.Value()
			if seen[v] {
				return true
			}
			seen[v] = true
		}
		return false
	case M20:
		return t.sum()%2 == 1
	case M21:
		return t.sum() >= 8*n
	case M22:
		return t.sum() <= 6*n
	case M23:
		return t.Effective(0) == t.Effective(n-1)
	case M24:
		return t.Effective(t.Winner()) == t.Trump
	case R1:
		return all(func(v int) bool { return v >= 9 })
	case R2:
		led := t.Led()
		if led == t.Trump || t.wagers() > 0 {
			return false
		}
		for i := range n {
			if p[i].Card.Colour() != led {
				return false
			}
		}
		return true
	case R3:
		return t.wagers() == 0 && p[t.Winner()].Card.Value() <= 3
	case R4:
		v1 := p[0].Card.Value()
		return all(func(v int) bool { return v >= v1-2 && v <= v1+2 })
	}
	return false
}

// Failed reports whether the trick in progress t, in a game with n cards to a
// trick, can no longer fulfil m whatever the later cards and wagers are. It is
// never true of a trick that could still be completed; for conditions decided
// only by later cards it is false.
func (m Mission) Failed(t *Trick, n int) bool {
	k := int(t.N)
	if k == 0 {
		return false
	}
	p := &t.Plays
	some := func(f func(v int) bool) bool {
		for i := range k {
			if f(p[i].Card.Value()) {
				return true
			}
		}
		return false
	}
	switch m {
	case M01:
		return some(func(v int) bool { return v < 7 })
	case M02:
		return some(func(v int) bool { return v > 7 })
	case M03:
		return some(func(v int) bool { return v%2 == 0 })
	case M04:
		return some(func(v int) bool { return v%2 == 1 })
	case R1:
		return some(func(v int) bool { return v < 9 })
	case R4:
		v1 := p[0].Card.Value()
		return some(func(v int) bool { return v < v1-2 || v > v1+2 })
	case M05:
		mid := n / 2
		if n%2 == 0 && k > mid-1 && p[mid-1].Card.Value()%2 == 0 {
			return true
		}
		return k > mid && p[mid].Card.Value()%2 == 0
	case M06, M07:
		for i := 1; i < k; i++ {
			a, b := p[i-1].Card.Value(), p[i].Card.Value()
			if (m == M06 && b <= a) || (m == M07 && b >= a) {
				return true
			}
		}
	case M13:
		for i := 1; i < k; i++ {
			if t.Effective(i) != t.Effective(0) {
				return true
			}
		}
	case M14:
		return t.trumps() > 0
	case M15:
		var seen [Colours]bool
		c := 0
		for i := range k {
			if e := t.Effective(i); !seen[e] {
				seen[e] = true
				c++
			}
		}
		return c > 2
	case M16:
		return t.trumps() > 1
	case M17, R3:
		return t.wagers() > 0
	case M21:
		return t.sum()+MaxValue*(n-k) < 8*n
	case M22:
		return t.sum() > 6*n
	case R2:
		if t.Led() == t.Trump || t.wagers() > 0 {
			return true
		}
		for i := range k {
			if p[i].Card.Colour() != t.Led() {
				return true
			}
		}
	}
	return false
}

// ValuesOnly reports whether m looks only at the values and the order of the
// cards: colours, trump, wagers and the winner do not matter to it.
func (m Mission) ValuesOnly() bool {
	switch m {
	case M01, M02, M03, M04, M05, M06, M07, M19, M20, M21, M22, R1, R4:
		return true
	}
	return false
}
