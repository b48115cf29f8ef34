package insidejob

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"fieldkit/internal/golden"
)

const new4 = `{"type":"new","game":"insidejob","players":["Monika","Janek","Krzysiek","Hania"],"dealer":"Hania","roles":{"Monika":"agent","Janek":"agent","Krzysiek":"agent","Hania":"insider"},"wagers":true,"risky":false}`

// setupCases are valid "new" events and their canonical form ("" when canonical).
var setupCases = []struct{ in, canonical string }{
	{new4, ""},
	{`{"type":"new","game":"insidejob","players":["Monika","Janek","Krzysiek","Hania"],"dealer":"Hania","roles":{"Hania":"insider","Janek":"agent","Krzysiek":"agent","Monika":"agent"}}`, new4},
	{`{"type":"new","game":"insidejob","players":["A","B","C","D","E"],"dealer":"A","roles":{"A":"agent","B":"risk_taking","C":"shady","D":"insider","E":"agent"}}`,
		`{"type":"new","game":"insidejob","players":["A","B","C","D","E"],"dealer":"A","roles":{"A":"agent","B":"risk_taking","C":"shady","D":"insider","E":"agent"},"wagers":true,"risky":true}`},
	{`{"type":"new","game":"insidejob","players":["Ada","Borys"],"dealer":"Borys","roles":{"Ada":"agent","Borys":"insider","Larry":"agent"},"wagers":false,"risky":false}`, ""},
	{`{"type":"new","game":"insidejob","players":["<Ż>","B","C"],"dealer":"C","roles":{"<Ż>":"agent","B":"agent","C":"insider"},"wagers":true,"risky":true,"deck":["R4","M01","M02","M03","M04","M05","M06","M07","M08","M09","M10","M11","M12","M13","M14","M15","M16","M17","M18","M19","M20","M21","M22","M23","M24","R1","R2","R3"]}`, ""},
}

func TestDecodeSetupCanonical(t *testing.T) {
	for _, c := range setupCases {
		s, err := DecodeSetup([]byte(c.in))
		if err != nil {
			t.Errorf("DecodeSetup(%s): %v", c.in, err)
			continue
		}
		want := c.canonical
		if want == "" {
			want = c.in
		}
		got, err := s.MarshalJSON()
		if err != nil || string(got) != want {
			t.Errorf("MarshalJSON(DecodeSetup(%s)) = %s, %v; want %s", c.in, got, err, want)
			continue
		}
		back, err := DecodeSetup(got)
		if err != nil || !reflect.DeepEqual(back, s) {
			t.Errorf("DecodeSetup(%s) = %+v, %v; want %+v", got, back, err, s)
		}
	}
}

