package insidejob

import (
	"encoding/json"
	"testing"

	"fieldkit/markers"
)

func TestNames(t *testing.T) {
	for _, c := range []struct {
		id         int
		card, miss string
		public     bool
	}{
		{869, "Y1", "", true}, {888, "P7", "", true}, {920, "B13", "", true},
		{921, "", "M01", true}, {944, "", "M24", true}, {945, "", "R1", true}, {948, "", "R4", true},
		{949, "", "", true}, {963, "", "", false}, {976, "", "", false}, {977, "", "", true},
		{978, "", "", true}, {986, "", "", true}, {987, "", "", false}, {868, "", "", false}, {5, "", "", false},
	} {
		if got := CardName(c.id); got != c.card {
			t.Errorf("CardName(%d) = %q, want %q", c.id, got, c.card)
		}
		if got := MissionName(c.id); got != c.miss {
			t.Errorf("MissionName(%d) = %q, want %q", c.id, got, c.miss)
		}
		if got := public(c.id); got != c.public {
			t.Errorf("public(%d) = %v, want %v", c.id, got, c.public)
		}
	}
	for id := markers.RoleBase; id < markers.RoleBase+markers.RoleCards; id++ {
		if public(id) {
			t.Errorf("role card %d is public", id)
		}
	}
}

func TestReadingJSON(t *testing.T) {
	o := Observation{OK: true, Mission: 927, MissionName: "M07", Players: 4,
		Seats: []Seat{{Seat: Larry}, {Seat: 1}, {Seat: 2}},
		Plays: []Play{{Seat: Larry, ID: 888, Card: "P7", Wager: NoWager}, {Seat: 1, ID: 869, Card: "Y1", Wager: Wagered, Token: 3}, {Seat: 2, ID: 920, Card: "B13"}}}
	b, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"ok":true,"reason":"","refusal":"readable","seats":[1,2],"larry":false,"plays":[{"seat":null,"card":"P7","id":888,"wager":false,"token":null},{"seat":1,"card":"Y1","id":869,"wager":true,"token":3},{"seat":2,"card":"B13","id":920,"wager":null,"token":null}],"mission":"M07","players":4,"intel":0,"warnings":[],"ms":0}`
	if string(b) != want {
		t.Errorf("json.Marshal = %s\nwant %s", b, want)
	}
	b, _ = json.Marshal(Observation{Refusal: NoSeats, Reason: "no seat token is seen", Mission: -1})
	if want := `{"ok":false,"reason":"no seat token is seen","refusal":"no-seats","seats":[],"larry":false,"plays":[],"mission":null,"players":null,"intel":0,"warnings":[],"ms":0}`; string(b) != want {
		t.Errorf("refused: %s\nwant %s", b, want)
	}
}
