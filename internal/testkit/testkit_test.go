package testkit

import "testing"

func TestFirstDiff(t *testing.T) {
	for _, tc := range []struct{ a, b, want string }{
		{"abc", "abd", "at byte 2:\n  \"abc\"\nvs\n  \"abd\""},
		{"ab", "abc", "at byte 2:\n  \"ab\"\nvs\n  \"abc\""},
		{"", "x", "at byte 0:\n  \"\"\nvs\n  \"x\""},
	} {
		if got := FirstDiff(tc.a, tc.b); got != tc.want {
			t.Errorf("FirstDiff(%q, %q) = %q, want %q", tc.a, tc.b, got, tc.want)
		}
		if got := FirstDiff([]byte(tc.a), []byte(tc.b)); got != tc.want {
			t.Errorf("FirstDiff([]byte(%q), []byte(%q)) = %q, want %q", tc.a, tc.b, got, tc.want)
		}
	}
}
