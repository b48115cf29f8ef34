package missionmap

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// at returns a mission named id at map units (x, y).
func at(id string, x, y int, win float64) Mission {
	return Mission{ID: id, Name: strings.ToUpper(id), Turns: 9, Mistakes: 9, Difficulty: win,
		X: float64(x) / Width, Y: float64(y) / Height}
}

func TestValidate(t *testing.T) {
	good := diamond()
	if err := good.Validate(); err != nil {
		t.Fatalf("Validate(diamond) = %v", err)
	}
	for _, tc := range []struct {
		name   string
		change func(m *Map)
		want   string
	}{
		{"no missions", func(m *Map) { m.Missions = nil; m.Paths = nil }, "no missions"},
		{"bad start", func(m *Map) { m.Start = "zz" }, `start "zz"`},
		{"duplicate id", func(m *Map) { m.Missions[1].ID = "s" }, "id used twice"},
		{"duplicate name", func(m *Map) { m.Missions[1].Name = "s" }, "used twice"},
		{"empty name", func(m *Map) { m.Missions[1].Name = " " }, "has no name"},
		{"turns 14", func(m *Map) { m.Missions[1].Turns = 14 }, "turns 14, want 5..11"},
		{"turns 4", func(m *Map) { m.Missions[1].Turns = 4 }, "turns 4"},
		{"mistakes > turns", func(m *Map) { m.Missions[1].Mistakes = 10 }, "mistakes 10"},
		{"negative mistakes", func(m *Map) { m.Missions[1].Mistakes = -1 }, "mistakes -1"},
		{"off the sheet", func(m *Map) { m.Missions[1].X = 1.5 }, "off the sheet"},
		{"difficulty", func(m *Map) { m.Missions[1].Difficulty = 2 }, "difficulty 2"},
		{"path to nowhere", func(m *Map) { m.Paths[0][1] = "zz" }, "not on the map"},
		{"loop", func(m *Map) { m.Paths[0][1] = "s" }, "to itself"},
		{"twice", func(m *Map) { m.Paths = append(m.Paths, [2]string{"a", "s"}) }, "there twice"},
		{"unreachable", func(m *Map) { m.Paths = m.Paths[:1] }, "cannot be reached"},
	} {
		m := diamond()
		tc.change(m)
		err := m.Validate()
		if !errors.Is(err, ErrInvalidMap) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Validate() = %v, want ErrInvalidMap saying %q", tc.name, err, tc.want)
		}
	}
}

func TestCheckLayout(t *testing.T) {
	for _, tc := range []struct {
		name  string
		ms    []Mission
		paths [][2]string
		want  string // "" for a clean drawing
	}{
		{"clean", []Mission{at("a", 100, 100, 0), at("b", 400, 100, 0), at("c", 250, 400, 0)},
			[][2]string{{"a", "b"}, {"b", "c"}, {"c", "a"}}, ""},
		{"overlap", []Mission{at("a", 100, 100, 0), at("b", 200, 120, 0)}, nil, "overlap"},
		{"too close", []Mission{at("a", 100, 100, 0), at("b", 100+LabelWidth+LabelGap-1, 100, 0)}, nil, "overlap"},
		{"just apart", []Mission{at("a", 100, 100, 0), at("b", 100+LabelWidth+LabelGap, 100, 0)}, nil, ""},
		{"off the area", []Mission{at("a", 10, 100, 0)}, nil, "sticks out"},
		{"crossing", []Mission{at("a", 100, 100, 0), at("b", 600, 600, 0), at("c", 600, 100, 0), at("d", 100, 600, 0)},
			[][2]string{{"a", "b"}, {"c", "d"}}, "crosses"},
		{"through a label", []Mission{at("a", 100, 100, 0), at("b", 500, 100, 0), at("c", 900, 100, 0)},
			[][2]string{{"a", "c"}}, "runs through the label of B"},
		{"on top of another path", []Mission{at("a", 100, 100, 0), at("b", 500, 500, 0), at("c", 900, 900, 0)},
			[][2]string{{"a", "c"}, {"a", "b"}}, "crosses"},
	} {
		m := &Map{Name: tc.name, Start: "a", Missions: tc.ms, Paths: tc.paths}
		err := m.CheckLayout()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: CheckLayout() = %v, want nil", tc.name, err)
		case tc.want != "" && (!errors.Is(err, ErrInvalidMap) || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: CheckLayout() = %v, want an error saying %q", tc.name, err, tc.want)
		}
	}
}

