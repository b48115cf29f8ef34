package insidejob

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"fieldkit/scan"
)

// frame is a made-up observation: seats 1-4 seen, cards by seat ("878" or
// "878w" for a wager, "878?" for a wager in doubt), the mission id.
func frame(mission int, cards map[int]string) Observation {
	o := Observation{OK: true, Mission: mission, MissionName: MissionName(mission)}
	for s := 1; s <= 4; s++ {
		o.Seats = append(o.Seats, Seat{Seat: s})
		c, ok := cards[s]
		if !ok {
			continue
		}
		p := Play{Seat: s, Wager: NoWager}
		var tail string
		fmt.Sscanf(c, "%d%s", &p.ID, &tail)
		switch tail {
		case "w":
			p.Wager, p.Token = Wagered, 5
		case "?":
			p.Wager = WagerUnknown
		}
		p.Card = CardName(p.ID)
		o.Plays = append(o.Plays, p)
	}
	return o
}

// TestTrackerHolds feeds frames and checks, after each, whether a change
// held, and at the end what held and in which order the cards came.
func TestTrackerHolds(t *testing.T) {
	const m = 921
	cases := []struct {
		name    string
		frames  []Observation
		changed []bool
		want    []string // held plays, by seat order: "seat:card:wager"
		order   []int
		mission int
	}{
		{"a card holds after three frames",
			[]Observation{frame(m, nil), frame(m, map[int]string{1: "878"}), frame(m, map[int]string{1: "878"}), frame(m, map[int]string{1: "878"})},
			[]bool{false, false, true, true}, []string{"1:Y10:none"}, []int{1}, m},
		{"the mission holds too",
			[]Observation{frame(m, nil), frame(m, nil), frame(m, nil)},
			[]bool{false, false, true}, nil, nil, m},
		{"a flicker changes nothing",
			[]Observation{frame(-1, map[int]string{2: "900"}), frame(-1, map[int]string{2: "900"}), frame(-1, map[int]string{2: "900"}),
				frame(-1, nil), frame(-1, map[int]string{2: "900"}), frame(-1, nil), frame(-1, nil)},
			[]bool{false, false, true, false, false, false, false}, []string{"2:G6:none"}, []int{2}, -1},
		{"a card taken away goes after three frames",
			[]Observation{frame(-1, map[int]string{2: "900"}), frame(-1, map[int]string{2: "900"}), frame(-1, map[int]string{2: "900"}),
				frame(-1, nil), frame(-1, nil), frame(-1, nil)},
			[]bool{false, false, true, false, false, true}, nil, nil, -1},
		{"first appearance gives the order",
			[]Observation{frame(-1, map[int]string{3: "870"}), frame(-1, map[int]string{3: "870", 1: "871"}), frame(-1, map[int]string{3: "870", 1: "871"}),
				frame(-1, map[int]string{3: "870", 1: "871"})},
			[]bool{false, false, true, true}, []string{"1:Y3:none", "3:Y2:none"}, []int{3, 1}, -1},
		{"a token laid: the middle in doubt, then the wager",
			[]Observation{frame(-1, map[int]string{2: "900"}), frame(-1, map[int]string{2: "900"}), frame(-1, map[int]string{2: "900"}),
				frame(-1, map[int]string{2: "900?"}), frame(-1, map[int]string{2: "900w"}), frame(-1, map[int]string{2: "900?"}),
				frame(-1, map[int]string{2: "900w"}), frame(-1, map[int]string{2: "900w"})},
			[]bool{false, false, true, false, false, false, false, true}, []string{"2:G6:wager"}, []int{2}, -1},
		{"an unreadable frame counts for nothing",
			[]Observation{frame(-1, map[int]string{4: "880"}), {}, frame(-1, map[int]string{4: "880"}), frame(-1, map[int]string{4: "880"})},
			[]bool{false, false, false, true}, []string{"4:Y12:none"}, []int{4}, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := NewTracker(3)
			for i, f := range c.frames {
				if got := tr.see(f); got != c.changed[i] {
					t.Errorf("frame %d: changed %v, want %v", i, got, c.changed[i])
				}
			}
			o, ok := tr.Observation()
			if !ok {
				t.Fatal("no observation")
			}
			var got []string
			for _, p := range o.Plays {
				got = append(got, fmt.Sprintf("%d:%s:%s", p.Seat, p.Card, p.Wager))
			}
			if !slices.Equal(got, c.want) || !slices.Equal(tr.Order(), c.order) || o.Mission != c.mission {
				t.Errorf("held %v order %v mission %d, want %v %v %d", got, tr.Order(), o.Mission, c.want, c.order, c.mission)
			}
		})
	}
}

// TestDropMission checks that a dropped mission leaves no name and no marker.
func TestDropMission(t *testing.T) {
	for _, id := range []int{921, 945} {
		o := frame(id, map[int]string{1: "878"})
		o.Markers = []scan.Marker{{ID: id}, {ID: 878}, {ID: 978}}
		o.DropMission()
		b, _ := json.Marshal(o)
		if o.Mission != -1 || bytes.Contains(b, []byte(MissionName(id))) || slices.ContainsFunc(o.Markers, func(m scan.Marker) bool { return m.ID == id }) {
			t.Errorf("mission %d left a trace: %s, markers %v", id, b, o.Markers)
		}
		if len(o.Markers) != 2 {
			t.Errorf("markers %v: the card and the seat should stay", o.Markers)
		}
	}
}
