package codenames

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestReadingJSON: the scan JSON form as the README shows it (nulls for
// unknown words, covers and edges, [] for no cells), and it reads back.
func TestReadingJSON(t *testing.T) {
	id := 365
	for _, tt := range []struct {
		r    Reading
		want string
	}{
		{Reading{OK: true, Refusal: "readable", Cells: []CellReading{{Row: 0, Col: 0, Card: &id, Word: "OWL"}, {Row: 1, Col: 0, Cover: "agent"}},
			Token: &[2]int{4, 3}, SeatAEdge: "bottom", Corners: &[4][2]float64{{1, 2}, {3, 4}, {5, 6}, {7, 8}}, FitError: 0.031, MS: 6.4},
			`{"ok":true,"reason":"","refusal":"readable","cells":[{"row":0,"col":0,"card":365,"word":"OWL","cover":null,"timers":0},` +
				`{"row":1,"col":0,"card":null,"word":null,"cover":"agent","timers":0}],"token":[4,3],"seat_a_edge":"bottom","seat_marker":false,` +
				`"corners":[[1,2],[3,4],[5,6],[7,8]],"fit_error":0.031,"ms":6.4}`},
		{Reading{Reason: "only 6 cards seen", Refusal: "too-few-cards", MS: 5.7},
			`{"ok":false,"reason":"only 6 cards seen","refusal":"too-few-cards","cells":[],"token":null,"seat_a_edge":null,"seat_marker":false,"corners":null,"fit_error":0,"ms":5.7}`},
	} {
		b, err := json.Marshal(tt.r)
		if err != nil || string(b) != tt.want {
			t.Errorf("json.Marshal = %s, %v\nwant %s", b, err, tt.want)
		}
		var back Reading
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if tt.r.Cells == nil {
			back.Cells = nil
		}
		if !reflect.DeepEqual(back, tt.r) {
			t.Errorf("read back %+v, want %+v", back, tt.r)
		}
	}
	// An observation writes its reading.
	o := Observation{Refusal: TooFewCards, Reason: "only 6 cards seen"}
	a, _ := json.Marshal(o)
	b, _ := json.Marshal(o.Reading())
	if string(a) != string(b) {
		t.Errorf("Observation %s, its Reading %s", a, b)
	}
}

// TestReadingJSONMsg: a refused observation's reading carries its reason as
// a message of the catalog, "msg", beside the English "reason"; a nested
// message (the grid's edge line) crosses as {"id": ...} too.
func TestReadingJSONMsg(t *testing.T) {
	var o Observation
	o.refused(sparseLine("last row", 1))
	b, err := json.Marshal(o)
	want := `{"ok":false,"reason":"the grid's last row shows only 1 card; show more of it","refusal":"part-of-grid",` +
		`"msg":{"id":"cn.scan.sparse_edge","args":{"line":{"id":"cn.scan.line.last_row"},"n":1}},` +
		`"cells":[],"token":null,"seat_a_edge":null,"seat_marker":false,"corners":null,"fit_error":0,"ms":0}`
	if err != nil || string(b) != want {
		t.Errorf("json.Marshal = %s, %v\nwant %s", b, err, want)
	}
	var back Reading
	if err := json.Unmarshal(b, &back); err != nil || back.Msg == nil {
		t.Fatalf("read back %+v, %v", back, err)
	}
	if got := back.Msg.In("pl"); got != "ostatni rząd siatki pokazuje tylko 1 kartę; pokaż więcej siatki" {
		t.Errorf("read back, in Polish: %q", got)
	}
}
