package insidejob

import (
	"slices"
	"testing"

	"fieldkit/markers"
)

// TestTable checks that a scene of a given table lays out exactly its
// pieces: the mission, each seat's card with its token, and the secrets.
func TestTable(t *testing.T) {
	g, err := NewGenerator()
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	cases := []struct {
		name    string
		players int
		table   Table
	}{
		{"no card yet", 4, Table{Mission: markers.MissionBase + 4}},
		{"two cards, one wager", 4, Table{Mission: markers.MissionBase + 22, Plays: []TablePlay{{2, 878, 0}, {3, 900, 7}}, Held: map[int]int{1: 1, 3: 2}}},
		{"a whole trick with secrets", 4, Table{Mission: markers.RiskyBase, Plays: []TablePlay{{1, 869, 0}, {2, 920, 3}, {3, 901, 0}, {4, 880, 14}},
			Secret: []int{markers.RoleBase, markers.MissionBase + 7}, Aid: true}},
		{"Larry plays", 2, Table{Mission: markers.MissionBase, Plays: []TablePlay{{1, 890, 0}, {0, 891, 0}, {2, 892, 2}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := Random(11)
			p.Players, p.Table = c.players, &c.table
			sc, err := g.Scene(p)
			if err != nil {
				t.Fatal(err)
			}
			defer sc.Close()
			tr := sc.Truth
			if tr.Mission != c.table.Mission {
				t.Errorf("mission %d, want %d", tr.Mission, c.table.Mission)
			}
			if len(tr.Plays) != len(c.table.Plays) {
				t.Fatalf("plays %+v, want %+v", tr.Plays, c.table.Plays)
			}
			for _, want := range c.table.Plays {
				i := slices.IndexFunc(tr.Plays, func(p PlayTruth) bool { return p.Seat == want.Seat })
				if i < 0 || tr.Plays[i].ID != want.ID || tr.Plays[i].Token != want.Token {
					t.Errorf("seat %d: plays %+v, want %+v", want.Seat, tr.Plays, want)
				}
			}
			if !slices.Equal(tr.Secret, c.table.Secret) {
				t.Errorf("secrets %v, want %v", tr.Secret, c.table.Secret)
			}
			if (tr.Players != 0) && !c.table.Aid {
				t.Errorf("an aid is in view, the table has none")
			}
		})
	}
}