func TestDecodeSetupErrors(t *testing.T) {
	roles4 := `"roles":{"A":"agent","B":"agent","C":"agent","D":"insider"}`
	cases := []struct{ in, want string }{
		{``, "empty line"},
		{`{"type":"new","game":"insidejob"`, "unexpected end of JSON input"},
		{`[1]`, "want an object"},
		{`{"type":"new","game":"duet","key":"x"}`, `unknown field "key"`},
		{`{"type":"new","game":"chess"}`, `"game" is "chess"`},
		{`{"type":"new","game":"insidejob","players":["A","B","C","D","E","F"],"dealer":"A","roles":{}}`, `"players": 6 names; Inside Job is for 3-5 players, or 2 with Larry`},
		{`{"type":"new","game":"insidejob","players":["A"],"dealer":"A","roles":{"A":"insider"}}`, `"players": 1 names`},
		{`{"type":"new","game":"insidejob","players":"A,B,C","dealer":"A"}`, `"players" is a JSON string; want a list`},
		{`{"type":"new","game":"insidejob","players":["A","B","C","D"],` + roles4 + `}`, `needs "dealer"`},
		{`{"type":"new","game":"insidejob","players":["A","B","C","D"],"dealer":"Z",` + roles4 + `}`, `"dealer": "Z" is not one of the players`},
		{`{"type":"new","game":"insidejob","players":["A","B","C","D"],"dealer":"A"}`, `needs "roles"`},
		{`{"type":"new","game":"insidejob","players":["A","B","C","D"],"dealer":"A","roles":{"A":"agent","B":"spy","C":"agent","D":"insider"}}`, `"roles": B: unknown role "spy"`},
		{`{"type":"new","game":"insidejob","players":["A","B","C","D"],"dealer":"A","roles":{"A":"agent","B":"agent","D":"insider"}}`, `"roles": no role for C`},
		{`{"type":"new","game":"insidejob","players":["A","B","C","D"],"dealer":"A","roles":{"A":"agent","B":"agent","C":"agent","D":"insider","Z":"agent"}}`, `"roles": "Z" is not a player`},
		{`{"type":"new","game":"insidejob","players":["A","A","C","D"],"dealer":"A",` + roles4 + `}`, `"A" twice`},
		{`{"type":"new","game":"insidejob","players":["A","B","C","D"],"dealer":"A","roles":{"A":"agent","B":"agent","C":"agent","D":"agent"}}`, `0 insiders`},
		{`{"type":"new","game":"insidejob","players":["A","B","C","D"],"dealer":"A","roles":{"A":"insider","B":"agent","C":"agent","D":"professor_no"}}`, `2 insiders`},
		{`{"type":"new","game":"insidejob","players":["A","B","C"],"dealer":"A","roles":{"A":"paranoid","B":"agent","C":"insider"}}`, `special roles are for 4-5 players only`},
		{`{"type":"new","game":"insidejob","players":["A","B","C","D","E"],"dealer":"A","roles":{"A":"paranoid","B":"sleeper","C":"blank","D":"insider","E":"agent"}}`, `at most two special roles`},
		{`{"type":"new","game":"insidejob","players":["A","B","C","D"],"dealer":"A","roles":{"A":"wiretapped","B":"accomplice","C":"agent","D":"insider"}}`, `never two roles revealed at the start`},
		{`{"type":"new","game":"insidejob","players":["A","B","C","D"],"dealer":"A","roles":{"A":"decoy","B":"shady","C":"agent","D":"insider"}}`, `never two neutral roles`},
		{`{"type":"new","game":"insidejob","players":["A","B","C","D"],"dealer":"A","roles":{"A":"decoy","B":"decoy","C":"agent","D":"insider"}}`, `decoy dealt 2 times`},
		{`{"type":"new","game":"insidejob","players":["A","B","C","D"],"dealer":"A","roles":{"A":"risk_taking","B":"agent","C":"agent","D":"insider"},"risky":false}`, `"risky": false, but the Risk-taking agent`},
		{`{"type":"new","game":"insidejob","players":["A","B"],"dealer":"A","roles":{"A":"agent","B":"insider"}}`, `no role for Larry`},
		{`{"type":"new","game":"insidejob","players":["A","B"],"dealer":"A","roles":{"A":"agent","B":"agent","Larry":"agent"}}`, `2 agents and 1 insider`},
		{`{"type":"new","game":"insidejob","players":["A","Larry"],"dealer":"A","roles":{"A":"agent","Larry":"insider"}}`, `virtual third player's name`},
		{`{"type":"new","game":"insidejob","players":["A","B","C"],"dealer":"A","roles":{"A":"agent","B":"agent","C":"insider"},"deck":["M01"]}`, `"deck": 1 missions`},
		{`{"type":"new","game":"insidejob","players":["A","B","C"],"dealer":"A","roles":{"A":"agent","B":"agent","C":"insider"},"deck":["M01","M01"]}`, `"deck": M01 twice`},
		{`{"type":"new","game":"insidejob","players":["A","B","C"],"dealer":"A","roles":{"A":"agent","B":"agent","C":"insider"},"deck":["R1"]}`, `R1 is a risky mission`},
		{`{"type":"new","game":"insidejob","players":["A","B","C"],"dealer":"A","roles":{"A":"agent","B":"agent","C":"insider"},"wagers":false,"deck":["M17"]}`, `M17 needs wagers`},
		{`{"type":"new","game":"insidejob","players":["A","B","C"],"dealer":"A","roles":{"A":"agent","B":"agent","C":"insider"},"deck":["M25"]}`, `mission "M25"`},
		{`{"type":"new","game":"insidejob","players":["A","B","C"],"dealer":"A","roles":{"A":"agent","B":"agent","C":"insider"},"wagers":"yes"}`, `"wagers" is a JSON string; want true or false`},
	}
	for _, c := range cases {
		_, err := DecodeSetup([]byte(c.in))
		if err == nil || !(errors.Is(err, ErrEvent) || errors.Is(err, ErrSetup)) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("DecodeSetup(%s) = %v, want an error saying %q", c.in, err, c.want)
		}
	}
}

