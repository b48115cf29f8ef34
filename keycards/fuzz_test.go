package keycards

import (
	"strings"
	"testing"
)

// FuzzParse: reading a code never panics, and whatever it accepts is a valid card
// whose own code is the input without separators, in upper case.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"D2685-WMWJA-6SU8", "C39GZ-WYHPH", "d2685wmwja6su8", "", "D", "C-", "DZZZZ-ZZZZZ-ZZZZ", "\xff", "Ω", "D2685-WMWJA-6SU9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			if c != nil {
				t.Fatalf("Parse(%q) returned a card with error %v", s, err)
			}
			return
		}
		if verr := c.Validate(); verr != nil {
			t.Fatalf("Parse(%q) = invalid card: %v", s, verr)
		}
		norm := strings.ToUpper(strings.NewReplacer("-", "", " ", "", "\t", "").Replace(s))
		if got := strings.ReplaceAll(c.Code(), "-", ""); got != norm {
			t.Fatalf("Parse(%q).Code() = %q, want %q", s, got, norm)
		}
	})
}

// FuzzParseJSON: reading JSON never panics; what it accepts marshals back to a card that reads the same.
func FuzzParseJSON(f *testing.F) {
	f.Add([]byte(`{"game":"duet"}`))
	f.Add([]byte(`{"code":"C39GZ-WYHPH","game":"classic","start":"blue"}`))
	d, _ := DuetFromRank(99).MarshalJSON()
	f.Add(d)
	c, _ := ClassicFromRank(99).MarshalJSON()
	f.Add(c)
	f.Fuzz(func(t *testing.T, b []byte) {
		card, err := ParseJSON(b)
		if err != nil {
			return
		}
		if verr := card.Validate(); verr != nil {
			t.Fatalf("ParseJSON accepted an invalid card: %v", verr)
		}
	})
}
