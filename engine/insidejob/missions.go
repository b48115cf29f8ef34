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

// missionTrumps are the mission cards' trump colours. A card's text is the
// catalog's (Mission.Term).
var missionTrumps = [Missions + 1]Colour{
	0,
	Yellow, Pink, Green, Blue, Yellow, Pink, Green, Blue, Yellow, Pink, Green, Blue, // M01-M12
	Yellow, Pink, Green, Blue, Yellow, Pink, Green, Blue, Yellow, Pink, Green, Blue, // M13-M24
	Green, Blue, Yellow, Pink, // R1-R4
}

// Valid reports whether m is one of the 28 mission cards.
func (m Mission) Valid() bool { return m >= M01 && m <= R4 }

// Risky reports whether m is one of the 4 risky missions.
func (m Mission) Risky() bool { return m >= R1 && m <= R4 }

// NeedsWagers reports whether m only makes sense when players may raise the
// stakes (M17, M18): such cards leave the deck when wagers are off.
func (m Mission) NeedsWagers() bool { return m == M17 || m == M18 }

// Trump returns the mission's trump colour.
func (m Mission) Trump() Colour { return missionTrumps[m.safe()] }

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