func setup4(t testing.TB) Setup {
	s, err := DecodeSetup([]byte(new4))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// eventCases are valid events of the 4-player table and their canonical form.
var eventCases = []struct{ in, canonical string }{
	{`{"type":"mission","id":"M01"}`, ""},
	{`{"type":"mission","id":"R2","rejected":"M07"}`, ""},
	{`{"rejected":"M07","id":"M01","type":"mission"}`, `{"type":"mission","id":"M01","rejected":"M07"}`},
	{`{"type":"play","by":"Monika","card":"P8"}`, ""},
	{`{"type":"play","by":"Hania","card":"y13"}`, `{"type":"play","by":"Hania","card":"Y13"}`},
	{`{"type":"wager","by":"Hania"}`, ""},
	{` {"type":"resolve"} `, `{"type":"resolve"}`},
	{`{"type":"vote","by":"Monika","for":["Hania"]}`, ""},
	{`{"type":"vote","by":"Monika","for":["Hania","Janek"]}`, ""},
	{`{"type":"partner","by":"Monika","partner":"Krzysiek"}`, ""},
}

func TestDecodeEventCanonical(t *testing.T) {
	s := setup4(t)
	for _, c := range eventCases {
		e, err := s.DecodeEvent([]byte(c.in))
		if err != nil {
			t.Errorf("DecodeEvent(%s): %v", c.in, err)
			continue
		}
		want := c.canonical
		if want == "" {
			want = c.in
		}
		got, err := s.EncodeEvent(e)
		if err != nil || string(got) != want {
			t.Errorf("EncodeEvent(DecodeEvent(%s)) = %s, %v; want %s", c.in, got, err, want)
			continue
		}
		if back, err := s.DecodeEvent(got); err != nil || back != e {
			t.Errorf("DecodeEvent(%s) = %+v, %v; want %+v", got, back, err, e)
		}
	}
}

func TestDecodeEventErrors(t *testing.T) {
	s := setup4(t)
	cases := []struct{ in, want string }{
		{``, "not a JSON object"},
		{`null`, "null is not an event"},
		{`{"type":"play"`, "not a JSON object"},
		{`{}`, `missing "type"`},
		{`{"type":"jump"}`, `unknown "type" "jump"`},
		{`{"type":7}`, `"type" is a JSON number; want a string`},
		{`{"type":"new","game":"insidejob"}`, `a "new" event starts a game`},
		{`{"type":"resolve","by":"Hania"}`, `a resolve event has no "by" field; send only its type`},
		{`{"type":"wager","by":"Hania","card":"P8"}`, `a wager event has no "card" field (it takes by)`},
		{`{"type":"mission","id":"M01","by":"Hania"}`, `(it takes id, optional rejected)`},
		{`{"type":"play","by":"Hania","cards":"P8"}`, `unknown field "cards"`},
		{`{"type":"play","by":"Hania"}`, `a play event needs "card"`},
		{`{"type":"play","card":"P8"}`, `a play event needs "by"`},
		{`{"type":"play","by":"Zosia","card":"P8"}`, `"by": "Zosia" is not at this table (players: Monika, Janek, Krzysiek, Hania)`},
		{`{"type":"play","by":"Larry","card":"P8"}`, `"by": "Larry" is not at this table`},
		{`{"type":"play","by":"Hania","card":"X14"}`, `"card": card "X14": colour "X" is not Y, P, G or B`},
		{`{"type":"play","by":"Hania","card":"P14"}`, `"card": card "P14": value "14" is not 1-13`},
		{`{"type":"play","by":"Hania","card":"P0"}`, `value "0" is not 1-13`},
		{`{"type":"play","by":"Hania","card":"P08"}`, `value "08" is not 1-13`},
		{`{"type":"play","by":"Hania","card":"P"}`, `card "P": want a colour letter`},
		{`{"type":"play","by":"Hania","card":8}`, `"card" is a JSON number; want a string`},
		{`{"type":"mission","id":"M25"}`, `"id": mission "M25": want M01-M24 or R1-R4`},
		{`{"type":"mission","id":"M01","rejected":"R5"}`, `"rejected": mission "R5"`},
		{`{"type":"vote","by":"Monika","for":[]}`, `"for": 0 names`},
		{`{"type":"vote","by":"Monika","for":["Janek","Hania","Krzysiek"]}`, `"for": 3 names`},
		{`{"type":"vote","by":"Monika","for":"Janek"}`, `"for" is a JSON string; want a list`},
		{`{"type":"vote","by":"Monika","for":["Zosia"]}`, `"for": "Zosia" is not at this table`},
		{`{"type":"partner","by":"Monika","partner":"Zosia"}`, `"partner": "Zosia" is not at this table`},
		{`{"type":"resolve"}{"type":"resolve"}`, `after top-level value`},
	}
	for _, c := range cases {
		_, err := s.DecodeEvent([]byte(c.in))
		if err == nil || !errors.Is(err, ErrEvent) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("DecodeEvent(%s) = %v, want an error saying %q", c.in, err, c.want)
		}
	}
}

