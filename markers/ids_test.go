package markers

import "testing"

// TestTable checks the marker-id table: the ranges of both games tile
// MaxFaces..FirstUnused-1 without gaps or overlaps, the Inside Job pieces start
// where the Codenames pieces end, and every kind has a name that reads back.
func TestTable(t *testing.T) {
	next := MaxFaces
	for _, table := range [][]Range{Codenames, InsideJob} {
		for _, r := range table {
			if r.First != next {
				t.Errorf("range %v starts at %d, want %d", r.Kind, r.First, next)
			}
			next = r.First + r.Count
		}
		if table[0].Kind == DuetAgent && next != Reserved {
			t.Errorf("Codenames ranges end at %d, want %d", next, Reserved)
		}
	}
	if next != FirstUnused || FirstUnused > Count {
		t.Errorf("ranges end at %d, want %d (at most %d)", next, FirstUnused, Count)
	}
	for k := Unknown; k <= PlayerAid; k++ {
		var back Kind
		b, _ := k.MarshalText()
		if err := back.UnmarshalText(b); err != nil || back != k {
			t.Errorf("kind %d: %q reads back as %v, %v", k, b, back, err)
		}
	}
}

func TestPieceKind(t *testing.T) {
	for _, tt := range []struct {
		id    int
		kind  Kind
		index int
	}{
		{-1, Unknown, 0}, {0, Unknown, 0}, {799, Unknown, 0},
		{800, DuetAgent, 0}, {868, SeatMarker, 0},
		{869, NumberCard, 0}, {881, NumberCard, 12}, {882, NumberCard, 13}, {920, NumberCard, 51},
		{921, MissionCard, 0}, {944, MissionCard, 23}, {945, RiskyMission, 0}, {948, RiskyMission, 3},
		{949, IntelToken, 0}, {962, IntelToken, 13}, {963, RoleCard, 0}, {976, RoleCard, 13},
		{977, Larry, 0}, {978, SeatToken, 0}, {982, SeatToken, 4}, {983, PlayerAid, 0}, {986, PlayerAid, 3},
		{987, Unknown, 0}, {999, Unknown, 0}, {1000, Unknown, 0},
	} {
		if k, i := PieceKind(tt.id); k != tt.kind || i != tt.index {
			t.Errorf("PieceKind(%d) = %v, %d; want %v, %d", tt.id, k, i, tt.kind, tt.index)
		}
	}
}
