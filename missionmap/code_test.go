package missionmap

import (
	"errors"
	"strings"
	"testing"
)

func TestCodeRoundTrip(t *testing.T) {
	codes := []Code{
		{Version: 0, Builtin: 0, Content: 0},
		{Version: 0, Builtin: 0, Content: 960},
		{Version: 1, Options: Options{Seed: 0, Missions: MinMissions, Hardest: 0, Branchy: 0}, Content: 17},
		{Version: 1, Options: Options{Seed: 1<<32 - 1, Missions: MaxMissions, Hardest: 99, Branchy: MaxBranchy}, Content: 960},
		{Version: 1, Options: Options{Seed: 20260101, Missions: 26, Hardest: 10, Branchy: 2}, Content: 500},
	}
	for _, c := range codes {
		s := c.String()
		if len(s) != 17 || s[0] != 'M' || s[5] != '-' || s[11] != '-' {
			t.Errorf("%+v.String() = %q, want MXXXX-XXXXX-XXXXX", c, s)
		}
		for _, form := range []string{s, strings.ToLower(s), strings.ReplaceAll(s, "-", ""), strings.ReplaceAll(s, "-", " ")} {
			got, err := ParseCode(form)
			if err != nil || got != c {
				t.Errorf("ParseCode(%q) = %+v, %v, want %+v, nil", form, got, err, c)
			}
		}
	}
}

func TestParseCodeErrors(t *testing.T) {
	good := Code{Version: 1, Options: Options{Seed: 99, Missions: 26, Hardest: 10, Branchy: 2}, Content: 300}.String()
	swapped := []byte(good)
	swapped[3], swapped[4] = swapped[4], swapped[3]
	if swapped[3] == swapped[4] {
		t.Fatal("pick a code with different characters at 3 and 4")
	}
	changed := []byte(good)
	changed[8] = CodeAlphabet[(strings.IndexByte(CodeAlphabet, changed[8])+1)%31]
	for _, tc := range []struct {
		in   string
		want error
	}{
		{"", ErrCodeKind},
		{"rulebook", ErrCodeChar}, // 'l' is not in the alphabet
		{"D2685-WMWJA-6SU8", ErrCodeKind},
		{good[:16], ErrCodeLength},
		{good + "2", ErrCodeLength},
		{string(swapped), ErrCodeCheck},
		{string(changed), ErrCodeCheck},
		{strings.Replace(good, good[7:8], "0", 1), ErrCodeChar},
		{"MÁ222-22222-22222", ErrCodeChar},
		{Code{Version: 5}.String(), ErrCodeVersion},
		{Code{Version: 0, Builtin: 7}.String(), ErrCodeRange},
		{Code{Version: 1, Options: Options{Missions: 26, Branchy: 2}, Content: 1}.String()[:0] + fakeSeed(t), ErrCodeRange},
	} {
		_, err := ParseCode(tc.in)
		if !errors.Is(err, tc.want) {
			t.Errorf("ParseCode(%q) = %v, want %v", tc.in, err, tc.want)
		}
	}
}

// fakeSeed returns a code that checks out but whose seed is beyond 32 bits.
func fakeSeed(t *testing.T) string {
	vals := []byte("M3222ZZZZZZZ22")
	sum := 0
	for i, c := range vals {
		sum += (i + 1) * strings.IndexByte(CodeAlphabet, c)
	}
	last := (31 - sum%31) * 29 % 31
	return string(vals) + string(CodeAlphabet[last])
}

func TestLoadDetectsDrift(t *testing.T) {
	m, err := Rulebook()
	if errors.Is(err, ErrNoTable) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	c, _ := ParseCode(m.Code)
	c.Content = (c.Content + 1) % 961
	if _, err := Load(c.String()); !errors.Is(err, ErrCodeContent) {
		t.Errorf("Load(code with another content check) = %v, want ErrCodeContent", err)
	}
}

// FuzzParseCode: ParseCode never panics, and what it accepts prints back to
// the same code.
func FuzzParseCode(f *testing.F) {
	for _, s := range []string{"M2222-22222-22GVE", "M39CH-22222-29AZB", "m39ch2222229azb", "", "MZZZZ-ZZZZZ-ZZZZZ", "D2685-WMWJA-6SU8"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCode(s)
		if err != nil {
			return
		}
		again, err := ParseCode(c.String())
		if err != nil || again != c {
			t.Errorf("ParseCode(%q) = %+v; its String %q parses to %+v, %v", s, c, c.String(), again, err)
		}
		norm := strings.ToUpper(strings.NewReplacer("-", "", " ", "", "\t", "").Replace(s))
		if strings.ReplaceAll(c.String(), "-", "") != norm {
			t.Errorf("ParseCode(%q).String() = %q", s, c.String())
		}
	})
}