func TestCheckMonotone(t *testing.T) {
	line := func(wins ...float64) *Map {
		m := &Map{Start: "m0"}
		for i, w := range wins {
			id := string(rune('0' + i))
			m.Missions = append(m.Missions, at("m"+id, 100+200*i, 100, w))
			if i > 0 {
				m.Paths = append(m.Paths, [2]string{"m" + string(rune('0'+i-1)), "m" + id})
			}
		}
		return m
	}
	for _, tc := range []struct {
		m    *Map
		want bool
	}{
		{line(0.6, 0.5, 0.5, 0.2), true},
		{line(0.6, 0.5, 0.55, 0.2), false},
		{line(0.6, 0.7), false},
	} {
		if err := tc.m.CheckMonotone(); (err == nil) != tc.want {
			t.Errorf("CheckMonotone(%v) = %v, want ok=%v", tc.m.Missions, err, tc.want)
		}
	}
	// Two missions equally far from the start may be joined only if equally hard.
	d := diamond()
	d.Paths = append(d.Paths, [2]string{"a", "b"})
	if err := d.CheckMonotone(); err != nil {
		t.Errorf("diamond with equal a-b: %v", err)
	}
	d.Missions[1].Difficulty = 0.4
	if err := d.CheckMonotone(); err == nil {
		t.Errorf("diamond with a-b of different difficulty: CheckMonotone() = nil, want an error")
	}
}

func TestSegments(t *testing.T) {
	p := func(x, y int64) point { return point{x, y} }
	for _, tc := range []struct {
		a, b, c, d point
		want       bool
	}{
		{p(0, 0), p(10, 10), p(0, 10), p(10, 0), true},
		{p(0, 0), p(10, 0), p(0, 1), p(10, 1), false},
		{p(0, 0), p(10, 0), p(10, 0), p(20, 5), false}, // shared end
		{p(0, 0), p(10, 0), p(0, 0), p(5, 0), true},    // shared end, overlapping
		{p(0, 0), p(10, 0), p(5, 0), p(5, 5), true},    // T
		{p(0, 0), p(10, 0), p(11, 0), p(20, 0), false}, // collinear, apart
		{p(0, 0), p(10, 0), p(5, -5), p(5, 5), true},
	} {
		if got := pathsCross(tc.a, tc.b, tc.c, tc.d); got != tc.want {
			t.Errorf("pathsCross(%v, %v, %v, %v) = %v, want %v", tc.a, tc.b, tc.c, tc.d, got, tc.want)
		}
	}
}

func TestTableText(t *testing.T) {
	tb := formulaTable(t)
	var b bytes.Buffer
	if _, err := tb.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	got, err := ReadTable(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatalf("ReadTable(WriteTo) = %v", err)
	}
	if *got != *tb {
		t.Errorf("ReadTable(WriteTo(t)) differs from t")
	}
	text := b.String()
	for _, bad := range []string{
		"",
		"nonsense\n",
		strings.Replace(text, "5 0 ", "5 9 ", 1),
		strings.Replace(text, "5 0 ", "4 0 ", 1),
		text[:len(text)-8],
		text + "5 0 1\n",
		strings.Replace(text, "games=10000", "games=0", 1),
		strings.Replace(text, "11 11 ", "11 11 99999", 1),
	} {
		if _, err := ReadTable(strings.NewReader(bad)); !errors.Is(err, ErrTable) {
			t.Errorf("ReadTable(%.60q...) = %v, want ErrTable", bad, err)
		}
	}
}

func FuzzReadTable(f *testing.F) {
	var b bytes.Buffer
	formulaTable(f).WriteTo(&b)
	f.Add(b.String())
	f.Add("# missionmap difficulty table: model=x games=3 seed=1\n5 0 1\n")
	f.Fuzz(func(t *testing.T, s string) {
		tb, err := ReadTable(strings.NewReader(s))
		if err != nil {
			return
		}
		for _, p := range Pairs() {
			if w := tb.Win(p[0], p[1]); w < 0 || w > 1 {
				t.Fatalf("ReadTable accepted win %v for %v", w, p)
			}
		}
	})
}