// refereeLines runs the event lines of a testdata file through a Referee and
// returns the state lines, one per event, as `fieldkit referee` writes them.
func refereeLines(t testing.TB, name string) []byte {
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	r, err := NewReferee([]byte(lines[0]))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var out bytes.Buffer
	out.Write(r.State(nil))
	out.WriteByte('\n')
	for _, l := range lines[1:] {
		out.Write(r.State(r.Apply([]byte(l))))
		out.WriteByte('\n')
	}
	return out.Bytes()
}

// TestRefereeGolden compares the state lines of two scripted games with their
// golden files (go test -update rewrites them; review the diff like code).
func TestRefereeGolden(t *testing.T) {
	for _, name := range []string{"rulebook", "larry"} {
		t.Run(name, func(t *testing.T) {
			got := refereeLines(t, name+".jsonl")
			golden.Check(t, filepath.Join("testdata", name+".golden"), got)
			for i, l := range bytes.Split(bytes.TrimSpace(got), []byte("\n")) {
				var v View
				if err := json.Unmarshal(l, &v); err != nil {
					t.Fatalf("state line %d does not read back: %v", i+1, err)
				}
				if again := v.JSON(); !bytes.Equal(again, l) {
					t.Fatalf("state line %d is not canonical:\n%s\n%s", i+1, l, again)
				}
			}
		})
	}
}

// TestNoSecretInState checks that no state line names a rejected mission or an
// unrevealed role while the game is on.
func TestNoSecretInState(t *testing.T) {
	got := refereeLines(t, "rulebook.jsonl")
	for i, l := range bytes.Split(bytes.TrimSpace(got), []byte("\n")) {
		if bytes.Contains(l, []byte("M07")) {
			t.Errorf("state line %d shows the rejected mission M07: %s", i+1, l)
		}
		if bytes.Contains(l, []byte(`"insider"`)) && !bytes.Contains(l, []byte(`"status":"over"`)) {
			t.Errorf("state line %d shows the insider during play: %s", i+1, l)
		}
	}
}

// FuzzDecodeEvent checks that the parser never panics, that whatever it accepts
// survives a round trip through the canonical form, and that the game refuses or
// applies it without panicking.
func FuzzDecodeEvent(f *testing.F) {
	for _, c := range eventCases {
		f.Add([]byte(c.in))
	}
	for _, c := range setupCases {
		f.Add([]byte(c.in))
	}
	for _, name := range []string{"rulebook.jsonl", "larry.jsonl"} {
		file, err := os.Open(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		sc := bufio.NewScanner(file)
		for sc.Scan() {
			f.Add([]byte(sc.Text()))
		}
		file.Close()
	}
	s := setup4(f)
	g, err := NewGame(s)
	if err != nil {
		f.Fatal(err)
	}
	g = mustApply(f, g, Choose(M05, NoMission), PlayCard(monika, NewCard(Green, 13)))
	f.Fuzz(func(t *testing.T, data []byte) {
		if ns, err := DecodeSetup(data); err == nil {
			b, err := ns.MarshalJSON()
			if err != nil {
				t.Fatalf("Marshal(%+v): %v", ns, err)
			}
			back, err := DecodeSetup(b)
			if err != nil || !reflect.DeepEqual(back, ns) {
				t.Fatalf("setup round trip %q -> %s -> %+v, %v", data, b, back, err)
			}
			if _, err := NewGame(ns); err != nil {
				t.Fatalf("a decoded setup does not start: %v", err)
			}
			return
		} else if !errors.Is(err, ErrEvent) && !errors.Is(err, ErrSetup) {
			t.Fatalf("DecodeSetup(%q): error %v wraps neither ErrEvent nor ErrSetup", data, err)
		}
		e, err := s.DecodeEvent(data)
		if err != nil {
			if !errors.Is(err, ErrEvent) {
				t.Fatalf("DecodeEvent(%q): error %v does not wrap ErrEvent", data, err)
			}
			return
		}
		b, err := s.EncodeEvent(e)
		if err != nil {
			t.Fatalf("EncodeEvent(%+v): %v", e, err)
		}
		back, err := s.DecodeEvent(b)
		if err != nil || back != e {
			t.Fatalf("round trip %q -> %s -> %+v, %v; want %+v", data, b, back, err, e)
		}
		g.Apply(e) // must not panic
	})
}
