package engine

import (
	"errors"
	"strings"
	"testing"
)

// counter is a tiny family for the neutral code's tests: "add" events add
// one to a count.
type counter struct{ n int }

func (c *counter) Apply(line []byte) error {
	h, err := ReadHead(line)
	if err != nil {
		return err
	}
	if h.Type != "add" {
		return errors.New("only add")
	}
	c.n++
	return nil
}

func (c *counter) State(err error) []byte {
	if err != nil {
		return []byte(`{"error":"` + err.Error() + `"}`)
	}
	return []byte(`{"n":` + strings.Repeat("1", c.n) + `}`)
}

var testFamilies = Families{
	{Name: "one", Games: []string{"a", "b"}, New: func([]byte) (Referee, error) { return &counter{}, nil }},
	{Name: "two", Games: []string{"c"}, New: func([]byte) (Referee, error) { return nil, errors.New("c cannot start") }},
}

func TestFamilies(t *testing.T) {
	if got := strings.Join(testFamilies.Names(), ","); got != "a,b,c" {
		t.Errorf("Names() = %s", got)
	}
	for _, tc := range []struct {
		line, family, err string
	}{
		{`{"type":"new","game":"b"}`, "one", ""},
		{`{"type":"new","game":"c"}`, "", "c cannot start"},
		{`{"type":"new","game":"z"}`, "", `"game" "z"; want one of a, b, c`},
		{`{"type":"new"}`, "", `"game" ""; want one of a, b, c`},
	} {
		h, err := ReadHead([]byte(tc.line))
		if err != nil {
			t.Fatalf("ReadHead(%s) = %v", tc.line, err)
		}
		r, err := testFamilies.Start(h, []byte(tc.line))
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("Start(%s) = %v, want an error with %q", tc.line, err, tc.err)
		case tc.err == "" && (err != nil || r == nil):
			t.Errorf("Start(%s) = %v, %v", tc.line, r, err)
		}
	}
}

func TestReadHead(t *testing.T) {
	for _, tc := range []struct{ line, err string }{
		{`{"type":"new","game":"duet"}`, ""},
		{`{"type":"stop"}`, ""},
		{`{}`, `no "type"`},
		{`[]`, "not a JSON object"},
		{`{"type":"new"} trailing`, "not a JSON object"},
		{``, "not a JSON object"},
	} {
		_, err := ReadHead([]byte(tc.line))
		if (tc.err == "") != (err == nil) || (err != nil && (!strings.Contains(err.Error(), tc.err) || !errors.Is(err, ErrEvent))) {
			t.Errorf("ReadHead(%q) = %v, want ErrEvent with %q", tc.line, err, tc.err)
		}
	}
}

func TestNoGame(t *testing.T) {
	var r Referee = NoGame{Games: []string{"a", "b"}}
	err := r.Apply([]byte(`{"type":"guess"}`))
	if !errors.Is(err, ErrOrder) || !strings.Contains(err.Error(), "no game yet") || !strings.Contains(err.Error(), "NAME one of a, b") {
		t.Errorf("Apply = %v", err)
	}
	if got := string(r.State(err)); !strings.HasPrefix(got, `{"error":"not now: no game yet`) || !strings.HasSuffix(got, `,"game":""}`) {
		t.Errorf("State = %s", got)
	}
	if got := string(r.State(nil)); got != `{"game":""}` {
		t.Errorf("State(nil) = %s", got)
	}
}

func FuzzReadHead(f *testing.F) {
	for _, s := range []string{`{"type":"new","game":"duet"}`, `[]`, `{"type":1}`, `nul`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		h, err := ReadHead(b)
		if err == nil && h.Type == "" {
			t.Fatalf("ReadHead(%q) accepted an event without a type", b)
		}
	})
}
