package codes

import (
	"errors"
	"strings"
	"testing"
)

// TestFormat checks the code text on its own: the check character makes any
// list of values pass, and every changed value and every swap fails.
func TestFormat(t *testing.T) {
	for n := 1; n < MaxLen; n++ {
		vals := make([]int, n)
		for i := range vals {
			vals[i] = (i*7 + n) % 31
		}
		code := Format(vals)
		got, err := Values(code)
		if err != nil || len(got) != n+1 || !Checks(got) {
			t.Fatalf("Format(%v) = %q: values %v, %v, check %v", vals, code, got, err, Checks(got))
		}
		for i := range got {
			for d := 1; d < 31; d++ {
				bad := append([]int(nil), got...)
				bad[i] = (bad[i] + d) % 31
				if Checks(bad) {
					t.Fatalf("%q with value %d changed by %d still checks", code, i, d)
				}
			}
			for j := i + 1; j < len(got); j++ {
				if got[i] == got[j] {
					continue
				}
				bad := append([]int(nil), got...)
				bad[i], bad[j] = bad[j], bad[i]
				if Checks(bad) {
					t.Fatalf("%q with %d and %d swapped still checks", code, i, j)
				}
			}
		}
	}
}

func TestValues(t *testing.T) {
	tests := []struct {
		in   string
		want string // the error text it must contain, or "" for none
	}{
		{"abc-DEF 23\t9", ""},
		{"A0", "codes have no 0 or O"},
		{"Ao", "codes have no 0 or O"},
		{"A1", "codes have no 1, I or L"},
		{"Al", "codes have no 1, I or L"},
		{"AÜ", "'Ü' at position 2"},
		{"A_", "'_'"},
	}
	for _, tc := range tests {
		vals, err := Values(tc.in)
		if tc.want == "" {
			if err != nil {
				t.Errorf("Values(%q) = %v, want no error", tc.in, err)
			}
			continue
		}
		if !errors.Is(err, ErrChar) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Values(%q) = %v, %v, want ErrChar with %q", tc.in, vals, err, tc.want)
		}
	}
	if Value('a') != Value('A') || Value('0') != -1 || Value('9') != 7 {
		t.Errorf("Value: a=%d A=%d 0=%d 9=%d", Value('a'), Value('A'), Value('0'), Value('9'))
	}
}

func FuzzValues(f *testing.F) {
	for _, s := range []string{"D2685-WMWJA-6SU8", "", "0OIL1", "ŻÓŁW", "-- \t"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		vals, err := Values(s)
		if err != nil {
			return
		}
		for _, v := range vals {
			if v < 0 || v >= int(Base) {
				t.Fatalf("Values(%q) gave %d", s, v)
			}
		}
		if len(vals) > 0 && len(vals) < MaxLen {
			code := Format(vals)
			back, err := Values(code)
			if err != nil || !Checks(back) {
				t.Fatalf("Format(%v) = %q does not check: %v", vals, code, err)
			}
		}
	})
}
